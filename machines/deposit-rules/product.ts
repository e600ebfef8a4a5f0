/**
 * What a product allows (DOMAIN.md `deposit.approve` / `deposit.extend` and "Products, rates and
 * settings"): it must be active, the amount within its minimum and maximum (inclusive; no maximum
 * when null), and the tenor one it offers on the date the period starts, at the rate in force on
 * that date. Rates change from a date: each change is a whole tenor table (a schedule) with the
 * day it takes effect; running periods keep the rate they started with.
 */
import type { PenaltyRule } from './break';
import type { IsoDate } from './dates';

export interface ProductTenor {
  tenorMonths: number;
  rateBps: number;
}

/** A tenor table in force from `effectiveFrom` until the next schedule's date. */
export interface RateSchedule {
  effectiveFrom: IsoDate;
  tenors: readonly ProductTenor[];
}

export interface ProductRules extends PenaltyRule {
  id: string;
  active: boolean;
  minAmount: number;
  maxAmount: number | null;
  /** Every schedule, ascending by `effectiveFrom`, dates unique. */
  rates: readonly RateSchedule[];
  /** How far above the LPS guaranteed rate a special rate may go (bps); null: no special rate. Optional for products read before it existed. */
  specialRateCeilingBps?: number | null;
}

export function isAmountAllowed(product: ProductRules, amount: number): boolean {
  return amount >= product.minAmount && (product.maxAmount === null || amount <= product.maxAmount);
}

/**
 * The schedule in force on `date`: the latest one starting on or before it. A date before the
 * first schedule takes the first one: a product's opening rates also cover placements whose value
 * date is back-dated before the product was set up.
 */
export function rateScheduleOn(product: Pick<ProductRules, 'rates'>, date: IsoDate): RateSchedule | undefined {
  let found: RateSchedule | undefined = product.rates[0];
  for (const schedule of product.rates) {
    if (schedule.effectiveFrom <= date) found = schedule;
    else break;
  }
  return found;
}

/** The tenors offered for a period starting on `date`, ascending. */
export function tenorsOn(product: Pick<ProductRules, 'rates'>, date: IsoDate): readonly ProductTenor[] {
  return rateScheduleOn(product, date)?.tenors ?? [];
}

/** The offered tenor with its rate for a period starting on `date`, or undefined when not offered then. */
export function offeredTenor(product: Pick<ProductRules, 'rates'>, tenorMonths: number, date: IsoDate): ProductTenor | undefined {
  return tenorsOn(product, date).find((tenor) => tenor.tenorMonths === tenorMonths);
}

/** The schedule that takes over after `date`, if one is already set (a rate change announced ahead). */
export function nextRateSchedule(product: Pick<ProductRules, 'rates'>, date: IsoDate): RateSchedule | undefined {
  return product.rates.find((schedule) => schedule.effectiveFrom > date);
}
