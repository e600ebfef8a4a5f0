import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maturityDate } from '../../machines/deposit-rules';
import { DEPOSIT_STATUSES, countDepositsByStatus } from '../../server/deposits/deposit-repository';
import { getDepositSettings, listProducts, productRules } from '../../server/products/product-service';
import { interestSchedule, taxInterest } from '../../machines/deposit-rules';
import { planDemoDeposits } from '../../server/demo/demo-deposits-plan';
import { seedDemoDeposits } from '../../server/demo/demo-deposits';
import { dialects, startTestServer, type TestServer } from './harness';

describe.each(dialects)('demo deposits on a first start (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { demoDeposits: true });
  }, 60_000);
  afterAll(async () => t?.stop());

  const bankId = async (name: string) => (await t.server.database.db.selectFrom('banks').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('both demo banks have deposits in every state, both close reasons, and counters that match the rows', async () => {
    const db = t.server.database.db;
    for (const [name, expected] of [['BPR Demo Sejahtera', 2000], ['BPR Lain Makmur', 300]] as const) {
      const id = await bankId(name);
      const rows = await db.selectFrom('deposits').select(['status', 'close_reason']).where('bank_id', '=', id).execute();
      expect(rows).toHaveLength(expected);
      for (const status of DEPOSIT_STATUSES) expect(rows.filter((row) => row.status === status).length, `${name} ${status}`).toBeGreaterThan(0);
      expect(rows.some((row) => row.close_reason === 'matured')).toBe(true);
      // Lain Makmur has a single user, who may not approve their own break request.
      if (name === 'BPR Demo Sejahtera') expect(rows.some((row) => row.close_reason === 'broken')).toBe(true);
      const counters = await countDepositsByStatus(db, { bankId: id });
      for (const status of DEPOSIT_STATUSES) expect(counters[status], status).toBe(rows.filter((row) => row.status === status).length);
    }
    const installmentStatuses = await db.selectFrom('interest_installments').select('status').distinct().execute();
    expect(installmentStatuses.map((row) => row.status).sort()).toEqual(['cancelled', 'due', 'paid', 'scheduled']);
    const requestStatuses = await db.selectFrom('change_requests').select('status').distinct().execute();
    expect(requestStatuses.map((row) => row.status).sort()).toEqual(['approved', 'pending', 'rejected']);
    expect(Number((await db.selectFrom('aro_letters').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
  });

  it('figures agree with the rules: maturity, schedule, tax, ARO+ growth, break payouts, timeline ending in the status', async () => {
    const db = t.server.database.db;
    const id = await bankId('BPR Demo Sejahtera');
    const settings = await getDepositSettings(db, id);
    const tax = { taxBps: settings.taxBps, thresholdRupiah: settings.taxThreshold };
    const running = await db.selectFrom('deposits').selectAll().where('bank_id', '=', id).where('status', 'in', ['active', 'matured', 'disbursing', 'closed']).orderBy('deposit_number').execute();
    expect(running.length).toBeGreaterThan(500);
    for (const deposit of running.filter((_, index) => index % 7 === 0)) {
      expect(deposit.maturity_date).toBe(maturityDate(deposit.period_start, deposit.tenor_months));
      const installments = await db.selectFrom('interest_installments').selectAll().where('deposit_id', '=', deposit.id).orderBy('period_number').orderBy('sequence').execute();
      const current = installments.filter((item) => item.period_number === deposit.period_number);
      const expectedSchedule = interestSchedule({
        principal: deposit.amount,
        rateBps: deposit.rate_bps,
        periodStart: deposit.period_start,
        tenorMonths: deposit.tenor_months,
        holidays: settings.holidays,
        interestPayment: deposit.interest_payment,
      });
      expect(current.map((item) => [item.period_start, item.period_end, item.pay_date, item.gross_interest])).toEqual(
        expectedSchedule.map((item) => [item.periodStart, item.periodEnd, item.payDate, item.grossInterest]),
      );
      for (const item of installments) {
        expect(item.net_interest).toBe(item.gross_interest - item.tax);
        expect([0, taxInterest(item.gross_interest, { customerActivePrincipal: Number.MAX_SAFE_INTEGER, settings: tax }).tax]).toContain(item.tax);
      }
      const periods = await db.selectFrom('deposit_periods').selectAll().where('deposit_id', '=', deposit.id).orderBy('period_number').execute();
      expect(periods.at(-1)!.period_number).toBe(deposit.period_number);
      for (let k = 1; k < periods.length; k += 1) {
        const previous = periods[k - 1]!;
        const period = periods[k]!;
        if (period.started_by !== 'rollover') continue;
        expect(period.period_start).toBe(previous.maturity_date);
        const rolled = installments.filter((item) => item.period_number === previous.period_number && item.reference === 'ARO+ (dikapitalisasi)');
        expect(period.amount).toBe(previous.amount + (previous.maturity_instruction === 'ARO_PLUS' ? rolled.reduce((sum, item) => sum + item.net_interest, 0) : 0));
      }
      const audit = await db.selectFrom('deposit_audit').selectAll().where('deposit_id', '=', deposit.id).orderBy('at').execute();
      expect(audit[0]!.event).toBe('deposit.create');
      expect(audit.at(-1)!.to_status).toBe(deposit.status);
      for (let k = 1; k < audit.length; k += 1) expect(audit[k]!.from_status).toBe(audit[k - 1]!.to_status);
    }
    const breaks = await db.selectFrom('disbursements').selectAll().where('bank_id', '=', id).where('kind', '=', 'break').execute();
    expect(breaks.length).toBeGreaterThan(0);
    for (const payout of breaks) expect(payout.amount).toBe(payout.principal + payout.interest - payout.tax - payout.penalty);
  });

  it('a second seed changes nothing', async () => {
    const db = t.server.database.db;
    const before = Number((await db.selectFrom('deposits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await seedDemoDeposits({ db, clock: t.clock })).toEqual([]);
    expect(Number((await db.selectFrom('deposits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
  });

  it('the plan is deterministic: the same inputs give the same rows', async () => {
    const db = t.server.database.db;
    const id = await bankId('BPR Lain Makmur');
    const products = (await listProducts(db, id)).map((product) => ({
      rules: productRules(product),
      name: product.name,
      interestPayment: product.interest_payment,
      instructionsAllowed: JSON.parse(product.instructions_allowed) as Array<'ARO' | 'ARO_PLUS' | 'PAYOUT'>,
    }));
    const input = {
      bankId: id,
      code: 'LM',
      depositCount: 120,
      customerCount: 90,
      products,
      operatorId: 'op',
      supervisorIds: ['sup-1', 'sup-2'],
      holidays: [],
      tax: { taxBps: 2000, thresholdRupiah: 7_500_000 },
      today: '2026-03-02',
      months: 18,
      seed: 7,
    };
    expect(planDemoDeposits(input)).toEqual(planDemoDeposits(input));
    expect(planDemoDeposits({ ...input, seed: 8 }).deposits[0]!.id).not.toBe(planDemoDeposits(input).deposits[0]!.id);
  });
});
