/**
 * A BPR's health ratios from a month's balance sheet (DOMAIN.md "Balance sheet and ratios"). Lines
 * are whole rupiah; profit and loss lines are the year to date. A ratio is a percentage shown with
 * two decimals, rounded half away from zero; whether it is healthy is judged on the exact ratio,
 * not the rounded one, so 1,2149…% is below a 1,215% threshold even though it shows as 1,21%.
 */

import type { BalanceSheetLines } from '../../contract/balance-sheet';

export const RATIO_NAMES = ['kpmm', 'nplGross', 'ldr', 'roa', 'bopo', 'cashRatio'] as const;
export type RatioName = (typeof RATIO_NAMES)[number];

/** A threshold in thousandths of a percent (1215 = 1,215%), and which side is healthy. */
export interface RatioThreshold {
  milliPercent: number;
  healthyWhen: 'atLeast' | 'atMost';
}

/** DOMAIN.md's defaults (a setting per bank). */
export const DEFAULT_RATIO_THRESHOLDS: Record<RatioName, RatioThreshold> = {
  kpmm: { milliPercent: 12_000, healthyWhen: 'atLeast' },
  nplGross: { milliPercent: 5_000, healthyWhen: 'atMost' },
  ldr: { milliPercent: 94_750, healthyWhen: 'atMost' },
  roa: { milliPercent: 1_215, healthyWhen: 'atLeast' },
  bopo: { milliPercent: 93_520, healthyWhen: 'atMost' },
  cashRatio: { milliPercent: 4_050, healthyWhen: 'atLeast' },
};

interface RatioResult {
  /** Percent with two decimals, or null when the ratio cannot be computed (a zero denominator). */
  value: number | null;
  /** The threshold in percent (up to three decimals). */
  threshold: number;
  healthy: boolean | null;
  /** Why there is no value, in Indonesian. */
  note: string | null;
}

/** A fraction numerator ÷ denominator; denominators are never negative here. */
interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

/** (n ÷ d) × 100 as percent with two decimals, half away from zero. */
function percentTwoDecimals({ numerator, denominator }: Fraction): number {
  const scaled = numerator * 10_000n;
  const negative = scaled < 0n;
  const magnitude = negative ? -scaled : scaled;
  const hundredths = (2n * magnitude + denominator) / (2n * denominator);
  return Number(negative ? -hundredths : hundredths) / 100;
}

function isHealthy({ numerator, denominator }: Fraction, threshold: RatioThreshold): boolean {
  // n/d ≥ t/100 000  ⇔  n × 100 000 ≥ t × d (d > 0).
  const left = numerator * 100_000n;
  const right = BigInt(threshold.milliPercent) * denominator;
  return threshold.healthyWhen === 'atLeast' ? left >= right : left <= right;
}

/** Total assets: cash, placements, loans net of their allowance (CKPN), fixed and other assets. */
export function totalAssets(lines: BalanceSheetLines): number {
  return lines.kas + lines.penempatanBankLain + lines.kredit - lines.ckpn + lines.asetTetap + lines.asetLain;
}

interface RatioInput {
  period: string;
  lines: BalanceSheetLines;
  /** Total assets of each month of this year on file up to and including this one (for ROA's average). */
  totalAssetsThisYear: readonly number[];
  thresholds?: Record<RatioName, RatioThreshold>;
}

const ZERO: Record<RatioName, string> = {
  kpmm: 'ATMR bernilai nol: KPMM tidak dapat dihitung.',
  nplGross: 'Total kredit bernilai nol: NPL tidak dapat dihitung.',
  ldr: 'Tabungan dan deposito bernilai nol: LDR tidak dapat dihitung.',
  roa: 'Rata-rata total aset bernilai nol: ROA tidak dapat dihitung.',
  bopo: 'Pendapatan operasional bernilai nol: BOPO tidak dapat dihitung.',
  cashRatio: 'Utang lancar bernilai nol: rasio kas tidak dapat dihitung.',
};

/** The six ratios of a month. */
export function balanceSheetRatios(input: RatioInput): Record<RatioName, RatioResult> {
  const { lines } = input;
  const thresholds = input.thresholds ?? DEFAULT_RATIO_THRESHOLDS;
  const month = Number(input.period.slice(5, 7));
  const big = (value: number) => BigInt(value);
  const months = input.totalAssetsThisYear.length > 0 ? input.totalAssetsThisYear : [totalAssets(lines)];
  const assetSum = months.reduce((sum, value) => sum + big(value), 0n);
  const fractions: Record<RatioName, Fraction> = {
    kpmm: { numerator: big(lines.modalInti) + big(lines.modalPelengkap), denominator: big(lines.atmr) },
    nplGross: { numerator: big(lines.kreditKurangLancar) + big(lines.kreditDiragukan) + big(lines.kreditMacet), denominator: big(lines.kredit) },
    ldr: { numerator: big(lines.kredit), denominator: big(lines.tabungan) + big(lines.deposito) },
    // Year-to-date profit × 12 ÷ months elapsed, over the average of the months' total assets:
    // (p × 12 / m) ÷ (Σ / k) = p × 12 × k ÷ (m × Σ).
    roa: { numerator: big(lines.labaSebelumPajak) * 12n * BigInt(months.length), denominator: BigInt(month) * assetSum },
    bopo: { numerator: big(lines.bebanOperasional), denominator: big(lines.pendapatanOperasional) },
    // Liquid assets (cash and placements at other banks) over current liabilities (obligations
    // due at once, savings and deposits), as a BPR's cash ratio is defined.
    cashRatio: { numerator: big(lines.kas) + big(lines.penempatanBankLain), denominator: big(lines.kewajibanSegera) + big(lines.tabungan) + big(lines.deposito) },
  };
  const results = {} as Record<RatioName, RatioResult>;
  for (const name of RATIO_NAMES) {
    const fraction = fractions[name];
    const threshold = thresholds[name];
    const shown = threshold.milliPercent / 1000;
    results[name] =
      fraction.denominator <= 0n
        ? { value: null, threshold: shown, healthy: null, note: ZERO[name] }
        : { value: percentTwoDecimals(fraction), threshold: shown, healthy: isHealthy(fraction, threshold), note: null };
  }
  return results;
}
