import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCatalogueItemSchema, reportSummarySchema, REPORT_TYPES, type ReportType } from '../../contract/reports';
import { placeDeposit } from '../../server/deposits/deposit-placement';
import { runDailyJob } from '../../server/jobs/daily';
import { heldDepositsWhere, heldOn } from '../../server/reports/holdings-repository';
import { sql, type SqlBool } from 'kysely';
import { XLSX_MEDIA_TYPE } from '../../server/platform/xlsx/xlsx-stream';
import { pdfToText, squish } from '../support/pdf-text';
import { addCustomer, addDaysIso, freshKey, startWorld, type World } from './deposit-fixtures';
import { blob, dialects, fakeFile } from './harness';

/**
 * The reports (API.md "Reports and invoices") on a bank that lived through a quarter: placements,
 * monthly interest with and without tax, an ARO+ rollover, an extension, a payout at maturity, an
 * early withdrawal, a deposit above the LPS rate, a customer above Rp 2 billion, a pending and a
 * rejected placement, and another bank beside it. Every file is read back (exceljs, pdftotext)
 * and its figures are held to the API's own lists of the same month.
 */

const rupiah = (amount: number) => `Rp ${amount.toLocaleString('id-ID')}`;

interface Scenario {
  /** Deposit ids by the letters of the story below. */
  ids: Record<string, string>;
  numbers: Record<string, string>;
  customers: Record<'kecil' | 'besar' | 'calon', string>;
}

type Step = (w: World, s: Scenario, today: string) => Promise<void>;

/**
 * The quarter, day by day; each day the daily job runs first (as at 00:05 WIB), then staff act.
 * Products: monthly (1 m 5,00%, 3 m 5,50%, 6 m 6,00%, 12 m 6,50%), at maturity (3 m 5,75%);
 * holidays 19, 20, 23 March and 3 April; the LPS rate 6,00%, 5,50% from 1 March, and its ceiling
 * Rp 2 billion.
 */
const STORY: Record<string, Step[]> = {
  '2026-01-10': [placeActive('A', { customer: 'main', amount: 100_000_000, tenorMonths: 3, instruction: 'ARO' })],
  '2026-01-12': [placeActive('E', { customer: 'second', amount: 30_000_000, tenorMonths: 6, instruction: 'ARO' })],
  '2026-01-25': [placeActive('C', { customer: 'kecil', amount: 5_000_000, tenorMonths: 3, instruction: 'PAYOUT' })],
  '2026-02-02': [placeActive('I', { customer: 'main', amount: 15_000_000, tenorMonths: 1, instruction: 'PAYOUT' })],
  '2026-02-05': [placeActive('D', { customer: 'main', amount: 10_000_000, tenorMonths: 1, instruction: 'PAYOUT' })],
  '2026-02-15': [placeActive('B', { customer: 'second', amount: 20_000_000, tenorMonths: 1, instruction: 'ARO_PLUS' })],
  '2026-02-27': [placeActive('L', { customer: 'main', amount: 12_000_000, tenorMonths: 1, instruction: 'PAYOUT' })],
  '2026-03-02': [placeActive('F', { customer: 'besar', amount: 2_500_000_000, tenorMonths: 12, instruction: 'ARO' })],
  '2026-03-03': [placeActive('J0', { customer: 'other', amount: 40_000_000, tenorMonths: 3, instruction: 'ARO' })],
  // I matured on 2 March (PAYOUT) and is extended for three months.
  '2026-03-04': [(w, s) => w.drive(s.ids.I!, { type: 'deposit.extend', tenorMonths: 3 }, 'operator')],
  '2026-03-05': [(w, s) => w.drive(s.ids.D!, { type: 'deposit.requestDisbursement' }, 'operator')],
  '2026-03-06': [placeActive('K2', { customer: 'second', amount: 8_000_000, tenorMonths: 1, instruction: 'PAYOUT' })],
  '2026-03-09': [(w, s, today) => markPaid(w, s.ids.D!, today, 'TRF-D')],
  '2026-03-10': [
    async (w, s, today) => {
      const row = await placeFor(w, s, 'H', { customer: 'kecil', amount: 7_000_000, tenorMonths: 3, instruction: 'ARO' }, today);
      await w.drive(row, { type: 'deposit.reject', reason: 'Data tidak lengkap' });
    },
  ],
  '2026-03-18': [
    (w, s, today) => w.drive(s.ids.E!, { type: 'deposit.requestBreak', breakDate: today, reason: 'Kebutuhan mendesak' }, 'operator'),
    (w, s) => w.drive(s.ids.E!, { type: 'deposit.approveBreak' }, 'supervisor'),
  ],
  '2026-03-20': [async (w, s, today) => void (await placeFor(w, s, 'G', { customer: 'main', amount: 50_000_000, tenorMonths: 3, instruction: 'PAYOUT', product: 'atMaturity' }, today))],
  '2026-03-24': [(w, s, today) => markPaid(w, s.ids.E!, today, 'TRF-E')],
  '2026-04-01': [(w, s) => w.drive(s.ids.L!, { type: 'deposit.requestDisbursement' }, 'operator')],
  '2026-04-02': [(w, s, today) => markPaid(w, s.ids.L!, today, 'TRF-L')],
  '2026-04-06': [
    async (w, s, today) => {
      const row = await placeFor(w, s, 'K', { customer: 'calon', amount: 9_000_000, tenorMonths: 3, instruction: 'ARO', product: 'atMaturity', depositDate: addDaysIso(today, 4) }, today);
      await w.drive(row, { type: 'deposit.approve' });
    },
  ],
};

interface PlaceSpec {
  customer: 'main' | 'second' | 'other' | 'kecil' | 'besar' | 'calon';
  amount: number;
  tenorMonths: number;
  instruction: 'ARO' | 'ARO_PLUS' | 'PAYOUT';
  product?: 'monthly' | 'atMaturity';
  depositDate?: string;
}

