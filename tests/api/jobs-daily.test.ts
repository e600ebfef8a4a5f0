import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/platform/db/schema';
import { wibTimestamp } from '../../server/platform/business-date';
import { ARO_PLUS_REFERENCE } from '../../machines/deposit-rules';
import { runDailyCatchUp } from '../../server/jobs/catch-up';
import { describeDailyReport, runDailyJob } from '../../server/jobs/daily';
import { placeDeposit } from '../../server/deposits/deposit-placement';
import { insertRateSchedule } from '../../server/products/product-repository';
import { createDepositTransitions } from '../../server/deposits/transition-service';
import { dialects, startTestServer, type TestServer } from './harness';
import { at, jobBank, newJobCustomer, type JobBank } from './job-fixtures';
import { pdfToText, squish } from '../support/pdf-text';

interface Fixture extends JobBank {
  supervisorId: string;
}

async function fixture(t: TestServer): Promise<Fixture> {
  const bank = await jobBank(t, 'BPR Uji Harian');
  return { ...bank, supervisorId: bank.supervisors[0]! };
}

/** A new customer (so each deposit's tax threshold is its own) and an approved deposit. */
async function approvedDeposit(
  f: Fixture,
  input: { productId: string; amount: number; tenorMonths: number; valueDate: string; approvedOn: string; instruction: 'ARO' | 'ARO_PLUS' | 'PAYOUT' },
): Promise<string> {
  const now = wibTimestamp(input.approvedOn, 8, 0);
  const customerId = await newJobCustomer(f, now);
  const deposit = await placeDeposit(f.db, {
    bankId: f.bankId,
    customerId,
    productId: input.productId,
    amount: input.amount,
    tenorMonths: input.tenorMonths,
    placementDate: input.approvedOn,
    depositDate: input.valueDate,
    instruction: input.instruction,
    now,
  });
  await createDepositTransitions({ db: f.db, clock: at(input.approvedOn) }).apply({
    bankId: f.bankId,
    depositId: deposit.id,
    actor: { id: f.supervisorId, role: 'SUPERVISOR' },
    request: { type: 'deposit.approve' },
  });
  return deposit.id;
}

const deposit = (f: Fixture, id: string) => f.db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const installments = (f: Fixture, id: string) =>
  f.db.selectFrom('interest_installments').selectAll().where('deposit_id', '=', id).orderBy('period_number').orderBy('sequence').execute();
const audit = (f: Fixture, id: string) => f.db.selectFrom('deposit_audit').selectAll().where('deposit_id', '=', id).orderBy('at').orderBy('id').execute();

/** Everything the job may write, to prove a rerun writes nothing. */
async function snapshot(db: Kysely<Database>) {
  return {
    deposits: await db.selectFrom('deposits').select(['id', 'status', 'version', 'amount', 'period_number', 'maturity_date', 'updated_at']).orderBy('id').execute(),
    installments: await db.selectFrom('interest_installments').select(['id', 'status', 'updated_at']).orderBy('id').execute(),
    periods: await db.selectFrom('deposit_periods').select(['id']).orderBy('id').execute(),
    audit: await db.selectFrom('deposit_audit').select(['id']).orderBy('id').execute(),
    letters: await db.selectFrom('aro_letters').select(['id']).orderBy('id').execute(),
    counts: await db.selectFrom('deposit_status_counts').selectAll().orderBy('bank_id').orderBy('status').execute(),
  };
}

