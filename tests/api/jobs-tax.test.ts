import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ARO_PLUS_REFERENCE } from '../../machines/deposit-rules';
import { wibTimestamp } from '../../server/platform/business-date';
import { runDailyCatchUp } from '../../server/jobs/catch-up';
import { runDailyJob } from '../../server/jobs/daily';
import { placeDeposit } from '../../server/deposits/deposit-placement';
import { createDepositTransitions, type TransitionRequest } from '../../server/deposits/transition-service';
import { dialects, startTestServer, type TestServer } from './harness';
import { at, jobBank, newJobCustomer, type JobBank } from './job-fixtures';

/**
 * Tax at posting (DOMAIN.md "Tax"): the daily job decides an installment's tax with the customer's
 * total active principal at this BPR on the day it falls due (or is capitalised by ARO+), not
 * with the total when its schedule was written.
 *
 * Figures used throughout ('Deposito Berjangka', 1 month at 5,00%, interest monthly):
 * 5.000.000 from 5 Mar to 5 Apr = 31 days × 5.000.000 × 5,00% / 365 = 21.232,9 → gross 21.233;
 * 5 Apr 2026 is a Sunday, so it falls due Monday 6 Apr. Tax 20% = 4.246,6 → 4.247; net 16.986.
 */
const GROSS = 21_233;
const TAXED = { gross_interest: GROSS, tax: 4_247, net_interest: 16_986 };
const UNTAXED = { gross_interest: GROSS, tax: 0, net_interest: GROSS };

interface Fixture extends JobBank {
  supervisors: [string, string];
}

async function fixture(t: TestServer): Promise<Fixture> {
  const bank = await jobBank(t, 'BPR Uji Pajak', 2);
  return { ...bank, supervisors: [bank.supervisors[0]!, bank.supervisors[1]!] };
}

const newCustomer = (f: Fixture) => newJobCustomer(f);

/** An approved 1-month monthly-interest deposit of this customer (approved on its value date). */
async function approvedDeposit(f: Fixture, customerId: string, amount: number, valueDate: string, input: { productId?: string; tenorMonths?: number; instruction?: 'ARO_PLUS' | 'PAYOUT' } = {}): Promise<string> {
  const deposit = await placeDeposit(f.db, {
    bankId: f.bankId,
    customerId,
    productId: input.productId ?? f.products.monthly,
    amount,
    tenorMonths: input.tenorMonths ?? 1,
    placementDate: valueDate,
    depositDate: valueDate,
    instruction: input.instruction ?? 'PAYOUT',
    now: wibTimestamp(valueDate, 8, 0),
  });
  await act(f, deposit.id, valueDate, { type: 'deposit.approve' });
  return deposit.id;
}

async function act(f: Fixture, depositId: string, date: string, request: TransitionRequest, supervisor = 0): Promise<void> {
  await createDepositTransitions({ db: f.db, clock: at(date) }).apply({ bankId: f.bankId, depositId, actor: { id: f.supervisors[supervisor]!, role: 'SUPERVISOR' }, request });
}

const firstInstallment = (f: Fixture, depositId: string) =>
  f.db.selectFrom('interest_installments').selectAll().where('deposit_id', '=', depositId).orderBy('period_number').orderBy('sequence').executeTakeFirstOrThrow();

