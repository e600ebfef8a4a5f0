/**
 * LPS (deposit insurer) flags, DOMAIN.md "LPS": a rate above the LPS maximum guaranteed rate is
 * allowed but not guaranteed; a customer whose total at this BPR exceeds the guarantee ceiling is
 * not fully guaranteed. Both show as "Tidak dijamin LPS" on products and deposits.
 */
import type { IsoDate } from './dates';

interface LpsSettings {
  /** TBP for BPR: 6.00% (600) in 2026. */
  lpsMaxRateBps: number;
  /** Guarantee ceiling per customer per bank: Rp 2.000.000.000. */
  lpsMaxBalanceRupiah: number;
}

const DEFAULT_LPS_SETTINGS: LpsSettings = { lpsMaxRateBps: 600, lpsMaxBalanceRupiah: 2_000_000_000 };

/** The LPS guaranteed rate from a date (LPS changes it a few times a year). */
export interface LpsRate {
  effectiveFrom: IsoDate;
  rateBps: number;
}

/**
 * The guaranteed rate in force on `date` (DOMAIN.md: a deposit is judged with the rate in force on
 * its period's start): the latest one starting on or before it; before the first, the first.
 * `rates` ascending by effectiveFrom, at least one.
 */
export function lpsRateOn(rates: readonly LpsRate[], date: IsoDate): number {
  let rate = rates[0]?.rateBps ?? DEFAULT_LPS_SETTINGS.lpsMaxRateBps;
  for (const entry of rates) {
    if (entry.effectiveFrom <= date) rate = entry.rateBps;
    else break;
  }
  return rate;
}

/** The settings one deposit (or today's product list) is judged with. */
export function lpsSettingsOn(settings: { lpsRates: readonly LpsRate[]; lpsMaxBalanceRupiah: number }, date: IsoDate): LpsSettings {
  return { lpsMaxRateBps: lpsRateOn(settings.lpsRates, date), lpsMaxBalanceRupiah: settings.lpsMaxBalanceRupiah };
}

const LPS_FLAG_LABEL = 'Tidak dijamin LPS';

type LpsFlagCode = 'RATE_ABOVE_LPS' | 'BALANCE_ABOVE_LPS';

interface LpsFlag {
  code: LpsFlagCode;
  label: typeof LPS_FLAG_LABEL;
  /** Why, for a tooltip. */
  detail: string;
}

interface LpsInput {
  rateBps: number;
  /** Customer's total principal at this BPR; omit for a product (no customer). */
  customerTotalPrincipal?: number;
  settings?: LpsSettings;
}

/** Strictly above each limit is flagged; exactly at the limit is still guaranteed. */
export function lpsFlags(input: LpsInput): LpsFlag[] {
  const settings = input.settings ?? DEFAULT_LPS_SETTINGS;
  const flags: LpsFlag[] = [];
  if (input.rateBps > settings.lpsMaxRateBps) {
    flags.push({ code: 'RATE_ABOVE_LPS', label: LPS_FLAG_LABEL, detail: 'Suku bunga di atas tingkat bunga penjaminan LPS.' });
  }
  if (input.customerTotalPrincipal !== undefined && input.customerTotalPrincipal > settings.lpsMaxBalanceRupiah) {
    flags.push({ code: 'BALANCE_ABOVE_LPS', label: LPS_FLAG_LABEL, detail: 'Total simpanan nasabah melebihi batas penjaminan LPS.' });
  }
  return flags;
}

interface LpsGuarantee {
  /** Principal the bank holds for the customer. */
  totalPrincipal: number;
  /** What LPS guarantees: deposits at or below the guaranteed rate, up to the ceiling. */
  guaranteedAmount: number;
  /** The rest: deposits above the guaranteed rate, and whatever exceeds the ceiling. */
  unguaranteedAmount: number;
}

/**
 * How much of a customer's deposits at this bank LPS guarantees (DOMAIN.md "LPS"): a deposit whose
 * rate is above the guaranteed rate (TBP) in force on its period's start is not guaranteed at all;
 * the others are guaranteed together up to the ceiling per customer per bank.
 */
export function lpsGuarantee(
  deposits: ReadonlyArray<{ amount: number; rateBps: number; periodStart: IsoDate }>,
  settings: { lpsRates: readonly LpsRate[]; lpsMaxBalanceRupiah: number },
): LpsGuarantee {
  const totalPrincipal = deposits.reduce((sum, deposit) => sum + deposit.amount, 0);
  const eligible = deposits.filter((deposit) => deposit.rateBps <= lpsRateOn(settings.lpsRates, deposit.periodStart)).reduce((sum, deposit) => sum + deposit.amount, 0);
  return lpsGuaranteeOfTotals(totalPrincipal, eligible, settings.lpsMaxBalanceRupiah);
}

/**
 * The same split from a customer's sums, when the deposits were already added up (the LPS report
 * sums a whole bank's customers in the database): `eligiblePrincipal` is the part at or below the
 * guaranteed rate in force on each period's start.
 */
export function lpsGuaranteeOfTotals(totalPrincipal: number, eligiblePrincipal: number, lpsMaxBalanceRupiah: number): LpsGuarantee {
  const guaranteedAmount = Math.min(eligiblePrincipal, lpsMaxBalanceRupiah);
  return { totalPrincipal, guaranteedAmount, unguaranteedAmount: totalPrincipal - guaranteedAmount };
}
