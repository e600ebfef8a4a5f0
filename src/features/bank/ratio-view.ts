import { DEFAULT_RATIO_THRESHOLDS, RATIO_NAMES, type RatioName } from '@machines/bank-rules';

export { RATIO_NAMES, type RatioName };

export const RATIO_LABELS: Record<RatioName, string> = {
  kpmm: 'KPMM (CAR)',
  nplGross: 'NPL bruto',
  ldr: 'LDR',
  roa: 'ROA',
  bopo: 'BOPO',
  cashRatio: 'Rasio kas',
};

export const RATIO_HINTS: Record<RatioName, string> = {
  kpmm: 'Modal inti dan pelengkap dibagi ATMR.',
  nplGross: 'Kredit kurang lancar, diragukan dan macet dibagi total kredit.',
  ldr: 'Kredit dibagi tabungan dan deposito.',
  roa: 'Laba sebelum pajak disetahunkan dibagi rata-rata total aset tahun berjalan.',
  bopo: 'Beban operasional dibagi pendapatan operasional.',
  cashRatio: 'Kas dan penempatan pada bank lain dibagi kewajiban segera, tabungan dan deposito.',
};

const percent = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** 15.71 → "15,71%". */
export function formatPercent(value: number): string {
  return `${percent.format(value)}%`;
}

/** "≥ 12,00%" or "≤ 94,75%": which side of the threshold is healthy. */
export function thresholdText(name: RatioName, threshold: number): string {
  return `${DEFAULT_RATIO_THRESHOLDS[name].healthyWhen === 'atLeast' ? '≥' : '≤'} ${formatPercent(threshold)}`;
}
