import { describe, expect, it } from 'vitest';
import {
  concentration,
  cumulativeShares,
  dailyBalances,
  dayBeforeMonth,
  isFuturePeriod,
  isReportPeriod,
  maturityBucket,
  maturityProfile,
  monthlyAverages,
  periodLabelId,
  previousPeriod,
  reportMonth,
  semesterMonthsUpTo,
  shareOf,
  weightedRateBps,
  weightedRateFromSums,
} from '@machines/report-rules';
import { lpsGuaranteeOfTotals } from '@machines/deposit-rules';

describe('report months', () => {
  it('takes a past month on its last day, February with 28 days and 29 in a leap year', () => {
    expect(reportMonth('2026-02', '2026-03-02')).toEqual({ period: '2026-02', first: '2026-02-01', last: '2026-02-28', asOf: '2026-02-28', days: 28, running: false });
    expect(reportMonth('2028-02', '2028-03-01')).toMatchObject({ last: '2028-02-29', asOf: '2028-02-29', days: 29, running: false });
    expect(reportMonth('2025-12', '2026-03-02')).toMatchObject({ first: '2025-12-01', last: '2025-12-31', days: 31 });
  });

  it('takes the running month on today, also on its last day', () => {
    expect(reportMonth('2026-03', '2026-03-02')).toEqual({ period: '2026-03', first: '2026-03-01', last: '2026-03-31', asOf: '2026-03-02', days: 31, running: true });
    expect(reportMonth('2026-03', '2026-03-31')).toMatchObject({ asOf: '2026-03-31', running: true });
    expect(reportMonth('2026-03', '2026-03-01')).toMatchObject({ asOf: '2026-03-01', running: true });
  });

  it('refuses a month after today’s and a malformed period', () => {
    expect(isFuturePeriod('2026-04', '2026-03-31')).toBe(true);
    expect(isFuturePeriod('2027-01', '2026-12-31')).toBe(true);
    expect(isFuturePeriod('2026-03', '2026-03-01')).toBe(false);
    expect(isFuturePeriod('2025-12', '2026-01-01')).toBe(false);
    expect(() => reportMonth('2026-04', '2026-03-31')).toThrow(RangeError);
    expect(() => reportMonth('2026-13', '2026-03-31')).toThrow(RangeError);
    expect(() => reportMonth('2026-3', '2026-03-31')).toThrow(RangeError);
    expect(isReportPeriod('2026-00')).toBe(false);
    expect(isReportPeriod('2026-12')).toBe(true);
    expect(isReportPeriod(' 2026-12')).toBe(false);
  });

  it('names months in Indonesian and steps back over a year end', () => {
    expect(periodLabelId('2026-08')).toBe('Agustus 2026');
    expect(periodLabelId('2027-01')).toBe('Januari 2027');
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(previousPeriod('2026-10')).toBe('2026-09');
    expect(dayBeforeMonth('2026-03')).toBe('2026-02-28');
    expect(dayBeforeMonth('2024-03')).toBe('2024-02-29');
    expect(dayBeforeMonth('2026-01')).toBe('2025-12-31');
  });

  it('lists the half-year’s months up to the period (LPS bills per semester)', () => {
    expect(semesterMonthsUpTo('2026-06')).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    expect(semesterMonthsUpTo('2026-01')).toEqual(['2026-01']);
    expect(semesterMonthsUpTo('2026-07')).toEqual(['2026-07']);
    expect(semesterMonthsUpTo('2026-09')).toEqual(['2026-07', '2026-08', '2026-09']);
    expect(semesterMonthsUpTo('2026-12')).toHaveLength(6);
  });
});

describe('maturity buckets', () => {
  it('counts calendar months from the position date, the boundary day in the shorter bucket', () => {
    const asOf = '2026-11-30';
    expect(maturityBucket(asOf, '2026-12-01', true)).toBe('upTo1');
    expect(maturityBucket(asOf, '2026-12-30', true)).toBe('upTo1');
    expect(maturityBucket(asOf, '2026-12-31', true)).toBe('upTo3');
    expect(maturityBucket(asOf, '2027-02-28', true)).toBe('upTo3');
    expect(maturityBucket(asOf, '2027-03-01', true)).toBe('upTo6');
    expect(maturityBucket(asOf, '2027-05-30', true)).toBe('upTo6');
    expect(maturityBucket(asOf, '2027-05-31', true)).toBe('upTo12');
    expect(maturityBucket(asOf, '2027-11-30', true)).toBe('upTo12');
    expect(maturityBucket(asOf, '2027-12-01', true)).toBe('over12');
  });

  it('clamps at a month end: from 31 January one month is 28 February (29 in a leap year)', () => {
    expect(maturityBucket('2026-01-31', '2026-02-28', true)).toBe('upTo1');
    expect(maturityBucket('2026-01-31', '2026-03-01', true)).toBe('upTo3');
    expect(maturityBucket('2028-01-31', '2028-02-29', true)).toBe('upTo1');
    expect(maturityBucket('2028-01-31', '2028-03-01', true)).toBe('upTo3');
  });

  it('puts an ended period not yet paid out in its own bucket, whatever its maturity date', () => {
    expect(maturityBucket('2026-11-30', '2027-03-15', false)).toBe('due');
    expect(maturityBucket('2026-11-30', '2026-11-30', false)).toBe('due');
    // A period running with its maturity already reached waits for the job: due all the same.
    expect(maturityBucket('2026-11-30', '2026-11-30', true)).toBe('due');
  });

  it('sums rows per bucket, every bucket in order with zeros for the empty ones', () => {
    const profile = maturityProfile('2026-11-30', [
      { maturityDate: '2026-12-15', running: true, count: 3, amount: 30_000_000 },
      { maturityDate: '2026-12-30', running: true, count: 1, amount: 5_000_000 },
      { maturityDate: '2027-06-01', running: true, count: 2, amount: 200_000_000 },
      { maturityDate: '2027-01-10', running: false, count: 1, amount: 25_000_000 },
    ]);
    expect(profile.map((bucket) => bucket.bucket)).toEqual(['due', 'upTo1', 'upTo3', 'upTo6', 'upTo12', 'over12']);
    expect(profile.map((bucket) => [bucket.count, bucket.amount])).toEqual([
      [1, 25_000_000],
      [4, 35_000_000],
      [0, 0],
      [0, 0],
      [2, 200_000_000],
      [0, 0],
    ]);
    expect(profile[1]!.label).toBe('≤ 1 bulan');
  });
});

