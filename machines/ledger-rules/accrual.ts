/**
 * Daily accrual of interest (DOMAIN.md "The bank's ledger": accrued interest payable, BYMHD).
 * An installment earns principal × rateBps ÷ 3 650 000 rupiah a day (actual/365, the unit of
 * deposit-rules/interest.ts). Those per-day figures are fractions, so the rules keep exact BigInt
 * "units" (principal × rateBps per day) and round only a product's running total, half-up: the
 * payable's target at a day's end. A day's accrual is the change of that target plus what left
 * the payable that day, so the payable ends every day exactly at its target and the rounding
 * never drifts however many days and deposits are summed.
 */
import { assertWholeNonNegative, divideHalfUp, toSafeNumber } from '../deposit-rules/arithmetic';
import { fromDayNumber, toDayNumber, type IsoDate } from '../deposit-rules/dates';
import { DepositRuleError } from '../deposit-rules/errors';

/** Units in one rupiah: 10 000 bps × 365 days. */
export const UNITS_PER_RUPIAH = 3_650_000n;

export interface AccruingInstallment {
  productId: string;
  principal: number;
  rateBps: number;
  /**
   * First day it earns, and the first day it no longer earns (exclusive end). For an installment
   * cut short by a break, the break date: the break's interest is computed up to it.
   */
  accrualStart: IsoDate;
  accrualEnd: IsoDate;
  /**
   * The day it leaves the accrued payable (posted on its pay date, capitalised by ARO+, or settled
   * by a break's payout); null: not yet. From that day on it counts 0.
   */
  leaves: IsoDate | null;
}

interface DailyAccrual {
  date: IsoDate;
  productId: string;
  /** Rupiah to journal that day (negative: a true-up down, see postings.ts). */
  amount: number;
  /** The product's accrued interest payable at the day's end. */
  payableAtEnd: number;
}

/** An installment reduced to day numbers: it earns `perDay` units on days [start, end), counts until `leaves`. */
interface Span {
  perDay: bigint;
  start: number;
  end: number;
  leaves: number;
}

const NEVER = Number.POSITIVE_INFINITY;

function spanOf(item: AccruingInstallment, dayNumber: (date: IsoDate) => number): Span {
  assertWholeNonNegative(item.principal, 'principal');
  assertWholeNonNegative(item.rateBps, 'rateBps');
  const start = dayNumber(item.accrualStart);
  const end = dayNumber(item.accrualEnd);
  if (end < start) throw new DepositRuleError('Akhir periode akrual tidak boleh sebelum awal periode.');
  return { perDay: BigInt(item.principal) * BigInt(item.rateBps), start, end, leaves: item.leaves === null ? NEVER : dayNumber(item.leaves) };
}

/** Units a span holds at the end of day `day`. */
function unitsAt(span: Span, day: number): bigint {
  if (day >= span.leaves) return 0n;
  const days = Math.min(Math.max(day - span.start + 1, 0), span.end - span.start);
  return days === 0 ? 0n : span.perDay * BigInt(days);
}

/** Units accrued through the end of `day` (0 before it starts, capped at its whole window, 0 from `leaves` on). */
export function accruedUnits(item: AccruingInstallment, day: IsoDate): bigint {
  return unitsAt(spanOf(item, toDayNumber), toDayNumber(day));
}

const toRupiah = (units: bigint): number => toSafeNumber(divideHalfUp(units, UNITS_PER_RUPIAH));

/** The accrued-but-unposted interest per product at the end of `day`, in rupiah (the payable's check). */
export function payableAt(items: Iterable<AccruingInstallment>, day: IsoDate): Map<string, number> {
  const dayNumber = cachedDayNumber();
  const at = toDayNumber(day);
  const units = new Map<string, bigint>();
  for (const item of items) units.set(item.productId, (units.get(item.productId) ?? 0n) + unitsAt(spanOf(item, dayNumber), at));
  return new Map([...units].map(([productId, sum]) => [productId, toRupiah(sum)]));
}

/** Deposits share few distinct dates, so parsing each once keeps a million items cheap. */
function cachedDayNumber(): (date: IsoDate) => number {
  const cache = new Map<IsoDate, number>();
  return (date) => {
    let value = cache.get(date);
    if (value === undefined) {
      value = toDayNumber(date);
      cache.set(date, value);
    }
    return value;
  };
}

/** One product's sweep state over the days [from, to]; index i is day from + i. */
interface ProductSweep {
  /** Units held at the end of the day before `from`. */
  opening: bigint;
  /** Units a day earned on `from`. */
  rate: bigint;
  /** Change of the daily rate on day i (index 0 unused: `rate` holds it). */
  rateChange: bigint[];
  /** Units that left the payable on day i (the whole accrued units of items leaving). */
  dropped: bigint[];
}

