import { describe, expect, it } from 'vitest';
import { bpsOf, interestBetween, interestForPeriod } from '@machines/deposit-rules';

// interest = principal × rateBps × days ÷ (10 000 × 365) = … ÷ 3 650 000, rounded half-up.
describe('interestForPeriod: actual/365, half-up to whole rupiah', () => {
  it('Rp 100.000.000 at 6% for 31 days', () => {
    // 100 000 000 × 600 × 31 = 1 860 000 000 000; ÷ 3 650 000 = 509 589,04… → 509 589
    expect(interestForPeriod(100_000_000, 600, 31)).toBe(509_589);
  });

  it('Rp 100.000.000 at 6% for 28 days rounds .97 up', () => {
    // 100 000 000 × 600 × 28 = 1 680 000 000 000; ÷ 3 650 000 = 460 273,97… → 460 274
    expect(interestForPeriod(100_000_000, 600, 28)).toBe(460_274);
  });

  it('exactly .5 rounds up; just below .5 rounds down', () => {
    // 1% for 365 days is principal ÷ 100: 1 000 050 → 10 000,50 → 10 001; 1 000 049 → 10 000,49 → 10 000.
    expect(interestForPeriod(1_000_050, 100, 365)).toBe(10_001);
    expect(interestForPeriod(1_000_049, 100, 365)).toBe(10_000);
    // 5% for 73 days is also principal ÷ 100 (500 × 73 = 36 500): 10 000 050 → 100 000,5 → 100 001.
    expect(interestForPeriod(10_000_050, 500, 73)).toBe(100_001);
  });

  it('Rp 2.000.000.000 at 7,25% for a leap year of 366 days', () => {
    // 2 000 000 000 × 725 × 366 = 530 700 000 000 000; ÷ 3 650 000 = 145 397 260,27… → 145 397 260
    expect(interestForPeriod(2_000_000_000, 725, 366)).toBe(145_397_260);
  });

  it('keeps exact precision where floating point would not (integer arithmetic)', () => {
    // 2 000 000 158 057 × 725 × 366 = 530 700 041 940 424 950 (> 2^53 ≈ 9,007 × 10^15);
    // ÷ 3 650 000 = 145 397 271 764 remainder 1 824 950 → ,49998… → 145 397 271 764.
    // In doubles the product loses its last digits and Math.round gives …765.
    expect(interestForPeriod(2_000_000_158_057, 725, 366)).toBe(145_397_271_764);
    expect(Math.round((2_000_000_158_057 * 725 * 366) / 3_650_000)).toBe(145_397_271_765);
  });

  it('zero days or zero rate earn nothing', () => {
    expect(interestForPeriod(50_000_000, 600, 0)).toBe(0);
    expect(interestForPeriod(50_000_000, 0, 30)).toBe(0);
  });

  it('refuses fractional rupiah, negative days and unsafe numbers', () => {
    expect(() => interestForPeriod(1000.5, 600, 30)).toThrow(RangeError);
    expect(() => interestForPeriod(1000, 600, -1)).toThrow(RangeError);
    expect(() => interestForPeriod(2 ** 53, 600, 1)).toThrow(RangeError);
  });

  it('interestBetween counts the days between two dates (29 days in Feb 2028)', () => {
    // 10 000 000 × 600 × 29 = 1 740 000 000 000; ÷ 3 650 000 = 47 671,23 → 47 671
    expect(interestBetween(10_000_000, 600, '2028-02-01', '2028-03-01')).toBe(47_671);
    expect(() => interestBetween(10_000_000, 600, '2028-03-01', '2028-02-01')).toThrow('Akhir periode bunga');
  });
});

describe('bpsOf: a basis-point share, half-up', () => {
  it('20% of 12 345 = 2 469; 0,5% of Rp 100.000.000 = 500 000; 15% of 10 = 1,5 → 2', () => {
    expect(bpsOf(12_345, 2000)).toBe(2_469);
    expect(bpsOf(100_000_000, 50)).toBe(500_000);
    expect(bpsOf(10, 1500)).toBe(2);
    expect(bpsOf(9, 1500)).toBe(1); // 1,35 → 1
  });
});
