import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_SETTINGS, DepositRuleError, extensionPeriod, interestBetween, rolloverPeriod, taxInterest } from '@machines/deposit-rules';

// Ending period: Rp 50.000.000 at 6% from 28 Feb to 31 May 2026 (92 days), at-maturity interest:
//   50 000 000 × 600 × 92 ÷ 3 650 000 = 756 164,38 → 756 164 gross;
//   tax 20% = 151 232,8 → 151 233; net = 604 931.
const gross = interestBetween(50_000_000, 600, '2026-02-28', '2026-05-31');
const { net } = taxInterest(gross, { customerActivePrincipal: 50_000_000, settings: DEFAULT_TAX_SETTINGS });

describe('rollover at maturity', () => {
  it('the hand-worked ending-period figures', () => {
    expect(gross).toBe(756_164);
    expect(net).toBe(604_931);
  });

  it('ARO: same principal and tenor, the rate in force, new period from the old maturity', () => {
    // 31 May + 3 months = 31 Aug.
    expect(rolloverPeriod({ instruction: 'ARO', principal: 50_000_000, tenorMonths: 3, maturityDate: '2026-05-31', rateBps: 550, netInterest: net })).toEqual({
      principal: 50_000_000,
      rateBps: 550,
      tenorMonths: 3,
      periodStart: '2026-05-31',
      maturityDate: '2026-08-31',
    });
  });

  it('ARO+: principal + net interest of the ending period rolls', () => {
    // 50 000 000 + 604 931 = 50 604 931.
    expect(rolloverPeriod({ instruction: 'ARO_PLUS', principal: 50_000_000, tenorMonths: 3, maturityDate: '2026-05-31', rateBps: 550, netInterest: net })).toMatchObject({
      principal: 50_604_931,
      periodStart: '2026-05-31',
      maturityDate: '2026-08-31',
    });
  });

  it('a clamped maturity starts the next period on that day: 28 Feb 2026 + 1 = 28 Mar', () => {
    expect(rolloverPeriod({ instruction: 'ARO', principal: 1, tenorMonths: 1, maturityDate: '2026-02-28', rateBps: 600, netInterest: 0 }).maturityDate).toBe('2026-03-28');
  });

  it('a non-ARO deposit is not rolled', () => {
    expect(() => rolloverPeriod({ instruction: 'PAYOUT', principal: 1, tenorMonths: 1, maturityDate: '2026-02-28', rateBps: 600, netInterest: 0 })).toThrow(DepositRuleError);
  });
});

describe('extension of a matured deposit', () => {
  it('starts on the extension day with the new tenor and rate', () => {
    // 3 Jun 2026 + 6 months = 3 Dec 2026.
    expect(extensionPeriod({ principal: 25_000_000, tenorMonths: 6, rateBps: 575, startDate: '2026-06-03' })).toEqual({
      principal: 25_000_000,
      rateBps: 575,
      tenorMonths: 6,
      periodStart: '2026-06-03',
      maturityDate: '2026-12-03',
    });
  });
});
