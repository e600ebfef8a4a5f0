import { useId } from 'react';
import { seriesBilyetNumber } from '@machines/bilyet';
import type { ProductSettings } from '../../lib/product-settings-api';
import { TextField } from '../../components/TextField';
import type { SettingsDraft } from './settings-form';

type Numbering = SettingsDraft['bilyetNumbering'];

const NUMBER_SOURCE_LABELS = {
  FORM: 'Formulir bernomor dari bank (nomor diketik saat mencetak)',
  SERIES: 'Seri nomor bank (nomor diberikan Berjangka saat mencetak)',
} as const;

/** The series' next number as it will print, or null while the fields do not make one. */
function previewOf(numbering: Numbering): string | null {
  const next = Number(numbering.nextNumber);
  const digits = Number(numbering.digits);
  if (!Number.isSafeInteger(next) || next < 1 || !Number.isInteger(digits) || digits < 1 || digits > 12) return null;
  return seriesBilyetNumber({ prefix: numbering.prefix, digits }, next);
}

/**
 * Pengaturan Produk's "Penomoran bilyet": where the number printed on a bilyet comes from. An
 * ADMIN edits it; everyone else reads it.
 */
export function BilyetNumberingFields({ draft, saved, onChange }: { draft: Numbering; saved: ProductSettings['bilyetNumbering']; onChange?: (next: Numbering) => void }) {
  const id = useId();
  if (!onChange) {
    return (
      <dl className="bj-facts bj-facts--compact">
        <div>
          <dt>Sumber nomor bilyet</dt>
          <dd>{NUMBER_SOURCE_LABELS[saved.source]}</dd>
        </div>
        {saved.source === 'SERIES' ? (
          <div>
            <dt>Nomor berikutnya</dt>
            <dd>{saved.nextPreview}</dd>
          </div>
        ) : null}
      </dl>
    );
  }
  const preview = previewOf(draft);
  return (
    <>
      <fieldset className="bj-choices">
        <legend className="bj-field__label">Sumber nomor bilyet</legend>
        {(['FORM', 'SERIES'] as const).map((source) => (
          <label key={source} className="bj-choice">
            <input type="radio" name={`${id}-source`} value={source} checked={draft.source === source} onChange={() => onChange({ ...draft, source })} /> {NUMBER_SOURCE_LABELS[source]}
          </label>
        ))}
      </fieldset>
      {draft.source === 'SERIES' ? (
        <div className="bj-form--grid bj-form--thirds">
          <TextField label="Awalan" value={draft.prefix} maxLength={20} onChange={(event) => onChange({ ...draft, prefix: event.target.value })} hint="Contoh: BJ/2026/ (boleh kosong)." autoComplete="off" />
          <TextField label="Nomor urut berikutnya" inputMode="numeric" value={draft.nextNumber} onChange={(event) => onChange({ ...draft, nextNumber: event.target.value })} required autoComplete="off" />
          <TextField label="Jumlah digit" inputMode="numeric" value={draft.digits} onChange={(event) => onChange({ ...draft, digits: event.target.value })} required autoComplete="off" hint="Nomor urut diisi nol di depan sampai sepanjang ini." />
        </div>
      ) : null}
      <p className="bj-field__hint bj-form-note" role="status">
        {draft.source === 'SERIES'
          ? preview
            ? `Bilyet berikutnya dicetak dengan nomor ${preview}. Nomor yang sudah dipakai dilewati.`
            : 'Isi nomor urut dan jumlah digit (1–12) dengan angka.'
          : 'Staf mengetik nomor yang tercetak pada formulir bilyet bank setiap kali mencetak.'}
      </p>
    </>
  );
}
