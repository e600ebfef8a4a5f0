import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  compareDates,
  dayOfWeek,
  daysBetween,
  DepositRuleError,
  isIsoDate,
  isWeekend,
  isWorkingDay,
  maturityDate,
  nextWorkingDay,
  previousWorkingDay,
  workingDayOnOrAfter,
} from '@machines/deposit-rules';

describe('addMonths / maturityDate: same day-of-month, clamped to the month end', () => {
  it('31 Jan + 1 month is 28 Feb in a common year and 29 Feb in a leap year', () => {
    // 2026 is not divisible by 4 → February has 28 days; 2028 is → 29.
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });

  it('century rule: 2100 is not a leap year, 2000 was', () => {
    expect(addMonths('2100-01-31', 1)).toBe('2100-02-28');
    expect(addMonths('2000-01-31', 1)).toBe('2000-02-29');
  });

  it('31st value dates clamp to 30-day months and come back to the 31st later', () => {
    // Each anniversary is computed from the start, not chained: 31 Mar + 1 = 30 Apr, + 2 = 31 May.
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-03-31', 2)).toBe('2026-05-31');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
  });

  it('crosses years both ways', () => {
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('maturity of a 29 Feb 2028 deposit: 28 Feb in common years, 29 Feb again in 2032', () => {
    // 2029 and 2030 are common years; 2032 is a leap year again (48 months).
    expect(maturityDate('2028-02-29', 12)).toBe('2029-02-28');
    expect(maturityDate('2028-02-29', 24)).toBe('2030-02-28');
    expect(maturityDate('2028-02-29', 48)).toBe('2032-02-29');
    expect(maturityDate('2028-02-29', 1)).toBe('2028-03-29');
  });

  it('the usual tenors from 15 Aug 2026', () => {
    expect([1, 3, 6, 12, 24].map((t) => maturityDate('2026-08-15', t))).toEqual([
      '2026-09-15',
      '2026-11-15',
      '2027-02-15',
      '2027-08-15',
      '2028-08-15',
    ]);
  });

  it('refuses a tenor below one month and an impossible date, in Indonesian', () => {
    expect(() => maturityDate('2026-01-01', 0)).toThrow(DepositRuleError);
    expect(() => maturityDate('2026-02-30', 1)).toThrow('Tanggal "2026-02-30" tidak valid');
  });
});

describe('daysBetween: actual days, end exclusive', () => {
  it('February has 28 or 29 days; a leap year 366', () => {
    expect(daysBetween('2026-02-01', '2026-03-01')).toBe(28);
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('31 Jan → 30 Apr 2026 = 28 (to 28 Feb) + 31 (to 31 Mar) + 30 (to 30 Apr) = 89', () => {
    expect(daysBetween('2026-01-31', '2026-04-30')).toBe(89);
  });

  it('is negative when the end comes first and zero on the same day', () => {
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(daysBetween('2026-03-10', '2026-03-10')).toBe(0);
  });

  it('addDays crosses month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('working days: weekends and the holiday list', () => {
  // 2026-05-29 is a Friday, 05-30 Saturday, 05-31 Sunday, 06-01 Monday (Hari Lahir Pancasila), 06-02 Tuesday.
  const holidays = ['2026-06-01'];

  it('knows the weekday', () => {
    expect(dayOfWeek('1970-01-01')).toBe(4); // Thursday
    expect(dayOfWeek('2026-05-29')).toBe(5);
    expect(isWeekend('2026-05-30')).toBe(true);
    expect(isWeekend('2026-05-31')).toBe(true);
    expect(isWeekend('2026-06-01')).toBe(false);
    expect(isWorkingDay('2026-06-01', holidays)).toBe(false);
    expect(isWorkingDay('2026-06-01')).toBe(true);
  });

  it('weekend + holiday chain: Saturday 30 May → Tuesday 2 June', () => {
    // Sat 30 → Sun 31 → Mon 1 Jun (holiday) → Tue 2 Jun.
    expect(workingDayOnOrAfter('2026-05-30', holidays)).toBe('2026-06-02');
    expect(nextWorkingDay('2026-05-29', holidays)).toBe('2026-06-02');
    expect(previousWorkingDay('2026-06-02', holidays)).toBe('2026-05-29');
  });

  it('a working day stays put for workingDayOnOrAfter but not for next/previous', () => {
    expect(workingDayOnOrAfter('2026-05-29', holidays)).toBe('2026-05-29');
    expect(nextWorkingDay('2026-05-28', holidays)).toBe('2026-05-29');
    expect(previousWorkingDay('2026-05-29', holidays)).toBe('2026-05-28');
  });

  it('accepts the holiday list as a Set too', () => {
    expect(workingDayOnOrAfter('2026-05-30', new Set(holidays))).toBe('2026-06-02');
  });

  it('a holiday list that blocks a whole year is refused instead of looping', () => {
    const everyDay = Array.from({ length: 400 }, (_, i) => addDays('2026-01-01', i));
    expect(() => nextWorkingDay('2026-01-01', everyDay)).toThrow(DepositRuleError);
  });
});

describe('validation and comparison', () => {
  it('accepts only real dates in YYYY-MM-DD', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-4-1')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate(20260401)).toBe(false);
  });

  it('orders dates', () => {
    expect(compareDates('2026-01-31', '2026-02-01')).toBe(-1);
    expect(compareDates('2026-02-01', '2026-02-01')).toBe(0);
    expect(compareDates('2027-01-01', '2026-12-31')).toBe(1);
    expect(() => compareDates('2026-1-1', '2026-01-01')).toThrow(DepositRuleError);
  });
});
