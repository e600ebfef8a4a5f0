import { maskNik } from '../../machines/customer-rules';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelLabel, daysBetween } from '../../machines/deposit-rules';
import { DATE_NUMBER_FORMAT, INTEGER_NUMBER_FORMAT, RATE_NUMBER_FORMAT, RUPIAH_NUMBER_FORMAT, XLSX_MEDIA_TYPE } from '../../server/platform/xlsx/xlsx-stream';
import { dialects, startTestServer, type TestServer } from './harness';

const BASE = '/api-v2-bpr';

interface Sheet {
  headers: string[];
  rows: unknown[][];
  sheet: ExcelJS.Worksheet;
}

type Kind = 'text' | 'date' | 'rupiah' | 'rate' | 'integer';

/** A business date as exceljs reads a date cell back: that day at UTC midnight. */
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

/**
 * Every cell of every data row holds its kind — text as text; dates as date cells shown
 * DD-MMM-YYYY in Indonesian; rupiah whole numbers in the Rupiah format; rates fractions in the
 * percent format; counts integers — so the file sorts and adds up in Excel. `kinds` names every
 * column of the file (in order), and each typed column must have at least one value to check.
 */
function expectCellKinds(file: Sheet, kinds: Record<string, Kind>) {
  expect(file.headers).toEqual(Object.keys(kinds));
  const seen = new Set<string>();
  file.sheet.eachRow((row, number) => {
    if (number === 1) return;
    file.headers.forEach((header, index) => {
      const cell = row.getCell(index + 1);
      if (cell.value === null || cell.value === undefined) return;
      seen.add(header);
      const where = `${header} row ${number}`;
      switch (kinds[header]) {
        case 'text':
          expect(cell.type, where).toBe(ExcelJS.ValueType.String);
          break;
        case 'date':
          expect(cell.type, where).toBe(ExcelJS.ValueType.Date);
          expect((cell.value as Date).getUTCHours(), where).toBe(0);
          expect(cell.numFmt, where).toBe(DATE_NUMBER_FORMAT);
          break;
        case 'rupiah':
          expect(cell.type, where).toBe(ExcelJS.ValueType.Number);
          expect(Number.isSafeInteger(cell.value), where).toBe(true);
          expect(cell.numFmt, where).toBe(RUPIAH_NUMBER_FORMAT);
          break;
        case 'rate':
          expect(cell.type, where).toBe(ExcelJS.ValueType.Number);
          expect(cell.value as number, where).toBeGreaterThan(0);
          expect(cell.value as number, where).toBeLessThan(1);
          expect(cell.numFmt, where).toBe(RATE_NUMBER_FORMAT);
          break;
        case 'integer':
          expect(cell.type, where).toBe(ExcelJS.ValueType.Number);
          expect(Number.isSafeInteger(cell.value), where).toBe(true);
          expect(cell.numFmt, where).toBe(INTEGER_NUMBER_FORMAT);
          break;
      }
    });
  });
  expect(file.rows.length).toBeGreaterThan(0);
  for (const [header, kind] of Object.entries(kinds)) if (kind !== 'text') expect(seen.has(header), `${header} has values`).toBe(true);
}

