import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TYPES } from '../../contract/reports';
import { dialects, startTestServer, type TestServer } from './harness';

const BASE = '/api-v2-bpr';
const HYPERLINK = '=HYPERLINK("http://contoh.test/x","Klik")';
/** What a spreadsheet might take for a formula (OWASP): = + - @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Issue 17, defect 8: user text that begins like a formula reaches every export with a quote
 * prefix. The demo's products, customers, bank and channel partners are renamed to such text, then
 * every xlsx the server writes — the five lists and templates, the six reports, the invoice
 * lines — is read back with exceljs: no text cell begins like a formula, the payload is there
 * neutralised, and amounts are still numbers.
 */
describe.each(dialects)('formula text in every export (%s)', (dialect) => {
  let t: TestServer;
  let token: string;
  let invoicePeriod: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, { demoDeposits: true });
    const db = t.server.database.db;
    const bank = await db.selectFrom('users').select('bank_id').where('email', '=', 'admin@bpr-demo.test').executeTakeFirstOrThrow();
    const products = await db.selectFrom('products').select('id').where('bank_id', '=', bank.bank_id!).execute();
    // Product names are unique within a bank.
    for (const [index, product] of products.entries()) await db.updateTable('products').set({ name: `${HYPERLINK}&"${index}"` }).where('id', '=', product.id).execute();
    await db.updateTable('customers').set({ name: HYPERLINK, payout_account_name: '@SUM(1+1)' }).where('bank_id', '=', bank.bank_id!).execute();
    await db.updateTable('deposits').set({ customer_name: HYPERLINK }).where('bank_id', '=', bank.bank_id!).execute();
    await db.updateTable('banks').set({ name: '+BPR\tJahat' }).where('id', '=', bank.bank_id!).execute();
    await db.updateTable('channel_partners').set({ name: '-1+Mitra' }).execute();
    const invoice = await db.selectFrom('invoices').select('period').where('bank_id', '=', bank.bank_id!).orderBy('period', 'desc').executeTakeFirstOrThrow();
    invoicePeriod = invoice.period;
    token = await t.login('admin@bpr-demo.test');
  }, 120_000);
  afterAll(async () => t?.stop());

  /** Every cell of every sheet of the file at `path`. */
  async function cellsOf(path: string): Promise<ExcelJS.Cell[]> {
    const response = await fetch(`${t.url}${BASE}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, `${path}: ${await response.clone().text().then((text) => text.slice(0, 200))}`).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as never);
    const cells: ExcelJS.Cell[] = [];
    for (const sheet of workbook.worksheets) sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    return cells;
  }

  it('writes formula-like text with a quote prefix in each of the twelve files, and numbers as numbers', async () => {
    const paths = [
      '/invoice/all-deposito/download',
      '/deposito/due-information/download?days=365',
      '/deposito/monthly-interest-template/download?period=2026-03',
      '/deposito/disbursements/download',
      `/report/invoice/xlsx?period=${invoicePeriod}`,
      ...REPORT_TYPES.map((type) => `/report?type=${type}&period=2026-02&format=xlsx`),
    ];
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const cells = await cellsOf(path);
      const texts = cells.filter((cell) => cell.type === ExcelJS.ValueType.String).map((cell) => cell.value as string);
      expect(texts.filter((text) => FORMULA_START.test(text)), path).toEqual([]);
      expect(cells.filter((cell) => cell.type === ExcelJS.ValueType.Formula), path).toEqual([]);
      found[path] = [`'${HYPERLINK}`, "'@SUM(1+1)", "'+BPR\tJahat", "'-1+Mitra"].filter((payload) => texts.some((text) => text.includes(payload)));
      expect(cells.some((cell) => cell.type === ExcelJS.ValueType.Number), `${path} has numbers`).toBe(true);
    }
    // Each file shows the text it carries, neutralised: customers' and products' names in the lists
    // and reports, payout account names in the transfer template, the bank in every report's
    // heading, partners on the invoice.
    expect(found).toEqual({
      '/invoice/all-deposito/download': [`'${HYPERLINK}`],
      '/deposito/due-information/download?days=365': [`'${HYPERLINK}`],
      '/deposito/monthly-interest-template/download?period=2026-03': [`'${HYPERLINK}`, "'@SUM(1+1)"],
      '/deposito/disbursements/download': [`'${HYPERLINK}`, "'@SUM(1+1)"],
      [`/report/invoice/xlsx?period=${invoicePeriod}`]: ["'-1+Mitra"],
      ...Object.fromEntries(REPORT_TYPES.map((type) => [`/report?type=${type}&period=2026-02&format=xlsx`, [`'${HYPERLINK}`, "'+BPR\tJahat"]])),
    });
  });
});
