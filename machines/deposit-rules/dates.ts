/**
 * Business dates are 'YYYY-MM-DD' strings with no time zone: the bank's calendar day
 * (Asia/Jakarta is decided by whoever supplies "today"). Arithmetic runs on whole day numbers
 * (days since 1970-01-01, computed with Date.UTC), so no clock or local time zone can shift a day.
 */
import { DepositRuleError } from './errors';

export type IsoDate = string;
/** The holiday list setting: dates on which no transfer is made. */
export type Holidays = ReadonlySet<IsoDate> | readonly IsoDate[];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar date written 'YYYY-MM-DD' (so '2026-02-30' is false). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const month = Number(m);
  const day = Number(d);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(y), month);
}

function parts(date: IsoDate): { year: number; month: number; day: number } {
  if (!isIsoDate(date)) throw new DepositRuleError(`Tanggal "${String(date)}" tidak valid (format YYYY-MM-DD).`);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/**
 * Business dates stay within four-digit years: arithmetic that would leave them (a value date in
 * 9999 plus a tenor) is refused as a rule error, never written as '10000-06-30'.
 */
function format(year: number, month: number, day: number): IsoDate {
  if (year < 1000 || year > 9999) throw new DepositRuleError('Tanggal berada di luar rentang yang didukung (tahun 1000–9999).');
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Gregorian leap year: every 4th year, except centuries not divisible by 400. */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whole days since 1970-01-01. */
export function toDayNumber(date: IsoDate): number {
  const { year, month, day } = parts(date);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export function fromDayNumber(dayNumber: number): IsoDate {
  const d = new Date(dayNumber * MS_PER_DAY);
  return format(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/**
 * The same day-of-month `months` later (or earlier); when that day does not exist in the target
 * month, its last day: 31 Jan + 1 = 28 Feb (29 Feb in a leap year), 31 Mar + 1 = 30 Apr.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  if (!Number.isInteger(months)) throw new RangeError(`months must be an integer, got ${months}`);
  const { year, month, day } = parts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return format(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/**
 * Maturity (jatuh tempo) = value date + tenor months, clamped to the month's last day
 * (DOMAIN.md "Maturity date"). Not moved for weekends: the deposit matures on that calendar day.
 */
export function maturityDate(valueDate: IsoDate, tenorMonths: number): IsoDate {
  if (!Number.isInteger(tenorMonths) || tenorMonths < 1) throw new DepositRuleError('Tenor harus bilangan bulat bulan, minimal 1.');
  return addMonths(valueDate, tenorMonths);
}

/** Actual days from `start` to `end` (end exclusive): 1 Mar → 1 Apr = 31. Negative when end < start. */
export function daysBetween(start: IsoDate, end: IsoDate): number {
  return toDayNumber(end) - toDayNumber(start);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  // 1970-01-01 was a Thursday (4).
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

export function isWeekend(date: IsoDate): boolean {
  const dow = dayOfWeek(date);
  return dow === 0 || dow === 6;
}

function holidaySet(holidays: Holidays): ReadonlySet<IsoDate> {
  return holidays instanceof Set ? holidays : new Set(holidays as readonly IsoDate[]);
}

/** A working day is neither Saturday, Sunday nor in the holiday list. */
export function isWorkingDay(date: IsoDate, holidays: Holidays = []): boolean {
  return !isWeekend(date) && !holidaySet(holidays).has(date);
}

// A holiday list longer than a year of consecutive days would be a data error, not a calendar.
const MAX_SEARCH_DAYS = 366;

function searchWorkingDay(from: IsoDate, step: 1 | -1, holidays: Holidays): IsoDate {
  const set = holidaySet(holidays);
  let day = toDayNumber(from);
  for (let i = 0; i <= MAX_SEARCH_DAYS; i += 1) {
    const candidate = fromDayNumber(day);
    if (!isWeekend(candidate) && !set.has(candidate)) return candidate;
    day += step;
  }
  throw new DepositRuleError('Daftar hari libur tidak menyisakan hari kerja dalam satu tahun.');
}

/** `date` itself when it is a working day, else the first working day after it (the payout convention). */
export function workingDayOnOrAfter(date: IsoDate, holidays: Holidays = []): IsoDate {
  return searchWorkingDay(date, 1, holidays);
}

/** The first working day strictly after `date`. */
export function nextWorkingDay(date: IsoDate, holidays: Holidays = []): IsoDate {
  return searchWorkingDay(addDays(date, 1), 1, holidays);
}

/** The last working day strictly before `date`. */
export function previousWorkingDay(date: IsoDate, holidays: Holidays = []): IsoDate {
  return searchWorkingDay(addDays(date, -1), -1, holidays);
}

/** -1, 0 or 1. Valid ISO dates order like strings; validating first keeps '2026-2-1' out. */
export function compareDates(a: IsoDate, b: IsoDate): -1 | 0 | 1 {
  parts(a);
  parts(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

export const isBefore = (a: IsoDate, b: IsoDate): boolean => compareDates(a, b) < 0;
export const isAfter = (a: IsoDate, b: IsoDate): boolean => compareDates(a, b) > 0;
export const isOnOrBefore = (a: IsoDate, b: IsoDate): boolean => compareDates(a, b) <= 0;
export const isOnOrAfter = (a: IsoDate, b: IsoDate): boolean => compareDates(a, b) >= 0;
