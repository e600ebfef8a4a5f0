/**
 * Interest (bunga) on a deposit, DOMAIN.md "Interest": principal × rate × actual days ÷ 365,
 * rounded half-up to whole rupiah. Actual/365 also in leap years (366-day years pay 366/365).
 */
import { assertWholeNonNegative, divideHalfUp, toSafeNumber } from './arithmetic';
import { daysBetween, type IsoDate } from './dates';
import { DepositRuleError } from './errors';

// rateBps / 10 000 × days / 365 → one denominator so rounding happens once.
const DENOMINATOR = 10_000n * 365n;

/** Gross interest in whole rupiah for `days` days of `principal` at `rateBps`. */
export function interestForPeriod(principal: number, rateBps: number, days: number): number {
  assertWholeNonNegative(principal, 'principal');
  assertWholeNonNegative(rateBps, 'rateBps');
  assertWholeNonNegative(days, 'days');
  return toSafeNumber(divideHalfUp(BigInt(principal) * BigInt(rateBps) * BigInt(days), DENOMINATOR));
}

/** Gross interest for the period [start, end): `end` is the first day that no longer earns. */
export function interestBetween(principal: number, rateBps: number, start: IsoDate, end: IsoDate): number {
  const days = daysBetween(start, end);
  if (days < 0) throw new DepositRuleError('Akhir periode bunga tidak boleh sebelum awal periode.');
  return interestForPeriod(principal, rateBps, days);
}
