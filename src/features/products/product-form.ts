import { createProductSchema, PRODUCT_MESSAGES, updateProductSchema } from '@contract/product';
import type { InterestPayment, MaturityInstruction } from '@contract/deposit';
import { instructionLabels, interestPaymentLabels } from '../../lib/deposit-labels';
import { formatDate, formatRate, formatRupiah } from '../../lib/format';
import { bpsToPercentText, readPercentBps, readRupiah, readWholeNumber, rupiahToText } from '../../lib/number-input';
import type { NewProduct, Product, ProductChange, ProductTenor } from '../../lib/products-api';
import { tenorSummary } from './product-rules';

/**
 * The product form's rules, apart from the view: what it starts with, how typed text becomes the
 * contract's numbers (percent with a decimal comma → basis points, rupiah with dots → whole
 * rupiah), what a save sends (on edit only what changed; new rates only with their date), and
 * how the change is told before it is saved. The contract's own schema checks the result, so the
 * form says what the server would say, in the same words, before anything is sent.
 */

/** One row of the tenor table as typed; `key` keeps React's row identity while rows come and go. */
export interface TenorDraft {
  key: string;
  months: string;
  rate: string;
}

export interface ProductDraft {
  code: string;
  name: string;
  interestPayment: InterestPayment;
  minAmount: string;
  /** Empty: no maximum ("tanpa batas"). */
  maxAmount: string;
  instructions: MaturityInstruction[];
  penalty: string;
  /** Special rates: how far above the LPS rate (percent text); '' = the product offers none. */
  specialRateCeiling: string;
  forfeitAccruedInterest: boolean;
  visible: boolean;
  tenors: TenorDraft[];
  /** `YYYY-MM-DD`; '' until picked (on edit the admin must pick it for new rates). */
  rateEffectiveFrom: string;
}

const INSTRUCTION_ORDER: readonly MaturityInstruction[] = ['ARO', 'ARO_PLUS', 'PAYOUT'];

let rowSeed = 0;
/** A fresh row key; only unique within the page. */
export function newRowKey(): string {
  rowSeed += 1;
  return `row-${rowSeed}`;
}

export function tenorRowsOf(tenors: readonly ProductTenor[]): TenorDraft[] {
  return [...tenors].sort((a, b) => a.tenorMonths - b.tenorMonths).map((tenor) => ({ key: newRowKey(), months: String(tenor.tenorMonths), rate: bpsToPercentText(tenor.rateBps) }));
}

/** A new product starts with every instruction allowed, shown on the platform, and rates from today. */
export function blankDraft(today: string): ProductDraft {
  return {
    code: '',
    name: '',
    interestPayment: 'MONTHLY',
    minAmount: '',
    maxAmount: '',
    instructions: ['ARO', 'ARO_PLUS', 'PAYOUT'],
    penalty: '0,00',
    specialRateCeiling: '',
    forfeitAccruedInterest: false,
    visible: true,
    tenors: [{ key: newRowKey(), months: '', rate: '' }],
    rateEffectiveFrom: today,
  };
}

/** An existing product as the form shows it: the rates in force today, and no date until new rates need one. */
export function draftOf(product: Product): ProductDraft {
  return {
    code: product.code,
    name: product.name,
    interestPayment: product.interestPayment,
    minAmount: rupiahToText(product.minAmount),
    maxAmount: product.maxAmount === null ? '' : rupiahToText(product.maxAmount),
    instructions: INSTRUCTION_ORDER.filter((instruction) => product.instructions.includes(instruction)),
    penalty: bpsToPercentText(product.breakPenaltyBps),
    specialRateCeiling: product.specialRateCeilingBps === null ? '' : bpsToPercentText(product.specialRateCeilingBps),
    forfeitAccruedInterest: product.forfeitAccruedInterest,
    visible: product.visible,
    tenors: tenorRowsOf(product.tenors),
    rateEffectiveFrom: '',
  };
}

/** The draft's numbers, read: what the contract's fields hold. */
interface ProductFields {
  code: string;
  name: string;
  interestPayment: InterestPayment;
  minAmount: number;
  maxAmount: number | null;
  instructions: MaturityInstruction[];
  breakPenaltyBps: number;
  forfeitAccruedInterest: boolean;
  visible: boolean;
  specialRateCeilingBps: number | null;
  tenors: ProductTenor[];
}

type DraftReading = { ok: true; fields: ProductFields } | { ok: false; problems: string[] };

