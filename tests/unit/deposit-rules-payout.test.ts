import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_SETTINGS, DepositRuleError, interestForPeriod, maturityPayout, taxInterest } from '@machines/deposit-rules';

/**
 * The payout at maturity pays the principal and every unpaid installment together (README
 * "Decisions on the domain": Pembayaran saat jatuh tempo). Rp 50.000.000 at 6,50%, monthly.
 *   last installment [30 Nov, 31 Dec) 31 days: 50 000 000 × 650 × 31 ÷ 3 650 000 = 276 027,40 → 276 027;
 *     tax 20% = 55 205,4 → 55 205; net 220 822
 *   the one before [31 Oct, 30 Nov) 30 days: … × 30 = 267 123,29 → 267 123; tax 53 424,6 → 53 425; net 213 698
 */
const last = { grossInterest: 276_027, tax: 55_205, netInterest: 220_822 };
const before = { grossInterest: 267_123, tax: 53_425, netInterest: 213_698 };

describe('maturityPayout: principal + the unpaid installments, net', () => {
  it('the worked figures are the interest and tax rules’ own', () => {
    const taxed = { customerActivePrincipal: 50_000_000, settings: DEFAULT_TAX_SETTINGS };
    expect(interestForPeriod(50_000_000, 650, 31)).toBe(276_027);
    expect(taxInterest(276_027, taxed)).toMatchObject({ tax: 55_205, net: 220_822 });
    expect(interestForPeriod(50_000_000, 650, 30)).toBe(267_123);
    expect(taxInterest(267_123, taxed)).toMatchObject({ tax: 53_425, net: 213_698 });
  });

  it('the last period’s installment unpaid: Rp 50.000.000 + 220.822 = Rp 50.220.822', () => {
    expect(maturityPayout(50_000_000, [last])).toEqual({ principal: 50_000_000, interest: 276_027, tax: 55_205, amount: 50_220_822 });
  });

  it('two installments unpaid: both in the one transfer', () => {
    // interest 276 027 + 267 123 = 543 150; tax 55 205 + 53 425 = 108 630; amount 50 000 000 + 220 822 + 213 698
    expect(maturityPayout(50_000_000, [before, last])).toEqual({ principal: 50_000_000, interest: 543_150, tax: 108_630, amount: 50_434_520 });
  });

  it('a tax-free installment (customer at or below Rp 7.500.000) adds its gross', () => {
    // Rp 5.000.000 at 5,75% for 90 days: 5 000 000 × 575 × 90 ÷ 3 650 000 = 70 890,41 → 70 890, no tax.
    expect(maturityPayout(5_000_000, [{ grossInterest: 70_890, tax: 0, netInterest: 70_890 }])).toEqual({ principal: 5_000_000, interest: 70_890, tax: 0, amount: 5_070_890 });
  });

  it('everything already paid through Bunga Bulanan: the principal only', () => {
    expect(maturityPayout(50_000_000, [])).toEqual({ principal: 50_000_000, interest: 0, tax: 0, amount: 50_000_000 });
  });

  it('refuses figures that do not add up, and amounts that are not whole rupiah', () => {
    expect(() => maturityPayout(50_000_000, [{ grossInterest: 276_027, tax: 55_205, netInterest: 220_000 }])).toThrow(DepositRuleError);
    expect(() => maturityPayout(50_000_000.5, [last])).toThrow(RangeError);
    expect(() => maturityPayout(50_000_000, [{ grossInterest: -1, tax: 0, netInterest: -1 }])).toThrow(RangeError);
  });
});
