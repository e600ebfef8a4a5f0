import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositImportResultSchema, depositImportSummarySchema } from '../../contract/deposit-import';
import { depositDetailSchema } from '../../contract/deposit-api';
import { importBook, type TemplateRow } from '../support/deposit-import-book';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * Impor Deposito (issue 18; API.md "Placements, import and holds"; DOMAIN.md "From the bank's old
 * system"). Today is Monday 2 March 2026; the cut-over date is Sunday 1 March 2026.
 *
 * The one-row book: Rina Marlina (new; NIK 3273095203850002 = Kota Bandung's Sumur Bandung
 * 32.73.09, born 12 March 1985 + 40 for a woman, serial 0002) holds DEP-LAMA-0001 in "Deposito
 * Bulanan Uji": opened 15 June 2025, now in its period 2 from 15 December 2025 for 6 months at
 * 6,00%, Rp 50.000.000, ARO, interest monthly. Its installments, as an approval schedules them:
 *   k1 [15 Dec, 15 Jan) 31 days: 50 000 000 × 600 × 31 ÷ 3 650 000 = 254 794,52 → 254 795; tax 20% 50 959; net 203 836
 *   k2 [15 Jan, 15 Feb) 31 days: the same; 15 Feb is a Sunday: paid Monday 16 Feb
 *   k3 [15 Feb, 15 Mar) 28 days: 230 136,99 → 230 137 — paid 16 Mar (15 Mar a Sunday), after the cut-over
 * So k1 and k2 (paid 15 Jan and 16 Feb, before 1 March) were paid by the old system; k3..k6 are scheduled.
 */

const CUT_OVER = '2026-03-01';

function rinaRow(w: World, overrides: TemplateRow = {}): TemplateRow {
  return {
    depositNumber: 'DEP-LAMA-0001',
    bilyetNumber: 'BL-LAMA-0001',
    customerType: 'PERORANGAN',
    nik: '3273095203850002',
    name: 'Rina Marlina',
    birthPlace: 'Bandung',
    birthDate: '1985-03-12',
    gender: 'P',
    motherMaidenName: 'Siti Aminah',
    occupation: 'Wiraswasta',
    sourceOfFunds: 'Hasil usaha',
    accountPurpose: 'Investasi',
    address: 'Jl. Merdeka No. 10',
    villageCode: '32.73.09.1003',
    zipCode: '40115',
    phone: '081234567890',
    email: 'rina@contoh.co.id',
    product: productCode(w, 'monthly'),
    periodNumber: 2,
    openedOn: '2025-06-15',
    valueDate: '2025-12-15',
    tenorMonths: 6,
    rate: 600,
    principal: 50_000_000,
    instruction: 'ARO',
    interestPayment: 'BULANAN',
    payoutBankCode: '002',
    payoutAccountNumber: '0011223344',
    payoutAccountName: 'Rina Marlina',
    ...overrides,
  };
}

const codes = new Map<string, string>();
const productCode = (w: World, product: keyof World['products']) => codes.get(w.products[product])!;

/** A row of the main bank's kept customer Rina Wati (matched by NIK: no customer column needed). */
function keptRow(w: World, index: number, overrides: TemplateRow = {}): TemplateRow {
  return {
    depositNumber: `DEP-BUKU-${String(index).padStart(4, '0')}`,
    bilyetNumber: `BL-BUKU-${String(index).padStart(4, '0')}`,
    nik: '3201010101010001',
    name: 'Rina Wati',
    product: productCode(w, index % 2 === 0 ? 'monthly' : 'atMaturity'),
    periodNumber: 1,
    valueDate: '2026-01-10',
    tenorMonths: 3,
    rate: 550,
    principal: 10_000_000 + index * 1_000,
    instruction: 'ARO',
    interestPayment: index % 2 === 0 ? 'BULANAN' : 'JATUH TEMPO',
    ...overrides,
  };
}

describe.each(dialects)('Impor Deposito (%s)', (dialect) => {
  let w: World;

  const upload = (book: Buffer, options: { dryRun?: 'true' | 'false'; cutOverDate?: string; who?: keyof World['users']; name?: string; withoutKey?: boolean } = {}) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(book)]), options.name ?? 'buku-lama.xlsx');
    form.set('cutOverDate', options.cutOverDate ?? CUT_OVER);
    if (options.dryRun) form.set('dryRun', options.dryRun);
    return w.call('POST', '/deposito/import', { token: w.users[options.who ?? 'admin'].token, form, headers: options.withoutKey ? {} : freshKey() });
  };
  const count = async (table: 'deposits' | 'customers' | 'interest_installments' | 'deposit_imports' | 'deposit_audit' | 'bilyet_numbers') =>
    Number((await w.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({
    deposits: await count('deposits'),
    customers: await count('customers'),
    installments: await count('interest_installments'),
    imports: await count('deposit_imports'),
    audit: await count('deposit_audit'),
    bilyets: await count('bilyet_numbers'),
  });

  beforeAll(async () => {
    w = await startWorld(dialect);
    for (const row of await w.db.selectFrom('products').select(['id', 'code']).execute()) codes.set(row.id, row.code);
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('only an admin: an operator and a supervisor are refused in Indonesian (upload, list and template), nothing written', async () => {
    const before = await counts();
    const book = await importBook([rinaRow(w)]);
    for (const who of ['operator', 'supervisor'] as const) {
      for (const answer of [
        await upload(book, { who, dryRun: 'false' }),
        await w.call('GET', '/deposito/import', { token: w.users[who].token }),
        await w.call('GET', '/deposito/import/template', { token: w.users[who].token }),
      ]) {
        expect(answer.status, answer.text).toBe(403);
        expect(answer.body.message).toBe('Hanya admin yang dapat mengimpor deposito dari sistem lama.');
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('the template: the columns in row 1 of the first sheet, every column explained on the second', async () => {
    const answer = await fetch(`${w.t.url}/api-v2-bpr/deposito/import/template`, { headers: { authorization: `Bearer ${w.users.admin.token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await answer.arrayBuffer()) as ArrayBuffer);
    const [data, explanation] = workbook.worksheets;
    const headers = (data!.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 6)).toEqual(['Nomor Deposito', 'Nomor Bilyet', 'Jenis Nasabah', 'NIK', 'NPWP', 'Nama Nasabah']);
    expect(headers).toContain('Kode Bank Pencairan');
    expect(data!.rowCount).toBe(1);
    const explained = new Map<string, unknown[]>();
    explanation!.eachRow((row) => explained.set(String(row.getCell(1).value), (row.values as unknown[]).slice(2)));
    for (const header of headers) expect(explained.get(String(header)), String(header)).toHaveLength(4);
    expect(explained.get('Nominal')).toEqual(['Pokok deposito dalam rupiah utuh', 'Angka, atau teks bertitik ribuan', '50.000.000', 'Wajib']);
  });

  it('one row: the dry run writes nothing and gives the totals; the commit makes it an active deposit in its period 2 with the old system\'s installments paid, its bilyet received and a timeline row; its customer created', async () => {
    const before = await counts();
    const book = await importBook([rinaRow(w)]);
    const dry = await upload(book);
    expect(dry.status, dry.text).toBe(200);
    expect(depositImportResultSchema.parse(dry.body.data)).toEqual({
      rows: 1, valid: 1, errors: [], errorCount: 0, errorsTruncated: false,
      totals: { count: 1, principal: 50_000_000, byProduct: [{ productId: w.products.monthly, productCode: productCode(w, 'monthly'), productName: 'Deposito Bulanan Uji', count: 1, principal: 50_000_000 }] },
      customers: { created: 1, matched: 0 },
    });
    expect(await counts()).toEqual(before);

    const committed = await upload(book, { dryRun: 'false', name: 'buku-juni.xlsx' });
    expect(committed.status, committed.text).toBe(201);
    const result = depositImportResultSchema.parse(committed.body.data);
    expect(result.importId).toEqual(expect.any(String));

    const row = await w.db.selectFrom('deposits').selectAll().where('deposit_number', '=', 'DEP-LAMA-0001').executeTakeFirstOrThrow();
    const detail = depositDetailSchema.parse((await w.call('GET', `/deposito/${row.id}`, { token: w.users.operator.token })).body.data);
    expect(detail).toMatchObject({
      status: 'active', depositNumber: 'DEP-LAMA-0001', amount: 50_000_000, rateBps: 600, tenorMonths: 6, periodNumber: 2,
      depositDate: '2025-06-15', maturityDate: '2026-06-15', maturityInstruction: 'ARO', interestPayment: 'MONTHLY',
      periodStart: '2025-12-15', bilyet: { status: 'received', number: 'BL-LAMA-0001' },
    });
    const installments = detail.installments.map((item) => [item.sequence, item.payDate, item.grossInterest, item.tax, item.netInterest, item.status]);
    expect(installments.slice(0, 3)).toEqual([
      [1, '2026-01-15', 254_795, 50_959, 203_836, 'paid'],
      [2, '2026-02-16', 254_795, 50_959, 203_836, 'paid'],
      [3, '2026-03-16', 230_137, 46_027, 184_110, 'scheduled'],
    ]);
    expect(installments.map((item) => item[5])).toEqual(['paid', 'paid', 'scheduled', 'scheduled', 'scheduled', 'scheduled']);
    expect(detail.timeline.map((entry) => [entry.event, entry.eventLabel, entry.actor.name, entry.to])).toEqual([['deposit.import', 'Dipindahkan dari sistem lama', 'Dewi Admin', 'active']]);
    expect(detail.timeline[0]!.payload).toMatchObject({ importId: result.importId, fileName: 'buku-juni.xlsx', cutOverDate: CUT_OVER, periodNumber: 2, paidInstallments: 2 });

    const customer = (await w.call('GET', `/bpr/customers/${detail.customer.id}`, { token: w.users.operator.token })).body.data;
    expect(customer).toMatchObject({
      type: 'INDIVIDUAL', name: 'Rina Marlina', nik: '3273095203850002', birthDate: '1985-03-12', gender: 'FEMALE', phone: '+6281234567890',
      villageId: '32.73.09.1003', districtId: '32.73.09', zipCode: '40115', payoutAccount: { bankCode: '002', accountNumber: '0011223344', accountName: 'Rina Marlina' },
    });
    expect(customer.deposits.map((deposit: { depositNumber: string }) => deposit.depositNumber)).toEqual(['DEP-LAMA-0001']);

    const list = await w.call('GET', '/deposito/import', { token: w.users.admin.token });
    expect(list.status).toBe(200);
    expect(depositImportSummarySchema.parse(list.body.data[0])).toMatchObject({ importId: result.importId, fileName: 'buku-juni.xlsx', rows: 1, principal: 50_000_000, cutOverDate: CUT_OVER, by: 'Dewi Admin' });
  });

  it('Beranda and the reports count an imported deposit like any other', async () => {
    const summary = async () => (await w.call('GET', '/report/list-summary', { token: w.users.supervisor.token })).body.data;
    const before = await summary();
    const book = await importBook([keptRow(w, 900, { principal: 12_345_000 })]);
    expect((await upload(book, { dryRun: 'false' })).status).toBe(201);
    const after = await summary();
    expect(after.balances.running.count).toBe(before.balances.running.count + 1);
    expect(after.balances.running.amount).toBe(before.balances.running.amount + 12_345_000);
    const counted = (await w.call('GET', '/invoice/all-deposito?status=active&limit=100&q=DEP-BUKU-0900', { token: w.users.supervisor.token })).body.data.map((deposit: { depositNumber: string }) => deposit.depositNumber);
    expect(counted).toContain('DEP-BUKU-0900');
  });

  it('500 rows with exactly 3 bad ones: the dry run names those 3 (row, column, message); the commit is refused with 400 and writes nothing', async () => {
    const rows = Array.from({ length: 500 }, (_, index) => keptRow(w, index));
    rows[10] = { ...rows[10]!, principal: 0 };
    rows[250] = { ...rows[250]!, product: 'TIDAK-ADA' };
    rows[499] = { ...rows[499]!, valueDate: '2026-03-05' };
    const book = await importBook(rows);
    const before = await counts();
    const dry = await upload(book);
    expect(dry.status, dry.text).toBe(200);
    const result = depositImportResultSchema.parse(dry.body.data);
    // Excel row numbers: the header is row 1, so rows[i] is row i + 2.
    expect(result.errors).toEqual([
      { row: 12, column: 'Nominal', message: 'Nominal harus rupiah utuh lebih dari 0 (contoh 50.000.000).' },
      { row: 252, column: 'Produk', message: 'Produk "TIDAK-ADA" tidak ada di bank ini; tulis kode atau nama produk dari Master Data Produk.' },
      { row: 501, column: 'Tanggal Valuta', message: 'Tanggal valuta 05-Mar-2026 setelah tanggal pindah 01-Mar-2026; impor hanya deposito yang sudah berjalan.' },
    ]);
    expect([result.rows, result.valid, result.errorCount, result.totals.count]).toEqual([500, 497, 3, 497]);
    const goodPrincipal = rows.reduce((sum, row, index) => sum + ([10, 250, 499].includes(index) ? 0 : Number(row.principal)), 0);
    expect(result.totals.principal).toBe(goodPrincipal);
    expect(result.totals.byProduct.map((total) => total.count).reduce((a, b) => a + b, 0)).toBe(497);

    const refused = await upload(book, { dryRun: 'false' });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toEqual(['Impor dibatalkan: ada baris yang salah, tidak ada yang disimpan. Perbaiki baris-baris tersebut lalu unggah lagi.']);
    expect(depositImportResultSchema.parse(refused.body.data).errors).toEqual(result.errors);
    expect(await counts()).toEqual(before);
  });

  it('a commit without an Idempotency-Key (no request transaction around it) of more rows than one batch checks at once', async () => {
    // 1,000 rows are checked and written together: 1,200 make two batches, new customers in both.
    const rows = Array.from({ length: 1200 }, (_, index) =>
      rinaRow(w, { depositNumber: `DEP-TANPA-KUNCI-${index}`, bilyetNumber: `BL-TANPA-KUNCI-${index}`, nik: `327309520385${1000 + index}`, principal: 10_000_000 }),
    );
    const answer = await upload(await importBook(rows), { dryRun: 'false', withoutKey: true });
    expect(answer.status, answer.text).toBe(201);
    expect([answer.body.data.totals.count, answer.body.data.customers]).toEqual([1200, { created: 1200, matched: 0 }]);
    const written = await w.db.selectFrom('deposits').select((eb) => eb.fn.countAll<number>().as('n')).where('deposit_number', 'like', 'DEP-TANPA-KUNCI-%').executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(1200);
  });

  it('the same file twice: the first writes every row in one go, the second finds every deposit number taken and writes nothing', async () => {
    const rows = Array.from({ length: 40 }, (_, index) => keptRow(w, 1000 + index));
    const book = await importBook(rows);
    const first = await upload(book, { dryRun: 'false' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data.totals.count).toBe(40);
    const before = await counts();
    const second = await upload(book, { dryRun: 'false' });
    expect(second.status).toBe(400);
    const result = depositImportResultSchema.parse(second.body.data);
    expect(result.valid).toBe(0);
    expect(result.errors.filter((error) => error.column === 'Nomor Deposito').map((error) => error.row)).toEqual(rows.map((_, index) => index + 2));
    expect(result.errors[0]!.message).toBe('Nomor deposito DEP-BUKU-1000 sudah ada di Berjangka; deposito ini sudah diimpor atau dipakai.');
    expect(await counts()).toEqual(before);
  });

  it('every broken customer rule, product of another bank and duplicate in the file is its own error; another bank\'s data is never touched nor matched', async () => {
    await w.place({ bank: 'other', depositNumber: 'DEP-BANK-LAIN' });
    const otherBefore = await w.db.selectFrom('deposits').selectAll().where('bank_id', '=', w.bank.otherId).orderBy('id').execute();
    const otherCustomers = await w.db.selectFrom('customers').selectAll().where('bank_id', '=', w.bank.otherId).orderBy('id').execute();
    const rows: TemplateRow[] = [
      // The other bank's deposit number is free here; its customer's NIK makes a new customer of this bank.
      rinaRow(w, { depositNumber: 'DEP-BANK-LAIN', bilyetNumber: 'BL-X-1', nik: '3273095203850003', name: 'Joko Baru' }),
      // NIK of a man's birth date for a woman, serial 0000, another bank's product, phone broken.
      rinaRow(w, { depositNumber: 'DEP-X-2', bilyetNumber: 'BL-X-2', nik: '3273091203850000', phone: '12', product: productCode(w, 'other') }),
      // The same deposit number again in the file.
      rinaRow(w, { depositNumber: 'DEP-BANK-LAIN', bilyetNumber: 'BL-X-3', nik: '3273095203850003' }),
    ];
    const dry = await upload(await importBook(rows));
    expect(dry.status, dry.text).toBe(200);
    const { errors, valid } = depositImportResultSchema.parse(dry.body.data);
    expect(valid).toBe(1);
    expect(errors).toEqual([
      { row: 3, column: 'Produk', message: `Produk "${productCode(w, 'other')}" tidak ada di bank ini; tulis kode atau nama produk dari Master Data Produk.` },
      { row: 4, column: 'Nomor Deposito', message: 'Nomor deposito DEP-BANK-LAIN sudah ada di baris 2 berkas ini.' },
    ]);
    // With the product fixed, the customer's own rules speak, one message each.
    const customerRules = await upload(await importBook([rows[1]!].map((row) => ({ ...row, product: productCode(w, 'monthly') }))));
    const messages = depositImportResultSchema.parse(customerRules.body.data).errors;
    expect(messages.map((error) => error.column)).toEqual(['NIK', 'NIK', 'Telepon']);
    expect(messages.every((error) => error.row === 2 && error.message.length > 10)).toBe(true);

    expect((await upload(await importBook([rows[0]!]), { dryRun: 'false' })).status).toBe(201);
    const created = await w.db.selectFrom('customers').selectAll().where('nik', '=', '3273095203850003').execute();
    expect(created.map((customer) => [customer.bank_id, customer.name])).toEqual([[w.bank.id, 'Joko Baru']]);
    expect(await w.db.selectFrom('deposits').selectAll().where('bank_id', '=', w.bank.otherId).orderBy('id').execute()).toEqual(otherBefore);
    expect(await w.db.selectFrom('customers').selectAll().where('bank_id', '=', w.bank.otherId).orderBy('id').execute()).toEqual(otherCustomers);
  });

  it('dates typed as text (DD/MM/YYYY, YYYY-MM-DD) and amounts typed as "50.000.000" read as Excel\'s own', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Deposito');
    const row = rinaRow(w, { depositNumber: 'DEP-TEKS-1', bilyetNumber: 'BL-TEKS-1', nik: '3201010101010002', name: 'Agus Salim' });
    const cells: Record<string, string | number> = {
      'Nomor Deposito': row.depositNumber!, 'Nomor Bilyet': row.bilyetNumber!, NIK: row.nik!, 'Nama Nasabah': row.name!, Produk: row.product!,
      'Periode Ke': '1', 'Tanggal Valuta': '15/01/2026', 'Tenor (Bulan)': '3', 'Suku Bunga (% p.a.)': '5,50', Nominal: '25.000.000',
      'Instruksi Jatuh Tempo': 'NON-ARO', 'Pembayaran Bunga': 'bulanan', 'Tanggal Pembukaan': '2026-01-15',
    };
    sheet.addRow(Object.keys(cells));
    sheet.addRow(Object.values(cells));
    const book = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await upload(book, { dryRun: 'false' });
    expect(answer.status, answer.text).toBe(201);
    const stored = await w.db.selectFrom('deposits').selectAll().where('deposit_number', '=', 'DEP-TEKS-1').executeTakeFirstOrThrow();
    expect([stored.period_start, stored.maturity_date, Number(stored.amount), stored.rate_bps, stored.maturity_instruction, stored.customer_id]).toEqual(['2026-01-15', '2026-04-15', 25_000_000, 550, 'PAYOUT', w.customers.second]);
  });

  it('refuses what is not a book: no file, not an xlsx, a cut-over date after today, a sheet without the columns', async () => {
    const form = new FormData();
    form.set('cutOverDate', CUT_OVER);
    const noFile = await w.call('POST', '/deposito/import', { token: w.users.admin.token, form, headers: freshKey() });
    expect([noFile.status, noFile.body.message]).toEqual([400, ['Pilih berkas xlsx yang berisi deposito yang akan diimpor.']]);
    const notXlsx = await upload(Buffer.from('bukan xlsx'));
    expect([notXlsx.status, notXlsx.body.message]).toEqual([400, ['Berkas harus berupa template Impor Deposito (xlsx) yang diunduh dari layar ini.']]);
    const future = await upload(await importBook([rinaRow(w)]), { cutOverDate: '2026-03-03' });
    expect([future.status, future.body.message]).toEqual([400, ['Tanggal pindah tidak boleh setelah hari ini (02-Mar-2026).']]);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Lain').addRow(['Nama', 'Jumlah']);
    const wrong = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(wrong.status).toBe(200);
    const result = depositImportResultSchema.parse(wrong.body.data);
    expect(result.errors.map((error) => error.column)).toEqual(['Nomor Deposito', 'Nomor Bilyet', 'Nama Nasabah', 'Produk', 'Periode Ke', 'Tanggal Valuta', 'Tenor (Bulan)', 'Suku Bunga (% p.a.)', 'Nominal', 'Instruksi Jatuh Tempo', 'Pembayaran Bunga']);
    expect(result.errors[0]).toEqual({ row: 1, column: 'Nomor Deposito', message: 'Kolom "Nomor Deposito" tidak ditemukan di baris judul. Gunakan template Impor Deposito.' });
  });

  it('the demo\'s sample book (template ?sample=1) imports as it is', async () => {
    const answer = await fetch(`${w.t.url}/api-v2-bpr/deposito/import/template?sample=1`, { headers: { authorization: `Bearer ${w.users.admin.token}` } });
    expect(answer.status).toBe(200);
    const book = Buffer.from(await answer.arrayBuffer());
    const dry = await upload(book, { cutOverDate: '2026-03-02' });
    const result = depositImportResultSchema.parse(dry.body.data);
    expect(result.errors).toEqual([]);
    expect([result.rows, result.valid, result.customers]).toEqual([20, 20, { created: 20 - 2, matched: 0 }]);
    expect((await upload(book, { cutOverDate: '2026-03-02', dryRun: 'false' })).status).toBe(201);
    const again = depositImportResultSchema.parse((await upload(book, { cutOverDate: '2026-03-02' })).body.data);
    expect(again.valid).toBe(0);
  });
});
