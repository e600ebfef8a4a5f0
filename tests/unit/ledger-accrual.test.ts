import { describe, expect, it } from 'vitest';
import { accrualSweep, accruedUnits, dailyAccruals, payableAt, UNITS_PER_RUPIAH, type AccruingInstallment } from '@machines/ledger-rules';
import { DepositRuleError, interestBetween } from '@machines/deposit-rules';

// A day's units = principal × rateBps; one rupiah = 10 000 × 365 = 3 650 000 units.
// Rp 100.000.000 at 6,00 %: 100 000 000 × 600 = 60 000 000 000 units a day = 16 438,356 164… rupiah.
const installment: AccruingInstallment = {
  productId: 'prod-a',
  principal: 100_000_000,
  rateBps: 600,
  accrualStart: '2026-03-10',
  accrualEnd: '2026-04-10',
  leaves: null,
};
const none = new Map<string, Map<string, number>>();
const sum = (rows: readonly { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);

// Rp 10.004.000 at 3,65 %: 10 004 000 × 365 = 3 651 460 000 units a day = exactly 1 000,4 rupiah.
const smallOne = (productId: string, leaves: string | null = null): AccruingInstallment => ({
  productId,
  principal: 10_004_000,
  rateBps: 365,
  accrualStart: '2026-03-01',
  accrualEnd: '2026-04-01',
  leaves,
});

describe('accruedUnits', () => {
  it('counts whole days through the end of the day asked, capped at the window, 0 once left', () => {
    expect(UNITS_PER_RUPIAH).toBe(3_650_000n);
    expect(accruedUnits(installment, '2026-03-09')).toBe(0n);
    // 10 March is its first day: one day's units.
    expect(accruedUnits(installment, '2026-03-10')).toBe(60_000_000_000n);
    // 10–31 March: 22 days × 60 000 000 000 = 1 320 000 000 000.
    expect(accruedUnits(installment, '2026-03-31')).toBe(1_320_000_000_000n);
    // 9 April is its last day: 31 days × 60 000 000 000 = 1 860 000 000 000; after that it stays there.
    expect(accruedUnits(installment, '2026-04-09')).toBe(1_860_000_000_000n);
    expect(accruedUnits(installment, '2026-04-20')).toBe(1_860_000_000_000n);
    // Posted on 10 April: from that day it holds nothing.
    const posted = { ...installment, leaves: '2026-04-10' };
    expect(accruedUnits(posted, '2026-04-09')).toBe(1_860_000_000_000n);
    expect(accruedUnits(posted, '2026-04-10')).toBe(0n);
    expect(accruedUnits(posted, '2026-05-01')).toBe(0n);
  });

  it('refuses a window that ends before it starts', () => {
    expect(() => accruedUnits({ ...installment, accrualEnd: '2026-03-09' }, '2026-03-10')).toThrow(DepositRuleError);
  });
});

describe('dailyAccruals: Rp 100.000.000 at 6,00 % from 10 March, one installment [10 Mar, 10 Apr)', () => {
  it('March: 22 days accrue to 361.644 and the days sum to it', () => {
    const rows = dailyAccruals([installment], none, '2026-03-01', '2026-03-31');
    // Nothing before 10 March; 10–31 March is 22 rows.
    expect(rows).toHaveLength(22);
    expect(rows[0]?.date).toBe('2026-03-10');
    // Day 1: 16 438,356 → 16 438. Day 2: 32 876,712 → 32 877, so 32 877 − 16 438 = 16 439.
    expect(rows.slice(0, 2)).toEqual([
      { date: '2026-03-10', productId: 'prod-a', amount: 16_438, payableAtEnd: 16_438 },
      { date: '2026-03-11', productId: 'prod-a', amount: 16_439, payableAtEnd: 32_877 },
    ]);
    // 30 March: 21 × 16 438,356 = 345 205,48 → 345 205. 31 March: 22 × 16 438,356 = 361 643,83 → 361 644,
    // so 361 644 − 345 205 = 16 439; the daily amounts telescope to 361 644.
    expect(rows.at(-1)).toEqual({ date: '2026-03-31', productId: 'prod-a', amount: 16_439, payableAtEnd: 361_644 });
    expect(sum(rows)).toBe(361_644);
    expect(payableAt([installment], '2026-03-31')).toEqual(new Map([['prod-a', 361_644]]));
  });

  it('April: posted on 10 April at its gross 509.589, the payable returns to 0', () => {
    // 31 days: 31 × 16 438,356 = 509 589,04 → 509 589, the gross the schedule posts.
    expect(interestBetween(100_000_000, 600, '2026-03-10', '2026-04-10')).toBe(509_589);
    const posted = { ...installment, leaves: '2026-04-10' };
    const outflows = new Map([['prod-a', new Map([['2026-04-10', 509_589]])]]);
    const rows = dailyAccruals([posted], outflows, '2026-04-01', '2026-04-30');
    // Opening (31 March) 361 644; April accrues 509 589 − 361 644 = 147 945 over 1–9 April.
    expect(sum(rows)).toBe(147_945);
    expect(rows.map((row) => row.date)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09'].map((day) => `2026-04-${day}`));
    expect(rows.at(-1)?.payableAtEnd).toBe(509_589);
    // 10 April: target 0 − 509 589 + outflow 509 589 = 0, so no row; the payable ends April at 0:
    // 361 644 + 147 945 − 509 589 = 0.
    expect(payableAt([posted], '2026-04-10')).toEqual(new Map([['prod-a', 0]]));
    expect(payableAt([posted], '2026-04-30')).toEqual(new Map([['prod-a', 0]]));
  });

  it('opens from the target of the day before `from`', () => {
    // 14 March: 5 days = 82 191,78 → 82 192. 15 March: 6 days = 98 630,14 → 98 630. 98 630 − 82 192 = 16 438.
    expect(dailyAccruals([installment], none, '2026-03-15', '2026-03-15')).toEqual([
      { date: '2026-03-15', productId: 'prod-a', amount: 16_438, payableAtEnd: 98_630 },
    ]);
  });

  it('an item starting after `to` contributes nothing', () => {
    const later: AccruingInstallment = { ...installment, productId: 'prod-a', accrualStart: '2026-04-05', accrualEnd: '2026-05-05' };
    const elsewhere: AccruingInstallment = { ...later, productId: 'prod-z' };
    expect(dailyAccruals([installment, later, elsewhere], none, '2026-03-01', '2026-03-31')).toEqual(dailyAccruals([installment], none, '2026-03-01', '2026-03-31'));
    expect(dailyAccruals([later], none, '2026-03-01', '2026-03-31')).toEqual([]);
  });
});

describe('dailyAccruals: per product, rounded on the sum', () => {
  it('keeps two products apart, sorted by date then product', () => {
    // prod-a on 10 March: 0 → 16 438,356 → 16 438.
    // prod-b (1 000,4 a day since 1 March): 9 March 9 003,6 → 9 004; 10 March 10 004,0 → 10 004; 10 004 − 9 004 = 1 000.
    const rows = dailyAccruals([smallOne('prod-b'), installment], none, '2026-03-09', '2026-03-10');
    expect(rows).toEqual([
      // 8 March 8 003,2 → 8 003; 9 March 9 003,6 → 9 004: 1 001.
      { date: '2026-03-09', productId: 'prod-b', amount: 1_001, payableAtEnd: 9_004 },
      { date: '2026-03-10', productId: 'prod-a', amount: 16_438, payableAtEnd: 16_438 },
      { date: '2026-03-10', productId: 'prod-b', amount: 1_000, payableAtEnd: 10_004 },
    ]);
    expect(payableAt([smallOne('prod-b'), installment], '2026-03-10')).toEqual(
      new Map([
        ['prod-b', 10_004],
        ['prod-a', 16_438],
      ]),
    );
  });

  it('rounds the product\'s sum, not each installment', () => {
    // Two installments of 1 000,4 a day each. Rounded one by one, 1 March would give 1 000 + 1 000 = 2 000;
    // rounded together 2 000,8 → 2 001. 2 March: 4 001,6 → 4 002 (+2 001). 3 March: 6 002,4 → 6 002 (+2 000).
    const rows = dailyAccruals([smallOne('prod-b'), smallOne('prod-b')], none, '2026-03-01', '2026-03-03');
    expect(rows).toEqual([
      { date: '2026-03-01', productId: 'prod-b', amount: 2_001, payableAtEnd: 2_001 },
      { date: '2026-03-02', productId: 'prod-b', amount: 2_001, payableAtEnd: 4_002 },
      { date: '2026-03-03', productId: 'prod-b', amount: 2_000, payableAtEnd: 6_002 },
    ]);
  });

  it('rounds half up', () => {
    // 10 005 000 × 365 = 3 651 825 000 units = exactly 1 000,5 rupiah → 1 001.
    const half: AccruingInstallment = { ...smallOne('prod-b'), principal: 10_005_000 };
    expect(dailyAccruals([half], none, '2026-03-01', '2026-03-01')).toEqual([{ date: '2026-03-01', productId: 'prod-b', amount: 1_001, payableAtEnd: 1_001 }]);
  });
});

describe('dailyAccruals: an installment left by a break before its end', () => {
  // Broken on 20 March, the payout marked paid on 23 March. The break's interest covers
  // [10 Mar, 20 Mar): 10 × 16 438,356 = 164 383,56 → 164 384 (paid or forfeited, both leave the payable).
  // Its window is cut at the break date, so it earns nothing from 20 March and leaves on 23 March.
  const broken: AccruingInstallment = { ...installment, accrualEnd: '2026-03-20', leaves: '2026-03-23' };
  const outflows = new Map([['prod-a', new Map([['2026-03-23', 164_384]])]]);

  it('its units drop out on the payout day and the outflow balances them', () => {
    const rows = dailyAccruals([broken, smallOne('prod-a')], outflows, '2026-03-19', '2026-03-23');
    // The product also holds 1 000,4 a day since 1 March (n March: n × 1 000,4).
    // 18 Mar:  9 days 147 945,2055 + 18 007,2 = 165 952,41 → 165 952 (opening)
    // 19 Mar: 10 days 164 383,5616 + 19 007,6 = 183 391,16 → 183 391: +17 439
    // 20 Mar: 164 383,5616 + 20 008,0 = 184 391,56 → 184 392: +1 001 (the break stopped its earning)
    // 21 Mar: 164 383,5616 + 21 008,4 = 185 391,96 → 185 392: +1 000
    // 22 Mar: 164 383,5616 + 22 008,8 = 186 392,36 → 186 392: +1 000
    // 23 Mar: it leaves; 23 009,2 → 23 009: 23 009 − 186 392 + 164 384 = 1 001
    expect(rows).toEqual([
      { date: '2026-03-19', productId: 'prod-a', amount: 17_439, payableAtEnd: 183_391 },
      { date: '2026-03-20', productId: 'prod-a', amount: 1_001, payableAtEnd: 184_392 },
      { date: '2026-03-21', productId: 'prod-a', amount: 1_000, payableAtEnd: 185_392 },
      { date: '2026-03-22', productId: 'prod-a', amount: 1_000, payableAtEnd: 186_392 },
      { date: '2026-03-23', productId: 'prod-a', amount: 1_001, payableAtEnd: 23_009 },
    ]);
    // payableAt agrees with the last day's payableAtEnd.
    expect(payableAt([broken, smallOne('prod-a')], '2026-03-23')).toEqual(new Map([['prod-a', 23_009]]));
  });

  it('a window left uncut gives the days past the break date back as a negative accrual', () => {
    // Earning through 22 March: 13 days = 213 698,63 → 213 699 (opening). 23 March it leaves:
    // 0 − 213 699 + 164 384 = −49 315 (Dr payable, Cr expense), and the payable ends at 0.
    const uncut: AccruingInstallment = { ...installment, leaves: '2026-03-23' };
    expect(dailyAccruals([uncut], outflows, '2026-03-23', '2026-03-23')).toEqual([
      { date: '2026-03-23', productId: 'prod-a', amount: -49_315, payableAtEnd: 0 },
    ]);
  });
});

describe('accrualSweep: the journal sums installments one at a time as they are read', () => {
  const broken: AccruingInstallment = { ...installment, accrualEnd: '2026-03-20', leaves: '2026-03-23' };
  const items = [broken, smallOne('prod-a'), smallOne('prod-b'), { ...installment, productId: 'prod-b', accrualStart: '2026-03-21' }];

  it('its opening and closing payables are payableAt the day before the range and at its end', () => {
    // prod-a on 18 March: 165 952 (worked above); on 23 March: 23 009. prod-b: 18 × 1 000,4 =
    // 18 007,2 → 18 007 on 18 March; 23 × 1 000,4 + 3 × 16 438,356 (21–23 March) = 23 009,2 +
    // 49 315,07 = 72 324,27 → 72 324 on 23 March.
    const sweep = accrualSweep('2026-03-19', '2026-03-23');
    for (const item of items) sweep.add(item);
    expect(sweep.payableOpening()).toEqual(new Map([['prod-a', 165_952], ['prod-b', 18_007]]));
    expect(sweep.payableClosing()).toEqual(new Map([['prod-a', 23_009], ['prod-b', 72_324]]));
    expect(sweep.payableOpening()).toEqual(payableAt(items, '2026-03-18'));
    expect(sweep.payableClosing()).toEqual(payableAt(items, '2026-03-23'));
  });

  it('its accruals are dailyAccruals of the same items', () => {
    const outflows = new Map([['prod-a', new Map([['2026-03-23', 164_384]])]]);
    const sweep = accrualSweep('2026-03-19', '2026-03-23');
    for (const item of items) sweep.add(item);
    expect(sweep.accruals(outflows)).toEqual(dailyAccruals(items, outflows, '2026-03-19', '2026-03-23'));
  });
});

describe('dailyAccruals: inputs', () => {
  it('an outflow of a product without items is journalled as it is', () => {
    // Target 0 before and after: 0 − 0 + 12 000.
    const outflows = new Map([['prod-c', new Map([['2026-03-05', 12_000]])]]);
    expect(dailyAccruals([], outflows, '2026-03-01', '2026-03-31')).toEqual([{ date: '2026-03-05', productId: 'prod-c', amount: 12_000, payableAtEnd: 0 }]);
  });

  it('takes any iterable, e.g. a generator, once', () => {
    function* items() {
      yield installment;
    }
    expect(sum(dailyAccruals(items(), none, '2026-03-01', '2026-03-31'))).toBe(361_644);
  });

  it('refuses a range ending before it starts, fractions and negative outflows', () => {
    expect(() => dailyAccruals([installment], none, '2026-03-31', '2026-03-01')).toThrow(DepositRuleError);
    expect(() => dailyAccruals([{ ...installment, principal: 1.5 }], none, '2026-03-01', '2026-03-31')).toThrow(RangeError);
    expect(() => dailyAccruals([installment], new Map([['prod-a', new Map([['2026-03-05', -1]])]]), '2026-03-01', '2026-03-31')).toThrow(RangeError);
  });
});
