import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyJob } from '../../server/jobs/daily';
import { PAID_WITH_PAYOUT } from '../../server/interest/interest-service';
import { pdfToText, squish } from '../support/pdf-text';
import { dialects } from './harness';
import { payoutSteps } from './support/payout-steps';
import { startWorld, type World } from './deposit-fixtures';
import type { DepositRow } from '../../server/platform/db/schema';

/**
 * A break pays what earlier periods still owe (README "Pencairan sebelum jatuh tempo"): approving
 * it used to cancel every open installment of the deposit, so an ARO deposit's ending installment,
 * rolled over before Bunga Bulanan transferred it, was lost to the customer.
 *
 * Today is Thursday 19 March 2026, a holiday (with 20 and 23 March). Product "Deposito Bulanan
 * Uji": 1 month at 5,00%, penalty 1% of the principal, no forfeit. Both customers hold more than
 * Rp 7.500.000, so 20% PPh is withheld.
 * - A: Rp 10.000.000 ARO, 18 Feb → 18 Mar. Period 1's installment, 28 days: 10 000 000 × 500 × 28
 *   ÷ 3 650 000 = 38 356,16 → 38 356; tax 7 671; net 30 685 — posted due on 18 March, not paid.
 *   Rolled over on 18 March to period 2 (18 Mar → 18 Apr). Break on 19 March: 1 day accrued,
 *   10 000 000 × 500 × 1 ÷ 3 650 000 = 1 369,86 → 1 370; tax 274; net 1 096; penalty 100 000.
 *   Payout 10 000 000 + 1 096 − 100 000 + 30 685 = 9 931 781.
 * - B: Rp 20.000.000 ARO, 19 Feb → 19 Mar (the holiday): period 1's installment pays on Tuesday
 *   24 March, still scheduled when the break is approved. 20 000 000 × 500 × 28 ÷ 3 650 000 =
 *   76 712,33 → 76 712; tax 15 342; net 61 370. Break on 19 March, the new period's first day:
 *   nothing accrued; penalty 200 000. Payout 20 000 000 − 200 000 + 61 370 = 19 861 370.
 */
describe.each(dialects)("a break settles earlier periods' unpaid interest (%s)", (dialect) => {
  let w: World;
  let a: DepositRow;
  let b: DepositRow;

  const { detail, act, pendingPayout } = payoutSteps(() => w);
  const markPaid = (id: string, reference: string) => payoutSteps(() => w).markPaid(id, reference, '2026-03-19');
  const preview = async (id: string) => {
    const result = await w.call('GET', `/invoice/deposito/break?depositId=${id}&date=2026-03-19`, { token: w.users.operator.token });
    expect(result.status, result.text).toBe(200);
    return result.body.data;
  };

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-03-19');
    a = await w.place({ amount: 10_000_000, tenorMonths: 1, placementDate: '2026-02-18', instruction: 'ARO' });
    b = await w.place({ customer: 'second', amount: 20_000_000, tenorMonths: 1, placementDate: '2026-02-19', instruction: 'ARO' });
    for (const deposit of [a, b]) await w.drive(deposit.id, { type: 'deposit.approve' });
    for (const date of ['2026-03-18', '2026-03-19']) await runDailyJob({ db: w.db, clock: w.clock }, date);
    expect([(await w.row(a.id)).period_number, (await w.row(b.id)).period_number]).toEqual([2, 2]);
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('the preview shows the earlier installment beside the current period, and the payout counts it', async () => {
    const before = await detail(a.id);
    expect(before.installments.filter((item: any) => item.periodNumber === 1).map((item: any) => [item.status, item.grossInterest, item.tax, item.netInterest])).toEqual([['due', 38_356, 7_671, 30_685]]);
    expect(await preview(a.id)).toMatchObject({ accruedInterest: 1_370, tax: 274, penalty: 100_000, earlierInterest: 38_356, earlierTax: 7_671, payout: 9_931_781 });
    expect(await preview(b.id)).toMatchObject({ accruedInterest: 0, tax: 0, penalty: 200_000, earlierInterest: 76_712, earlierTax: 15_342, payout: 19_861_370 });
  });

  it('approval fixes the payout with the earlier net interest; the current period ends, the earlier installment waits for the payout', async () => {
    for (const deposit of [a, b]) {
      await act(deposit.id, { type: 'deposit.requestBreak', breakDate: '2026-03-19', reason: 'Kebutuhan keluarga.' }, 'operator');
      await act(deposit.id, { type: 'deposit.approveBreak' }, 'supervisor');
    }
    expect(await pendingPayout(a.id)).toMatchObject({ kind: 'break', principal: 10_000_000, interest: 1_370, tax: 274, penalty: 100_000, amount: 9_931_781 });
    expect(await pendingPayout(b.id)).toMatchObject({ kind: 'break', principal: 20_000_000, interest: 0, tax: 0, penalty: 200_000, amount: 19_861_370 });
    const installmentsOf = async (id: string) => (await detail(id)).installments.map((item: any) => [item.periodNumber, item.status, item.tax]);
    expect(await installmentsOf(a.id)).toEqual([[1, 'due', 7_671], [2, 'cancelled', expect.any(Number)]]);
    // B's installment, scheduled for 24 March, is posted with the approval at the figures the payout counted.
    expect(await installmentsOf(b.id)).toEqual([[1, 'due', 15_342], [2, 'cancelled', expect.any(Number)]]);
    expect((await detail(a.id)).settlement).toMatchObject({ earlierInterest: 38_356, earlierTax: 7_671, payout: 9_931_781 });
  });

  it('while the payout waits, Bunga Bulanan does not pay the earlier installment a second time', async () => {
    const [installment] = (await detail(a.id)).installments;
    const paying = await payoutSteps(() => w).payInterest([installment.id], 'TRF-GANDA', '2026-03-19');
    expect(paying.status).toBe(409);
    expect(paying.body.message).toBe(PAID_WITH_PAYOUT);
  });

  it('marking the payout paid closes the deposit with the earlier installment paid by its transfer', async () => {
    for (const [deposit, reference] of [[a, 'TRF-BREAK-A'], [b, 'TRF-BREAK-B']] as const) {
      const paid = await markPaid(deposit.id, reference);
      expect(paid.status, paid.text).toBe(200);
      expect(paid.body.data).toMatchObject({ status: 'closed', closeReason: 'broken' });
      const closed = await detail(deposit.id);
      expect(closed.installments.map((item: any) => [item.periodNumber, item.status, item.reference])).toEqual([[1, 'paid', reference], [2, 'cancelled', null]]);
    }
  });

  it("March's PPh report counts each rupiah once: the installments by pay date, the breaks' own accrual", async () => {
    const response = await fetch(`${w.t.url}/api-v2-bpr/report?type=bunga-pajak&period=2026-03&format=pdf`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
    expect(response.status).toBe(200);
    const pdf = squish(await pdfToText(new Uint8Array(await response.arrayBuffer())));
    // Installments 38 356 + 76 712 (tax 7 671 + 15 342); breaks 1 370 + 0 (tax 274): 3 lines, 116 438, 23 287.
    expect(pdf).toContain('Total 3 Rp 116.438 Rp 23.287');
  });
});