describe('daily balances', () => {
  it('adds each day’s changes to the balance of the day before', () => {
    const series = dailyBalances(
      100_000_000,
      [
        { date: '2026-03-02', delta: 50_000_000 },
        { date: '2026-03-02', delta: -20_000_000 },
        { date: '2026-03-04', delta: -100_000_000 },
      ],
      '2026-03-01',
      '2026-03-05',
    );
    expect(series).toEqual([
      { date: '2026-03-01', balance: 100_000_000 },
      { date: '2026-03-02', balance: 130_000_000 },
      { date: '2026-03-03', balance: 130_000_000 },
      { date: '2026-03-04', balance: 30_000_000 },
      { date: '2026-03-05', balance: 30_000_000 },
    ]);
    expect(() => dailyBalances(0, [{ date: '2026-03-06', delta: 1 }], '2026-03-01', '2026-03-05')).toThrow(RangeError);
  });

  it('averages each month over the days it holds, half up, with the last day as closing', () => {
    // 30 Jan and 31 Jan at 100 and 101; 1-2 Feb at 101 and 202.
    const series = dailyBalances(100, [{ date: '2026-01-31', delta: 1 }, { date: '2026-02-02', delta: 101 }], '2026-01-30', '2026-02-02');
    expect(monthlyAverages(series)).toEqual([
      { period: '2026-01', days: 2, average: 101, closing: 101 }, // 201 / 2 = 100.5 → 101
      { period: '2026-02', days: 2, average: 152, closing: 202 }, // 303 / 2 = 151.5 → 152
    ]);
    // 1 + 1 + 2 = 4 over 3 days = 1.33… → 1.
    expect(monthlyAverages(dailyBalances(1, [{ date: '2026-03-03', delta: 1 }], '2026-03-01', '2026-03-03'))[0]!.average).toBe(1);
  });

  it('averages a whole 31-day month of Rp 500 billion a day exactly', () => {
    const series = dailyBalances(500_000_000_000, [], '2026-10-01', '2026-10-31');
    expect(monthlyAverages(series)).toEqual([{ period: '2026-10', days: 31, average: 500_000_000_000, closing: 500_000_000_000 }]);
  });
});

describe('shares and concentration', () => {
  it('answers a share of an empty total as 0', () => {
    expect(shareOf(25, 100)).toBe(0.25);
    expect(shareOf(0, 0)).toBe(0);
  });

  it('weights rates by principal, to two decimals of a basis point', () => {
    // (100 m × 550 + 300 m × 600) ÷ 400 m = 587.5
    expect(weightedRateBps([{ amount: 100_000_000, rateBps: 550 }, { amount: 300_000_000, rateBps: 600 }])).toBe(587.5);
    // (500 + 500 + 501) ÷ 3 = 500.333… → 500.33
    expect(weightedRateBps([{ amount: 1, rateBps: 500 }, { amount: 1, rateBps: 500 }, { amount: 1, rateBps: 501 }])).toBe(500.33);
    expect(weightedRateBps([])).toBeNull();
    expect(weightedRateFromSums(1_000_000n * 500_000_000n * 600n, 1_000_000n * 500_000_000n)).toBe(600);
  });

  it('sums the largest depositors per cut, fewer than the cut in a small bank', () => {
    expect(concentration([500, 300, 200, 100], 1_100, [2, 10])).toEqual([
      { top: 2, customers: 2, amount: 800, share: 800 / 1_100 },
      { top: 10, customers: 4, amount: 1_100, share: 1 },
    ]);
    expect(() => concentration([100, 200], 300, [1])).toThrow(RangeError);
    expect(cumulativeShares([50, 30, 20], 200)).toEqual([
      { share: 0.25, cumulative: 0.25 },
      { share: 0.15, cumulative: 0.4 },
      { share: 0.1, cumulative: 0.5 },
    ]);
  });

  it('splits a customer’s sums into what LPS guarantees and the rest', () => {
    expect(lpsGuaranteeOfTotals(2_500_000_000, 2_200_000_000, 2_000_000_000)).toEqual({ totalPrincipal: 2_500_000_000, guaranteedAmount: 2_000_000_000, unguaranteedAmount: 500_000_000 });
    expect(lpsGuaranteeOfTotals(400_000_000, 300_000_000, 2_000_000_000)).toEqual({ totalPrincipal: 400_000_000, guaranteedAmount: 300_000_000, unguaranteedAmount: 100_000_000 });
    expect(lpsGuaranteeOfTotals(0, 0, 2_000_000_000)).toEqual({ totalPrincipal: 0, guaranteedAmount: 0, unguaranteedAmount: 0 });
  });
});