async function placeFor(w: World, s: Scenario, letter: string, spec: PlaceSpec, today: string): Promise<string> {
  const other = spec.customer === 'other';
  const customerId = spec.customer === 'main' || spec.customer === 'second' || spec.customer === 'other' ? w.customers[spec.customer] : s.customers[spec.customer];
  const row = await placeDeposit(w.db, {
    bankId: other ? w.bank.otherId : w.bank.id,
    customerId,
    productId: other ? w.products.other : w.products[spec.product ?? 'monthly'],
    amount: spec.amount,
    tenorMonths: spec.tenorMonths,
    placementDate: today,
    depositDate: spec.depositDate ?? today,
    instruction: spec.instruction,
    depositNumber: `DEP-UJI-${letter}`,
    now: w.clock.now().toISOString(),
  });
  s.ids[letter] = row.id;
  s.numbers[letter] = row.deposit_number;
  return row.id;
}

function placeActive(letter: string, spec: PlaceSpec): Step {
  return async (w, s, today) => {
    const id = await placeFor(w, s, letter, spec, today);
    await w.drive(id, { type: 'deposit.approve' }, spec.customer === 'other' ? 'otherSupervisor' : 'supervisor');
  };
}

/**
 * New sessions on the moved clock: a token lives 8 hours and a password 90 days, and the story
 * spans three months (the password is renewed as its owner would have done).
 */
async function signInAgain(w: World): Promise<void> {
  await w.db.updateTable('users').set({ password_changed_at: w.clock.now().toISOString() }).where('bank_id', 'in', [w.bank.id, w.bank.otherId]).execute();
  for (const key of Object.keys(w.users) as Array<keyof World['users']>) w.users[key].token = await w.t.login(`${key.toLowerCase()}@uji.test`);
}

async function markPaid(w: World, depositId: string, paidAt: string, reference: string): Promise<void> {
  await signInAgain(w);
  const form = new FormData();
  form.set('depositId', depositId);
  form.set('reference', reference);
  form.set('paidAt', paidAt);
  form.set('proof', blob(fakeFile('pdf', 2048), 'application/pdf'), 'bukti.pdf');
  const paid = await w.call('POST', '/deposito/disbursement-paid', { token: w.users.supervisor.token, form, headers: freshKey() });
  if (paid.status !== 200) throw new Error(`mark paid ${depositId}: ${paid.status} ${paid.text}`);
}

async function liveThroughQuarter(w: World): Promise<Scenario> {
  const s: Scenario = {
    ids: {},
    numbers: {},
    customers: {
      kecil: await addCustomer(w, w.bank.id, 'Kecil Sekali', '3201010101010011'),
      besar: await addCustomer(w, w.bank.id, 'Budi Besar', '3201010101010012'),
      calon: await addCustomer(w, w.bank.id, 'Calon Nasabah', '3201010101010013'),
    },
  };
  // LPS cut its rate from 1 March: periods starting since are judged at 5,50%, older ones at 6,00%.
  await w.db
    .updateTable('bank_settings')
    .set({ lps_rates: JSON.stringify([{ effectiveFrom: '2020-01-01', rateBps: 600 }, { effectiveFrom: '2026-03-01', rateBps: 550 }]) })
    .where('bank_id', '=', w.bank.id)
    .execute();
  for (let today = '2026-01-06'; today <= '2026-04-06'; today = addDaysIso(today, 1)) {
    w.setToday(today);
    await runDailyJob({ db: w.db, clock: w.clock }, today);
    for (const step of STORY[today] ?? []) await step(w, s, today);
  }
  await signInAgain(w);
  return s;
}

// --- Reading the answers back ----------------------------------------------------------------

interface Download {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  body: any;
}

