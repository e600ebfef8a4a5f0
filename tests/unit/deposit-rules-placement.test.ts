import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_SETTINGS, placementPreview, specialRateProblem } from '@machines/deposit-rules';

// Rp 50.000.000 at 5,50% from Monday 2 March 2026 for 3 months, monthly interest, no holidays:
//   k1 [2 Mar, 2 Apr) 31 days: 50 000 000 × 550 × 31 ÷ 3 650 000 = 233 561,64 → 233 562; tax 20% 46 712,4 → 46 712; net 186 850
//   k2 [2 Apr, 2 May) 30 days: … × 30 → 226 027,40 → 226 027; tax 45 205,4 → 45 205; net 180 822 — 2 May is a Saturday: paid Monday 4 May
//   k3 [2 May, 2 Jun) 31 days: 233 562; 46 712; 186 850
//   totals 693 151; 138 629; 554 522
const base = {
  amount: 50_000_000,
  rateBps: 550,
  productRateBps: 550,
  depositDate: '2026-03-02',
  tenorMonths: 3,
  interestPayment: 'MONTHLY' as const,
  holidays: [],
  tax: { customerActivePrincipal: 50_000_000, settings: DEFAULT_TAX_SETTINGS },
  lpsRateBps: 350,
};

describe('placementPreview: the deposit as it will be, before it is placed', () => {
  it('every installment with its pay date (a Saturday moves to Monday), gross, tax and net; the totals; maturity; flags', () => {
    expect(placementPreview(base)).toEqual({
      rateBps: 550,
      productRateBps: 550,
      specialRate: false,
      maturityDate: '2026-06-02',
      lpsGuaranteed: false,
      taxApplies: true,
      installments: [
        { sequence: 1, periodStart: '2026-03-02', periodEnd: '2026-04-02', payDate: '2026-04-02', grossInterest: 233_562, tax: 46_712, netInterest: 186_850 },
        { sequence: 2, periodStart: '2026-04-02', periodEnd: '2026-05-02', payDate: '2026-05-04', grossInterest: 226_027, tax: 45_205, netInterest: 180_822 },
        { sequence: 3, periodStart: '2026-05-02', periodEnd: '2026-06-02', payDate: '2026-06-02', grossInterest: 233_562, tax: 46_712, netInterest: 186_850 },
      ],
      totals: { grossInterest: 693_151, tax: 138_629, netInterest: 554_522 },
    });
  });

  it('a customer at exactly Rp 7.500.000 pays no tax; a rate at the TBP is guaranteed; above the product rate is special', () => {
    const small = placementPreview({ ...base, amount: 7_500_000, rateBps: 600, lpsRateBps: 600, tax: { customerActivePrincipal: 7_500_000, settings: DEFAULT_TAX_SETTINGS } });
    expect(small).toMatchObject({ specialRate: true, lpsGuaranteed: true, taxApplies: false });
    expect(small.totals.tax).toBe(0);
    expect(small.totals.netInterest).toBe(small.totals.grossInterest);
  });

  it('interest at maturity: one installment for the whole period', () => {
    // 2 Mar → 2 Jun = 92 days: 50 000 000 × 550 × 92 ÷ 3 650 000 = 693 150,68 → 693 151; tax 138 630,2 → 138 630
    const atMaturity = placementPreview({ ...base, interestPayment: 'AT_MATURITY' });
    expect(atMaturity.installments).toEqual([{ sequence: 1, periodStart: '2026-03-02', periodEnd: '2026-06-02', payDate: '2026-06-02', grossInterest: 693_151, tax: 138_630, netInterest: 554_521 }]);
  });
});

describe('specialRateProblem: a counter rate above the product rate, within the LPS rate plus the product ceiling', () => {
  // Product 5,50%; TBP 6,00%; ceiling 0,50 points: a special rate may be 5,51% … 6,50%.
  const terms = { productRateBps: 550, lpsRateBps: 600, ceilingBps: 50 };
  it('the product rate itself is never a problem, even on a product without a ceiling', () => {
    expect(specialRateProblem({ ...terms, rateBps: 550, ceilingBps: null })).toBeNull();
  });
  it('up to 6,50% is allowed; 6,51% is 0,01 point over the ceiling', () => {
    expect(specialRateProblem({ ...terms, rateBps: 650 })).toBeNull();
    expect(specialRateProblem({ ...terms, rateBps: 651 })).toBe('Suku bunga khusus paling tinggi 6,50%: tingkat bunga penjaminan LPS 6,00% ditambah batas produk 0,50%.');
  });
  it('below the product rate, or any special rate on a product without a ceiling, is refused', () => {
    expect(specialRateProblem({ ...terms, rateBps: 549 })).toBe('Suku bunga khusus tidak boleh di bawah suku bunga produk (5,50%).');
    expect(specialRateProblem({ ...terms, rateBps: 560, ceilingBps: null })).toBe('Produk ini tidak menawarkan suku bunga khusus; kosongkan suku bunga khusus untuk memakai suku bunga produk.');
  });
  it('a ceiling of 0 allows special rates up to the TBP itself', () => {
    expect(specialRateProblem({ ...terms, rateBps: 600, ceilingBps: 0 })).toBeNull();
    expect(specialRateProblem({ ...terms, rateBps: 601, ceilingBps: 0 })).toBe('Suku bunga khusus paling tinggi 6,00%: tingkat bunga penjaminan LPS 6,00% ditambah batas produk 0,00%.');
  });
});
