import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { successEnvelope } from '../../contract/envelope';
import { invoiceDetailSchema, invoiceSummarySchema, type InvoiceDetail } from '../../contract/invoices';
import { runDailyCatchUp } from '../../server/jobs/catch-up';
import { runDailyJob } from '../../server/jobs/daily';
import { runOwedMonthlyInvoices, MONTHLY_INVOICES_JOB } from '../../server/jobs/monthly-invoices';
import { issueMonthlyInvoices } from '../../server/invoices/invoice-run-service';
import { recordInvoicePayment, saveChannelPartner } from '../../server/invoices/invoice-admin-service';
import { DEFAULT_PLATFORM_IDENTITY } from '../../server/platform/config';
import { pdfToText, squish } from '../support/pdf-text';
import { startWorld, type World } from './deposit-fixtures';
import { dialects } from './harness';

/**
 * Platform invoices (API.md "Reports and invoices", DOMAIN.md "Platform invoices") over HTTP on
 * each dialect: a world whose channel deposits live through July–October 2026 (placements, an
 * ARO+ rollover, a break, a maturity, a direct and a rejected deposit), billed by the daily job's
 * follow-up once the 1st of November has run, every line worked by hand below.
 *
 * Fee = principal × bps × days ÷ 3.650.000, half-up per line (October has 31 days):
 *   DEP-A Komunal 50 bps, 100.000.000 all month: × 31 = 42.465,75 → 42.466
 *   DEP-C Komunal ARO+ rolled on 20 Oct: 50.000.000 × 19 days = 13.013,70 → 13.014; then its new
 *         principal 50.579.726 (interest 20 Jul–20 Oct: 92 days × 50.000.000 × 5,75% ÷ 365 =
 *         724.657,53 → 724.658, PPh 20% = 144.931,6 → 144.932, net 579.726) × 12 days = 8.314,47 → 8.314
 *   DEP-D Komunal broken on 12 Oct: 10.000.000 × 11 days (1–11 Oct) = 1.506,85 → 1.507
 *   DEP-E Komunal non-ARO matured 25 Oct: 15.000.000 × 24 days (1–24 Oct) = 4.931,51 → 4.932
 *   DEP-B Mitra Uji 75 bps, from its value date 10 Oct: 25.000.000 × 22 days = 11.301,37 → 11.301
 *   not billed: DEP-F placed at the bank (no channel), DEP-K at its counter (channel COUNTER: no partner, no fee), DEP-G rejected, DEP-I starting in November.
 * Subtotal 81.534; DPP 11/12 = 74.739,5 → 74.740; PPN 12% = 8.968,8 → 8.969; total 90.503.
 *
 * The other bank: DEP-H Komunal 30.000.000 × 31 days = 12.739,73 → 12.740, and DEP-J through
 * "Mitra Baru" (unknown at first, then 100 bps) 20.000.000 × 100 × 31 ÷ 3.650.000 = 16.986,30 →
 * 16.986; subtotal 29.726, DPP 27.248,83 → 27.249, PPN 3.269,88 → 3.270, total 32.996.
 */

const HAND_WORKED_LINES = [
  { depositNumber: 'DEP-A', channel: 'Komunal', principal: 100_000_000, activeFrom: '2026-10-01', activeTo: '2026-10-31', days: 31, feeBps: 50, fee: 42_466 },
  { depositNumber: 'DEP-C', channel: 'Komunal', principal: 50_000_000, activeFrom: '2026-10-01', activeTo: '2026-10-19', days: 19, feeBps: 50, fee: 13_014 },
  { depositNumber: 'DEP-C', channel: 'Komunal', principal: 50_579_726, activeFrom: '2026-10-20', activeTo: '2026-10-31', days: 12, feeBps: 50, fee: 8_314 },
  { depositNumber: 'DEP-D', channel: 'Komunal', principal: 10_000_000, activeFrom: '2026-10-01', activeTo: '2026-10-11', days: 11, feeBps: 50, fee: 1_507 },
  { depositNumber: 'DEP-E', channel: 'Komunal', principal: 15_000_000, activeFrom: '2026-10-01', activeTo: '2026-10-24', days: 24, feeBps: 50, fee: 4_932 },
  { depositNumber: 'DEP-B', channel: 'Mitra Uji', principal: 25_000_000, activeFrom: '2026-10-10', activeTo: '2026-10-31', days: 22, feeBps: 75, fee: 11_301 },
];
const BANK_NPWP = '0102 0304 0506 0708';