describe.each(dialects)('Excel downloads (%s)', (dialect) => {
  let t: TestServer;
  let demoToken: string;
  let lainToken: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, { demoDeposits: true });
    demoToken = await t.login('admin@bpr-demo.test');
    lainToken = await t.login('admin@bpr-lain.test');
  }, 60_000);
  afterAll(async () => t?.stop());

  async function download(path: string, token = demoToken): Promise<Sheet & { response: Response }> {
    const response = await fetch(`${t.url}${BASE}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, await response.clone().text().then((text) => text.slice(0, 300))).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
    const rows: unknown[][] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push(values(row));
    });
    return { response, headers: values(sheet.getRow(1)) as string[], rows, sheet };
  }

  /** Every page of a JSON list, in order. */
  async function allPages(path: string, token = demoToken): Promise<any[]> {
    const items: any[] = [];
    for (let page = 1; ; page += 1) {
      const separator = path.includes('?') ? '&' : '?';
      const result = await t.call('GET', `${BASE}${path}${separator}page=${page}&limit=100`, { token });
      expect(result.status, result.text.slice(0, 300)).toBe(200);
      items.push(...(result.body.data as any[]));
      if (page >= result.body.meta.totalPages) return items;
    }
  }

  it('deposit list: attachment with an Indonesian filename, exact headers, and the same rows as the JSON list for the same filters', async () => {
    const query = 'status=active&sort=-amount&q=a';
    const file = await download(`/invoice/all-deposito/download?${query}`);
    expect(file.response.headers.get('content-type')).toBe(XLSX_MEDIA_TYPE);
    expect(file.response.headers.get('content-disposition')).toBe('attachment; filename="Daftar_Deposito_Aktif_2026-03-02.xlsx"');
    expectCellKinds(file, {
      'No. Deposito': 'text',
      'Nama Nasabah': 'text',
      NIK: 'text',
      Produk: 'text',
      Status: 'text',
      Nominal: 'rupiah',
      'Suku Bunga': 'rate',
      'Tenor (Bulan)': 'integer',
      'Tanggal Penempatan': 'date',
      'Tanggal Efektif': 'date',
      'Jatuh Tempo': 'date',
      'Instruksi Jatuh Tempo': 'text',
      'Pembayaran Bunga': 'text',
      Kanal: 'text',
    });
    const list = await allPages(`/invoice/all-deposito?${query}`);
    expect(list.length).toBeGreaterThan(100);
    expect(file.rows).toHaveLength(list.length);
    file.rows.forEach((row, index) => {
      const item = list[index];
      // The list masks the NIK; the bank's working file keeps it whole.
      expect(maskNik(String(row[2]))).toBe(item.customer.nik);
      expect([...row.slice(0, 2), ...row.slice(3, 11)]).toEqual([
        item.depositNumber,
        item.customer.name,
        item.product.name,
        item.statusLabel,
        item.amount,
        item.rateBps / 10_000,
        item.tenorMonths,
        day(item.placementDate),
        day(item.depositDate),
        day(item.maturityDate),
      ]);
      // The file names the channel in the words the list's Kanal column shows.
      expect(row[13]).toBe(channelLabel(item.channel));
    });
    // The amounts add up in Excel to what the list shows.
    expect(file.rows.reduce((sum, row) => sum + (row[5] as number), 0)).toBe(list.reduce((sum, item) => sum + item.amount, 0));
  });

  it('deposit list without filters streams every deposit of the bank (several keyset batches) in the list order', async () => {
    const file = await download('/invoice/all-deposito/download?sort=maturityDate');
    const list = await allPages('/invoice/all-deposito?sort=maturityDate');
    expect(list).toHaveLength(2000);
    expect(file.rows.map((row) => row[0])).toEqual(list.map((item) => item.depositNumber));
  });

  it("another bank's rows are never included", async () => {
    const file = await download('/invoice/all-deposito/download', lainToken);
    expect(file.rows).toHaveLength(300);
    expect(file.rows.every((row) => String(row[0]).startsWith('DEP-LM-'))).toBe(true);
    const template = await download('/deposito/monthly-interest-template/download?period=2026-02', lainToken);
    expect(template.rows.every((row) => String(row[6]).startsWith('DEP-LM-'))).toBe(true);
    const payouts = await download('/deposito/disbursements/download', lainToken);
    expect(payouts.rows.every((row) => String(row[0]).startsWith('DEP-LM-'))).toBe(true);
  });

  it('monthly interest transfer template: the rows the count announces, net amounts summing to its total, a reference per installment', async () => {
    const file = await download('/deposito/monthly-interest-template/download?period=2026-03');
    expect(file.response.headers.get('content-disposition')).toBe('attachment; filename="Template_Transfer_Bunga_2026-03.xlsx"');
    expectCellKinds(file, {
      'Nama Nasabah': 'text',
      'Nama Bank Tujuan': 'text',
      'No. Rekening Tujuan': 'text',
      'Nama Pemilik Rekening': 'text',
      'Jumlah Transfer (Bunga Bersih)': 'rupiah',
      'Berita / Referensi Transfer': 'text',
      'No. Deposito': 'text',
      'Tanggal Bayar': 'date',
      'Bunga Bruto': 'rupiah',
      Pajak: 'rupiah',
      'ID Bunga': 'text',
    });
    const count = await t.call('GET', `${BASE}/deposito/monthly-interest-template/count?period=2026-03`, { token: demoToken });
    expect(count.body.data.count).toBeGreaterThan(0);
    expect(file.rows).toHaveLength(count.body.data.count);
    expect(file.rows.reduce((sum, row) => sum + (row[4] as number), 0)).toBe(count.body.data.totalNet);
    for (const row of file.rows) {
      expect(row[5]).toMatch(/^BUNGA DEP-DS-\d{4}-\d{4} P\d+-\d+$/);
      expect(row[4]).toBe((row[8] as number) - (row[9] as number));
      expect((row[7] as Date).toISOString()).toMatch(/^2026-03-\d{2}T00:00:00.000Z$/);
    }
    expect(new Set(file.rows.map((row) => row[10])).size).toBe(file.rows.length);
  });

  it('disbursements: the same rows as the JSON list for the status filter', async () => {
    const file = await download('/deposito/disbursements/download?status=paid');
    expect(file.response.headers.get('content-disposition')).toBe('attachment; filename="Pencairan_Deposito_Sudah_Dibayar_2026-03-02.xlsx"');
    expectCellKinds(file, {
      'No. Deposito': 'text',
      'Nama Nasabah': 'text',
      'Jenis Pencairan': 'text',
      Status: 'text',
      'Tanggal Diajukan': 'date',
      'Jatuh Tempo': 'date',
      Pokok: 'rupiah',
      Bunga: 'rupiah',
      Pajak: 'rupiah',
      Penalti: 'rupiah',
      'Jumlah Dibayarkan': 'rupiah',
      'Nama Bank Tujuan': 'text',
      'No. Rekening Tujuan': 'text',
      'Nama Pemilik Rekening': 'text',
      'Tanggal Transfer': 'date',
      'Referensi Transfer': 'text',
    });
    const list = await allPages('/deposito/disbursements?status=paid');
    expect(list.length).toBeGreaterThan(0);
    expect(file.rows.map((row) => [row[0], row[3], row[5], row[10], row[14]])).toEqual(
      list.map((item) => [item.depositNumber, 'Sudah Dibayar', day(item.maturityDate), item.amount, day(item.paidAt)]),
    );
    // Each payout's parts add up in the file as they do on screen.
    for (const row of file.rows) expect(row[10]).toBe((row[6] as number) + (row[7] as number) - (row[8] as number) - (row[9] as number));
  });

  it('due information: the deposits of the next 30 days (default) as the screen lists them', async () => {
    const file = await download('/deposito/due-information/download');
    expect(file.response.headers.get('content-disposition')).toBe('attachment; filename="Informasi_Jatuh_Tempo_30_hari_2026-03-02.xlsx"');
    const list = await allPages('/deposito/due-information');
    expect(list.length).toBeGreaterThan(0);
    expectCellKinds(file, {
      'No. Deposito': 'text',
      'Nama Nasabah': 'text',
      NIK: 'text',
      Produk: 'text',
      Nominal: 'rupiah',
      'Suku Bunga': 'rate',
      'Tenor (Bulan)': 'integer',
      'Jatuh Tempo': 'date',
      'Sisa Hari': 'integer',
      'Instruksi Jatuh Tempo': 'text',
      Status: 'text',
    });
    expect(file.rows.map((row) => [row[0], row[5], row[7], row[8]])).toEqual(
      list.map((item) => [item.depositNumber, item.rateBps / 10_000, day(item.maturityDate), daysBetween('2026-03-02', item.maturityDate)]),
    );
    const week = await download('/deposito/due-information/download?days=7');
    expect(week.rows.length).toBeLessThanOrEqual(file.rows.length);
  });

  it('bad filters answer 400 in Indonesian before any file; no token answers 401', async () => {
    const bad = await t.call('GET', `${BASE}/invoice/all-deposito/download?sort=nama`, { token: demoToken });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Urutan tidak dikenal');
    const period = await t.call('GET', `${BASE}/deposito/monthly-interest-template/download?period=2026-13`, { token: demoToken });
    expect(period.status).toBe(400);
    expect(period.text).toContain('Periode harus berformat YYYY-MM');
    expect((await t.call('GET', `${BASE}/deposito/due-information/download`)).status).toBe(401);
  });
});
