import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { InterestPayment, MaturityInstruction } from '@contract/deposit';
import type { Submission } from '../../app/use-submit';
import { DateField } from '../../components/DateField';
import { NothingToSave, SubmitButton, SubmitForm } from '../../components/Form';
import { Notice } from '../../components/Notice';
import { PercentField, RupiahField } from '../../components/NumberFields';
import { TextField } from '../../components/TextField';
import { interestPaymentLabels } from '../../lib/deposit-labels';
import { formatDate, formatRate } from '../../lib/format';
import type { NewProduct, Product, ProductChange } from '../../lib/products-api';
import { blankDraft, draftOf, newRatesConsequence, prepareChange, prepareCreate, tableChanged, tenorRowsOf, type ProductDraft } from './product-form';
import { INSTRUCTION_OPTIONS, tenorSummary } from './product-rules';
import { TenorRatesEditor } from './TenorRatesEditor';

interface ProductFormProps {
  /** The product being changed; absent for a new one. */
  product?: Product;
  /** Business today (Jakarta), `YYYY-MM-DD`: rates never take effect before it. */
  today: string;
  lpsRateBps: number | null;
  /** The page's save: pending, the form's problems and the server's refusal, above the save button. */
  submission: Submission;
  onCreate: (input: NewProduct) => void;
  onChange: (change: ProductChange) => void;
}

const PAYMENT_OPTIONS: readonly InterestPayment[] = ['MONTHLY', 'AT_MATURITY'];

const NOT_SAVED = 'Produk belum dapat disimpan:';

/**
 * The product form, for a new product and for changing one. On change, the tenor table starts
 * with the rates in force today; a different table needs the date it takes effect from, and the
 * form says what that means for running deposits before anything is saved.
 */
