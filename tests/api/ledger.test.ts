import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingSettingsAnswerSchema, journalAnswerSchema, journalSummarySchema, type JournalAnswer, type JournalSummary } from '../../contract/ledger';
import { addDays } from '../../machines/deposit-rules';
import { runDailyJob } from '../../server/jobs/daily';
import { samplePdf } from '../support/sample-files';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * The bank's ledger (issue 21, DOMAIN.md "The bank's ledger"): a quarter of a bank's life —
 * placements, installments with and without tax, ARO, ARO+, an extension, a break with penalty,
 * payouts — gives a journal whose every entry balances and whose months meet every check: the
 * liability equals Posisi Deposito, the accrued payable equals the interest accrued and not yet
 * posted, and the PPh payable equals Bunga dan PPh's.
 */
describe.each(dialects)('the ledger (%s)', (dialect) => {
  let w: World;
  const get = async (path: string, who: keyof World['users'] = 'supervisor') => w.call('GET', path, { token: w.users[who].token });
  const summary = async (period: string): Promise<JournalSummary> => {
    const answer = await get(`/report/journal/summary?period=${period}`);
    expect(answer.status, answer.text).toBe(200);
    return journalSummarySchema.parse(answer.body.data);
  };
  const journal = async (query: string): Promise<JournalAnswer> => {
    const answer = await get(`/report/journal?${query}`);
    expect(answer.status, answer.text).toBe(200);
    return journalAnswerSchema.parse(answer.body.data);
  };
  const markPaid = async (depositId: string, paidAt: string) => {
    await w.signInAgain();
    const form = new FormData();
    for (const [name, value] of Object.entries({ depositId, reference: `TRF-${depositId.slice(0, 6)}`, paidAt })) form.set(name, value);
    form.set('proof', new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }), 'bukti.pdf');
    const answer = await w.call('POST', '/deposito/disbursement-paid', { token: w.users.supervisor.token, form, headers: freshKey() });
    expect(answer.status, answer.text).toBe(200);
  };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-03-02');
    const place = async (key: string, options: Parameters<World['place']>[0]) => {
      const row = await w.place(options);
      await w.drive(row.id, { type: 'deposit.approve' });
      ids[key] = row.id;
    };
    // 2 March: seven deposits, 505.000.000 in all.
    await place('aro', { amount: 200_000_000, tenorMonths: 3, instruction: 'ARO' });
    await place('aroPlus', { amount: 100_000_000, tenorMonths: 1, instruction: 'ARO_PLUS' });
    await place('untaxed', { amount: 5_000_000, tenorMonths: 3, instruction: 'PAYOUT', product: 'atMaturity', customer: 'second' });
    await place('payout', { amount: 50_000_000, tenorMonths: 1, instruction: 'PAYOUT' });
    await place('broken', { amount: 100_000_000, tenorMonths: 3, instruction: 'ARO' });
    await place('extended', { amount: 20_000_000, tenorMonths: 1, instruction: 'PAYOUT' });
    await place('atMaturity', { amount: 30_000_000, tenorMonths: 3, instruction: 'ARO', product: 'atMaturity', customer: 'second' });

    for (let day = '2026-03-02'; day <= '2026-05-31'; day = addDays(day, 1)) {
      w.setToday(day);
      await runDailyJob({ db: w.db, clock: w.clock }, day);
      if (day === '2026-03-20') {
        await w.signInAgain();
        await w.drive(ids.broken!, { type: 'deposit.requestBreak', breakDate: '2026-03-20', reason: 'Kebutuhan mendesak' }, 'operator');
        await w.drive(ids.broken!, { type: 'deposit.approveBreak' }, 'supervisor2');
      }
      if (day === '2026-03-23') await markPaid(ids.broken!, '2026-03-23');
      if (day === '2026-04-02') {
        await w.signInAgain();
        await w.drive(ids.payout!, { type: 'deposit.requestDisbursement' }, 'operator');
        await w.drive(ids.extended!, { type: 'deposit.extend', tenorMonths: 3 }, 'operator');
      }
      if (day === '2026-04-03') await markPaid(ids.payout!, '2026-04-03');
    }
    await w.signInAgain();
  }, 240_000);
  afterAll(async () => {
    await w?.stop();
  });

  it('books the quarter month by month: every entry balances, and each month meets every check', async () => {
    for (const period of ['2026-03', '2026-04', '2026-05']) {
      const month = await summary(period);
      for (const [name, check] of Object.entries(month.checks)) expect([period, name, check.ok, check.detail]).toEqual([period, name, true, expect.any(String)]);
      const entries = (await journal(`period=${period}`)).entries;
      for (const entry of entries) {
        const debit = entry.lines.reduce((sum, line) => sum + line.debit, 0);
        const credit = entry.lines.reduce((sum, line) => sum + line.credit, 0);
        expect([entry.entryId, debit]).toEqual([entry.entryId, credit]);
      }
      // A month opens where the one before it closed.
      if (period !== '2026-03') {
        const before = await summary(period === '2026-04' ? '2026-03' : '2026-04');
        for (const role of ['depositLiability', 'interestPayable'] as const) {
          expect([role, month.accounts.find((a) => a.role === role)!.opening]).toEqual([role, before.accounts.find((a) => a.role === role)!.closing]);
        }
      }
    }
  });

  it('March: 505.000.000 placed, the break settled on its break date and transferred on its payout, interest accrued', async () => {
    const march = await journal('period=2026-03');
    const of = (event: string) => march.entries.filter((entry) => entry.event === event);
    const placed = of('placement').flatMap((entry) => entry.lines).filter((line) => line.role === 'depositLiability');
    expect(placed.reduce((sum, line) => sum + line.credit, 0)).toBe(505_000_000);
    expect(of('breakSettled').map((entry) => entry.date)).toEqual(['2026-03-20']);
    expect(of('breakTransferred').map((entry) => entry.date)).toEqual(['2026-03-23']);
    const transfer = of('breakTransferred')[0]!;
    // 1% penalty of 100.000.000 (the monthly product's penaltyBps 100).
    expect(transfer.lines.find((line) => line.role === 'penaltyIncome')?.credit).toBe(1_000_000);
    expect(transfer.lines.find((line) => line.role === 'depositLiability')?.debit).toBe(100_000_000);
    expect(of('accrual').length).toBeGreaterThan(20);
    const liability = (await summary('2026-03')).accounts.find((account) => account.role === 'depositLiability')!;
    expect([liability.opening, liability.closing]).toEqual([0, 405_000_000]);
  });

  it('April: installments posted with and without tax, ARO+ capitalised, the maturity payout, the extension moving nothing', async () => {
    const april = await journal('period=2026-04');
    const kinds = new Set(april.entries.map((entry) => entry.event));
    for (const kind of ['installmentPosted', 'aroPlusRollover', 'maturityPaid', 'accrual']) expect([kind, kinds.has(kind)]).toEqual([kind, true]);
    const aroPlus = april.entries.find((entry) => entry.event === 'aroPlusRollover')!;
    const net = aroPlus.lines.find((line) => line.role === 'depositLiability')!.credit;
    const gross = aroPlus.lines.find((line) => line.role === 'interestPayable')!.debit;
    const tax = aroPlus.lines.find((line) => line.role === 'taxPayable')!.credit;
    expect(net + tax).toBe(gross);
    expect(tax).toBeGreaterThan(0);
    const maturity = april.entries.find((entry) => entry.event === 'maturityPaid')!;
    expect(maturity.date).toBe('2026-04-03');
    expect(maturity.lines.find((line) => line.role === 'depositLiability')?.debit).toBe(50_000_000);
  });

  it('a day is its own journal, and the files hold the same lines: xlsx with its detail sheet, CSV and its detail', async () => {
    const day = await journal('date=2026-04-02');
    expect(day.from).toBe('2026-04-02');
    expect(day.entries.every((entry) => entry.date === '2026-04-02')).toBe(true);
    const csv = await get('/report/journal?date=2026-04-02&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toBe('entryId,tanggal,peristiwa,referensi,akun,debit,kredit,keterangan');
    expect(rows.length - 1).toBe(day.entries.reduce((sum, entry) => sum + entry.lines.length, 0));
    const detail = await get('/report/journal?period=2026-03&format=csv&detail=true');
    expect(detail.text).toContain('nomorDeposito');
    expect(detail.text.split('\r\n').filter((line) => line.includes('Penempatan deposito')).length).toBe(7);
    // A break is an entry of its own: its detail rows name the deposit and its customer too.
    const brokenDeposit = await w.db.selectFrom('deposits').select(['deposit_number', 'customer_name']).where('id', '=', ids.broken!).executeTakeFirstOrThrow();
    const breakRows = detail.text.split('\r\n').filter((line) => line.includes('pencairan sebelum jatuh tempo'));
    expect(breakRows.length).toBeGreaterThan(0);
    for (const row of breakRows) expect(row).toContain(`,${brokenDeposit.deposit_number},${brokenDeposit.customer_name},`);
    const xlsx = await get('/report/journal?period=2026-03&format=xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toMatch(/spreadsheetml/);
  });

  it('an admin maps the accounts (audited); the journal posts to them; an operator may not; bad codes are all said at once', async () => {
    const byOperator = await w.call('PUT', '/bpr/accounting-settings', { token: w.users.operator.token, json: { accounts: {} }, headers: freshKey() });
    expect([byOperator.status, byOperator.body.message]).toEqual([403, 'Hanya admin yang dapat mengubah pemetaan akun.']);
    const bad = await w.call('PUT', '/bpr/accounting-settings', {
      token: w.users.admin.token,
      json: { accounts: { depositLiability: '2101', interestExpense: '2101', taxPayable: '=SUM(A1)' }, byProduct: { 'produk-lain': { depositLiability: '2109' } } },
      headers: freshKey(),
    });
    expect(bad.status).toBe(400);
    expect((bad.body.message as string[]).length).toBeGreaterThanOrEqual(3);
    const saved = await w.call('PUT', '/bpr/accounting-settings', {
      token: w.users.admin.token,
      json: { accounts: { depositLiability: '2101.01', interestExpense: '5101', interestPayable: '2501', taxPayable: '2402', penaltyIncome: '4901', payoutClearing: '2199', placementClearing: '1199' }, byProduct: { [w.products.atMaturity]: { depositLiability: '2101.02' } } },
      headers: freshKey(),
    });
    expect(saved.status, saved.text).toBe(200);
    expect(accountingSettingsAnswerSchema.parse(saved.body.data).roles.find((role) => role.role === 'depositLiability')).toMatchObject({ account: '2101.01', mapped: true });
    const audit = await w.db.selectFrom('bank_audit').select(['event', 'actor_id']).where('subject', '=', 'accounting-settings').execute();
    expect(audit).toEqual([{ event: 'accountingSettings.update', actor_id: w.users.admin.id }]);
    const march = await journal('period=2026-03');
    const accounts = new Set(march.entries.flatMap((entry) => entry.lines.map((line) => line.account)));
    expect(accounts.has('2101.01')).toBe(true);
    expect(accounts.has('2101.02')).toBe(true);
    expect(accounts.has('depositLiability')).toBe(false);
  });

  it('refuses in Indonesian: neither or both of date and period, a future day, another format', async () => {
    for (const [query, message] of [
      ['', 'Pilih tanggal (date) atau periode (period), salah satu.'],
      ['date=2026-03-02&period=2026-03', 'Pilih tanggal (date) atau periode (period), salah satu.'],
      ['date=2026-07-01', 'Tanggal jurnal tidak boleh setelah hari ini.'],
      ['period=2026-03&format=pdf', 'Format harus json, xlsx atau csv.'],
    ] as const) {
      const answer = await get(`/report/journal?${query}`);
      expect([query, answer.status, answer.body.message]).toEqual([query, 400, [message]]);
    }
  });
});