const listSchema = successEnvelope(z.array(invoiceSummarySchema));
const detailSchema = successEnvelope(invoiceDetailSchema);

describe.each(dialects)('platform invoices on %s', (dialect) => {
  let w: World;
  let mainInvoice: InvoiceDetail;
  let otherInvoiceId: string;
  const seller = DEFAULT_PLATFORM_IDENTITY;
  const runDeps = () => ({ db: w.db, clock: w.clock, seller });
  const raw = (who: keyof World['users']) => ({ headers: { authorization: w.users[who].token } });
  const v1 = (path: string, who: keyof World['users'] = 'operator') => w.t.call('GET', `/api-v1${path}`, raw(who));
  const job = (date: string) => runDailyJob({ db: w.db, clock: w.clock }, date);
  /**
   * Sessions live 8 hours and passwords 90 days: after the clock moved months ahead, every user
   * signs in again (with a password changed "today").
   */
  const signInAgain = async () => {
    await w.db.updateTable('users').set({ password_changed_at: w.clock.now().toISOString() }).execute();
    for (const who of Object.keys(w.users) as Array<keyof World['users']>) w.users[who].token = await w.t.login(`${who.toLowerCase()}@uji.test`);
  };
  const invoiceRows = () => w.db.selectFrom('invoices').selectAll().orderBy('number').execute();
  const lineRows = () => w.db.selectFrom('invoice_lines').selectAll().orderBy('invoice_id').orderBy('line_number').execute();

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-07-20');
    await w.db.updateTable('banks').set({ npwp: BANK_NPWP }).where('id', '=', w.bank.id).execute();
    const now = w.clock.now().toISOString();
    await saveChannelPartner(w.db, { code: 'Komunal', name: 'PT Komunal Uji', npwp: '0911 2233 4455 6000', feeBps: 50, effectiveFrom: '2020-01-01' }, now);
    await saveChannelPartner(w.db, { code: 'Mitra Uji', name: 'PT Mitra Uji', npwp: null, feeBps: 75, effectiveFrom: '2020-01-01' }, now);
    const approved = async (options: Parameters<World['place']>[0]) => {
      const row = await w.place(options);
      await w.drive(row.id, { type: 'deposit.approve' }, options?.bank === 'other' ? 'otherSupervisor' : 'supervisor');
      return row;
    };

    await approved({ depositNumber: 'DEP-C', product: 'atMaturity', amount: 50_000_000, tenorMonths: 3, instruction: 'ARO_PLUS', channel: 'Komunal' });
    w.setToday('2026-08-01');
    await approved({ bank: 'other', depositNumber: 'DEP-H', amount: 30_000_000, tenorMonths: 3, channel: 'Komunal' });
    await approved({ bank: 'other', depositNumber: 'DEP-J', amount: 20_000_000, tenorMonths: 3, channel: 'Mitra Baru' });
    w.setToday('2026-08-15');
    await approved({ depositNumber: 'DEP-A', amount: 100_000_000, tenorMonths: 3, channel: 'Komunal' });
    w.setToday('2026-09-01');
    const broken = await approved({ depositNumber: 'DEP-D', amount: 10_000_000, tenorMonths: 3, channel: 'Komunal' });
    w.setToday('2026-09-25');
    await approved({ depositNumber: 'DEP-E', amount: 15_000_000, tenorMonths: 1, instruction: 'PAYOUT', channel: 'Komunal' });
    await approved({ depositNumber: 'DEP-F', amount: 200_000_000, tenorMonths: 3, channel: null });
    await approved({ depositNumber: 'DEP-K', amount: 80_000_000, tenorMonths: 3, channel: 'COUNTER' });
    const rejected = await w.place({ depositNumber: 'DEP-G', amount: 40_000_000, tenorMonths: 3, channel: 'Komunal' });
    await w.drive(rejected.id, { type: 'deposit.reject', reason: 'Data tidak lengkap' });
    await approved({ depositNumber: 'DEP-B', amount: 25_000_000, tenorMonths: 3, depositDate: '2026-10-10', channel: 'Mitra Uji' });
    w.setToday('2026-10-05');
    await w.drive(broken.id, { type: 'deposit.requestBreak', breakDate: '2026-10-12', reason: 'Kebutuhan mendesak' }, 'operator');
    await w.drive(broken.id, { type: 'deposit.approveBreak' }, 'supervisor2');
    await job('2026-10-10');
    await job('2026-10-20');
    await job('2026-10-25');
    w.setToday('2026-10-26');
    await approved({ depositNumber: 'DEP-I', amount: 60_000_000, tenorMonths: 3, placementDate: '2026-10-26', depositDate: '2026-11-03', channel: 'Komunal' });
  }, 120_000);
  afterAll(async () => {
    await w?.stop();
  });

  it('bills nothing before the daily job has run the 1st; after the catch-up over 1 November, October once per bank, issued on the 1st and due on the 15th', async () => {
    expect((await w.row((await w.db.selectFrom('deposits').select('id').where('deposit_number', '=', 'DEP-C').executeTakeFirstOrThrow()).id)).amount).toBe(50_579_726);
    expect(await runOwedMonthlyInvoices(runDeps(), '2026-10-26')).toEqual([]);
    expect(await invoiceRows()).toEqual([]);

    // The server was down from 26 October to 3 November: the catch-up runs each missed day, the 1st among them.
    w.setToday('2026-11-03');
    await runDailyCatchUp({ db: w.db, clock: w.clock }, '2026-11-03');
    const [first] = await runOwedMonthlyInvoices(runDeps(), '2026-11-03');
    // "Mitra Baru" is no partner yet: the other bank gets no invoice, and the run stays owed.
    expect(first).toMatchObject({ issuedOn: '2026-11-01', period: '2026-10', outcome: 'incomplete', report: { issued: 1, lines: 6, refused: [{ bankId: w.bank.otherId, reason: 'mitra penyalur belum terdaftar: "Mitra Baru"' }] } });
    expect(await w.db.selectFrom('job_runs').select(['status']).where('job', '=', MONTHLY_INVOICES_JOB).execute()).toEqual([{ status: 'failed' }]);
    const invoices = await invoiceRows();
    expect(invoices).toMatchObject([{ bank_id: w.bank.id, period: '2026-10', number: 'INV/BRJ/2026-10/0001', issued_on: '2026-11-01', due_date: '2026-11-15', paid_at: null, line_count: 6, subtotal: 81_534, dpp: 74_740, ppn: 8_969, total: 90_503 }]);

    // The operator's command refuses what it cannot bill with, in Indonesian.
    const partner = { code: 'Mitra Baru', name: 'PT Mitra Baru', npwp: null, feeBps: 100, effectiveFrom: '2026-01-01' };
    await expect(saveChannelPartner(w.db, { ...partner, feeBps: 12.5 }, 'now')).rejects.toThrow('Tarif mitra harus bilangan bulat basis poin per tahun, 0 sampai 10000.');
    await expect(saveChannelPartner(w.db, { ...partner, effectiveFrom: '2026-02-30' }, 'now')).rejects.toThrow('Tanggal berlaku harus berformat YYYY-MM-DD.');
    await expect(saveChannelPartner(w.db, { ...partner, code: ' Mitra Baru' }, 'now')).rejects.toThrow('Kode mitra harus 1–64 karakter');
    expect(await w.db.selectFrom('channel_partners').select('code').where('code', 'like', '%Baru%').execute()).toEqual([]);
    // Once the partner is set up the next day's follow-up bills the rest, and only the rest.
    await saveChannelPartner(w.db, partner, w.clock.now().toISOString());
    w.setToday('2026-11-04');
    expect(await runOwedMonthlyInvoices(runDeps(), '2026-11-04')).toMatchObject([{ issuedOn: '2026-11-01', outcome: 'done', report: { issued: 1, alreadyIssued: 1, refused: [] } }]);
    expect(await invoiceRows()).toMatchObject([
      { bank_id: w.bank.id, number: 'INV/BRJ/2026-10/0001', total: 90_503 },
      { bank_id: w.bank.otherId, number: 'INV/BRJ/2026-10/0002', issued_on: '2026-11-01', line_count: 2, subtotal: 29_726, dpp: 27_249, ppn: 3_270, total: 32_996 },
    ]);
    otherInvoiceId = (await invoiceRows())[1]!.id;
    await signInAgain();
  });

  it('is idempotent: the follow-up again (the server\'s own, as it runs after each daily job), and the run itself again, change nothing', async () => {
    const before = { invoices: await invoiceRows(), lines: await lineRows() };
    const followUp = w.t.server.followUps.find((candidate) => candidate.name === 'platform-invoices')!;
    expect(await followUp.run()).toMatchObject([{ issuedOn: '2026-11-01', outcome: 'already-done' }]);
    expect(await runOwedMonthlyInvoices(runDeps(), '2026-11-05')).toMatchObject([{ issuedOn: '2026-11-01', outcome: 'already-done' }]);
    expect(await issueMonthlyInvoices(runDeps(), '2026-10')).toMatchObject({ issued: 0, alreadyIssued: 2, refused: [] });
    expect({ invoices: await invoiceRows(), lines: await lineRows() }).toEqual(before);
  });

  it("GET /bpr-invoice/invoice: the hand-worked lines, DPP, PPN, total and the total in words; another bank's invoice is not found", async () => {
    const list = listSchema.parse((await v1('/bpr-invoice/my-invoice')).body);
    expect(list.data.map((invoice) => invoice.number)).toEqual(['INV/BRJ/2026-10/0001']);
    const answer = await v1(`/bpr-invoice/invoice?id=${list.data[0]!.id}`);
    expect(answer.status).toBe(200);
    mainInvoice = detailSchema.parse(answer.body).data;
    expect(mainInvoice).toMatchObject({
      number: 'INV/BRJ/2026-10/0001',
      period: '2026-10',
      issuedAt: '2026-11-01',
      dueDate: '2026-11-15',
      status: 'unpaid',
      statusLabel: 'Belum dibayar',
      subtotal: 81_534,
      dpp: 74_740,
      ppn: 8_969,
      total: 90_503,
      totalInWords: 'sembilan puluh ribu lima ratus tiga rupiah',
      seller: { name: seller.name, npwp: seller.npwp, address: seller.address },
      buyer: { name: 'BPR Uji Sentosa', npwp: BANK_NPWP },
      payment: { bankName: seller.bankName, accountNumber: seller.accountNumber, accountName: seller.accountName },
    });
    expect(mainInvoice.lines.map(({ channelName: _name, ...line }) => line)).toEqual(HAND_WORKED_LINES);
    expect(mainInvoice.lines.map((line) => line.channelName)).toEqual(['PT Komunal Uji', 'PT Komunal Uji', 'PT Komunal Uji', 'PT Komunal Uji', 'PT Komunal Uji', 'PT Mitra Uji']);

    const foreign = await v1(`/bpr-invoice/invoice?id=${otherInvoiceId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ statusCode: 404, message: 'Tagihan tidak ditemukan.', error: 'Not Found' });
    expect((await v1(`/bpr-invoice/invoice?id=${otherInvoiceId}`, 'otherSupervisor')).status).toBe(200);
    expect((await v1('/bpr-invoice/invoice?id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('every staff role reads all four; the v1 routes take the raw token only and the xlsx the Bearer form only', async () => {
    for (const who of ['operator', 'supervisor', 'admin'] as const) {
      expect((await v1('/bpr-invoice/my-invoice', who)).status, who).toBe(200);
      expect((await v1(`/bpr-invoice/invoice?id=${mainInvoice.id}`, who)).status, who).toBe(200);
      expect((await v1(`/bpr-invoice-doc/my-invoice/pdf?id=${mainInvoice.id}`, who)).status, who).toBe(200);
      expect((await w.call('GET', '/report/invoice/xlsx?period=2026-10', { token: w.users[who].token })).status, who).toBe(200);
    }
    const bearer = await w.t.call('GET', '/api-v1/bpr-invoice/my-invoice', { token: w.users.operator.token });
    expect(bearer.status).toBe(401);
    expect(bearer.body.message).toBe('Format header Authorization tidak sesuai. Silakan login kembali.');
    expect((await w.t.call('GET', '/api-v1/bpr-invoice/my-invoice')).status).toBe(401);
    expect((await w.call('GET', '/report/invoice/xlsx?period=2026-10', raw('operator'))).status).toBe(401);
  });

  it('bad ids, statuses, pages and periods answer 400 in Indonesian; months without an invoice 404, saying why', async () => {
    const expect400 = async (path: string, message: string, call = () => v1(path)) => {
      const answer = await call();
      expect(answer.status, path).toBe(400);
      expect(answer.body.message, path).toEqual([message]);
    };
    await expect400('/bpr-invoice/invoice', 'ID tagihan wajib diisi.');
    await expect400('/bpr-invoice/invoice?id=%20', 'ID tagihan wajib diisi.');
    await expect400("/bpr-invoice/invoice?id=1'%20or%201=1", 'ID tagihan tidak valid.');
    await expect400('/bpr-invoice-doc/my-invoice/pdf?id=x'.padEnd(120, 'x'), 'ID tagihan tidak valid.');
    await expect400('/bpr-invoice/my-invoice?status=lunas', 'Status tagihan harus unpaid, paid atau overdue.');
    await expect400('/bpr-invoice/my-invoice?page=0', 'Halaman dimulai dari 1.');
    const report = (period: string) => () => w.call('GET', `/report/invoice/xlsx${period}`, { token: w.users.operator.token });
    await expect400('', 'Periode wajib diisi (YYYY-MM).', report(''));
    await expect400('', 'Periode harus berformat YYYY-MM.', report('?period=2026-13'));
    await expect400('', 'Periode harus berformat YYYY-MM.', report('?period=Oktober'));
    const notYet = await report('?period=2026-11')();
    expect(notYet.status).toBe(404);
    expect(notYet.body.message).toBe('Tagihan periode November 2026 baru terbit pada 1 Desember 2026.');
    const none = await report('?period=2026-09')();
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Tidak ada tagihan untuk periode September 2026.');
    expect((await v1(`/bpr-invoice-doc/my-invoice/pdf?id=${otherInvoiceId}`)).status).toBe(404);
  });

  it('the PDF reads back with the number, both NPWPs, the lines, DPP, PPN, the total in figures and in words, and how to pay', async () => {
    const response = await fetch(`${w.t.url}/api-v1/bpr-invoice-doc/my-invoice/pdf?id=${mainInvoice.id}`, raw('operator'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Tagihan_INV-BRJ-2026-10-0001.pdf"; filename*=UTF-8''Tagihan%20INV-BRJ-2026-10-0001.pdf`);
    const text = squish(await pdfToText(new Uint8Array(await response.arrayBuffer())));
    for (const expected of [
      'TAGIHAN',
      'INV/BRJ/2026-10/0001',
      seller.name,
      `NPWP ${seller.npwp}`,
      'BPR Uji Sentosa',
      `NPWP ${BANK_NPWP}`,
      'Tanggal tagihan 1 November 2026',
      'Jatuh tempo 15 November 2026',
      '1–31 Oktober 2026',
      'Status Belum dibayar',
      'Jumlah biaya layanan Rp 81.534',
      'DPP Nilai Lain (11/12 × jumlah biaya) Rp 74.740',
      'PPN 12% × DPP Rp 8.969',
      'TOTAL TAGIHAN Rp 90.503',
      'Sembilan puluh ribu lima ratus tiga rupiah',
      `${seller.bankName} · No. rekening ${seller.accountNumber} · atas nama ${seller.accountName}`,
      'paling lambat 15 November 2026',
      'DEP-C Komunal 20–31 Okt 50.579.726 12 0,50% 8.314',
      'DEP-B Mitra Uji 10–31 Okt 25.000.000 22 0,75% 11.301',
      'Halaman 1 dari 1',
    ]) {
      expect(text).toContain(expected);
    }
    for (const absent of ['DEP-F', 'DEP-G', 'DEP-I', 'DEP-H']) expect(text).not.toContain(absent);
  });

  it("the month's lines as xlsx, then the invoice's sums beneath", async () => {
    const response = await fetch(`${w.t.url}/api-v2-bpr/report/invoice/xlsx?period=2026-10`, { headers: { authorization: `Bearer ${w.users.supervisor.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Rincian_Tagihan_2026-10.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['No. Tagihan', 'No.', 'No. Deposito', 'Kode Mitra', 'Mitra Penyalur', 'Aktif Dari', 'Aktif Sampai', 'Pokok', 'Hari', 'Tarif per Tahun', 'Biaya']);
    const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
    expect(rows.slice(1, 7)).toEqual(
      HAND_WORKED_LINES.map((line, index) => [
        'INV/BRJ/2026-10/0001',
        index + 1,
        line.depositNumber,
        line.channel,
        line.channel === 'Komunal' ? 'PT Komunal Uji' : 'PT Mitra Uji',
        day(line.activeFrom),
        day(line.activeTo),
        line.principal,
        line.days,
        line.feeBps / 10_000,
        line.fee,
      ]),
    );
    const sums = rows.slice(7).map((row) => [row[2], row[10]]);
    expect(sums).toEqual([
      ['Jumlah biaya layanan', 81_534],
      ['DPP Nilai Lain (11/12 × jumlah biaya)', 74_740],
      ['PPN 12% × DPP', 8_969],
      ['Total tagihan', 90_503],
    ]);
  });

  it('the status follows the day: unpaid up to the due date, overdue after it, paid once the payment is recorded; the list filters by it', async () => {
    const statuses = async (query = '') => listSchema.parse((await v1(`/bpr-invoice/my-invoice${query}`)).body).data.map((invoice) => invoice.status);
    w.setToday('2026-11-15');
    await signInAgain();
    expect(await statuses()).toEqual(['unpaid']);
    expect(await statuses('?status=unpaid')).toEqual(['unpaid']);
    expect(await statuses('?status=overdue')).toEqual([]);
    w.setToday('2026-11-16');
    await signInAgain();
    expect(await statuses()).toEqual(['overdue']);
    expect(await statuses('?status=overdue')).toEqual(['overdue']);
    expect(await statuses('?status=unpaid')).toEqual([]);
    await expect(recordInvoicePayment(w.db, { number: 'INV/BRJ/2026-10/0001', paidOn: '2026-10-31', reference: 'TRF-1' })).rejects.toThrow('Tanggal bayar tidak boleh sebelum tanggal tagihan (2026-11-01).');
    await recordInvoicePayment(w.db, { number: 'INV/BRJ/2026-10/0001', paidOn: '2026-11-16', reference: 'TRF-1' });
    await expect(recordInvoicePayment(w.db, { number: 'INV/BRJ/2026-10/0001', paidOn: '2026-11-16', reference: 'TRF-2' })).rejects.toThrow('Tagihan INV/BRJ/2026-10/0001 sudah tercatat lunas.');
    expect(await statuses()).toEqual(['paid']);
    expect(await statuses('?status=paid')).toEqual(['paid']);
    expect(await statuses('?status=overdue')).toEqual([]);
    const paid = detailSchema.parse((await v1(`/bpr-invoice/invoice?id=${mainInvoice.id}`)).body).data;
    expect(paid).toMatchObject({ status: 'paid', statusLabel: 'Lunas', paidAt: '2026-11-16T03:00:00.000Z' });
    const pdf = await fetch(`${w.t.url}/api-v1/bpr-invoice-doc/my-invoice/pdf?id=${mainInvoice.id}`, raw('operator'));
    expect(squish(await pdfToText(new Uint8Array(await pdf.arrayBuffer())))).toContain('Status Lunas, 16 November 2026');
  });
});
