import { describe, expect, it } from 'vitest';
import { daysBetween, interestForPeriod, interestSchedule, maturitySchedule, monthlySchedule } from '@machines/deposit-rules';

describe('monthlySchedule: one installment per anniversary, paid on a working day', () => {
  // Rp 10.000.000 at 6% from Saturday 31 Jan 2026 for 3 months; Mon 2 and Tue 3 March are holidays.
  const input = { principal: 10_000_000, rateBps: 600, periodStart: '2026-01-31', tenorMonths: 3, holidays: ['2026-03-02', '2026-03-03'] };
  const schedule = monthlySchedule(input);

  it('anniversaries come from the 31st each time: 28 Feb, 31 Mar, 30 Apr', () => {
    expect(schedule.map((i) => [i.periodStart, i.periodEnd, i.days])).toEqual([
      ['2026-01-31', '2026-02-28', 28],
      ['2026-02-28', '2026-03-31', 31],
      ['2026-03-31', '2026-04-30', 30],
    ]);
  });

  it('a weekend + holiday chain moves only the pay date: Sat 28 Feb → Sun → Mon (libur) → Tue (libur) → Wed 4 Mar', () => {
    expect(schedule.map((i) => i.payDate)).toEqual(['2026-03-04', '2026-03-31', '2026-04-30']);
    // The second period still starts on the anniversary (28 Feb), not on the moved pay date.
    expect(schedule[1]!.periodStart).toBe('2026-02-28');
  });

  it('gross interest per installment, each rounded half-up', () => {
    // 10 000 000 × 600 × 28 ÷ 3 650 000 = 46 027,40 → 46 027
    // 10 000 000 × 600 × 31 ÷ 3 650 000 = 50 958,90 → 50 959
    // 10 000 000 × 600 × 30 ÷ 3 650 000 = 49 315,07 → 49 315
    expect(schedule.map((i) => i.grossInterest)).toEqual([46_027, 50_959, 49_315]);
  });

  it('the periods tile the term: days add up, and here the rupiah add up to the whole-term interest', () => {
    // 28 + 31 + 30 = 89 days = 31 Jan → 30 Apr; 46 027 + 50 959 + 49 315 = 146 301;
    // whole term 10 000 000 × 600 × 89 ÷ 3 650 000 = 146 301,37 → 146 301.
    expect(schedule.reduce((sum, i) => sum + i.days, 0)).toBe(daysBetween('2026-01-31', '2026-04-30'));
    expect(schedule.reduce((sum, i) => sum + i.grossInterest, 0)).toBe(interestForPeriod(10_000_000, 600, 89));
  });

  it('per-installment rounding can differ from the whole term by at most ½ rupiah per installment', () => {
    // Rp 1.000.000 at 6% from 15 Mar 2026: 31, 30, 31 days →
    // 5 095,89 → 5 096; 4 931,51 → 4 932; 5 095,89 → 5 096; sum 15 124,
    // whole term 92 days: 15 123,29 → 15 123. One rupiah apart, within 3 × ½.
    const s = monthlySchedule({ principal: 1_000_000, rateBps: 600, periodStart: '2026-03-15', tenorMonths: 3 });
    expect(s.map((i) => i.grossInterest)).toEqual([5_096, 4_932, 5_096]);
    expect(interestForPeriod(1_000_000, 600, 92)).toBe(15_123);
  });

  it('leap year: from 31 Jan 2028 the first period ends 29 Feb (29 days)', () => {
    // 20 000 000 × 600 × 29 ÷ 3 650 000 = 95 342,47 → 95 342; × 31 → 101 917,81 → 101 918
    const s = monthlySchedule({ principal: 20_000_000, rateBps: 600, periodStart: '2028-01-31', tenorMonths: 2 });
    expect(s.map((i) => [i.periodEnd, i.days, i.grossInterest, i.payDate])).toEqual([
      ['2028-02-29', 29, 95_342, '2028-02-29'], // a Tuesday
      ['2028-03-31', 31, 101_918, '2028-03-31'], // a Friday
    ]);
  });

  it('numbers the installments and has one per month of tenor', () => {
    const s = monthlySchedule({ principal: 5_000_000, rateBps: 500, periodStart: '2026-08-15', tenorMonths: 12 });
    expect(s).toHaveLength(12);
    expect(s.map((i) => i.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(s[11]!.periodEnd).toBe('2027-08-15');
  });
});

describe('maturitySchedule: one installment for the whole period', () => {
  it('covers value date → maturity; pay date moved past Sunday 31 May and the 1 June holiday', () => {
    // 31 Jan → 31 May 2026 = 28 + 31 + 30 + 31 = 120 days;
    // 10 000 000 × 600 × 120 ÷ 3 650 000 = 197 260,27 → 197 260.
    const s = maturitySchedule({ principal: 10_000_000, rateBps: 600, periodStart: '2026-01-31', tenorMonths: 4, holidays: ['2026-06-01'] });
    expect(s).toEqual([
      { sequence: 1, periodStart: '2026-01-31', periodEnd: '2026-05-31', days: 120, payDate: '2026-06-02', grossInterest: 197_260 },
    ]);
  });

  it('interestSchedule picks the schedule by the payment choice', () => {
    const base = { principal: 1_000_000, rateBps: 600, periodStart: '2026-03-15', tenorMonths: 3 };
    expect(interestSchedule({ ...base, interestPayment: 'MONTHLY' })).toHaveLength(3);
    expect(interestSchedule({ ...base, interestPayment: 'AT_MATURITY' }).map((i) => i.grossInterest)).toEqual([15_123]);
  });
});