describe.each(dialects)('the ledger across a month edge (%s)', (dialect) => {
  let w: World;

  beforeAll(async () => {
    // An ARO+ deposit of 30 April matures on Saturday 30 May; its interest is paid (capitalised)
    // then, and its pay date is Monday 1 June.
    w = await startWorld(dialect, '2026-04-30');
    const row = await w.place({ amount: 300_000_000, tenorMonths: 1, instruction: 'ARO_PLUS' });
    await w.drive(row.id, { type: 'deposit.approve' });
    for (let day = '2026-04-30'; day <= '2026-06-02'; day = addDays(day, 1)) {
      w.setToday(day);
      await runDailyJob({ db: w.db, clock: w.clock }, day);
    }
    await w.signInAgain();
  }, 120_000);
  afterAll(async () => {
    await w?.stop();
  });

  it('an ARO+ capitalised at the end of May and paid on 1 June: the tax check names it on both sides of the edge, by how much', async () => {
    const number = (await w.db.selectFrom('deposits').select('deposit_number').executeTakeFirstOrThrow()).deposit_number;
    for (const [period, sign] of [['2026-05', 1], ['2026-06', -1]] as const) {
      const answer = await w.call('GET', `/report/journal/summary?period=${period}`, { token: w.users.supervisor.token });
      const { checks } = journalSummarySchema.parse(answer.body.data);
      expect([period, checks.balanced.ok, checks.liabilityEqualsPosition.ok, checks.payableEqualsAccrued.ok]).toEqual([period, true, true, true]);
      expect(checks.taxEqualsReport.ok).toBe(false);
      expect(Math.sign(checks.taxEqualsReport.difference)).toBe(sign);
      expect(checks.taxEqualsReport.detail).toBe(
        `ARO+ ${number} dikapitalisasi 30-Mei-2026 (PPh Rp ${Math.abs(checks.taxEqualsReport.difference).toLocaleString('id-ID')} di jurnal tanggal itu), tanggal bayar bunganya 01-Jun-2026 (di laporan Bunga dan PPh tanggal itu)`,
      );
    }
  });
});