/** The typed text read into numbers; every problem at once, one sentence each, in the form's order. */
function readDraft(draft: ProductDraft): DraftReading {
  const problems: string[] = [];
  const take = (reading: { ok: true; value: number } | { ok: false; problem: string }): number => {
    if (reading.ok) return reading.value;
    problems.push(reading.problem);
    return 0;
  };
  const minAmount = take(readRupiah(draft.minAmount, 'Nominal minimum'));
  const maxAmount = draft.maxAmount.trim() === '' ? null : take(readRupiah(draft.maxAmount, 'Nominal maksimum'));
  const breakPenaltyBps = take(readPercentBps(draft.penalty, 'Penalti pencairan awal'));
  const specialRateCeilingBps = draft.specialRateCeiling.trim() === '' ? null : take(readPercentBps(draft.specialRateCeiling, 'Batas suku bunga khusus'));
  const tenors = draft.tenors.map((row, index) => ({
    tenorMonths: take(readWholeNumber(row.months, `Tenor baris ${index + 1}`)),
    rateBps: take(readPercentBps(row.rate, `Suku bunga baris ${index + 1}`)),
  }));
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    fields: {
      code: draft.code.trim(),
      name: draft.name.trim(),
      interestPayment: draft.interestPayment,
      minAmount,
      maxAmount,
      instructions: INSTRUCTION_ORDER.filter((instruction) => draft.instructions.includes(instruction)),
      breakPenaltyBps,
      forfeitAccruedInterest: draft.forfeitAccruedInterest,
      visible: draft.visible,
      specialRateCeilingBps,
      tenors: [...tenors].sort((a, b) => a.tenorMonths - b.tenorMonths),
    },
  };
}

/** The problem with a new rates' date on `today` (Jakarta), or null: required, and never in the past. */
export function rateDateProblem(date: string, today: string): string | null {
  if (date === '') return PRODUCT_MESSAGES.rateDateRequired;
  if (date < today) return PRODUCT_MESSAGES.pastRateDate;
  return null;
}

/**
 * The minimum above the maximum, said even when other fields are wrong too (the schema checks it
 * only once every field is valid) and on a change that touches one of the two.
 */
function amountsProblem(fields: Pick<ProductFields, 'minAmount' | 'maxAmount'>): string[] {
  return fields.maxAmount !== null && fields.minAmount > fields.maxAmount ? [PRODUCT_MESSAGES.minAboveMax] : [];
}

/** The contract schema's messages for a payload (one per field, as the server answers 400), or none. */
function schemaProblems(result: { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } }): string[] {
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}

type Prepared<T> = { ok: true; payload: T } | { ok: false; problems: string[] };

/** POST create-product's body from the draft, or what is wrong with it. */
export function prepareCreate(draft: ProductDraft, today: string): Prepared<NewProduct> {
  const reading = readDraft(draft);
  if (!reading.ok) return reading;
  const dateProblem = rateDateProblem(draft.rateEffectiveFrom, today);
  const payload: NewProduct = { ...reading.fields, rateEffectiveFrom: draft.rateEffectiveFrom };
  // A missing date is said once, in the form's words, not again as the schema's format message.
  const checked = dateProblem ? { ...reading.fields } : payload;
  const problems = [...new Set([...schemaProblems(createProductSchema.safeParse(checked)), ...amountsProblem(reading.fields), ...(dateProblem ? [dateProblem] : [])])];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, payload };
}

const sortedTenors = (tenors: readonly ProductTenor[]) => [...tenors].sort((a, b) => a.tenorMonths - b.tenorMonths);

/** True when two tenor tables differ (order does not count). */
function tenorsDiffer(a: readonly ProductTenor[], b: readonly ProductTenor[]): boolean {
  return JSON.stringify(sortedTenors(a)) !== JSON.stringify(sortedTenors(b));
}

/**
 * Whether the typed table is another table than the rates in force today. Rows that cannot be read
 * yet count as a change (the admin is typing new rates), so the date field shows while they type.
 */
export function tableChanged(draft: ProductDraft, product: Pick<Product, 'tenors'>): boolean {
  const typed = draft.tenors.map((row) => ({ months: readWholeNumber(row.months, ''), rate: readPercentBps(row.rate, '') }));
  if (typed.some((row) => !row.months.ok || !row.rate.ok)) return true;
  return tenorsDiffer(
    typed.map((row) => ({ tenorMonths: row.months.ok ? row.months.value : 0, rateBps: row.rate.ok ? row.rate.value : 0 })),
    product.tenors,
  );
}

type FieldKey = Exclude<keyof ProductFields, 'tenors'>;
const FIELD_KEYS: readonly FieldKey[] = ['code', 'name', 'interestPayment', 'minAmount', 'maxAmount', 'instructions', 'breakPenaltyBps', 'forfeitAccruedInterest', 'visible', 'specialRateCeilingBps'];

function currentValue(product: Product, key: FieldKey): unknown {
  if (key === 'instructions') return INSTRUCTION_ORDER.filter((instruction) => product.instructions.includes(instruction));
  return product[key];
}