describe.each(dialects)('daily job (%s)', (dialect) => {
  let t: TestServer;
  let f: Fixture;
  beforeEach(async () => {
    t = await startTestServer(dialect, { seed: false });
    f = await fixture(t);
  }, 30_000);
  afterEach(async () => t?.stop());

  const job = (date: string, afterWrite?: Parameters<typeof runDailyJob>[0]['afterWrite'], groupSize?: number) =>
    runDailyJob({ db: f.db, clock: t.clock, ...(afterWrite ? { afterWrite } : {}), ...(groupSize ? { groupSize } : {}) }, date);

  it('activates an approved deposit on its value date, not before, as SYSTEM with an audit row', async () => {
    const id = await approvedDeposit(f, { productId: f.products.monthly, amount: 10_000_000, tenorMonths: 1, valueDate: '2026-03-05', approvedOn: '2026-03-02', instruction: 'PAYOUT' });
    expect((await deposit(f, id)).status).toBe('approved');
    expect((await job('2026-03-04')).activated).toBe(0);
    expect((await deposit(f, id)).status).toBe('approved');
    const report = await job('2026-03-05');
    expect(report.activated).toBe(1);
    expect((await deposit(f, id)).status).toBe('active');
    const last = (await audit(f, id)).at(-1)!;
    expect(last).toMatchObject({ actor_id: 'SYSTEM', from_status: 'approved', to_status: 'active', event: 'deposit.activate' });
  });

  it('ARO at maturity: a new period at the product rate in force that day, unchanged principal, its installment and an ARO letter', async () => {
    const id = await approvedDeposit(f, { productId: f.products.atMaturity, amount: 100_000_000, tenorMonths: 3, valueDate: '2026-01-05', approvedOn: '2026-01-05', instruction: 'ARO' });
    // The 3-month rate changes from 5,75% to 6,00% from the maturity date on: the rollover takes 6,00%.
    await insertRateSchedule(f.db, f.products.atMaturity, '2026-04-05', [{ tenorMonths: 3, rateBps: 600 }, { tenorMonths: 6, rateBps: 600 }], '2026-03-01T00:00:00.000Z', 'SYSTEM');
    expect((await job('2026-04-04')).rolledOver).toBe(0);
    const report = await job('2026-04-05');
    expect(report).toMatchObject({ rolledOver: 1, matured: 0 });
    const row = await deposit(f, id);
    expect(row).toMatchObject({ status: 'active', period_number: 2, period_start: '2026-04-05', maturity_date: '2026-07-05', amount: 100_000_000, rate_bps: 600 });
    const items = await installments(f, id);
    // Period 1: 5 Jan–5 Apr = 90 days × 100.000.000 × 5,75% / 365 = 1.417.808,2 → 1.417.808 (paid by the transfer template, not rolled).
    expect(items[0]).toMatchObject({ period_number: 1, gross_interest: 1_417_808, status: 'scheduled' });
    // Period 2: 5 Apr–5 Jul = 91 days × 100.000.000 × 6,00% / 365 = 1.495.890,4 → 1.495.890; 5 Jul is a Sunday → paid Monday 6 Jul.
    expect(items[1]).toMatchObject({ period_number: 2, period_start: '2026-04-05', period_end: '2026-07-05', pay_date: '2026-07-06', gross_interest: 1_495_890, status: 'scheduled' });
    const letters = await f.db.selectFrom('aro_letters').selectAll().where('deposit_id', '=', id).execute();
    expect(letters).toMatchObject([{ period_number: 2, issued_date: '2026-04-05' }]);
    expect((await audit(f, id)).at(-1)).toMatchObject({ actor_id: 'SYSTEM', event: 'deposit.rollover', from_status: 'active', to_status: 'active' });
  });

  it('ARO+ at maturity: principal grows by the ending period net interest, which is closed as capitalised, never transferred', async () => {
    const id = await approvedDeposit(f, { productId: f.products.atMaturity, amount: 50_000_000, tenorMonths: 3, valueDate: '2026-01-05', approvedOn: '2026-01-05', instruction: 'ARO_PLUS' });
    await job('2026-04-05');
    const row = await deposit(f, id);
    // Gross 90 days × 50.000.000 × 5,75% / 365 = 708.904,1 → 708.904; tax 20% (principal above Rp 7.500.000)
    // = 141.780,8 → 141.781; net 567.123; new principal 50.567.123.
    expect(row).toMatchObject({ status: 'active', period_number: 2, amount: 50_567_123, rate_bps: 575, maturity_date: '2026-07-05' });
    const items = await installments(f, id);
    expect(items[0]).toMatchObject({ gross_interest: 708_904, tax: 141_781, net_interest: 567_123, status: 'paid', reference: ARO_PLUS_REFERENCE, paid_by: 'SYSTEM' });
    // Period 2 on the new principal: 91 days × 50.567.123 × 5,75% / 365 = 724.910,9 → 724.911.
    expect(items[1]).toMatchObject({ period_number: 2, gross_interest: 724_911 });
    const periods = await f.db.selectFrom('deposit_periods').selectAll().where('deposit_id', '=', id).orderBy('period_number').execute();
    expect(periods.map((p) => [p.period_number, p.amount, p.started_by])).toEqual([
      [1, 50_000_000, 'placement'],
      [2, 50_567_123, 'rollover'],
    ]);
    // A later run on the installment's pay date finds nothing left to make due for period 1.
    const later = await job('2026-04-06');
    expect(later.installmentsDue).toBe(0);

    // After the job, its follow-up draws the ARO letter as the deposit's document, once.
    expect(await t.server.services.aroLetters.drawRecent()).toEqual({ drawn: 1, failed: 0 });
    expect(await t.server.services.aroLetters.drawRecent()).toEqual({ drawn: 0, failed: 0 });
    const letter = await f.db.selectFrom('aro_letters').selectAll().where('deposit_id', '=', id).executeTakeFirstOrThrow();
    const document = await f.db.selectFrom('documents').selectAll().where('file_id', '=', letter.file_id!).executeTakeFirstOrThrow();
    expect(document).toMatchObject({ type: 'ARO_LETTER', deposit_id: id, uploaded_by: 'SYSTEM', media_type: 'application/pdf' });
    const text = squish(await pdfToText((await t.server.fileStore.get(document.file_id))!));
    expect(text).toContain('PERPANJANGAN OTOMATIS');
    expect(text).toContain('Rp 50.000.000'); // the old principal …
    expect(text).toContain('Rp 567.123'); // … the capitalised interest …
    expect(text).toContain('Rp 50.567.123'); // … and the new principal, which is their sum
    expect(text).toContain('lima puluh juta lima ratus enam puluh tujuh ribu seratus dua puluh tiga rupiah');
  });

  it('non-ARO at maturity: matured and waiting for staff; its installment falls due on the next working day', async () => {
    const id = await approvedDeposit(f, { productId: f.products.monthly, amount: 10_000_000, tenorMonths: 1, valueDate: '2026-03-05', approvedOn: '2026-03-05', instruction: 'PAYOUT' });
    const first = await job('2026-04-05');
    expect(first).toMatchObject({ matured: 1, rolledOver: 0, installmentsDue: 0 });
    expect((await deposit(f, id))).toMatchObject({ status: 'matured', period_number: 1 });
    // 5 Mar–5 Apr: 31 days × 10.000.000 × 5,00% / 365 = 42.465,8 → 42.466; 5 Apr is a Sunday → due Monday 6 Apr.
    expect((await installments(f, id))[0]).toMatchObject({ gross_interest: 42_466, pay_date: '2026-04-06', status: 'scheduled' });
    const second = await job('2026-04-06');
    expect(second.installmentsDue).toBe(1);
    expect((await installments(f, id))[0]!.status).toBe('due');
    expect(describeDailyReport(second).join('\n')).toContain('1 angsuran bunga jatuh tempo bayar');
  });

  it('a second run for the same date changes nothing and says so', async () => {
    await approvedDeposit(f, { productId: f.products.atMaturity, amount: 20_000_000, tenorMonths: 3, valueDate: '2026-01-05', approvedOn: '2026-01-05', instruction: 'ARO' });
    await approvedDeposit(f, { productId: f.products.monthly, amount: 10_000_000, tenorMonths: 1, valueDate: '2026-03-05', approvedOn: '2026-03-05', instruction: 'PAYOUT' });
    const first = await job('2026-04-05');
    expect(first).toMatchObject({ outcome: 'done', rolledOver: 1, matured: 1 });
    const before = await snapshot(f.db);
    const second = await job('2026-04-05');
    expect(second).toMatchObject({ outcome: 'already-done', rolledOver: 1, matured: 1 });
    expect(describeDailyReport(second)[0]).toContain('sudah pernah diselesaikan');
    expect(await snapshot(f.db)).toEqual(before);
  });

  it('a run that crashes halfway and is run again rolls every deposit exactly once; the group in flight is undone whole', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(await approvedDeposit(f, { productId: f.products.atMaturity, amount: 10_000_000 + i, tenorMonths: 3, valueDate: '2026-01-05', approvedOn: '2026-01-05', instruction: i % 2 ? 'ARO' : 'ARO_PLUS' }));
    }
    // Groups of 3: the first group commits, the crash comes after the 4th deposit is written in the second.
    await expect(
      job(
        '2026-04-05',
        (step, done) => {
          if (step === 'maturity' && done === 4) throw new Error('proses dimatikan');
        },
        3,
      ),
    ).rejects.toThrow('proses dimatikan');
    const halfway = await Promise.all(ids.map((id) => deposit(f, id)));
    expect(halfway.filter((row) => row.period_number === 2)).toHaveLength(3);
    const rolledHalfway = halfway.filter((row) => row.period_number === 2).map((row) => row.id);
    for (const id of ids.filter((id) => !rolledHalfway.includes(id))) {
      // Nothing half-written for the undone deposit: no audit row, letter, period or capitalised interest.
      expect((await audit(f, id)).filter((row) => row.event === 'deposit.rollover')).toHaveLength(0);
      expect(await f.db.selectFrom('aro_letters').select('id').where('deposit_id', '=', id).execute()).toHaveLength(0);
      expect(await f.db.selectFrom('deposit_periods').select('id').where('deposit_id', '=', id).where('period_number', '=', 2).execute()).toHaveLength(0);
      expect((await installments(f, id)).filter((item) => item.reference === ARO_PLUS_REFERENCE)).toHaveLength(0);
    }
    // A killed process leaves the run 'running' (nothing could mark it failed): the rerun takes it over.
    await f.db.updateTable('job_runs').set({ status: 'running' }).where('job', '=', 'daily').where('business_date', '=', '2026-04-05').execute();

    const rerun = await job('2026-04-05');
    expect(rerun).toMatchObject({ outcome: 'done', resumed: true, rolledOver: 3 });
    for (const id of ids) {
      expect((await deposit(f, id)).period_number).toBe(2);
      expect((await audit(f, id)).filter((row) => row.event === 'deposit.rollover')).toHaveLength(1);
      expect(await f.db.selectFrom('aro_letters').select('id').where('deposit_id', '=', id).execute()).toHaveLength(1);
      expect((await installments(f, id)).filter((item) => item.period_number === 2)).toHaveLength(1);
    }
    const run = await f.db.selectFrom('job_runs').selectAll().where('job', '=', 'daily').where('business_date', '=', '2026-04-05').executeTakeFirstOrThrow();
    expect(run.status).toBe('done');
    expect((await job('2026-04-05')).outcome).toBe('already-done');
  });

  it('a deposit the machine refuses is reported and left as it was, while the others of its group are committed', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await approvedDeposit(f, { productId: f.products.atMaturity, amount: 10_000_000 + i, tenorMonths: 3, valueDate: '2026-01-05', approvedOn: '2026-01-05', instruction: 'ARO' }));
    }
    await job('2026-01-05');
    // A 5-month tenor whose stored rate is 0 (data no screen accepts): the rollover has no valid rate to take.
    const refusedId = ids[1]!;
    await f.db.updateTable('deposits').set({ tenor_months: 5 }).where('id', '=', refusedId).execute();
    await insertRateSchedule(f.db, f.products.atMaturity, '2026-04-05', [{ tenorMonths: 3, rateBps: 575 }, { tenorMonths: 5, rateBps: 0 }], '2026-03-01T00:00:00.000Z', 'SYSTEM');

    const report = await job('2026-04-05', undefined, 3);
    expect(report.rolledOver).toBe(2);
    expect(report.refused).toEqual([{ depositId: refusedId, event: 'deposit.rollover', message: 'Suku bunga perpanjangan tidak valid.' }]);
    for (const id of ids) {
      const row = await deposit(f, id);
      expect(row.period_number).toBe(id === refusedId ? 1 : 2);
      expect((await audit(f, id)).filter((item) => item.event === 'deposit.rollover')).toHaveLength(id === refusedId ? 0 : 1);
    }
  });

  it('a run after missed days catches up: a deposit two periods behind rolls twice in one run', async () => {
    const id = await approvedDeposit(f, { productId: f.products.monthly, amount: 10_000_000, tenorMonths: 1, valueDate: '2026-01-05', approvedOn: '2026-01-05', instruction: 'ARO' });
    const report = await job('2026-03-05');
    expect(report.rolledOver).toBe(2);
    expect(await deposit(f, id)).toMatchObject({ period_number: 3, period_start: '2026-03-05', maturity_date: '2026-04-05' });
  });

  it('catching up after days down runs each missed date once, oldest first, then nothing more', async () => {
    const id = await approvedDeposit(f, { productId: f.products.monthly, amount: 10_000_000, tenorMonths: 1, valueDate: '2026-03-04', approvedOn: '2026-03-02', instruction: 'PAYOUT' });
    await job('2026-03-02');
    const reports = await runDailyCatchUp({ db: f.db, clock: t.clock }, '2026-03-06');
    expect(reports.map((report) => [report.businessDate, report.outcome, report.activated])).toEqual([
      ['2026-03-03', 'done', 0],
      ['2026-03-04', 'done', 1],
      ['2026-03-05', 'done', 0],
      ['2026-03-06', 'done', 0],
    ]);
    // Activated by the run for its own value date, stamped 00:05 WIB that day.
    expect((await audit(f, id)).find((row) => row.event === 'deposit.activate')?.at).toBe(wibTimestamp('2026-03-04', 0, 5));
    const again = await runDailyCatchUp({ db: f.db, clock: t.clock }, '2026-03-06');
    expect(again.map((report) => [report.businessDate, report.outcome])).toEqual([['2026-03-06', 'already-done']]);
  });

  it('refuses a date that does not exist, in Indonesian', async () => {
    await expect(job('2026-02-30')).rejects.toThrow('tidak valid');
  });

  it('keeps the status counters exact through a crash and its rerun (a group writes its counter moves with its commit, or not at all)', async () => {
    for (let i = 0; i < 6; i += 1) {
      await approvedDeposit(f, { productId: f.products.monthly, amount: 10_000_000 + i, tenorMonths: 1, valueDate: '2026-03-05', approvedOn: '2026-03-05', instruction: i % 2 ? 'PAYOUT' : 'ARO' });
    }
    const counters = async () =>
      Object.fromEntries(
        (await f.db.selectFrom('deposit_status_counts').select(['status', 'total']).where('bank_id', '=', f.bankId).execute())
          .filter((row) => Number(row.total) !== 0)
          .map((row) => [row.status, Number(row.total)]),
      );
    const recount = async () =>
      Object.fromEntries(
        (await f.db.selectFrom('deposits').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('bank_id', '=', f.bankId).groupBy('status').execute()).map((row) => [
          row.status,
          Number(row.n),
        ]),
      );
    await job('2026-03-05');
    expect(await counters()).toEqual({ active: 6 });
    // Groups of 4: the first commits (its PAYOUT deposits matured), the crash comes in the second.
    await expect(
      job(
        '2026-04-05',
        (step, done) => {
          if (step === 'maturity' && done === 5) throw new Error('proses dimatikan');
        },
        4,
      ),
    ).rejects.toThrow('proses dimatikan');
    expect(await counters()).toEqual(await recount());
    await f.db.updateTable('job_runs').set({ status: 'running' }).where('job', '=', 'daily').where('business_date', '=', '2026-04-05').execute();
    expect(await job('2026-04-05', undefined, 4)).toMatchObject({ resumed: true });
    expect(await counters()).toEqual(await recount());
    expect(await counters()).toEqual({ active: 3, matured: 3 });
  });

  it('needs few statements per maturing deposit, each a round trip to PostgreSQL (products and settings read once a run, the deposit once, new rows, counters and postings per group)', async () => {
    for (const instruction of ['ARO', 'ARO_PLUS', 'PAYOUT'] as const) {
      for (let i = 0; i < 4; i += 1) {
        const monthly = instruction === 'PAYOUT';
        await approvedDeposit(f, {
          productId: monthly ? f.products.monthly : f.products.atMaturity,
          amount: 10_000_000 + i,
          tenorMonths: monthly ? 1 : 3,
          valueDate: monthly ? '2026-03-05' : '2026-01-05',
          approvedOn: monthly ? '2026-03-05' : '2026-01-05',
          instruction,
        });
      }
    }
    await job('2026-04-04');
    let statements = 0;
    // Counted as they answer (a plugin also transforms subqueries, once each).
    const counted = f.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    });
    const report = await runDailyJob({ db: counted, clock: t.clock }, '2026-04-06');
    expect(report).toMatchObject({ rolledOver: 8, matured: 4, installmentsDue: 8, refused: [] });
    // Measured: 71 statements for 12 deposits and 8 postings (before: 165 — products, tenors
    // and settings per deposit, the deposit read twice, an INSERT per audit row, period,
    // installment schedule and letter, an UPDATE per posting and two counter statements per status
    // change). Savepoints are not counted (Kysely sends them itself).
    expect(statements).toBeLessThanOrEqual(75);
  });
});
