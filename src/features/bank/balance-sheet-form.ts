import { BALANCE_SHEET_LINE_LABELS, BALANCE_SHEET_LINES, type BalanceSheetLine, type BalanceSheetLines } from '@contract/balance-sheet';
import { readRupiah, rupiahToText } from '../../lib/number-input';

/** The form's groups, in the order a BPR's monthly report lists them. */
export const LINE_GROUPS: ReadonlyArray<{ title: string; lines: readonly BalanceSheetLine[] }> = [
  { title: 'Aset', lines: ['kas', 'penempatanBankLain', 'kredit', 'kreditKurangLancar', 'kreditDiragukan', 'kreditMacet', 'ckpn', 'asetTetap', 'asetLain'] },
  { title: 'Kewajiban', lines: ['tabungan', 'deposito', 'simpananBankLain', 'pinjamanDiterima', 'kewajibanSegera', 'utangBunga', 'kewajibanLain'] },
  { title: 'Permodalan', lines: ['modalInti', 'modalPelengkap', 'atmr'] },
  { title: 'Laba rugi (sejak Januari)', lines: ['pendapatanOperasional', 'bebanOperasional', 'labaSebelumPajak'] },
];

export type LinesDraft = Record<BalanceSheetLine, string>;

export function emptyDraft(): LinesDraft {
  return Object.fromEntries(BALANCE_SHEET_LINES.map((line) => [line, ''])) as LinesDraft;
}

/** A month on file as the form shows it; the deposito line stays empty when it came from Berjangka. */
export function draftOf(lines: Record<string, number>, depositoFromBerjangka: boolean): LinesDraft {
  return Object.fromEntries(
    BALANCE_SHEET_LINES.map((line) => [line, line === 'deposito' && depositoFromBerjangka ? '' : signedText(lines[line] ?? 0)]),
  ) as LinesDraft;
}

function signedText(amount: number): string {
  return amount < 0 ? `-${rupiahToText(-amount)}` : rupiahToText(amount);
}

/**
 * The lines to send, or the problems in the form's words: every line whole rupiah, the profit
 * line may be a loss (a leading minus), the deposito line may be empty (Berjangka's figure).
 */
export function readLines(draft: LinesDraft): { ok: true; lines: Partial<BalanceSheetLines> } | { ok: false; problems: string[] } {
  const lines: Partial<BalanceSheetLines> = {};
  const problems: string[] = [];
  for (const line of BALANCE_SHEET_LINES) {
    const text = draft[line].trim();
    if (line === 'deposito' && text === '') continue;
    const negative = line === 'labaSebelumPajak' && text.startsWith('-');
    const reading = readRupiah(negative ? text.slice(1) : text, BALANCE_SHEET_LINE_LABELS[line]);
    if (reading.ok) lines[line] = negative ? -reading.value : reading.value;
    else problems.push(reading.problem);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lines };
}