/**
 * PUT's body: the id and only the fields that changed, and new rates only when the table changed,
 * with the date they take effect. Nothing changed: `payload` is null.
 */
export function prepareChange(product: Product, draft: ProductDraft, today: string): Prepared<ProductChange | null> {
  const reading = readDraft(draft);
  if (!reading.ok) return reading;
  const change: Record<string, unknown> = {};
  for (const key of FIELD_KEYS) {
    if (JSON.stringify(reading.fields[key]) !== JSON.stringify(currentValue(product, key))) change[key] = reading.fields[key];
  }
  let dateProblem: string | null = null;
  if (tenorsDiffer(reading.fields.tenors, product.tenors)) {
    change.tenors = reading.fields.tenors;
    change.rateEffectiveFrom = draft.rateEffectiveFrom;
    dateProblem = rateDateProblem(draft.rateEffectiveFrom, today);
  }
  if (Object.keys(change).length === 0) return { ok: true, payload: null };
  const payload = { id: product.id, ...change } as ProductChange;
  // A missing date is said once, in the form's words, not again as the schema's format message.
  const checked = dateProblem ? { ...payload, rateEffectiveFrom: undefined } : payload;
  // The form holds both amounts, so a new minimum is checked against the maximum the product keeps.
  const problems = [...schemaProblems(updateProductSchema.safeParse(checked)), ...amountsProblem(reading.fields), ...(dateProblem ? [dateProblem] : [])];
  return problems.length > 0 ? { ok: false, problems: [...new Set(problems)] } : { ok: true, payload };
}

const onOff = (value: boolean) => (value ? 'ya' : 'tidak');
const instructionList = (list: readonly MaturityInstruction[]) => list.map((instruction) => instructionLabels[instruction]).join(', ');
/** How a product's special-rate ceiling reads: none, or up to the LPS rate plus its points. */
export const specialRateText = (ceilingBps: number | null) => (ceilingBps === null ? 'tidak ditawarkan' : `sampai tingkat bunga LPS + ${formatRate(ceilingBps)}`);
const maxText = (amount: number | null) => (amount === null ? 'tanpa batas' : formatRupiah(amount));

const FIELD_LABELS: Record<FieldKey, { label: string; show: (value: never) => string }> = {
  code: { label: 'Kode produk', show: (value: string) => value },
  name: { label: 'Nama produk', show: (value: string) => value },
  interestPayment: { label: 'Bunga dibayar', show: (value: InterestPayment) => interestPaymentLabels[value] },
  minAmount: { label: 'Nominal minimum', show: (value: number) => formatRupiah(value) },
  maxAmount: { label: 'Nominal maksimum', show: (value: number | null) => maxText(value) },
  instructions: { label: 'Instruksi jatuh tempo', show: (value: MaturityInstruction[]) => instructionList(value) },
  breakPenaltyBps: { label: 'Penalti pencairan awal', show: (value: number) => formatRate(value) },
  forfeitAccruedInterest: { label: 'Bunga berjalan hangus', show: (value: boolean) => onOff(value) },
  visible: { label: 'Tampil di platform', show: (value: boolean) => onOff(value) },
  specialRateCeilingBps: { label: 'Suku bunga khusus', show: (value: number | null) => specialRateText(value) },
};

/** The change as the confirmation lists it: "Nama produk: A → B", and the new rates with their date. */
export function describeChange(product: Product, change: ProductChange): string[] {
  const lines: string[] = [];
  for (const key of FIELD_KEYS) {
    if (!(key in change)) continue;
    const { label, show } = FIELD_LABELS[key] as { label: string; show: (value: unknown) => string };
    lines.push(`${label}: ${show(currentValue(product, key))} → ${show((change as Record<string, unknown>)[key])}`);
  }
  if (change.tenors && change.rateEffectiveFrom) {
    lines.push(`Suku bunga mulai ${formatDate(change.rateEffectiveFrom)}: ${tenorSummary(change.tenors)} (sekarang ${tenorSummary(product.tenors)})`);
  }
  return lines;
}

/** What new rates mean for the product's deposits, said before they are saved. */
export function newRatesConsequence(runningDeposits: number, effectiveFrom: string): string {
  const from = effectiveFrom ? `mulai ${formatDate(effectiveFrom)}` : 'mulai tanggal berlaku';
  const running =
    runningDeposits === 0
      ? 'Saat ini tidak ada deposito berjalan pada produk ini.'
      : `${runningDeposits.toLocaleString('id-ID')} deposito yang sedang berjalan tetap memakai suku bunganya sampai jatuh tempo.`;
  return `Penempatan baru dan perpanjangan (ARO/ARO+) ${from} memakai suku bunga baru. ${running}`;
}
