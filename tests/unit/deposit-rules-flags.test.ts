import { describe, expect, it } from 'vitest';
import {
  formatDateId,
  formatRateBps,
  formatRupiah,
  hasRole,
  isAmountAllowed,
  isBeforeStopAroCutoff,
  lpsFlags,
  lpsGuarantee,
  offeredTenor,
  stopAroCutoff,
} from '@machines/deposit-rules';

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
    tenors: [{ tenorMonths: 3, rateBps: 550 }, { tenorMonths: 6, rateBps: 600 }],
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
    expect(offeredTenor(product, 6)).toEqual({ tenorMonths: 6, rateBps: 600 });
    expect(offeredTenor(product, 12)).toBeUndefined();
  });
});

describe('roles: OPERATOR < SUPERVISOR < ADMIN; SYSTEM apart', () => {
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
  it('all of it when every rate is at or below the TBP and the total within the ceiling', () => {
    expect(lpsGuarantee([{ amount: 500_000_000, rateBps: 600 }, { amount: 1_500_000_000, rateBps: 575 }])).toEqual({ totalPrincipal: 2_000_000_000, guaranteedAmount: 2_000_000_000, unguaranteedAmount: 0 });
  });

  it('nothing of a deposit above the TBP, however small', () => {
    expect(lpsGuarantee([{ amount: 100_000_000, rateBps: 601 }, { amount: 300_000_000, rateBps: 550 }])).toEqual({ totalPrincipal: 400_000_000, guaranteedAmount: 300_000_000, unguaranteedAmount: 100_000_000 });
  });

  it('up to the ceiling together: 1,5 bn + 1 bn at 5,5% → 2 bn guaranteed, 0,5 bn not; plus 0,25 bn above the TBP → 0,75 bn not', () => {
    expect(lpsGuarantee([{ amount: 1_500_000_000, rateBps: 550 }, { amount: 1_000_000_000, rateBps: 550 }])).toEqual({ totalPrincipal: 2_500_000_000, guaranteedAmount: 2_000_000_000, unguaranteedAmount: 500_000_000 });
    expect(lpsGuarantee([{ amount: 1_500_000_000, rateBps: 550 }, { amount: 1_000_000_000, rateBps: 550 }, { amount: 250_000_000, rateBps: 700 }])).toEqual({ totalPrincipal: 2_750_000_000, guaranteedAmount: 2_000_000_000, unguaranteedAmount: 750_000_000 });
  });

  it('no deposits, nothing either way; the settings decide (a TBP of 4,25% and a ceiling of Rp 100.000.000)', () => {
    expect(lpsGuarantee([])).toEqual({ totalPrincipal: 0, guaranteedAmount: 0, unguaranteedAmount: 0 });
    expect(lpsGuarantee([{ amount: 150_000_000, rateBps: 425 }, { amount: 10_000_000, rateBps: 450 }], { lpsMaxRateBps: 425, lpsMaxBalanceRupiah: 100_000_000 })).toEqual({ totalPrincipal: 160_000_000, guaranteedAmount: 100_000_000, unguaranteedAmount: 60_000_000 });
  });
});
