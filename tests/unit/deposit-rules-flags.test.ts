import { describe, expect, it } from 'vitest';
import {
  formatDateId,
  formatRateBps,
  formatRupiah,
  hasRole,
  mayAct,
  isAmountAllowed,
  isBeforeStopAroCutoff,
  lpsFlags,
  lpsGuarantee,
  lpsRateOn,
  lpsSettingsOn,
  changedHolidays,
  movedPayDates,
  nextRateSchedule,
  offeredTenor,
  rateScheduleOn,
  stopAroCutoff,
  tenorsOn,
} from '@machines/deposit-rules';
import { rolloverBlocker } from '@machines/deposit';

describe('LPS flags: "Tidak dijamin LPS" strictly above each limit', () => {
  it('rate 6,00% is guaranteed, 6,01% is not', () => {
    expect(lpsFlags({ rateBps: 600 })).toEqual([]);
    expect(lpsFlags({ rateBps: 601 })).toEqual([
      { code: 'RATE_ABOVE_LPS', label: 'Tidak dijamin LPS', detail: 'Suku bunga di atas tingkat bunga penjaminan LPS.' },
    ]);
  });

  it('customer total Rp 2.000.000.000 is guaranteed, one rupiah more is not; both flags can show', () => {
    expect(lpsFlags({ rateBps: 500, customerTotalPrincipal: 2_000_000_000 })).toEqual([]);
    expect(lpsFlags({ rateBps: 500, customerTotalPrincipal: 2_000_000_001 }).map((f) => f.code)).toEqual(['BALANCE_ABOVE_LPS']);
    expect(lpsFlags({ rateBps: 700, customerTotalPrincipal: 3_000_000_000 }).map((f) => f.code)).toEqual(['RATE_ABOVE_LPS', 'BALANCE_ABOVE_LPS']);
  });

  it('the LPS rate is a setting', () => {
    expect(lpsFlags({ rateBps: 650, settings: { lpsMaxRateBps: 675, lpsMaxBalanceRupiah: 2_000_000_000 } })).toEqual([]);
  });
});

describe('stop-ARO cut-off = maturity − 1 working day, strictly before', () => {
  it('maturity Tue 2 Jun 2026 with Mon 1 Jun a holiday: cut-off Fri 29 May; the last day to stop is Thu 28 May', () => {
    expect(stopAroCutoff('2026-06-02', ['2026-06-01'])).toBe('2026-05-29');
    expect(isBeforeStopAroCutoff('2026-05-28', '2026-06-02', ['2026-06-01'])).toBe(true);
    expect(isBeforeStopAroCutoff('2026-05-29', '2026-06-02', ['2026-06-01'])).toBe(false);
  });

  it('maturity on a Monday: the cut-off is the Friday before', () => {
    // 2026-08-17 is a Monday (and a holiday, irrelevant: the cut-off looks at the days before).
    expect(stopAroCutoff('2026-08-17')).toBe('2026-08-14');
  });
});

describe('product rules', () => {
  const product = {
    id: 'p1',
    active: true,
    minAmount: 1_000_000,
    maxAmount: 2_000_000_000,
    rates: [{ effectiveFrom: '2026-01-01', tenors: [{ tenorMonths: 3, rateBps: 550 }, { tenorMonths: 6, rateBps: 600 }] }],
    penaltyBps: 50,
    forfeitAccruedInterest: false,
  };

  it('amount limits are inclusive; no maximum when null', () => {
    expect(isAmountAllowed(product, 1_000_000)).toBe(true);
    expect(isAmountAllowed(product, 999_999)).toBe(false);
    expect(isAmountAllowed(product, 2_000_000_000)).toBe(true);
    expect(isAmountAllowed(product, 2_000_000_001)).toBe(false);
    expect(isAmountAllowed({ ...product, maxAmount: null }, 9_000_000_000)).toBe(true);
  });

  it('offers only its tenors, each with its rate', () => {
    expect(offeredTenor(product, 6, '2026-05-01')).toEqual({ tenorMonths: 6, rateBps: 600 });
    expect(offeredTenor(product, 12, '2026-05-01')).toBeUndefined();
  });
});

