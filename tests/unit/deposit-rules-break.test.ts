import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_SETTINGS, DepositRuleError, monthlySchedule, previewBreak } from '@machines/deposit-rules';

// Rp 100.000.000 at 6% from 15 Jan 2026 for 6 months, monthly interest; installment 1 paid.
//   k1 [15 Jan, 15 Feb) 31 days: 100 000 000 × 600 × 31 ÷ 3 650 000 = 509 589,04 → 509 589 (paid)
//   k2 [15 Feb, 15 Mar) 28 days: … × 28 → 460 273,97 → 460 274 (due, not paid)
//   k3 [15 Mar, 15 Apr) running on the break date 1 Apr: 17 days → 279 452,05 → 279 452
const schedule = monthlySchedule({ principal: 100_000_000, rateBps: 600, periodStart: '2026-01-15', tenorMonths: 6 });
const installments = schedule.map((i) => ({ ...i, paid: i.sequence === 1 }));
const base = {
  principal: 100_000_000,
  rateBps: 600,
  periodStart: '2026-01-15',
  maturityDate: '2026-07-15',
  breakDate: '2026-04-01',
  installments,
  tax: { customerActivePrincipal: 100_000_000, settings: DEFAULT_TAX_SETTINGS },
};

describe('previewBreak: principal + unpaid accrued net interest − penalty', () => {
  it('without forfeiture: unpaid installment + running accrual, taxed, minus 0,5% penalty', () => {
    // accrued = 460 274 + 279 452 = 739 726; tax 20% = 147 945,2 → 147 945; net 591 781
    // penalty 50 bps × 100 000 000 = 500 000; payout = 100 000 000 + 591 781 − 500 000 = 100 091 781
    expect(previewBreak({ ...base, penalty: { penaltyBps: 50, forfeitAccruedInterest: false } })).toEqual({
      principal: 100_000_000,
      accruedInterest: 739_726,
      forfeitedInterest: 0,
      tax: 147_945,
      penalty: 500_000,
      earlierInterest: 0,
      earlierTax: 0,
      payout: 100_091_781,
    });
  });

  it('with forfeiture: the unpaid interest is lost, the paid installment is kept, no tax', () => {
    // payout = 100 000 000 + 0 − 500 000 = 99 500 000; forfeited 739 726
    expect(previewBreak({ ...base, penalty: { penaltyBps: 50, forfeitAccruedInterest: true } })).toEqual({
      principal: 100_000_000,
      accruedInterest: 0,
      forfeitedInterest: 739_726,
      tax: 0,
      penalty: 500_000,
      earlierInterest: 0,
      earlierTax: 0,
      payout: 99_500_000,
    });
  });

  it("an earlier period's unpaid installment is paid in full with the break, untouched by the penalty", () => {
    // An ARO deposit rolled over on 15 Jan before its ending installment (gross 493 151, tax 98 630,
    // net 394 521) was transferred. Current period as above: payout 100 091 781 + 394 521 = 100 486 302.
    const preview = previewBreak({ ...base, penalty: { penaltyBps: 50, forfeitAccruedInterest: false }, earlierInstallments: [{ grossInterest: 493_151, tax: 98_630 }] });
    expect(preview).toMatchObject({ accruedInterest: 739_726, tax: 147_945, penalty: 500_000, earlierInterest: 493_151, earlierTax: 98_630, payout: 100_486_302 });
  });

  it('a forfeit takes only the current period: the earlier installment is still paid', () => {
    // payout = 100 000 000 − 500 000 + (493 151 − 98 630) = 99 894 521; forfeited 739 726
    const preview = previewBreak({ ...base, penalty: { penaltyBps: 50, forfeitAccruedInterest: true }, earlierInstallments: [{ grossInterest: 493_151, tax: 98_630 }, { grossInterest: 0, tax: 0 }] });
    expect(preview).toMatchObject({ accruedInterest: 0, forfeitedInterest: 739_726, earlierInterest: 493_151, earlierTax: 98_630, payout: 99_894_521 });
  });

  it('a penalty as large as the deposit still leaves the earlier period’s net interest to pay', () => {
    // penalty capped at 100 591 781 (principal + current net); payout = 0 + 394 521
    const preview = previewBreak({ ...base, penalty: { penaltyBps: 12_000, forfeitAccruedInterest: false }, earlierInstallments: [{ grossInterest: 493_151, tax: 98_630 }] });
    expect(preview).toMatchObject({ penalty: 100_591_781, payout: 394_521 });
  });

  it('below the tax threshold no tax is withheld', () => {
    // Customer total Rp 7.500.000 exactly → net = gross 739 726; payout 100 000 000 + 739 726 − 0
    const preview = previewBreak({
      ...base,
      tax: { customerActivePrincipal: 7_500_000, settings: DEFAULT_TAX_SETTINGS },
      penalty: { penaltyBps: 0, forfeitAccruedInterest: false },
    });
    expect(preview.tax).toBe(0);
    expect(preview.payout).toBe(100_739_726);
  });

  it('with no installment rows it accrues from the period start (at-maturity deposits)', () => {
    // 15 Jan → 1 Apr = 16 + 28 + 31 = 76 days: 100 000 000 × 600 × 76 ÷ 3 650 000 = 1 249 315,07 → 1 249 315
    // tax 249 863; net 999 452; penalty 1% = 1 000 000; payout 99 999 452
    const preview = previewBreak({ ...base, installments: [], penalty: { penaltyBps: 100, forfeitAccruedInterest: false } });
    expect(preview).toMatchObject({ accruedInterest: 1_249_315, tax: 249_863, penalty: 1_000_000, payout: 99_999_452 });
  });

  it('never pays a negative amount: the penalty is applied only up to principal + net interest', () => {
    // 120% of 100 000 000 = 120 000 000 > 100 000 000 + 591 781 → penalty applied 100 591 781, payout 0.
    const preview = previewBreak({ ...base, penalty: { penaltyBps: 12_000, forfeitAccruedInterest: false } });
    expect(preview.penalty).toBe(100_591_781);
    expect(preview.payout).toBe(0);
    expect(preview.principal + preview.accruedInterest - preview.tax - preview.penalty + preview.earlierInterest - preview.earlierTax).toBe(preview.payout);
  });

  it('on the first day nothing has accrued; a break date outside the period is refused in Indonesian', () => {
    const onStart = previewBreak({ ...base, installments: [], breakDate: '2026-01-15', penalty: { penaltyBps: 0, forfeitAccruedInterest: false } });
    expect(onStart.accruedInterest).toBe(0);
    expect(onStart.payout).toBe(100_000_000);
    const penalty = { penaltyBps: 0, forfeitAccruedInterest: false };
    expect(() => previewBreak({ ...base, breakDate: '2026-07-15', penalty })).toThrow(DepositRuleError);
    expect(() => previewBreak({ ...base, breakDate: '2026-01-14', penalty })).toThrow(
      'Tanggal pencairan awal harus antara 15-Jan-2026 dan sebelum jatuh tempo 15-Jul-2026.',
    );
  });
});
