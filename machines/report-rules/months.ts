/**
 * The month a report covers (DOMAIN.md "Reports": per month). A period is 'YYYY-MM'; its figures
 * are taken on its last day, or on today while the month is still running, since a position of a
 * day yet to come would be a forecast, not a report. Months after today's are refused.
 */
import { addDays, daysInMonth, isIsoDate, type IsoDate } from '../deposit-rules/dates';

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

const MONTH_NAMES_ID = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'] as const;

export function isReportPeriod(value: unknown): value is string {
  return typeof value === 'string' && PERIOD.test(value);
}

export interface ReportMonth {
  period: string;
  /** The month's first day. */
  first: IsoDate;
  /** The month's last day. */
  last: IsoDate;
  /** The day the position is taken on: the last day, or today in the running month. */
  asOf: IsoDate;
  /** Calendar days of the month. */
  days: number;
  /** True while the month is still running (asOf is today, before its last day or on it). */
  running: boolean;
}

/**
 * The report month of `period` seen on `today`. Throws RangeError for a malformed period or one
 * after today's month (callers turn that into a 400 before asking).
 */
export function reportMonth(period: string, today: IsoDate): ReportMonth {
  const match = PERIOD.exec(period);
  if (!match || !isIsoDate(today)) throw new RangeError(`reportMonth: expected YYYY-MM and a date, got ${period} and ${today}`);
  if (isFuturePeriod(period, today)) throw new RangeError(`reportMonth: ${period} lies after ${today}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const days = daysInMonth(year, month);
  const first = `${period}-01`;
  const last = `${period}-${String(days).padStart(2, '0')}`;
  const running = today <= last;
  return { period, first, last, asOf: running ? today : last, days, running };
}

/** A month after the one `today` falls in. */
export function isFuturePeriod(period: string, today: IsoDate): boolean {
  return period > today.slice(0, 7);
}

/** '2026-11' → 'November 2026'. */
export function periodLabelId(period: string): string {
  const match = PERIOD.exec(period);
  if (!match) throw new RangeError(`periodLabelId: expected YYYY-MM, got ${period}`);
  return `${MONTH_NAMES_ID[Number(match[2]) - 1]} ${match[1]}`;
}

/** The period of the month before `period`. */
export function previousPeriod(period: string): string {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The months of `period`'s half-year up to and including it: LPS bills its premium per semester
 * (January–June, July–December) on the months' average balances. '2026-09' → 07, 08, 09.
 */
export function semesterMonthsUpTo(period: string): string[] {
  const year = period.slice(0, 4);
  const month = Number(period.slice(5, 7));
  const start = month <= 6 ? 1 : 7;
  return Array.from({ length: month - start + 1 }, (_, index) => `${year}-${String(start + index).padStart(2, '0')}`);
}

/** The day before a month's first day: the position a month's movements start from. */
export function dayBeforeMonth(period: string): IsoDate {
  return addDays(`${period}-01`, -1);
}