describe('dated rates: a period takes the rates in force on the day it starts', () => {
  // Opening rates from 1 Jan 2026; a cut from 1 Jun (3 months 5,50% → 5,25%, 6 months dropped,
  // 12 months added); a rise announced for 1 Dec.
  const product = {
    rates: [
      { effectiveFrom: '2026-01-01', tenors: [{ tenorMonths: 3, rateBps: 550 }, { tenorMonths: 6, rateBps: 600 }] },
      { effectiveFrom: '2026-06-01', tenors: [{ tenorMonths: 3, rateBps: 525 }, { tenorMonths: 12, rateBps: 650 }] },
      { effectiveFrom: '2026-12-01', tenors: [{ tenorMonths: 3, rateBps: 575 }, { tenorMonths: 12, rateBps: 675 }] },
    ],
  };

  it('the day before a change keeps the old rate; the change day itself takes the new one', () => {
    expect(offeredTenor(product, 3, '2026-05-31')).toEqual({ tenorMonths: 3, rateBps: 550 });
    expect(offeredTenor(product, 3, '2026-06-01')).toEqual({ tenorMonths: 3, rateBps: 525 });
    expect(offeredTenor(product, 3, '2026-11-30')).toEqual({ tenorMonths: 3, rateBps: 525 });
    expect(offeredTenor(product, 3, '2026-12-01')).toEqual({ tenorMonths: 3, rateBps: 575 });
  });

  it('a tenor exists only while its schedule is in force', () => {
    expect(offeredTenor(product, 6, '2026-05-31')).toEqual({ tenorMonths: 6, rateBps: 600 });
    expect(offeredTenor(product, 6, '2026-06-01')).toBeUndefined();
    expect(offeredTenor(product, 12, '2026-05-31')).toBeUndefined();
    expect(tenorsOn(product, '2027-03-01').map((tenor) => tenor.tenorMonths)).toEqual([3, 12]);
  });

  it('a date before the first schedule takes the opening rates (a back-dated value date)', () => {
    expect(rateScheduleOn(product, '2025-12-15')?.effectiveFrom).toBe('2026-01-01');
  });

  it('the change announced ahead is the next schedule after a day; none after the last', () => {
    expect(nextRateSchedule(product, '2026-07-10')?.effectiveFrom).toBe('2026-12-01');
    expect(nextRateSchedule(product, '2026-12-01')).toBeUndefined();
  });
});

describe('an ARO deposit rolls over unless its product is retired or no longer offers its tenor', () => {
  const base = {
    id: 'p',
    active: true,
    minAmount: 0,
    maxAmount: null,
    penaltyBps: 0,
    forfeitAccruedInterest: false,
    rates: [
      { effectiveFrom: '2026-01-01', tenors: [{ tenorMonths: 3, rateBps: 550 }, { tenorMonths: 6, rateBps: 600 }] },
      { effectiveFrom: '2026-06-01', tenors: [{ tenorMonths: 3, rateBps: 525 }] },
    ],
  };

  it('rolls over when the tenor is offered on the maturity date', () => {
    expect(rolloverBlocker({ product: base, tenorMonths: 3, maturityDate: '2026-06-01' })).toBeNull();
    expect(rolloverBlocker({ product: base, tenorMonths: 6, maturityDate: '2026-05-31' })).toBeNull();
  });

  it('matures when the product is inactive, or the tenor is gone from the rates in force on the maturity date', () => {
    expect(rolloverBlocker({ product: { ...base, active: false }, tenorMonths: 3, maturityDate: '2026-06-01' })).toBe('Produk deposito sudah tidak aktif, sehingga deposito tidak diperpanjang otomatis.');
    expect(rolloverBlocker({ product: base, tenorMonths: 6, maturityDate: '2026-06-01' })).toBe('Tenor 6 bulan tidak ditawarkan lagi per 01-Jun-2026, sehingga deposito tidak diperpanjang otomatis.');
  });
});

