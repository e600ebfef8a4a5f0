import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyJob } from '../../server/jobs/daily';
import { PAID_WITH_PAYOUT } from '../../server/interest/interest-service';
import { dialects } from './harness';
import { payoutSteps } from './support/payout-steps';
import { startWorld, type World } from './deposit-fixtures';
import type { DepositRow } from '../../server/platform/db/schema';

/**
 * The payout at maturity pays the principal and the interest still unpaid together, and the
 * deposit closes owing nothing (README "Decisions on the domain", issue 17 item 2: the page said
 * Selesai and still listed Rp 254.794 owed).
 *
 * Today is Thursday 19 March 2026, a holiday (with 20 and 23 March; 21–22 are a weekend).
 * - A: Rp 10.000.000, 1 month at 5,00%, 18 Feb → 18 Mar. Its installment, 28 days:
 *   10 000 000 × 500 × 28 ÷ 3 650 000 = 38 356,16 → 38 356; tax 20% (Rina holds > Rp 7.500.000)
 *   7 671,2 → 7 671; net 30 685. Payout 10 030 685. Posted due by the 18 March daily job.
 * - B: Rp 20.000.000, 19 Feb → 19 Mar (the holiday): its installment pays on Tuesday 24 March, so it
 *   is still scheduled when the payout is requested. 20 000 000 × 500 × 28 ÷ 3 650 000 = 76 712,33 →
 *   76 712; tax 15 342,4 → 15 342; net 61 370. Payout 20 061 370.
 */
describe.each(dialects)('payout at maturity settles the unpaid interest (%s)', (dialect) => {
  let w: World;
  let a: DepositRow;
  let b: DepositRow;

  const { detail, pendingPayout } = payoutSteps(() => w);
  const steps = payoutSteps(() => w);
  const act = (id: string, type: string) => steps.act(id, { type });
  const markPaid = (id: string, reference: string) => steps.markPaid(id, reference, '2026-03-19');

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-03-19');
    a = await w.place({ amount: 10_000_000, tenorMonths: 1, placementDate: '2026-02-18', instruction: 'PAYOUT' });
    b = await w.place({ customer: 'second', amount: 20_000_000, tenorMonths: 1, placementDate: '2026-02-19', instruction: 'PAYOUT' });
    for (const deposit of [a, b]) await w.drive(deposit.id, { type: 'deposit.approve' });
    for (const date of ['2026-03-18', '2026-03-19']) await runDailyJob({ db: w.db, clock: w.clock }, date);
    expect([(await w.row(a.id)).status, (await w.row(b.id)).status]).toEqual(['matured', 'matured']);
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('the request fixes principal + the last installment, net, and Pencairan shows it', async () => {
    const before = await detail(a.id);
    expect(before.installments.map((item: any) => [item.status, item.grossInterest, item.tax, item.netInterest])).toEqual([['due', 38_356, 7_671, 30_685]]);
    await act(a.id, 'deposit.requestDisbursement');
    expect(await pendingPayout(a.id)).toMatchObject({ kind: 'maturity', principal: 10_000_000, interest: 38_356, tax: 7_671, penalty: 0, amount: 10_030_685 });
    const counts = await w.call('GET', '/deposito/disbursements/count', { token: w.users.operator.token });
    expect(counts.body.data.pendingAmount).toBe(10_030_685);
    expect((await detail(a.id)).disbursements).toEqual([expect.objectContaining({ status: 'pending', amount: 10_030_685, interest: 38_356, tax: 7_671 })]);
  });

  it('an installment a holiday moved past the maturity is posted with the request and paid with the payout', async () => {
    expect((await detail(b.id)).installments.map((item: any) => [item.status, item.payDate])).toEqual([['scheduled', '2026-03-24']]);
    await act(b.id, 'deposit.requestDisbursement');
    expect(await pendingPayout(b.id)).toMatchObject({ principal: 20_000_000, interest: 76_712, tax: 15_342, amount: 20_061_370 });
    expect((await detail(b.id)).installments.map((item: any) => [item.status, item.tax, item.netInterest])).toEqual([['due', 15_342, 61_370]]);
  });

  it('while the payout waits, Bunga Bulanan neither lists, counts, templates nor pays those installments', async () => {
    const [installment] = (await detail(a.id)).installments;
    const march = await w.call('GET', '/deposito/monthly-interest?period=2026-03&limit=100', { token: w.users.operator.token });
    expect(march.body.data.map((row: any) => row.depositId)).not.toContain(a.id);
    expect(march.body.data.map((row: any) => row.depositId)).not.toContain(b.id);
    const count = await w.call('GET', '/deposito/monthly-interest-template/count?period=2026-03', { token: w.users.operator.token });
    expect(count.body.data).toEqual({ period: '2026-03', count: 0, totalNet: 0 });
    const paying = await payoutSteps(() => w).payInterest([installment.id], 'TRF-GANDA', '2026-03-19');
    expect(paying.status).toBe(409);
    expect(paying.body.message).toBe(PAID_WITH_PAYOUT);
    expect((await detail(a.id)).installments[0].status).toBe('due');
  });

  it('marking the payout paid closes the deposit with every installment paid by its transfer: Selesai owes nothing', async () => {
    for (const [deposit, reference] of [[a, 'TRF-CAIR-A'], [b, 'TRF-CAIR-B']] as const) {
      const paid = await markPaid(deposit.id, reference);
      expect(paid.status, paid.text).toBe(200);
      expect(paid.body.data).toMatchObject({ status: 'closed', closeReason: 'matured' });
      const closed = await detail(deposit.id);
      expect(closed.installments.map((item: any) => [item.status, item.reference, item.paidAt])).toEqual([['paid', reference, '2026-03-19']]);
      expect(closed.installments.filter((item: any) => item.status !== 'paid')).toEqual([]);
      expect(closed.disbursements).toEqual([expect.objectContaining({ status: 'paid', reference })]);
    }
    // The interest is reported paid in March, on the month's list (status paid) with the payout's reference.
    const paidList = await w.call('GET', '/deposito/monthly-interest?period=2026-03&status=paid&limit=100', { token: w.users.operator.token });
    expect(paidList.body.data.map((row: any) => [row.depositId, row.reference, row.netInterest]).sort()).toEqual(
      [[a.id, 'TRF-CAIR-A', 30_685], [b.id, 'TRF-CAIR-B', 61_370]].sort(),
    );
  });

  it('everything paid through Bunga Bulanan before the request: the payout is the principal alone', async () => {
    const c = await w.place({ customer: 'second', amount: 8_000_000, tenorMonths: 1, placementDate: '2026-02-18', instruction: 'PAYOUT' });
    await w.drive(c.id, { type: 'deposit.approve' });
    await w.drive(c.id, { type: 'deposit.mature' }, 'system');
    await w.db.updateTable('interest_installments').set({ status: 'due' }).where('deposit_id', '=', c.id).execute();
    const [installment] = (await detail(c.id)).installments;
    const paying = await payoutSteps(() => w).payInterest([installment.id], 'TRF-BUNGA', '2026-03-19');
    expect(paying.status, paying.text).toBe(200);
    await act(c.id, 'deposit.requestDisbursement');
    expect(await pendingPayout(c.id)).toMatchObject({ principal: 8_000_000, interest: 0, tax: 0, amount: 8_000_000 });
    const paid = await markPaid(c.id, 'TRF-CAIR-C');
    expect(paid.status, paid.text).toBe(200);
    expect((await detail(c.id)).installments.map((item: any) => [item.status, item.reference])).toEqual([['paid', 'TRF-BUNGA']]);
  });
});
