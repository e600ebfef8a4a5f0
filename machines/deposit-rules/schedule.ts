/**
 * The interest schedule of one deposit period (DOMAIN.md "Monthly payout" / "At maturity").
 *
 * What a monthly installment covers: installment k accrues over [anniversary k−1, anniversary k),
 * where anniversary k = addMonths(period start, k) — always computed from the period start, so a
 * 31 Jan start gives 28 Feb, 31 Mar, 30 Apr (never drifting to the 28th). The periods therefore
 * tile the whole term exactly and their days add up to the term's days. The pay date is the
 * anniversary moved to the next working day when it is a weekend or holiday; moving the pay date
 * never changes the accrual period (a payment made on Monday for a Saturday anniversary does not
 * earn two more days, and the next period still starts on Saturday).
 *
 * Each installment is rounded half-up on its own (DOMAIN.md: "rounded half-up to whole rupiah per
 * installment"), so the sum of the installments equals the whole-term interest when the rounding
 * remainders cancel, and may differ from it by at most ½ rupiah per installment otherwise.
 */
import { addMonths, daysBetween, maturityDate, workingDayOnOrAfter, type Holidays, type IsoDate } from './dates';
import { interestForPeriod } from './interest';

export type InterestPayment = 'MONTHLY' | 'AT_MATURITY';

export interface ScheduledInstallment {
  /** 1-based within the period. */
  sequence: number;
  /** First day that earns interest. */
  periodStart: IsoDate;
  /** First day that no longer earns (an anniversary or the maturity date). */
  periodEnd: IsoDate;
  days: number;
  /** When the transfer is made: periodEnd, or the next working day after it. */
  payDate: IsoDate;
  grossInterest: number;
}

interface ScheduleInput {
  principal: number;
  rateBps: number;
  /** Start of the period (the value date, or the old maturity date after a rollover). */
  periodStart: IsoDate;
  tenorMonths: number;
  holidays?: Holidays;
}

function installment(input: ScheduleInput, sequence: number, start: IsoDate, end: IsoDate): ScheduledInstallment {
  const days = daysBetween(start, end);
  return {
    sequence,
    periodStart: start,
    periodEnd: end,
    days,
    payDate: workingDayOnOrAfter(end, input.holidays ?? []),
    grossInterest: interestForPeriod(input.principal, input.rateBps, days),
  };
}

/** One installment per month on the period start's day-of-month (the last day when missing). */
export function monthlySchedule(input: ScheduleInput): ScheduledInstallment[] {
  maturityDate(input.periodStart, input.tenorMonths); // validates the tenor
  const installments: ScheduledInstallment[] = [];
  for (let k = 1; k <= input.tenorMonths; k += 1) {
    installments.push(installment(input, k, addMonths(input.periodStart, k - 1), addMonths(input.periodStart, k)));
  }
  return installments;
}

/**
 * One installment for the whole period, paid at maturity (moved to the next working day like a
 * monthly one, since no transfer is made on a holiday).
 */
export function maturitySchedule(input: ScheduleInput): ScheduledInstallment[] {
  return [installment(input, 1, input.periodStart, maturityDate(input.periodStart, input.tenorMonths))];
}

export function interestSchedule(input: ScheduleInput & { interestPayment: InterestPayment }): ScheduledInstallment[] {
  return input.interestPayment === 'MONTHLY' ? monthlySchedule(input) : maturitySchedule(input);
}

/** The days added to or removed from a holiday list, ascending. */
export function changedHolidays(before: readonly IsoDate[], after: readonly IsoDate[]): IsoDate[] {
  const was = new Set(before);
  const is = new Set(after);
  return [...new Set([...before.filter((day) => !is.has(day)), ...after.filter((day) => !was.has(day))])].sort();
}

/**
 * Installments not yet due whose pay date a new holiday list moves (DOMAIN.md: holidays move pay
 * dates): each is paid on the first working day on or after its period end under the new list;
 * the accrual period and amounts stay. Only those whose pay date changes are returned.
 */
export function movedPayDates<T extends { periodEnd: IsoDate; payDate: IsoDate }>(installments: readonly T[], holidays: Holidays): Array<T & { newPayDate: IsoDate }> {
  return installments.flatMap((item) => {
    const newPayDate = workingDayOnOrAfter(item.periodEnd, holidays);
    return newPayDate === item.payDate ? [] : [{ ...item, newPayDate }];
  });
}
