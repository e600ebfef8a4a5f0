import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_STATUS_ONLY_DUE } from '../../contract/interest';
import { runDailyJob } from '../../server/jobs/daily';
import { dialects } from './harness';
import { addCustomer, addDaysIso, freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * The interest transfer template holds exactly what Bunga Bulanan lists for the same filters
 * (period, status, q), and its count endpoint agrees; by default only installments due for
 * payment (pay date today or earlier, not paid). Issue 17, item 1: the screen listed 139
 * installments due while the file held 240, 101 of them not due for days.
 *
 * A month like the demo's: today is Monday 16 March 2026; 24 monthly deposits pay on every day of
 * March (weekends and the 19, 20 and 23 March holidays move pay dates forward), the daily job has
 * posted those whose pay date has come, and two of the due ones were already paid.
 */
describe.each(dialects)('interest transfer template = the screen (%s)', (dialect) => {
  let w: World;
  const TODAY = '2026-03-16';
  let tomorrowsId = '';
  let paidIds: string[] = [];

  beforeAll(async () => {
    w = await startWorld(dialect, TODAY);
    const names = ['Rina Wati', 'Agus Salim', 'Budi Santoso', 'Citra Lestari'];
    const customers = [w.customers.main, w.customers.second];
    customers.push(await addCustomer(w, w.bank.id, names[2]!, '3273010101900001'), await addCustomer(w, w.bank.id, names[3]!, '3273020202900002'));
    // Value dates 1–24 February: each pays its first installment on the same day of March.
    for (let day = 1; day <= 24; day += 1) {
      const placementDate = `2026-02-${String(day).padStart(2, '0')}`;
      const placed = await w.place({ placementDate, amount: 10_000_000 + day * 1_000_000, tenorMonths: 3 });
      await w.db.updateTable('deposits').set({ customer_id: customers[day % 4]!, customer_name: names[day % 4]! }).where('id', '=', placed.id).execute();
      await w.drive(placed.id, { type: 'deposit.approve' });
    }
    // The daily job of today posts every installment whose pay date has come.
    const report = await runDailyJob({ db: w.db, clock: w.clock }, TODAY);
    expect(report.installmentsDue).toBeGreaterThan(0);
    // The 17 February deposit pays tomorrow: scheduled, not due.
    const tomorrow = await w.db.selectFrom('interest_installments').select(['id', 'status']).where('pay_date', '=', addDaysIso(TODAY, 1)).execute();
    expect(tomorrow.map((row) => row.status)).toEqual(['scheduled']);
    tomorrowsId = tomorrow[0]!.id;
    // Two due installments were transferred already.
    const due = await w.db.selectFrom('interest_installments').select('id').where('status', '=', 'due').orderBy('pay_date').limit(2).execute();
    paidIds = due.map((row) => row.id);
    const paid = await w.call('POST', '/deposito/monthly-interest-disbursement', {
      token: w.users.supervisor.token,
      json: { installmentIds: paidIds, paidAt: TODAY, reference: 'TRF-AWAL' },
      headers: freshKey(),
    });
    expect(paid.status, paid.text).toBe(200);
  });
  afterAll(async () => {
    await w?.stop();
  });

  const get = async (path: string) => {
    const result = await w.call('GET', path, { token: w.users.operator.token });
    expect(result.status, `${path}: ${result.text.slice(0, 300)}`).toBe(200);
    return result.body;
  };
  /** Every row the screen lists for these filters, page after page (5 a page, as a short screen). */
  const screenRows = async (query: string) => {
    const rows: Array<{ id: string; netInterest: number; status: string; payDate: string }> = [];
    for (let page = 1; ; page += 1) {
      const body = await get(`/deposito/monthly-interest?${query}&limit=5&page=${page}`);
      rows.push(...body.data);
      if (page >= body.meta.totalPages) return { rows, summary: body.summary };
    }
  };
  /** The installment ids of the downloaded template (its "ID Bunga" column), in file order. */
  const fileIds = async (query: string) => {
    const response = await fetch(`${w.t.url}/api-v2-bpr/deposito/monthly-interest-template/download?${query}`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
    expect(response.status, query).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const column = (sheet.getRow(1).values as unknown[]).indexOf('ID Bunga');
    const ids: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) ids.push(String(row.getCell(column).value));
    });
    return ids;
  };

  it('by default: the file holds the rows the screen opens on (due: pay date today or earlier, not paid), and the count says so', async () => {
    const screen = await screenRows('period=2026-03&status=due');
    const ids = await fileIds('period=2026-03');
    const count = (await get('/deposito/monthly-interest-template/count?period=2026-03')).data;
    expect(ids).toEqual(screen.rows.map((row) => row.id));
    expect(count).toEqual({ period: '2026-03', count: screen.rows.length, totalNet: screen.summary.net });
    expect(screen.summary.count).toBe(screen.rows.length);
    // Every row is due today or earlier; the month also holds rows the file must not (tomorrow's, and the ones paid).
    expect(screen.rows.every((row) => row.status === 'due' && row.payDate <= TODAY)).toBe(true);
    expect(ids).not.toContain(tomorrowsId);
    for (const id of paidIds) expect(ids).not.toContain(id);
    const everything = await screenRows('period=2026-03');
    expect(everything.rows.map((row) => row.id)).toContain(tomorrowsId);
    expect(everything.rows.length).toBeGreaterThan(ids.length + paidIds.length);
    // Without a period: this month, the same rows.
    expect(await fileIds('')).toEqual(ids);
    expect((await get('/deposito/monthly-interest-template/count')).data).toEqual(count);
  });

  it('with the screen filters (status=due and a search): file rows = screen list = count', async () => {
    for (const q of ['budi', 'a', 'salim', 'tidak ada']) {
      const query = `period=2026-03&status=due&q=${encodeURIComponent(q)}`;
      const screen = await screenRows(query);
      const ids = await fileIds(query);
      expect(ids, q).toEqual(screen.rows.map((row) => row.id));
      expect((await get(`/deposito/monthly-interest-template/count?${query}`)).data, q).toEqual({ period: '2026-03', count: screen.rows.length, totalNet: screen.summary.net });
    }
    expect((await screenRows('period=2026-03&status=due&q=budi')).rows.length).toBeGreaterThan(0);
  });

  it('refuses (400, in Indonesian) a template of installments not payable now: scheduled or paid', async () => {
    for (const status of ['scheduled', 'paid']) {
      for (const path of ['count', 'download']) {
        const result = await w.call('GET', `/deposito/monthly-interest-template/${path}?period=2026-03&status=${status}`, { token: w.users.operator.token });
        expect(result.status, `${path} ${status}`).toBe(400);
        expect(result.body.message).toEqual([TEMPLATE_STATUS_ONLY_DUE]);
      }
    }
  });
});
