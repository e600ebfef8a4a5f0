import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_SHEET_LINES, balanceSheetSchema } from '../../contract/balance-sheet';
import { balanceSheetRatios, totalAssets } from '../../machines/bank-rules';
import { MARCH_2026 } from '../support/march-balance-sheet';
import { startWorld, type World } from './deposit-fixtures';
import { dialects } from './harness';
import { bombSheet, xlsxWith } from '../support/zip-bomb';

/** API.md "Bank, users, settings": Neraca Keuangan (/bpr/neraca-keuangan), DOMAIN.md "Balance sheet and ratios". */

// The hand-worked month, without its deposito line (the tests choose whether Berjangka fills it).
const { deposito: _deposito, ...march } = MARCH_2026;

describe.each(dialects)('Neraca Keuangan on %s', (dialect) => {
  let w: World;
  let keys = 0;
  const key = () => ({ 'idempotency-key': `neraca-${dialect}-${(keys += 1)}` });
  const enter = (who: keyof World['users'], json: unknown) => w.call('POST', '/bpr/neraca-keuangan', { token: w.users[who].token, json, headers: key() });

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-04-02');
  }, 60_000);
  afterAll(async () => {
    await w?.stop();
  });

  it('an ADMIN enters March without the deposito line: it is what Berjangka holds on 31 March; the ratios follow DOMAIN.md; operators read it', async () => {
    // Held on 31 March: a 10.000.000 deposit running since 2 March. Not held: a pending one and one
    // starting in April.
    const running = await w.place({ product: 'monthly', placementDate: '2026-03-02', depositDate: '2026-03-02', amount: 10_000_000, tenorMonths: 3 });
    await w.drive(running.id, { type: 'deposit.approve' });
    await w.place({ product: 'monthly', placementDate: '2026-03-20', depositDate: '2026-03-20', amount: 5_000_000, tenorMonths: 3 });
    const april = await w.place({ product: 'monthly', placementDate: '2026-04-01', depositDate: '2026-04-01', amount: 7_000_000, tenorMonths: 3 });
    await w.drive(april.id, { type: 'deposit.approve' });

    const answer = await enter('admin', { period: '2026-03', lines: march });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const sheet = balanceSheetSchema.parse(answer.body.data);
    expect(sheet).toMatchObject({ period: '2026-03', depositoFromBerjangka: true, source: 'form', enteredBy: 'Dewi Admin' });
    expect(sheet.lines.deposito).toBe(10_000_000);
    const lines = { ...march, deposito: 10_000_000 };
    expect(sheet.totalAssets).toBe(92_000_000_000);
    expect(sheet.ratios).toEqual(balanceSheetRatios({ period: '2026-03', lines, totalAssetsThisYear: [totalAssets(lines)] }));
    // LDR = 80 bn ÷ (30 bn + 10 jt) = 266,57…%: far above 94,75%.
    expect(sheet.ratios.ldr).toMatchObject({ value: 266.58, healthy: false });

    const read = await w.call('GET', '/bpr/neraca-keuangan?period=2026-03', { token: w.users.operator.token });
    expect(read.status).toBe(200);
    expect(read.body.data.ratios).toEqual(sheet.ratios);
  });

  it('the deposito line sent by the bank is kept; entering a month again replaces it, audited with before and after', async () => {
    const answer = await enter('admin', { period: '2026-03', lines: { ...march, deposito: 55_000_000_000 } });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ depositoFromBerjangka: false, lines: { deposito: 55_000_000_000 } });
    // Hand-worked in tests/unit/bank-ratios.test.ts with these lines: LDR 94,12%.
    expect(answer.body.data.ratios.ldr).toEqual({ value: 94.12, threshold: 94.75, healthy: true, note: null });
    const audit = await w.db.selectFrom('bank_audit').select(['event', 'payload']).where('subject', '=', 'balance-sheet').where('bank_id', '=', w.bank.id).orderBy('at').execute();
    expect(audit.map((row) => row.event)).toEqual(['balanceSheet.enter', 'balanceSheet.replace']);
    expect(JSON.parse(audit[1]!.payload)).toMatchObject({ before: { deposito: 10_000_000 }, after: { deposito: 55_000_000_000 } });
  });

  it('the months on file, newest first; ROA averages the year\'s months', async () => {
    const january = { ...march, asetLain: 0, labaSebelumPajak: 150_000_000 };
    expect((await enter('admin', { period: '2026-01', lines: { ...january, deposito: 50_000_000_000 } })).status).toBe(201);
    const months = await w.call('GET', '/bpr/neraca-keuangan', { token: w.users.supervisor.token });
    expect(months.status).toBe(200);
    expect(months.body.data.map((month: { period: string }) => month.period)).toEqual(['2026-03', '2026-01']);
    // March: (0,6 × 12 / 3) ÷ average(91 bn, 92 bn) = 2,4 ÷ 91,5 = 2,622…% → 2,62.
    expect(months.body.data[0].ratios.roa).toMatchObject({ value: 2.62, healthy: true });
  });

  it('bad input: a month to come, a malformed period, a missing or negative line — 400 in Indonesian, nothing stored; a month not on file is 404', async () => {
    const before = await w.db.selectFrom('balance_sheets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const future = await enter('admin', { period: '2026-05', lines: march });
    expect(future.status).toBe(400);
    expect(future.body.message).toEqual(['Neraca hanya dapat diisi untuk bulan yang sudah berjalan.']);
    expect((await enter('admin', { period: '2026-13', lines: march })).body.message).toEqual(['Periode harus berformat YYYY-MM, misalnya 2026-10.']);
    const { kas: _kas, ...withoutKas } = march;
    const missing = await enter('admin', { period: '2026-02', lines: { ...withoutKas, modalInti: -1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual(expect.arrayContaining(['Kas harus berupa angka rupiah.', 'Modal inti tidak boleh negatif.']));
    const after = await w.db.selectFrom('balance_sheets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const none = await w.call('GET', '/bpr/neraca-keuangan?period=2026-02', { token: w.users.operator.token });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Neraca bulan ini belum diisi.');
  });

  it('only an ADMIN enters a month (403); another bank never sees it', async () => {
    const refused = await enter('supervisor', { period: '2026-02', lines: march });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Hanya ADMIN yang dapat mengisi neraca keuangan.');
    const otherUser = await w.db.selectFrom('users').select('email').where('bank_id', '=', w.bank.otherId).executeTakeFirstOrThrow();
    const other = await w.t.login(otherUser.email);
    expect((await w.call('GET', '/bpr/neraca-keuangan', { token: other })).body.data).toEqual([]);
    expect((await w.call('GET', '/bpr/neraca-keuangan?period=2026-03', { token: other })).status).toBe(404);
  });

  it('a month with zero denominators is answered with each ratio\'s reason, never an error', async () => {
    const zero = Object.fromEntries(BALANCE_SHEET_LINES.map((line) => [line, 0]));
    const answer = await enter('admin', { period: '2026-02', lines: zero });
    expect(answer.status).toBe(201);
    expect(answer.body.data.ratios.kpmm).toEqual({ value: null, threshold: 12, healthy: null, note: 'ATMR bernilai nol: KPMM tidak dapat dihitung.' });
    expect(answer.body.data.ratios.bopo.note).toBe('Pendapatan operasional bernilai nol: BOPO tidak dapat dihitung.');
  });

  it('the xlsx template round trip: download, fill, import — the month is stored from the file; a file that is not the template is refused', async () => {
    const download = await fetch(`${w.t.url}/api-v2-bpr/bpr/neraca-keuangan/template?period=2026-03`, { headers: { authorization: `Bearer ${w.users.admin.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('neraca-keuangan-2026-03.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.getWorksheet('Neraca')!;
    const codes: string[] = [];
    sheet.eachRow((row, number) => {
      const code = String(row.getCell(1).text);
      if (number === 1 || !(BALANCE_SHEET_LINES as string[]).includes(code)) return;
      codes.push(code);
      const value = (march as Record<string, number>)[code];
      // Kas typed by hand as text with thousands dots; the rest as numbers; deposito left empty.
      if (code === 'kas') row.getCell(3).value = '2.000.000.000';
      else if (value !== undefined) row.getCell(3).value = value;
    });
    expect(codes).toEqual(BALANCE_SHEET_LINES);
    const filled = new Uint8Array(await workbook.xlsx.writeBuffer());
    const form = new FormData();
    form.append('period', '2026-03');
    form.append('file', new Blob([filled]), 'neraca.xlsx');
    const imported = await w.call('POST', '/bpr/neraca-keuangan/import', { token: w.users.admin.token, form, headers: key() });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.data).toMatchObject({ source: 'xlsx', depositoFromBerjangka: true, lines: { kas: 2_000_000_000, modalInti: 10_000_000_000, deposito: 10_000_000 } });

    const wrong = new FormData();
    wrong.append('period', '2026-03');
    wrong.append('file', new Blob(['bukan excel']), 'neraca.xlsx');
    const refused = await w.call('POST', '/bpr/neraca-keuangan/import', { token: w.users.admin.token, form: wrong, headers: key() });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(['Berkas harus berupa template Neraca Keuangan (xlsx) yang diunduh dari layar ini.']);
  });

  it('a zip bomb (620 kB inflating to 200 MB, its size declared or hidden) is refused with 413 in under a second while /healthz keeps answering; nothing is stored', async () => {
    const count = async () => Number((await w.db.selectFrom('balance_sheets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const declaredSize of [undefined, 1000]) {
      const bomb = xlsxWith(bombSheet(200, declaredSize));
      const form = new FormData();
      form.append('period', '2026-02');
      form.append('file', new Blob([new Uint8Array(bomb)]), 'neraca.xlsx');
      const started = performance.now();
      const upload = w.call('POST', '/bpr/neraca-keuangan/import', { token: w.users.admin.token, form, headers: key() }).then((answer) => ({ answer, ms: performance.now() - started }));
      const health = fetch(`${w.t.url}/healthz`).then((answer) => ({ status: answer.status, ms: performance.now() - started }));
      const [refused, healthz] = await Promise.all([upload, health]);
      expect(refused.answer.status).toBe(413);
      expect(refused.answer.body.message).toBe(
        'Berkas xlsx ini terlalu besar setelah dibuka: isinya lebih dari 2 MB atau lebih dari 1.000 bagian. Unggah berkas yang lebih kecil, misalnya template yang diunduh dari layar ini.',
      );
      expect(refused.ms).toBeLessThan(1000);
      expect(healthz.status).toBe(200);
      expect(healthz.ms).toBeLessThan(1000);
    }
    expect(await count()).toBe(before);
  });

  it('the thresholds are the bank\'s setting (Pengaturan Produk): LDR 94,12% is unhealthy against 92,5%', async () => {
    const put = await w.call('PUT', '/bpr/product-setting', { token: w.users.admin.token, json: { ratioThresholds: { ldr: 92.5, roa: 1.215 } }, headers: key() });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.ratioThresholds).toEqual({ kpmm: 12, nplGross: 5, ldr: 92.5, roa: 1.215, bopo: 93.52, cashRatio: 4.05 });
    expect((await enter('admin', { period: '2026-03', lines: { ...march, deposito: 55_000_000_000 } })).status).toBe(201);
    const read = await w.call('GET', '/bpr/neraca-keuangan?period=2026-03', { token: w.users.operator.token });
    expect(read.body.data.ratios.ldr).toEqual({ value: 94.12, threshold: 92.5, healthy: false, note: null });
    const bad = await w.call('PUT', '/bpr/product-setting', { token: w.users.admin.token, json: { ratioThresholds: { roa: 1.2155, kpmm: -1 } }, headers: key() });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.arrayContaining(['Batas ROA paling banyak tiga angka desimal.', 'Batas KPMM tidak boleh negatif.']));
  });
});