async function download(w: World, query: string, token = w.users.operator.token): Promise<Download> {
  const response = await fetch(`${w.t.url}/api-v2-bpr/report?${query}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, bytes, body };
}

/** A sheet's table: the header row follows the first empty row under the preamble. */
interface SheetTable {
  preamble: string[];
  headers: string[];
  rows: Array<Record<string, unknown>>;
  sheet: ExcelJS.Worksheet;
}

async function workbookOf(bytes: Uint8Array): Promise<Map<string, SheetTable>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const tables = new Map<string, SheetTable>();
  for (const sheet of workbook.worksheets) {
    const values = (row: number) => ((sheet.getRow(row).values as unknown[]) ?? []).slice(1);
    let headerRow = 1;
    while (values(headerRow).length > 0) headerRow += 1;
    headerRow += 1;
    const headers = values(headerRow).map(String);
    const rows: Array<Record<string, unknown>> = [];
    for (let row = headerRow + 1; row <= sheet.rowCount; row += 1) {
      const cells = values(row);
      rows.push(Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? null])));
    }
    tables.set(sheet.name, { preamble: Array.from({ length: headerRow - 2 }, (_, index) => String(values(index + 1)[0] ?? '')), headers, rows, sheet });
  }
  return tables;
}

/** Every row of a paged list of /api-v2-bpr. */
async function listAll(w: World, path: string, query: Record<string, string> = {}): Promise<any[]> {
  const rows: any[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await w.call('GET', `${path}?${new URLSearchParams({ ...query, page: String(page), limit: '100' })}`, { token: w.users.operator.token });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    rows.push(...answer.body.data);
    if (page >= answer.body.meta.totalPages) return rows;
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const totalRow = (table: SheetTable) => table.rows[table.rows.length - 1]!;
const dataRows = (table: SheetTable) => table.rows.slice(0, -1);
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe.each(dialects)('reports (%s)', (dialect) => {
  let w: World;
  let s: Scenario;
  /** What the API's lists say, read once after the quarter. */
  let held: any[];
  let deposits: Record<string, any>;
  let march: Map<ReportType, Map<string, SheetTable>>;

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-01-05');
    s = await liveThroughQuarter(w);
    held = [];
    for (const status of ['active', 'breakRequested', 'matured', 'disbursing']) held.push(...(await listAll(w, '/invoice/all-deposito', { status })));
    deposits = {};
    for (const [letter, id] of Object.entries(s.ids)) {
      const detail = await w.call('GET', `/deposito/${id}`, { token: letter === 'J0' ? w.users.otherSupervisor.token : w.users.operator.token });
      deposits[letter] = detail.body.data;
    }
    march = new Map();
    for (const type of REPORT_TYPES) {
      const file = await download(w, `type=${type}&period=2026-03&format=xlsx`);
      expect(file.status, `${type}: ${new TextDecoder().decode(file.bytes).slice(0, 300)} ${JSON.stringify(w.t.logs.filter((line) => Number(line.level) >= 50).slice(-1))}`).toBe(200);
      march.set(type, await workbookOf(file.bytes));
    }
  }, 180_000);
  afterAll(async () => w?.stop());

  /** The principal each deposit held on 31 March: its period running then (B's second, after the ARO+ rollover). */
  const heldOnMarch31 = () => {
    const periodOn = (letter: string, date: string) => [...deposits[letter].periods].reverse().find((period: any) => period.periodStart <= date);
    return ['A', 'B', 'C', 'F', 'I', 'K2', 'L'].map((letter) => ({ letter, ...periodOn(letter, '2026-03-31') }));
  };

  it('lists every report with both formats to every staff role; nobody else', async () => {
    for (const who of ['operator', 'supervisor', 'admin'] as const) {
      const answer = await w.call('GET', '/report/list-report', { token: w.users[who].token });
      expect(answer.status).toBe(200);
      const items = answer.body.data.map((item: unknown) => reportCatalogueItemSchema.parse(item));
      expect(items.map((item: { type: string }) => item.type)).toEqual([...REPORT_TYPES]);
      for (const item of items) expect(item.formats).toEqual(['xlsx', 'pdf']);
      expect(items[0]).toMatchObject({ name: 'Posisi Deposito' });
    }
    expect((await w.call('GET', '/report/list-report')).status).toBe(401);
    expect((await w.call('GET', '/report/list-summary?period=2026-03')).status).toBe(401);
    expect((await download(w, 'type=posisi-deposito&period=2026-03&format=pdf', 'not-a-token')).status).toBe(401);
    const unknown = await w.call('GET', '/report/lain', { token: w.users.operator.token });
    expect(unknown.status).toBe(404);
  });

  it('refuses bad queries with Indonesian sentences, a month after this one too', async () => {
    const cases: Array<[string, string[]]> = [
      ['type=posisi-deposito&period=2026-13&format=xlsx', ['Periode harus berformat YYYY-MM.']],
      ['type=posisi-deposito&period=2026-3&format=xlsx', ['Periode harus berformat YYYY-MM.']],
      ['type=posisi-deposito&period=26-03&format=pdf', ['Periode harus berformat YYYY-MM.']],
      ['type=posisi-deposito&period=1999-12&format=pdf', ['Periode harus antara Januari 2000 dan Desember 2099.']],
      ['type=posisi-deposito&period=2026-05&format=pdf', ['Periode tidak boleh setelah bulan ini.']],
      ['type=posisi-deposito&format=pdf', ['Periode wajib diisi (YYYY-MM).']],
      ['type=neraca&period=2026-03&format=pdf', ['Jenis laporan tidak dikenal.']],
      ['type=posisi-deposito&period=2026-03&format=csv', ['Format laporan harus xlsx atau pdf.']],
      ['', ['Jenis laporan tidak dikenal.', 'Periode wajib diisi (YYYY-MM).', 'Format laporan harus xlsx atau pdf.']],
    ];
    for (const [query, message] of cases) {
      const answer = await download(w, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ statusCode: 400, message, error: 'Bad Request' });
    }
    for (const period of ['2026-05', '2026-00', 'maret']) {
      const answer = await w.call('GET', `/report/list-summary?period=${period}`, { token: w.users.operator.token });
      expect(answer.status, period).toBe(400);
      expect(answer.body.message).toEqual([period === '2026-05' ? 'Periode tidak boleh setelah bulan ini.' : 'Periode harus berformat YYYY-MM.']);
    }
  });

  it('answers each file streamed under its name, as xlsx or PDF, to every staff role', async () => {
    for (const who of ['operator', 'supervisor', 'admin'] as const) {
      const xlsx = await download(w, 'type=nasabah-terbesar&period=2026-03&format=xlsx', w.users[who].token);
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('content-type')).toBe(XLSX_MEDIA_TYPE);
      expect(xlsx.headers.get('content-disposition')).toBe('attachment; filename="nasabah-terbesar-2026-03.xlsx"');
      const pdf = await download(w, 'type=posisi-deposito&period=2026-03&format=pdf', w.users[who].token);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toContain('attachment; filename="posisi-deposito-2026-03.pdf"');
      expect(pdf.headers.get('cache-control')).toBe('no-store');
      expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    }
  });

  it('Posisi Deposito: what the bank held on 31 March, per product, tenor and rate', async () => {
    const expected = heldOnMarch31();
    const total = sum(expected.map((period) => period.amount));
    const book = march.get('posisi-deposito')!;
    expect(book.get('Ringkasan')!.preamble.slice(0, 3)).toEqual(['BPR Uji Sentosa', 'Posisi Deposito — Ringkasan', 'Periode Maret 2026 · posisi per 31-Mar-2026']);
    const summary = book.get('Ringkasan')!;
    // L matured on 27 March and was paid on 2 April: held, due, on the 31st.
    expect(summary.rows[0]).toMatchObject({ Uraian: 'Deposito berjalan', 'Jumlah Rekening': 6, Pokok: total - 12_000_000 });
    expect(summary.rows[1]).toMatchObject({ Uraian: 'Jatuh tempo atau dicairkan, belum dibayar', 'Jumlah Rekening': 1, Pokok: 12_000_000 });
    expect(totalRow(summary)).toMatchObject({ Uraian: 'Total posisi', 'Jumlah Rekening': 7, Pokok: total });

    // Today the same deposits are what the list holds, less L (paid) — and K (approved, not yet effective) is not held.
    const heldNow = held.filter((row) => row.depositNumber !== s.numbers.K);
    expect(heldNow.map((row) => row.depositNumber).sort()).toEqual(['A', 'B', 'C', 'F', 'I', 'K2'].map((letter) => s.numbers[letter]).sort());
    expect(total).toBe(sum(heldNow.map((row) => row.amount)) + deposits.L.amount);

    const byLine = new Map<string, { count: number; amount: number }>();
    for (const row of [...heldNow, deposits.L]) {
      const key = `${row.product.name}|${row.tenorMonths}|${row.rateBps / 10_000}`;
      const line = byLine.get(key) ?? { count: 0, amount: 0 };
      byLine.set(key, { count: line.count + 1, amount: line.amount + row.amount });
    }
    const detail = book.get('Produk, tenor, suku bunga')!;
    expect(new Map(dataRows(detail).map((row) => [`${row.Produk}|${row['Tenor (Bulan)']}|${row['Suku Bunga']}`, { count: row['Jumlah Rekening'], amount: row.Pokok }]))).toEqual(byLine);
    expect(totalRow(detail)).toMatchObject({ Produk: 'Total', 'Jumlah Rekening': 7, Pokok: total, Porsi: 1 });
    const f = dataRows(detail).find((row) => row['Tenor (Bulan)'] === 12)!;
    expect(f.Porsi).toBeCloseTo(2_500_000_000 / total, 12);

    const pdf = squish(await pdfToText((await download(w, 'type=posisi-deposito&period=2026-03&format=pdf')).bytes));
    expect(pdf).toContain(`Total posisi 7 ${rupiah(total)}`);
    expect(pdf).toContain(`Deposito Bulanan Uji 12 6,50% 1 ${rupiah(2_500_000_000)}`);
  });

  it('Profil Jatuh Tempo: the same position by time to maturity from 31 March', async () => {
    const amounts = Object.fromEntries(heldOnMarch31().map((period) => [period.letter, period.amount]));
    const buckets = march.get('profil-jatuh-tempo')!.get('Sisa jangka waktu')!;
    // A 10-Apr, B 15-Apr, C 25-Apr, K2 6-Apr: ≤ 1 month; I 4-Jun: 1–3; F 2-Mar-2027: 6–12; L: matured, unpaid.
    expect(dataRows(buckets).map((row) => [row['Sisa Jangka Waktu'], row['Jumlah Rekening'], row.Pokok])).toEqual([
      ['Sudah jatuh tempo, belum dibayar', 1, amounts.L],
      ['≤ 1 bulan', 4, amounts.A + amounts.B + amounts.C + amounts.K2],
      ['> 1 – 3 bulan', 1, amounts.I],
      ['> 3 – 6 bulan', 0, 0],
      ['> 6 – 12 bulan', 1, amounts.F],
      ['> 12 bulan', 0, 0],
    ]);
    expect(deposits.I.maturityDate).toBe('2026-06-04');
    expect(deposits.F.maturityDate).toBe('2027-03-02');
    const perProduct = march.get('profil-jatuh-tempo')!.get('Per produk')!;
    expect(dataRows(perProduct).map((row) => row.Produk)).toEqual(['Deposito Bulanan Uji']);
    expect(totalRow(perProduct).Total).toBe(sum(Object.values(amounts)));
  });

  it('Mutasi Deposito: placements and maturities as Beranda counts them, renewals, breaks and payouts as their lists', async () => {
    const book = march.get('mutasi-deposito')!;
    const months = await w.call('GET', '/bpr/deposit-months?months=4', { token: w.users.operator.token });
    const marchMonth = months.body.data.find((month: { month: string }) => month.month === '2026-03');
    // F, K2 and the pending G; H was rejected, J0 is the other bank's.
    expect(marchMonth.placements).toEqual({ count: 3, amount: 2_500_000_000 + 8_000_000 + 50_000_000 });
    // February's placements count B as placed (Rp 20.000.000), not as it grew at its ARO+ rollover.
    expect(months.body.data.find((month: { month: string }) => month.month === '2026-02').placements).toEqual({ count: 4, amount: 15_000_000 + 10_000_000 + 20_000_000 + 12_000_000 });
    expect(deposits.B.amount).toBeGreaterThan(20_000_000);
    const listed = (await listAll(w, '/invoice/all-deposito', { dateFrom: '2026-03-01', dateTo: '2026-03-31' })).filter((row) => !['rejected', 'cancelled'].includes(row.status));
    const summary = new Map(book.get('Ringkasan')!.rows.map((row) => [row['Jenis Mutasi'], [row['Jumlah Rekening'], row.Pokok]]));
    expect(summary.get('Penempatan baru')).toEqual([marchMonth.placements.count, marchMonth.placements.amount]);
    expect(summary.get('Jatuh tempo (periode berakhir)')).toEqual([marchMonth.maturities.count, marchMonth.maturities.amount]);
    const placed = book.get('Penempatan')!;
    expect(dataRows(placed).map((row) => row['No. Deposito']).sort()).toEqual(listed.map((row) => row.depositNumber).sort());
    expect(dataRows(placed).map((row) => row.Pokok)).toEqual(dataRows(placed).map((row) => listed.find((item) => item.depositNumber === row['No. Deposito']).amount));
    expect(dataRows(placed).find((row) => row['No. Deposito'] === s.numbers.G)).toMatchObject({ 'Status Saat Ini': 'Menunggu Persetujuan', 'Tanggal Efektif': day('2026-03-20') });
    expect(totalRow(placed)).toMatchObject({ 'No. Deposito': 'Total', Nasabah: '3 rekening', Pokok: marchMonth.placements.amount });

    // B rolled over (ARO+) on 15 March with its interest added; I was extended on 4 March.
    const bSecond = deposits.B.periods.find((period: any) => period.periodNumber === 2);
    const iSecond = deposits.I.periods.find((period: any) => period.periodNumber === 2);
    expect(bSecond).toMatchObject({ periodStart: '2026-03-15', startedBy: 'rollover' });
    expect(bSecond.amount).toBeGreaterThan(20_000_000);
    expect(iSecond).toMatchObject({ periodStart: '2026-03-04', startedBy: 'extension', amount: 15_000_000 });
    expect(summary.get('Perpanjangan otomatis (ARO+)')).toEqual([1, bSecond.amount]);
    expect(summary.get('Perpanjangan oleh nasabah')).toEqual([1, 15_000_000]);
    expect(summary.get('Perpanjangan otomatis (ARO)')).toEqual([0, 0]);
    expect(dataRows(book.get('Perpanjangan')!).map((row) => [row['Tanggal Mulai'], row['No. Deposito'], row['Periode Ke'], row.Jenis, row.Pokok])).toEqual([
      [day('2026-03-04'), s.numbers.I, 2, 'Perpanjangan', 15_000_000],
      [day('2026-03-15'), s.numbers.B, 2, 'ARO+', bSecond.amount],
    ]);

    const payouts = await listAll(w, '/deposito/disbursements');
    const eBreak = payouts.find((row) => row.depositNumber === s.numbers.E);
    expect(eBreak).toMatchObject({ kind: 'break', status: 'paid', paidAt: '2026-03-24' });
    expect(deposits.E.breakRequest).toMatchObject({ breakDate: '2026-03-18' });
    expect(summary.get('Pencairan sebelum jatuh tempo')).toEqual([1, eBreak.principal]);
    expect(dataRows(book.get('Pencairan awal')!).map((row) => [row['Tanggal Pencairan'], row['No. Deposito'], row.Pokok, row.Bunga, row.PPh, row.Penalti, row.Dibayarkan])).toEqual([
      [day('2026-03-18'), s.numbers.E, eBreak.principal, eBreak.interest, eBreak.tax, eBreak.penalty, eBreak.amount],
    ]);
    const paidInMarch = payouts.filter((row) => row.status === 'paid' && row.paidAt.startsWith('2026-03')).sort((a, b) => (a.paidAt < b.paidAt ? -1 : 1));
    expect(paidInMarch.map((row) => row.depositNumber)).toEqual([s.numbers.D, s.numbers.E]);
    expect(dataRows(book.get('Penutupan')!).map((row) => [row['Tanggal Bayar'], row['No. Deposito'], row.Alasan, row.Dibayarkan, row.Referensi])).toEqual(
      paidInMarch.map((row) => [day(row.paidAt), row.depositNumber, row.kind === 'break' ? 'Pencairan Awal' : 'Jatuh Tempo', row.amount, row.reference]),
    );
    expect(summary.get('Penutupan (dana dibayarkan)')).toEqual([2, sum(paidInMarch.map((row) => row.principal))]);
    expect(totalRow(book.get('Penutupan')!)).toMatchObject({ Dibayarkan: sum(paidInMarch.map((row) => row.amount)) });

    const pdf = squish(await pdfToText((await download(w, 'type=mutasi-deposito&period=2026-03&format=pdf')).bytes));
    for (const letter of ['F', 'K2', 'G', 'I', 'B', 'E', 'D']) expect(pdf).toContain(s.numbers[letter]!);
    expect(pdf).not.toContain(s.numbers.H!);
    expect(pdf).not.toContain(s.numbers.J0!);
  });

  it('Bunga dan PPh: the month’s installments as Bunga Bulanan sums them, exempt ones listed, and the early withdrawal’s interest', async () => {
    const monthly = await w.call('GET', '/deposito/monthly-interest?period=2026-03&limit=100', { token: w.users.operator.token });
    const { summary: listed } = monthly.body;
    const rows: any[] = monthly.body.data;
    expect(rows.map((row) => row.depositNumber).sort()).toEqual(['A', 'B', 'C', 'D', 'I', 'L'].map((letter) => s.numbers[letter]).sort());
    const book = march.get('bunga-pajak')!;
    const summary = new Map(book.get('Ringkasan')!.rows.map((row) => [row.Uraian, row]));
    const taxed = summary.get('Bunga deposito (angsuran), PPh dipotong')!;
    const exempt = summary.get('Bunga deposito (angsuran), tidak dipotong PPh')!;
    expect(Number(taxed.Jumlah) + Number(exempt.Jumlah)).toBe(listed.count);
    expect(Number(taxed['Bunga Bruto']) + Number(exempt['Bunga Bruto'])).toBe(listed.gross);
    expect(Number(taxed['PPh Dipotong'])).toBe(listed.tax);
    expect(Number(taxed['Bunga Neto']) + Number(exempt['Bunga Neto'])).toBe(listed.net);
    // C's customer holds Rp 5.000.000, under the Rp 7.500.000 threshold: no tax.
    const cRow = rows.find((row) => row.depositNumber === s.numbers.C);
    expect(cRow.tax).toBe(0);
    expect(exempt).toMatchObject({ Jumlah: 1, 'Bunga Bruto': cRow.grossInterest, 'PPh Dipotong': 0 });
    expect(dataRows(book.get('Tidak dipotong PPh')!).map((row) => [row['No. Deposito'], row.NIK, row['Tanggal Bayar'], row.Pokok, row['Bunga Bruto']])).toEqual([
      [s.numbers.C, '3201010101010011', day(cRow.payDate), 5_000_000, cRow.grossInterest],
    ]);

    const eBreak = (await listAll(w, '/deposito/disbursements')).find((row) => row.depositNumber === s.numbers.E);
    expect(eBreak.tax).toBeGreaterThan(0);
    expect(summary.get('Bunga pencairan sebelum jatuh tempo, PPh dipotong')).toMatchObject({ Jumlah: 1, 'Bunga Bruto': eBreak.interest, 'PPh Dipotong': eBreak.tax, 'Bunga Neto': eBreak.interest - eBreak.tax });
    expect(totalRow(book.get('Ringkasan')!)).toMatchObject({ Jumlah: listed.count + 1, 'Bunga Bruto': listed.gross + eBreak.interest, 'PPh Dipotong': listed.tax + eBreak.tax });
    expect(totalRow(book.get('Per produk')!)).toMatchObject({ Jumlah: listed.count, 'Bunga Bruto': listed.gross, 'PPh Dipotong': listed.tax, 'Bunga Neto': listed.net });

    const pdf = squish(await pdfToText((await download(w, 'type=bunga-pajak&period=2026-03&format=pdf')).bytes));
    expect(pdf).toContain(`Total ${listed.count + 1} ${rupiah(listed.gross + eBreak.interest)} ${rupiah(listed.tax + eBreak.tax)}`);
    expect(pdf).toContain(`${s.numbers.C} Kecil Sekali 3201010101010011`);
  });

  it('Eksposur LPS: the deposit above the TBP, the customer above Rp 2 billion, and the half-year’s average balances worked by hand', async () => {
    const position = sum(heldOnMarch31().map((period) => period.amount));
    const book = march.get('eksposur-lps')!;
    const summary = new Map(book.get('Ringkasan')!.rows.map((row) => [row.Uraian, [row.Jumlah, row.Pokok]]));
    expect(summary.get('Posisi deposito (rekening)')).toEqual([7, position]);
    expect(summary.get('Deposito dengan suku bunga di atas TBP (rekening)')).toEqual([1, 2_500_000_000]);
    expect(summary.get('Nasabah dengan simpanan di atas Rp 2.000.000.000 (nasabah)')).toEqual([1, 2_500_000_000]);
    // F at 6,50% is above the 5,50% TBP of its start: nothing of Budi Besar's is guaranteed. I's
    // extension (4 March) at 5,50% is not above it, A (January, 5,50%) was judged at 6,00%; everyone else is under the ceiling.
    expect(summary.get('Simpanan yang dijamin LPS')).toEqual([null, position - 2_500_000_000]);
    expect(summary.get('Simpanan yang tidak dijamin LPS')).toEqual([null, 2_500_000_000]);
    expect(book.get('Di atas TBP')!.rows).toEqual([expect.objectContaining({ 'No. Deposito': s.numbers.F, 'Suku Bunga': 0.065, TBP: 0.055, Pokok: 2_500_000_000 })]);
    expect(book.get('Ringkasan')!.preamble[3]).toBe('Tingkat bunga penjaminan (TBP) yang berlaku pada 31-Mar-2026: 5,50%; batas penjaminan Rp 2.000.000.000 per nasabah per bank.');
    const besar = (await w.call('GET', '/bpr/customers?q=Besar', { token: w.users.operator.token })).body.data[0];
    expect(besar).toMatchObject({ totalActivePrincipal: 2_500_000_000, guaranteedAmount: 0, unguaranteedAmount: 2_500_000_000 });
    expect(book.get('Di atas batas penjaminan')!.rows).toEqual([
      expect.objectContaining({ Nasabah: 'Budi Besar', NIK: '3201010101010012', 'Jumlah Rekening': 1, 'Total Simpanan': besar.totalActivePrincipal, Dijamin: besar.guaranteedAmount, 'Tidak Dijamin': besar.unguaranteedAmount }),
      expect.objectContaining({ Nasabah: 'Total (1 nasabah)' }),
    ]);

    // January: A from the 10th (22 days), E from the 12th (20), C from the 25th (7) over 31 days.
    const averages = book.get('Rata-rata saldo bulanan')!.rows;
    expect(averages[0]).toMatchObject({ Bulan: 'Januari 2026', 'Jumlah Hari': 31, 'Rata-rata Saldo Harian': Math.round((100_000_000 * 22 + 30_000_000 * 20 + 5_000_000 * 7) / 31), 'Saldo Akhir': 135_000_000 });
    expect(averages.map((row) => row.Bulan)).toEqual(['Januari 2026', 'Februari 2026', 'Maret 2026']);
    expect(averages[2]).toMatchObject({ 'Jumlah Hari': 31, 'Saldo Akhir': position });
    // March moves on five days: F placed, K2 placed, D paid out, B's interest added, E paid out.
    const daily = book.get('Saldo harian')!.rows;
    expect(daily).toHaveLength(31);
    const bSecond = deposits.B.periods.find((period: any) => period.periodNumber === 2);
    expect(daily.filter((row) => row.Perubahan !== 0).map((row) => [row.Tanggal, row.Perubahan])).toEqual([
      [day('2026-03-02'), 2_500_000_000],
      [day('2026-03-06'), 8_000_000],
      [day('2026-03-09'), -10_000_000],
      [day('2026-03-15'), bSecond.amount - 20_000_000],
      [day('2026-03-24'), -30_000_000],
    ]);
    expect(daily[30]).toMatchObject({ Tanggal: day('2026-03-31'), Saldo: position });
    const opening = 100_000_000 + 30_000_000 + 5_000_000 + 15_000_000 + 10_000_000 + 20_000_000 + 12_000_000;
    expect(daily[0]).toMatchObject({ Saldo: opening });
    expect(averages[2]!['Rata-rata Saldo Harian']).toBe(Math.round(sum(daily.map((row) => Number(row.Saldo))) / 31));
  });

  it('Nasabah Terbesar: customers by what they held on 31 March, with their shares', async () => {
    const amounts = Object.fromEntries(heldOnMarch31().map((period) => [period.letter, period.amount]));
    const position = sum(Object.values(amounts));
    const book = march.get('nasabah-terbesar')!;
    const ranked = book.get('Nasabah terbesar')!.rows;
    expect(ranked.map((row) => [row.Peringkat, row.Nasabah, row['Jumlah Rekening'], row['Total Simpanan']])).toEqual([
      [1, 'Budi Besar', 1, amounts.F],
      [2, 'Rina Wati', 3, amounts.A + amounts.I + amounts.L],
      [3, 'Agus Salim', 2, amounts.B + amounts.K2],
      [4, 'Kecil Sekali', 1, amounts.C],
    ]);
    expect(ranked[1]!.Porsi).toBeCloseTo((amounts.A + amounts.I + amounts.L) / position, 12);
    expect(ranked[3]!['Porsi Kumulatif']).toBeCloseTo(1, 12);
    expect(ranked[0]!['Tidak Dijamin LPS']).toBe(2_500_000_000);
    const cuts = book.get('Konsentrasi')!.rows;
    expect(cuts.map((row) => [row.Uraian, row['Jumlah Nasabah'], row.Pokok])).toEqual([
      ['10 nasabah terbesar', 4, position],
      ['25 nasabah terbesar', 4, position],
      ['50 nasabah terbesar', 4, position],
      ['Seluruh nasabah', 4, position],
    ]);
  });

  it('a day’s held deposits one by one: walked in batches over its three parts, as read in one pass', async () => {
    // On 10 March: E broken later (paid on the 24th), B still in its first period (rolled on the
    // 15th), the rest in the period they are in now; D was paid out on the 9th.
    const scope = { bankId: w.bank.id, asOf: '2026-03-10', today: '2026-04-06' };
    const source = { db: w.db, reads: w.t.server.database.reads };
    const all = () => sql<SqlBool>`1 = 1`;
    const collect = async (iterable: AsyncIterable<Array<{ deposit_number: string; amount: number }>>) => {
      const rows: Array<{ deposit_number: string; amount: number }> = [];
      for await (const batch of iterable) rows.push(...batch);
      return rows;
    };
    const walked = await collect(heldDepositsWhere(source, scope, all, { expected: 1_000_000, batchSize: 2 }));
    const inOnePass = await collect(heldDepositsWhere(source, scope, all, { expected: 10 }));
    expect(walked.map((row) => row.deposit_number)).toEqual(['A', 'B', 'C', 'E', 'F', 'I', 'K2', 'L'].map((letter) => s.numbers[letter]));
    expect(inOnePass).toEqual(walked);
    expect(walked.find((row) => row.deposit_number === s.numbers.B)!.amount).toBe(20_000_000);
    const [counted] = await w.db.selectFrom(heldOn(w.db, scope).as('h')).select((eb) => eb.fn.countAll<number>().as('n')).execute();
    expect(Number(counted!.n)).toBe(walked.length);
    expect(await collect(heldDepositsWhere(source, scope, all, { expected: 0 }))).toEqual([]);
  });

  it('every PDF names the bank, the report and the period on each page and numbers its pages', async () => {
    for (const type of REPORT_TYPES) {
      const file = await download(w, `type=${type}&period=2026-03&format=pdf`);
      expect(file.status).toBe(200);
      const pages = (await pdfToText(file.bytes)).split('\f').filter((page) => page.trim());
      const title = reportCatalogueItemSchema.array().parse((await w.call('GET', '/report/list-report', { token: w.users.operator.token })).body.data).find((item) => item.type === type)!.name;
      pages.forEach((page, index) => {
        const text = squish(page);
        expect(text, `${type} page ${index + 1}`).toContain('BPR Uji Sentosa');
        expect(text).toContain(title);
        expect(text).toContain('Periode Maret 2026 · posisi per 31-Mar-2026');
        expect(text).toContain(`Halaman ${index + 1}`);
      });
    }
  });

  it('the running month: taken on today, its summary equal to the lists of April and to Nasabah', async () => {
    const answer = await w.call('GET', '/report/list-summary?period=2026-04', { token: w.users.operator.token });
    expect(answer.status).toBe(200);
    const summary = reportSummarySchema.parse(answer.body.data);
    const heldNow = held.filter((row) => row.depositNumber !== s.numbers.K);
    const running = heldNow.filter((row) => ['active', 'breakRequested'].includes(row.status));
    expect(summary).toMatchObject({
      period: '2026-04',
      asOf: '2026-04-06',
      balances: { count: heldNow.length, amount: sum(heldNow.map((row) => row.amount)), running: { count: running.length, amount: sum(running.map((row) => row.amount)) } },
      ratios: null,
    });
    const weighted = sum(heldNow.map((row) => row.amount * row.rateBps)) / sum(heldNow.map((row) => row.amount));
    expect(summary.balances.averageRateBps).toBeCloseTo(weighted, 2);
    const months = (await w.call('GET', '/bpr/deposit-months?months=1', { token: w.users.operator.token })).body.data[0];
    expect(summary.placements).toEqual(months.placements);
    expect(summary.maturities).toEqual(months.maturities);
    const interest = (await w.call('GET', '/deposito/monthly-interest?period=2026-04', { token: w.users.operator.token })).body.summary;
    expect(summary.interest).toEqual({ count: interest.count, gross: interest.gross, tax: interest.tax, net: interest.net });
    // No period means this month.
    expect((await w.call('GET', '/report/list-summary', { token: w.users.operator.token })).body.data).toEqual(answer.body.data);

    // The LPS report of April against Nasabah: K (approved, effective on the 10th) is not held yet.
    const customers = await listAll(w, '/bpr/customers');
    // Calon Nasabah holds only K; Nasabah counts it (approved) — unguaranteed, 5,75% being above the 5,50% of its start.
    expect(customers.find((customer) => customer.name === 'Calon Nasabah')).toMatchObject({ totalActivePrincipal: deposits.K.amount, guaranteedAmount: 0 });
    const guaranteed = sum(customers.filter((customer) => customer.name !== 'Calon Nasabah').map((customer) => customer.guaranteedAmount));
    const lps = await workbookOf((await download(w, 'type=eksposur-lps&period=2026-04&format=xlsx')).bytes);
    const lpsSummary = new Map(lps.get('Ringkasan')!.rows.map((row) => [row.Uraian, row.Pokok]));
    expect(lpsSummary.get('Simpanan yang dijamin LPS')).toBe(guaranteed);
    expect(lps.get('Ringkasan')!.preamble[2]).toBe('Periode April 2026 · posisi per 06-Apr-2026 (bulan berjalan)');
    // The half-year so far, April counted to today; the months before as March's report gave them.
    const semester = lps.get('Rata-rata saldo bulanan')!.rows;
    expect(semester.map((row) => [row.Bulan, row['Jumlah Hari']])).toEqual([['Januari 2026', 31], ['Februari 2026', 28], ['Maret 2026', 31], ['April 2026', 6]]);
    expect(semester.slice(0, 3)).toEqual(march.get('eksposur-lps')!.get('Rata-rata saldo bulanan')!.rows);
    expect(semester[3]!['Saldo Akhir']).toBe(summary.balances.amount);

    const position = await workbookOf((await download(w, 'type=posisi-deposito&period=2026-04&format=xlsx')).bytes);
    expect(totalRow(position.get('Ringkasan')!)).toMatchObject({ 'Jumlah Rekening': summary.balances.count, Pokok: summary.balances.amount });
    // K2 matured today (PAYOUT): held, due.
    expect(position.get('Ringkasan')!.rows[1]).toMatchObject({ 'Jumlah Rekening': 1, Pokok: 8_000_000 });
  });

  it('Beranda’s ratios are the latest balance sheet’s, whose Berjangka deposito line is the running position of Posisi Deposito', async () => {
    const lines = {
      kas: 2_000_000_000, penempatanBankLain: 8_000_000_000, kredit: 80_000_000_000, kreditKurangLancar: 1_000_000_000, kreditDiragukan: 500_000_000,
      kreditMacet: 1_500_000_000, ckpn: 2_000_000_000, asetTetap: 3_000_000_000, asetLain: 1_000_000_000, tabungan: 30_000_000_000,
      simpananBankLain: 2_000_000_000, pinjamanDiterima: 1_000_000_000, kewajibanSegera: 500_000_000, utangBunga: 200_000_000, kewajibanLain: 300_000_000,
      modalInti: 10_000_000_000, modalPelengkap: 1_000_000_000, atmr: 70_000_000_000, pendapatanOperasional: 4_000_000_000, bebanOperasional: 3_400_000_000,
      labaSebelumPajak: 600_000_000,
    };
    const entered = await w.call('POST', '/bpr/neraca-keuangan', { token: w.users.admin.token, json: { period: '2026-03', lines }, headers: freshKey() });
    expect(entered.status, entered.text).toBe(201);
    const running = march.get('posisi-deposito')!.get('Ringkasan')!.rows[0]!;
    expect(running.Uraian).toBe('Deposito berjalan');
    expect(entered.body.data.lines.deposito).toBe(running.Pokok);

    const summary = reportSummarySchema.parse((await w.call('GET', '/report/list-summary?period=2026-04', { token: w.users.operator.token })).body.data);
    const sheet = (await w.call('GET', '/bpr/neraca-keuangan?period=2026-03', { token: w.users.operator.token })).body.data;
    expect(summary.ratios).toEqual({ period: '2026-03', ...sheet.ratios });
    expect(summary.ratios!.ldr.healthy).toBe(false);
    // Another bank has no balance sheet: no ratios.
    expect((await w.call('GET', '/report/list-summary?period=2026-04', { token: w.users.otherSupervisor.token })).body.data.ratios).toBeNull();
  });

  it('another bank sees only its own deposits', async () => {
    const token = w.users.otherSupervisor.token;
    const summary = (await w.call('GET', '/report/list-summary?period=2026-03', { token })).body.data;
    expect(summary).toMatchObject({ balances: { count: 1, amount: 40_000_000 }, placements: { count: 1, amount: 40_000_000 } });
    const theirs = await workbookOf((await download(w, 'type=mutasi-deposito&period=2026-03&format=xlsx', token)).bytes);
    expect(dataRows(theirs.get('Penempatan')!).map((row) => row['No. Deposito'])).toEqual([s.numbers.J0]);
    expect(theirs.get('Ringkasan')!.preamble[0]).toBe('BPR Uji Lain');
    const ours = await download(w, 'type=nasabah-terbesar&period=2026-03&format=pdf');
    expect(await pdfToText(ours.bytes)).not.toContain('Joko Lain');
    for (const type of REPORT_TYPES) {
      const book = march.get(type)!;
      for (const table of book.values()) for (const row of table.rows) expect(JSON.stringify(row)).not.toContain(s.numbers.J0!);
    }
  });
});