describe('the LPS guaranteed rate in force on a date', () => {
  const rates = [
    { effectiveFrom: '2025-01-01', rateBps: 675 },
    { effectiveFrom: '2026-02-01', rateBps: 625 },
    { effectiveFrom: '2026-09-01', rateBps: 600 },
  ];

  it('the latest change on or before the date; before the first, the first', () => {
    expect(lpsRateOn(rates, '2026-01-31')).toBe(675);
    expect(lpsRateOn(rates, '2026-02-01')).toBe(625);
    expect(lpsRateOn(rates, '2026-08-31')).toBe(625);
    expect(lpsRateOn(rates, '2026-09-01')).toBe(600);
    expect(lpsRateOn(rates, '2024-06-01')).toBe(675);
  });

  it('a 6,50% deposit started in January (TBP 6,75%) is guaranteed; started in March (TBP 6,25%) it is not', () => {
    expect(lpsFlags({ rateBps: 650, settings: lpsSettingsOn({ lpsRates: rates, lpsMaxBalanceRupiah: 2_000_000_000 }, '2026-01-15') })).toEqual([]);
    expect(lpsFlags({ rateBps: 650, settings: lpsSettingsOn({ lpsRates: rates, lpsMaxBalanceRupiah: 2_000_000_000 }, '2026-03-15') }).map((flag) => flag.code)).toEqual(['RATE_ABOVE_LPS']);
  });
});

describe('a holiday change moves the pay dates of installments not yet due', () => {
  it('the days added or removed', () => {
    expect(changedHolidays(['2026-03-19', '2026-03-20'], ['2026-03-20', '2026-03-24'])).toEqual(['2026-03-19', '2026-03-24']);
    expect(changedHolidays(['2026-03-19'], ['2026-03-19'])).toEqual([]);
  });

  it('a new holiday on Tue 24 Mar 2026 moves a Tuesday anniversary to Wednesday; a Saturday anniversary paid Monday moves past a new Monday holiday', () => {
    const installments = [
      { id: 'a', periodEnd: '2026-03-24', payDate: '2026-03-24' },
      { id: 'b', periodEnd: '2026-03-21', payDate: '2026-03-23' },
      { id: 'c', periodEnd: '2026-03-26', payDate: '2026-03-26' },
    ];
    expect(movedPayDates(installments, ['2026-03-23', '2026-03-24'])).toEqual([
      { id: 'a', periodEnd: '2026-03-24', payDate: '2026-03-24', newPayDate: '2026-03-25' },
      { id: 'b', periodEnd: '2026-03-21', payDate: '2026-03-23', newPayDate: '2026-03-25' },
    ]);
  });

  it('a holiday removed brings the pay date back to the anniversary', () => {
    expect(movedPayDates([{ id: 'a', periodEnd: '2026-08-17', payDate: '2026-08-18' }], [])).toEqual([{ id: 'a', periodEnd: '2026-08-17', payDate: '2026-08-18', newPayDate: '2026-08-17' }]);
  });
});

describe('roles: OPERATOR < SUPERVISOR < ADMIN; SYSTEM and PARTNER apart', () => {
  it('a higher role can do what a lower one can, not the other way round', () => {
    expect(hasRole('ADMIN', 'SUPERVISOR')).toBe(true);
    expect(hasRole('SUPERVISOR', 'OPERATOR')).toBe(true);
    expect(hasRole('OPERATOR', 'SUPERVISOR')).toBe(false);
  });

  it('only the daily job is SYSTEM, and it takes no staff decision', () => {
    expect(hasRole('ADMIN', 'SYSTEM')).toBe(false);
    expect(hasRole('SYSTEM', 'SYSTEM')).toBe(true);
    expect(hasRole('SYSTEM', 'OPERATOR')).toBe(false);
  });

  it('a partner is apart too: it takes no staff decision and no staff role takes its events', () => {
    expect(hasRole('PARTNER', 'OPERATOR')).toBe(false);
    expect(hasRole('ADMIN', 'PARTNER')).toBe(false);
    expect(hasRole('PARTNER', 'PARTNER')).toBe(true);
  });

  it('mayAct: what a screen asks of the signed-in role before offering an action; nobody signed in may do nothing', () => {
    expect(mayAct('ADMIN', 'SUPERVISOR')).toBe(true);
    expect(mayAct('OPERATOR', 'SUPERVISOR')).toBe(false);
    expect(mayAct(undefined, 'OPERATOR')).toBe(false);
  });
});

