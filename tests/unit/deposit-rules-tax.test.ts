import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_SETTINGS, isTaxWithheld, taxInterest } from '@machines/deposit-rules';

const ctx = (customerActivePrincipal: number, settings = DEFAULT_TAX_SETTINGS) => ({ customerActivePrincipal, settings });

describe('tax: 20% of gross interest above Rp 7.500.000 total active principal', () => {
  it('defaults are the settings of DOMAIN.md: 2000 bps, threshold Rp 7.500.000', () => {
    expect(DEFAULT_TAX_SETTINGS).toEqual({ taxBps: 2000, thresholdRupiah: 7_500_000 });
  });

  it('exactly Rp 7.500.000 is not taxed; Rp 7.500.001 is (strictly greater)', () => {
    expect(isTaxWithheld(ctx(7_500_000))).toBe(false);
    expect(isTaxWithheld(ctx(7_500_001))).toBe(true);
    expect(taxInterest(37_500, ctx(7_500_000))).toEqual({ gross: 37_500, tax: 0, net: 37_500 });
    // 37 500 × 20% = 7 500; net 30 000
    expect(taxInterest(37_500, ctx(7_500_001))).toEqual({ gross: 37_500, tax: 7_500, net: 30_000 });
  });

  it('rounds the tax half-up', () => {
    // 100 003 × 20% = 20 000,6 → 20 001; net 80 002.
    expect(taxInterest(100_003, ctx(50_000_000))).toEqual({ gross: 100_003, tax: 20_001, net: 80_002 });
    // 100 002 × 20% = 20 000,4 → 20 000.
    expect(taxInterest(100_002, ctx(50_000_000)).tax).toBe(20_000);
    // 20% of a whole number never ends in ,5; with a 15% setting 10 × 15% = 1,5 → 2.
    expect(taxInterest(10, ctx(50_000_000, { taxBps: 1500, thresholdRupiah: 7_500_000 })).tax).toBe(2);
  });

  it('both figures are settings', () => {
    const settings = { taxBps: 1000, thresholdRupiah: 10_000_000 };
    expect(taxInterest(50_000, ctx(9_000_000, settings)).tax).toBe(0);
    expect(taxInterest(50_000, ctx(10_000_001, settings)).tax).toBe(5_000);
  });
});
