import { HOLD_REASONS, type HoldReason } from '@contract/holds';
import { DOCUMENT_MAX_BYTES } from '@contract/documents';
import type { PlaceHold } from '../../../lib/holds-api';

/** The fields of "Pasang Blokir", by the names the form and the server use. */
type PlaceHoldField = 'reason' | 'reference' | 'letterDate' | 'until' | 'stopInterestPayout' | 'note' | 'file';

/** Problems the form finds before sending: each beside its field, the rest in the summary (components/Form.tsx). */
interface PlaceHoldProblems {
  fields: Partial<Record<PlaceHoldField, string[]>>;
  rest: string[];
}

/**
 * How the server's sentences name the fields whose label they do not open with (contract/holds.ts's
 * labels, the letter's upload check): a 400 answers sentences, not field names, so a sentence goes
 * beside the field it begins with. The other fields are named by their labels.
 */
export const PLACE_HOLD_OPENINGS: Readonly<Partial<Record<PlaceHoldField, readonly string[]>>> = {
  until: ['Tanggal berakhir blokir'],
  stopInterestPayout: ['Tanda penghentian pembayaran bunga'],
  file: ['Unggah satu berkas surat'],
};

const isReason = (value: string): value is HoldReason => (HOLD_REASONS as readonly string[]).includes(value);

/**
 * What the form sends, or the problems that stop it before it is sent (all of them): no reason
 * chosen, no reference, a letter over 5 MB, a date typed that is not one. The server checks
 * everything again.
 */
export function readPlaceHold(
  depositId: string,
  read: (name: string) => string,
  extras: { file: File | null; stopInterestPayout: boolean; invalidDates: Partial<Record<'letterDate' | 'until', string>> },
): { input: PlaceHold; problems: null } | { input: null; problems: PlaceHoldProblems } {
  const reason = read('reason');
  const reference = read('reference').trim();
  const fields: PlaceHoldProblems['fields'] = {};
  if (!isReason(reason)) fields.reason = ['Pilih alasan blokir.'];
  if (!reference) fields.reference = ['Nomor referensi blokir wajib diisi.'];
  for (const name of ['letterDate', 'until'] as const) {
    const problem = extras.invalidDates[name];
    if (problem) fields[name] = [problem];
  }
  if (extras.file && extras.file.size > DOCUMENT_MAX_BYTES) fields.file = ['Surat blokir paling besar 5 MB.'];
  if (Object.keys(fields).length > 0 || !isReason(reason)) return { input: null, problems: { fields, rest: [] } };
  return {
    problems: null,
    input: {
      depositId,
      reason,
      reference,
      letterDate: read('letterDate'),
      until: read('until'),
      stopInterestPayout: extras.stopInterestPayout,
      note: read('note').trim(),
      file: extras.file,
    },
  };
}