describe('formatting for messages (UI.md)', () => {
  it('Rupiah with dots, dates DD-MMM-YYYY in Indonesian, rates with a comma', () => {
    expect(formatRupiah(1_500_000)).toBe('Rp 1.500.000');
    expect(formatRupiah(999)).toBe('Rp 999');
    expect(formatDateId('2026-08-15')).toBe('15-Agt-2026');
    expect(formatDateId('2026-05-01')).toBe('01-Mei-2026');
    expect(formatRateBps(600)).toBe('6,00%');
    expect(formatRateBps(725)).toBe('7,25%');
  });
});

describe('how much of a customer\'s deposits LPS guarantees (TBP 6,00%, ceiling Rp 2.000.000.000)', () => {
  const JAN = '2026-01-05';
  const TBP_600 = { lpsRates: [{ effectiveFrom: '2020-01-01', rateBps: 600 }], lpsMaxBalanceRupiah: 2_000_000_000 };

  it('each deposit is judged with the TBP in force on its period start: 6,50% under 6,75% is guaranteed, under 6,00% it is not', () => {
    const settings = { lpsRates: [{ effectiveFrom: '2020-01-01', rateBps: 675 }, { effectiveFrom: '2026-03-01', rateBps: 600 }], lpsMaxBalanceRupiah: 2_000_000_000 };
    expect(lpsGuarantee([{ amount: 100_000_000, rateBps: 650, periodStart: '2026-02-28' }, { amount: 40_000_000, rateBps: 650, periodStart: '2026-03-01' }], settings)).toEqual({
      totalPrincipal: 140_000_000,
      guaranteedAmount: 100_000_000,
      unguaranteedAmount: 40_000_000,
    });
  });

  it('all of it when every rate is at or below the TBP and the total within the ceiling', () => {
    expect(lpsGuarantee([{ amount: 500_000_000, rateBps: 600, periodStart: JAN }, { amount: 1_500_000_000, rateBps: 575, periodStart: JAN }], TBP_600)).toEqual({ totalPrincipal: 2_000_000_000, guaranteedAmount: 2_000_000_000, unguaranteedAmount: 0 });
  });

  it('nothing of a deposit above the TBP, however small', () => {
    expect(lpsGuarantee([{ amount: 100_000_000, rateBps: 601, periodStart: JAN }, { amount: 300_000_000, rateBps: 550, periodStart: JAN }], TBP_600)).toEqual({ totalPrincipal: 400_000_000, guaranteedAmount: 300_000_000, unguaranteedAmount: 100_000_000 });
  });

  it('up to the ceiling together: 1,5 bn + 1 bn at 5,5% → 2 bn guaranteed, 0,5 bn not; plus 0,25 bn above the TBP → 0,75 bn not', () => {
    expect(lpsGuarantee([{ amount: 1_500_000_000, rateBps: 550, periodStart: JAN }, { amount: 1_000_000_000, rateBps: 550, periodStart: JAN }], TBP_600)).toEqual({ totalPrincipal: 2_500_000_000, guaranteedAmount: 2_000_000_000, unguaranteedAmount: 500_000_000 });
    expect(lpsGuarantee([{ amount: 1_500_000_000, rateBps: 550, periodStart: JAN }, { amount: 1_000_000_000, rateBps: 550, periodStart: JAN }, { amount: 250_000_000, rateBps: 700, periodStart: JAN }], TBP_600)).toEqual({ totalPrincipal: 2_750_000_000, guaranteedAmount: 2_000_000_000, unguaranteedAmount: 750_000_000 });
  });

  it('no deposits, nothing either way; the settings decide (a TBP of 4,25% and a ceiling of Rp 100.000.000)', () => {
    expect(lpsGuarantee([], TBP_600)).toEqual({ totalPrincipal: 0, guaranteedAmount: 0, unguaranteedAmount: 0 });
    expect(lpsGuarantee([{ amount: 150_000_000, rateBps: 425, periodStart: JAN }, { amount: 10_000_000, rateBps: 450, periodStart: JAN }], { lpsRates: [{ effectiveFrom: '2020-01-01', rateBps: 425 }], lpsMaxBalanceRupiah: 100_000_000 })).toEqual({ totalPrincipal: 160_000_000, guaranteedAmount: 100_000_000, unguaranteedAmount: 60_000_000 });
  });
});