export function ProductForm({ product, today, lpsRateBps, submission, onCreate, onChange }: ProductFormProps) {
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? draftOf(product) : blankDraft(today)));
  const [unchanged, setUnchanged] = useState(false);
  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => setDraft((previous) => ({ ...previous, [key]: value }));
  const newRates = product ? tableChanged(draft, product) : true;

  const toggleInstruction = (instruction: MaturityInstruction, on: boolean) =>
    set('instructions', on ? [...draft.instructions, instruction] : draft.instructions.filter((other) => other !== instruction));

  // What the form's own check finds is listed like the server's refusal; a form that passes it starts clean.
  const submit = () => {
    if (product) {
      const prepared = prepareChange(product, draft, today);
      setUnchanged(prepared.ok && prepared.payload === null);
      if (!prepared.ok) return submission.invalid({ problems: prepared.problems });
      submission.reset();
      if (prepared.payload) onChange(prepared.payload);
    } else {
      const prepared = prepareCreate(draft, today);
      if (!prepared.ok) return submission.invalid({ problems: prepared.problems });
      submission.reset();
      onCreate(prepared.payload);
    }
  };

  return (
    <SubmitForm
      className="bj-product-form"
      submission={submission}
      onSubmit={submit}
      summaryTitle={NOT_SAVED}
      actions={
        <div className="bj-form-actions">
          <Link className="bj-button bj-button--ghost" to="/master-data/produk">
            Batal
          </Link>
          <SubmitButton label={product ? 'Simpan perubahan' : 'Simpan produk'} />
        </div>
      }
    >
      <section className="bj-card" aria-labelledby="product-data">
        <h2 id="product-data" className="bj-card__title">
          Data produk
        </h2>
        <div className="bj-form--grid">
          <TextField label="Kode produk" value={draft.code} onChange={(event) => set('code', event.target.value)} maxLength={20} required autoComplete="off" hint={
              <>
                Huruf, angka, tanda hubung atau garis bawah; misalnya <span className="bj-nowrap">DEP-REG</span>.
              </>
            }
          />
          <TextField label="Nama produk" value={draft.name} onChange={(event) => set('name', event.target.value)} maxLength={100} required autoComplete="off" />
          <label className="bj-field">
            <span className="bj-field__label">Bunga dibayar</span>
            <select className="bj-field__input" value={draft.interestPayment} onChange={(event) => set('interestPayment', event.target.value as InterestPayment)}>
              {PAYMENT_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {interestPaymentLabels[option]}
                </option>
              ))}
            </select>
          </label>
          <PercentField
            label="Penalti pencairan awal"
            value={draft.penalty}
            onChange={(text) => set('penalty', text)}
            required
            hint="Persen dari pokok, dipotong saat deposito dicairkan sebelum jatuh tempo."
          />
          <PercentField
            label="Suku bunga khusus: paling tinggi di atas bunga LPS"
            value={draft.specialRateCeiling}
            onChange={(text) => set('specialRateCeiling', text)}
            hint="Kosongkan bila produk ini tidak memberi suku bunga khusus di loket. Contoh 0,50: paling tinggi tingkat bunga LPS + 0,50%."
          />
          <RupiahField label="Nominal minimum" value={draft.minAmount} onChange={(text) => set('minAmount', text)} required placeholder="1.000.000" />
          <RupiahField label="Nominal maksimum" value={draft.maxAmount} onChange={(text) => set('maxAmount', text)} hint="Kosongkan jika tanpa batas." />
          <fieldset className="bj-choices">
            <legend className="bj-field__label">Instruksi jatuh tempo yang boleh dipilih</legend>
            {INSTRUCTION_OPTIONS.map((option) => (
              <label key={option.value} className="bj-choice">
                <input type="checkbox" checked={draft.instructions.includes(option.value)} onChange={(event) => toggleInstruction(option.value, event.target.checked)} />
                {option.label}
              </label>
            ))}
          </fieldset>
          <fieldset className="bj-choices">
            <legend className="bj-field__label">Lainnya</legend>
            <label className="bj-choice">
              <input type="checkbox" checked={draft.forfeitAccruedInterest} onChange={(event) => set('forfeitAccruedInterest', event.target.checked)} />
              Bunga berjalan hangus bila dicairkan sebelum jatuh tempo
            </label>
            <label className="bj-choice">
              <input type="checkbox" checked={draft.visible} onChange={(event) => set('visible', event.target.checked)} />
              Tampilkan kepada nasabah di platform
            </label>
          </fieldset>
        </div>
      </section>

      <section className="bj-card" aria-labelledby="product-rates">
        <h2 id="product-rates" className="bj-card__title">
          Tenor dan suku bunga
        </h2>
        {product ? (
          <p className="bj-muted bj-form-note">
            Suku bunga yang berlaku hari ini, sejak {formatDate(product.rateEffectiveFrom)}. Ubah tabel untuk menetapkan suku bunga baru mulai tanggal tertentu.
          </p>
        ) : null}
        <TenorRatesEditor rows={draft.tenors} onChange={(rows) => set('tenors', rows)} lpsRateBps={lpsRateBps} />
        {lpsRateBps !== null ? (
          <p className="bj-field__hint bj-form-note">Tingkat bunga penjaminan LPS hari ini {formatRate(lpsRateBps)}; suku bunga di atasnya tidak dijamin LPS.</p>
        ) : null}
        {product?.nextRates ? (
          <div className="bj-form-note bj-next-rates">
            <p>
              Sudah dijadwalkan suku bunga baru mulai {formatDate(product.nextRates.effectiveFrom)}: {tenorSummary(product.nextRates.tenors)}.
            </p>
            <button
              type="button"
              className="bj-button bj-button--secondary"
              onClick={() => setDraft((previous) => ({ ...previous, tenors: tenorRowsOf(product.nextRates!.tenors), rateEffectiveFrom: product.nextRates!.effectiveFrom }))}
            >
              Ubah jadwal ini
            </button>
          </div>
        ) : null}
        {newRates ? (
          <div className={product ? 'bj-rate-date' : 'bj-rate-date bj-rate-date--single'}>
            <div className="bj-field">
              <DateField label="Berlaku mulai" value={draft.rateEffectiveFrom} onChange={(value) => set('rateEffectiveFrom', value)} min={today} required />
              {product ? null : <p className="bj-field__hint">Penempatan mulai tanggal ini memakai suku bunga di atas.</p>}
            </div>
            {product ? (
              <Notice tone="info" title="Suku bunga baru">
                <p>{newRatesConsequence(product.runningDeposits, draft.rateEffectiveFrom)}</p>
              </Notice>
            ) : null}
          </div>
        ) : null}
      </section>

      <NothingToSave shown={unchanged} />
    </SubmitForm>
  );
}