describe.each(dialects)('tax decided when the daily job posts an installment (%s)', (dialect) => {
  let t: TestServer;
  let f: Fixture;
  beforeEach(async () => {
    t = await startTestServer(dialect, { seed: false });
    f = await fixture(t);
  }, 30_000);
  afterEach(async () => t?.stop());

  const job = (date: string) => runDailyJob({ db: f.db, clock: t.clock }, date);

  /** A 5.000.000 deposit from 5 Mar, and a second one of `second` placed on 20 Mar (before the 6 Apr pay date). */
  async function secondDepositBeforePayDate(second: number) {
    const customer = await newCustomer(f);
    const first = await approvedDeposit(f, customer, 5_000_000, '2026-03-05');
    await job('2026-03-05');
    // Written when the customer held only Rp 5.000.000: the estimate shows no tax.
    expect(await firstInstallment(f, first)).toMatchObject({ ...UNTAXED, status: 'scheduled' });
    await approvedDeposit(f, customer, second, '2026-03-20');
    await job('2026-03-20');
    await job('2026-04-05');
    const posted = await job('2026-04-06');
    return { first, posted };
  }

  it('a customer under the threshold at schedule time who places a second deposit before the pay date: tax withheld on posting', async () => {
    // 5.000.000 (matured the day before, its own principal still counts) + 3.000.000 active = 8.000.000 > 7.500.000.
    const { first, posted } = await secondDepositBeforePayDate(3_000_000);
    expect(posted.installmentsDue).toBe(1);
    expect(await firstInstallment(f, first)).toMatchObject({ ...TAXED, status: 'due' });
  });

  it('exactly Rp 7.500.000 on the posting date: no tax', async () => {
    const { first } = await secondDepositBeforePayDate(2_500_000);
    expect(await firstInstallment(f, first)).toMatchObject({ ...UNTAXED, status: 'due' });
  });

  it('Rp 7.500.001 on the posting date: tax withheld', async () => {
    const { first } = await secondDepositBeforePayDate(2_500_001);
    expect(await firstInstallment(f, first)).toMatchObject({ ...TAXED, status: 'due' });
  });

  it('a customer above the threshold at schedule time whose other deposit is broken before the pay date: no tax on posting', async () => {
    const customer = await newCustomer(f);
    const other = await approvedDeposit(f, customer, 5_000_000, '2026-03-05', { tenorMonths: 3 });
    await job('2026-03-05');
    // Placed while the other 5.000.000 is active: 10.000.000 at schedule time, so the estimate is taxed.
    // 6 Mar–6 Apr is 31 days as well: the same gross, due Monday 6 Apr.
    const id = await approvedDeposit(f, customer, 5_000_000, '2026-03-06');
    await job('2026-03-06');
    expect(await firstInstallment(f, id)).toMatchObject({ ...TAXED, status: 'scheduled' });
    // A break requested still counts (the deposit runs until the break is approved) …
    await act(f, other, '2026-03-20', { type: 'deposit.requestBreak', breakDate: '2026-03-20', reason: 'Kebutuhan mendesak' }, 0);
    expect((await f.db.selectFrom('deposits').select('status').where('id', '=', other).executeTakeFirstOrThrow()).status).toBe('breakRequested');
    // … and once approved the customer holds only this 5.000.000 on 6 Apr.
    await act(f, other, '2026-03-20', { type: 'deposit.approveBreak' }, 1);
    await job('2026-04-05');
    expect((await job('2026-04-06')).installmentsDue).toBe(1);
    expect(await firstInstallment(f, id)).toMatchObject({ ...UNTAXED, status: 'due' });
  });

  it('a break requested but not yet approved still counts as active on the posting date', async () => {
    const customer = await newCustomer(f);
    const id = await approvedDeposit(f, customer, 5_000_000, '2026-03-05');
    await job('2026-03-05');
    const other = await approvedDeposit(f, customer, 3_000_000, '2026-03-20', { tenorMonths: 3 });
    await job('2026-03-20');
    await act(f, other, '2026-04-01', { type: 'deposit.requestBreak', breakDate: '2026-04-01', reason: 'Kebutuhan mendesak' });
    await job('2026-04-05');
    await job('2026-04-06');
    // 5.000.000 + 3.000.000 (breakRequested) = 8.000.000 > 7.500.000.
    expect(await firstInstallment(f, id)).toMatchObject({ ...TAXED, status: 'due' });
  });

  it('days missed while the server was down are posted each with its own day\'s totals, not the day it came back', async () => {
    const customer = await newCustomer(f);
    const first = await approvedDeposit(f, customer, 5_000_000, '2026-03-05');
    // 3.000.000 from 10 Mar to 10 Apr: 31 days × 3.000.000 × 5,00% / 365 = 12.739,7 → 12.740, paid Friday 10 Apr.
    const second = await approvedDeposit(f, customer, 3_000_000, '2026-03-10');
    await job('2026-03-05');
    await job('2026-03-10');
    // Down from 11 Mar; back on 10 Apr, when the second deposit matures too.
    const reports = await runDailyCatchUp({ db: f.db, clock: t.clock }, '2026-04-10');
    expect(reports.map((report) => report.businessDate)).toHaveLength(31);
    // On 6 Apr the customer held 5.000.000 + 3.000.000 (the second still running) = 8.000.000: taxed.
    // A single run on 10 Apr would see the second already matured and leave it untaxed.
    expect(await firstInstallment(f, first)).toMatchObject({ ...TAXED, status: 'due', pay_date: '2026-04-06' });
    // On 10 Apr the first has matured: only the second's own 3.000.000 counts.
    expect(await firstInstallment(f, second)).toMatchObject({ gross_interest: 12_740, tax: 0, net_interest: 12_740, status: 'due', pay_date: '2026-04-10' });
  });

  it('a rerun of the job for the same date changes nothing', async () => {
    const { first } = await secondDepositBeforePayDate(3_000_000);
    const before = await f.db.selectFrom('interest_installments').selectAll().orderBy('id').execute();
    // The customer's standing changes after the posting: a rerun must not re-tax what was posted.
    await f.db.updateTable('deposits').set({ status: 'closed' }).where('customer_id', '=', (await f.db.selectFrom('deposits').select('customer_id').where('id', '=', first).executeTakeFirstOrThrow()).customer_id).where('id', '!=', first).execute();
    const rerun = await job('2026-04-06');
    expect(rerun.outcome).toBe('already-done');
    expect(await f.db.selectFrom('interest_installments').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await firstInstallment(f, first)).toMatchObject({ ...TAXED, status: 'due' });
  });

  it('ARO+ capitalises the ending interest taxed with the customer total on the maturity date, not at schedule time', async () => {
    const customer = await newCustomer(f);
    // 'Deposito Sejahtera Plus', 3 months at 5,75%, interest at maturity; 10.000.000 alone is above the threshold,
    // so the estimate is taxed. Its gross: 90 days (5 Jan–5 Apr) × 10.000.000 × 5,75% / 365 = 141.780,8 → 141.781.
    const id = await approvedDeposit(f, customer, 10_000_000, '2026-01-05', { productId: f.products.atMaturity, tenorMonths: 3, instruction: 'ARO_PLUS' });
    await job('2026-01-05');
    expect(await firstInstallment(f, id)).toMatchObject({ gross_interest: 141_781, tax: 28_356, net_interest: 113_425 });
    // The bank raises its threshold to Rp 15.000.000 before the maturity: on the posting date no tax is due.
    await f.db
      .insertInto('bank_settings')
      .values({ bank_id: f.bankId, holidays: '[]', tax_bps: 2000, tax_threshold: 15_000_000, lps_rates: '[{"effectiveFrom":"2000-01-01","rateBps":600}]', lps_max_balance: 2_000_000_000, cut_off_time: '15:00', updated_at: '2026-02-01T00:00:00.000Z' })
      .onConflict((oc) => oc.column('bank_id').doUpdateSet({ tax_threshold: 15_000_000 }))
      .execute();
    await job('2026-04-05');
    expect(await firstInstallment(f, id)).toMatchObject({ gross_interest: 141_781, tax: 0, net_interest: 141_781, status: 'paid', reference: ARO_PLUS_REFERENCE });
    // The net capitalised is the one posted: 10.000.000 + 141.781.
    expect((await f.db.selectFrom('deposits').select('amount').where('id', '=', id).executeTakeFirstOrThrow()).amount).toBe(10_141_781);
  });
});