/**
 * The daily accrual per product over [from, to]: the accrued payable's target at each day's end is
 * round(Σ units ÷ UNITS_PER_RUPIAH) per product (items not yet left); the day's accrual is the
 * target's change plus what left the payable that day in rupiah (`outflows`: product → day →
 * rupiah: the posted installments' gross, ARO+ gross, a break's interest + forfeited), so the
 * payable ends each day exactly at its target and returns to zero for every completed installment.
 * Sorted by date then productId; days with amount 0 left out.
 */
export function dailyAccruals(
  items: Iterable<AccruingInstallment>,
  outflows: ReadonlyMap<string, ReadonlyMap<IsoDate, number>>,
  from: IsoDate,
  to: IsoDate,
): DailyAccrual[] {
  const sweep = accrualSweep(from, to);
  for (const item of items) sweep.add(item);
  return sweep.accruals(outflows);
}

interface AccrualSweep {
  /** Takes one installment into the sums; it is not kept. */
  add(item: AccruingInstallment): void;
  /** The range's daily accruals (see dailyAccruals), once every item is added. */
  accruals(outflows: ReadonlyMap<string, ReadonlyMap<IsoDate, number>>): DailyAccrual[];
  /** The payable per product at the end of the day before `from`, and of `to` (as payableAt says). */
  payableOpening(): Map<string, number>;
  payableClosing(): Map<string, number>;
}

/**
 * dailyAccruals and the range's two payables, fed one installment at a time so that a million
 * installments are summed as they are read and never held: O(items + days × products), each item
 * adding its opening and closing units and at most three events (starts, stops earning, leaves) to
 * its product's days, then one sweep per product walking the days.
 */
export function accrualSweep(from: IsoDate, to: IsoDate): AccrualSweep {
  const first = toDayNumber(from);
  const last = toDayNumber(to);
  if (last < first) throw new DepositRuleError('Akhir rentang akrual tidak boleh sebelum awal rentang.');
  const dayCount = last - first + 1;
  const dayNumber = cachedDayNumber();

  const sweeps = new Map<string, ProductSweep>();
  const closing = new Map<string, bigint>();
  const sweepOf = (productId: string): ProductSweep => {
    let sweep = sweeps.get(productId);
    if (!sweep) {
      sweep = { opening: 0n, rate: 0n, rateChange: new Array<bigint>(dayCount).fill(0n), dropped: new Array<bigint>(dayCount).fill(0n) };
      sweeps.set(productId, sweep);
    }
    return sweep;
  };
  const byProduct = (units: (sweep: ProductSweep, productId: string) => bigint) => new Map([...sweeps].map(([productId, sweep]) => [productId, toRupiah(units(sweep, productId))]));

  return {
    add(item) {
      const span = spanOf(item, dayNumber);
      const sweep = sweepOf(item.productId);
      if (span.perDay === 0n) return;
      // The opening target is the state at the end of from − 1.
      sweep.opening += unitsAt(span, first - 1);
      closing.set(item.productId, (closing.get(item.productId) ?? 0n) + unitsAt(span, last));
      // It earns on days [start, min(end, leaves)).
      const stops = Math.min(span.end, span.leaves);
      if (span.start < stops) {
        if (span.start <= first && first < stops) sweep.rate += span.perDay;
        else if (span.start > first && span.start <= last) sweep.rateChange[span.start - first]! += span.perDay;
        if (stops > first && stops <= last) sweep.rateChange[stops - first]! -= span.perDay;
      }
      // On `leaves` everything it accrued goes at once.
      if (span.leaves >= first && span.leaves <= last) {
        sweep.dropped[span.leaves - first]! += unitsAt(span, span.leaves - 1);
      }
    },
    payableOpening: () => byProduct((sweep) => sweep.opening),
    payableClosing: () => byProduct((_sweep, productId) => closing.get(productId) ?? 0n),
    accruals(outflows) {
      for (const [productId, byDay] of outflows) {
        for (const [date, rupiah] of byDay) {
          assertWholeNonNegative(rupiah, `outflow of ${productId} on ${date}`);
        }
        if (byDay.size > 0) sweepOf(productId);
      }

      const rows: Array<DailyAccrual & { day: number }> = [];
      for (const [productId, sweep] of sweeps) {
        const productOutflows = outflows.get(productId);
        let units = sweep.opening;
        let rate = sweep.rate;
        let target = toRupiah(units);
        for (let i = 0; i < dayCount; i += 1) {
          if (i > 0) rate += sweep.rateChange[i]!;
          units += rate - sweep.dropped[i]!;
          const next = toRupiah(units);
          const date = fromDayNumber(first + i);
          const amount = next - target + (productOutflows?.get(date) ?? 0);
          target = next;
          if (amount !== 0) rows.push({ day: first + i, date, productId, amount, payableAtEnd: next });
        }
      }
      rows.sort((a, b) => a.day - b.day || (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
      return rows.map(({ date, productId, amount, payableAtEnd }) => ({ date, productId, amount, payableAtEnd }));
    },
  };
}
