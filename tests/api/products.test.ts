import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { successEnvelope } from '../../contract/envelope';
import { productDetailSchema, productListItemSchema, productSchema, type Product } from '../../contract/product';
import { z } from 'zod';
import { runDailyJob } from '../../server/jobs/daily';
import { startWorld, type World } from './deposit-fixtures';
import { dialects, startTestServer, type TestServer } from './harness';

const listSchema = successEnvelope(z.array(productListItemSchema));

describe.each(dialects)('GET /api-v1/{product}/all-product on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const rawHeaders = (token: string) => ({ headers: { authorization: token } });

  it("answers the token's bank's deposit products, sorted by name, with the raw token", async () => {
    const token = await t.login('supervisor@bpr-demo.test');
    const result = await t.call('GET', '/api-v1/deposito/all-product', rawHeaders(token));
    expect(result.status).toBe(200);
    const products = listSchema.parse(result.body).data;
    expect(products.length).toBeGreaterThan(0);
    const names = products.map((product) => product.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'id')));
    for (const product of products) {
      const months = product.tenors.map((tenor) => tenor.tenorMonths);
      expect(months).toEqual([...months].sort((a, b) => a - b));
      // Default LPS rate 6,00%: flagged exactly when a tenor pays more.
      expect(product.lpsFlag).toBe(product.tenors.some((tenor) => tenor.rateBps > 600));
    }
  });

  it('refuses the Bearer form with 401', async () => {
    const token = await t.login('supervisor@bpr-demo.test');
    const result = await t.call('GET', '/api-v1/deposito/all-product', { token });
    expect(result.status).toBe(401);
    expect(result.body.message).toBe('Format header Authorization tidak sesuai. Silakan login kembali.');
  });

  it('refuses a missing token with 401', async () => {
    const result = await t.call('GET', '/api-v1/deposito/all-product');
    expect(result.status).toBe(401);
  });

  it("never lists another bank's products", async () => {
    const demo = listSchema.parse((await t.call('GET', '/api-v1/deposito/all-product', rawHeaders(await t.login('supervisor@bpr-demo.test')))).body).data;
    const other = listSchema.parse((await t.call('GET', '/api-v1/deposito/all-product', rawHeaders(await t.login('admin@bpr-lain.test')))).body).data;
    expect(other.length).toBeGreaterThan(0);
    const demoIds = new Set(demo.map((product) => product.id));
    expect(other.filter((product) => demoIds.has(product.id))).toEqual([]);
  });

  it('answers an unknown product family with the 404 envelope', async () => {
    const token = await t.login('supervisor@bpr-demo.test');
    const result = await t.call('GET', '/api-v1/tabungan/all-product', rawHeaders(token));
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ statusCode: 404, message: 'Alamat yang diminta tidak ditemukan.', error: 'Not Found' });
  });
});

/** API.md "Products": the writes (ADMIN only), dated rates, and what the daily job does with them. */
describe.each(dialects)('managing products on %s', (dialect) => {
  let w: World;
  let keys = 0;
  const raw = (who: keyof World['users'], extra: Record<string, string> = {}) => ({ authorization: w.users[who].token, ...extra });
  const write = (method: string, path: string, who: keyof World['users'], json: unknown) =>
    w.t.call(method, `/api-v1/deposito${path}`, { headers: raw(who, { 'idempotency-key': `produk-${dialect}-${(keys += 1)}` }), json });
  const read = (path: string, who: keyof World['users'] = 'operator') => w.t.call('GET', `/api-v1/deposito${path}`, { headers: raw(who) });
  const bankAudit = (productId: string) => w.db.selectFrom('bank_audit').select(['event', 'payload', 'actor_id']).where('subject_id', '=', productId).orderBy('at').orderBy('event').execute();
  const valid = {
    code: 'DEP-HARI',
    name: 'Deposito Harian Uji',
    interestPayment: 'MONTHLY',
    minAmount: 5_000_000,
    maxAmount: 1_000_000_000,
    instructions: ['ARO', 'PAYOUT'],
    breakPenaltyBps: 150,
    forfeitAccruedInterest: false,
    tenors: [
      { tenorMonths: 6, rateBps: 600 },
      { tenorMonths: 3, rateBps: 550 },
    ],
  };

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-03-02');
  }, 60_000);
  afterAll(async () => {
    await w?.stop();
  });

  it('an ADMIN creates a product (201): rates in force from today, the code unique per bank (409), audited', async () => {
    const created = await write('POST', '/create-product', 'admin', valid);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = productSchema.parse(created.body.data);
    expect(product).toMatchObject({
      code: 'DEP-HARI',
      active: true,
      visible: true,
      tenors: [
        { tenorMonths: 3, rateBps: 550 },
        { tenorMonths: 6, rateBps: 600 },
      ],
      rateEffectiveFrom: '2026-03-02',
      nextRates: null,
      lpsFlag: false,
      runningDeposits: 0,
    });
    expect((await bankAudit(product.id)).map((row) => [row.event, row.actor_id])).toEqual([['product.create', w.users.admin.id]]);

    const again = await write('POST', '/create-product', 'admin', { ...valid, name: 'Nama Lain' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Kode produk sudah dipakai produk lain di bank ini.');
    const sameName = await write('POST', '/create-product', 'admin', { ...valid, code: 'LAIN' });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('Nama produk sudah dipakai produk lain di bank ini.');
  });

  it('only an ADMIN writes; every staff member reads', async () => {
    for (const who of ['operator', 'supervisor'] as const) {
      const refused = await write('POST', '/create-product', who, { ...valid, code: `X-${who}`, name: `X ${who}` });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Hanya ADMIN yang dapat mengubah produk.');
    }
    const listed = await read('/all-product?q=harian', 'operator');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((product: Product) => product.code)).toEqual(['DEP-HARI']);
  });

  it('bad input: one Indonesian sentence per field, nothing stored', async () => {
    const before = await w.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const answer = await write('POST', '/create-product', 'admin', {
      code: 'kode salah!',
      name: '',
      interestPayment: 'WEEKLY',
      minAmount: 10_000_000,
      maxAmount: 1_000_000,
      instructions: [],
      breakPenaltyBps: 10_001,
      tenors: [
        { tenorMonths: 0, rateBps: 500 },
        { tenorMonths: 61, rateBps: 2_501 },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(
      expect.arrayContaining([
        'Kode produk hanya boleh berisi huruf, angka, tanda hubung dan garis bawah.',
        'Nama produk wajib diisi.',
        'Pembayaran bunga harus MONTHLY atau AT_MATURITY.',
        'Pilih paling sedikit satu instruksi jatuh tempo.',
        'Penalti pencairan awal paling tinggi 100%.',
        'Tenor paling singkat 1 bulan.',
        'Tenor paling lama 60 bulan.',
        'Suku bunga paling tinggi 25%.',
      ]),
    );
    const minMax = await write('POST', '/create-product', 'admin', { ...valid, code: 'MM', name: 'Min Max', minAmount: 10_000_000, maxAmount: 1_000_000 });
    expect(minMax.body.message).toEqual(['Nominal minimum tidak boleh melebihi nominal maksimum.']);
    const twice = await write('POST', '/create-product', 'admin', { ...valid, code: 'TW', name: 'Dua Kali', tenors: [{ tenorMonths: 3, rateBps: 500 }, { tenorMonths: 3, rateBps: 550 }] });
    expect(twice.body.message).toEqual(['Setiap tenor hanya boleh muncul sekali.']);
    const none = await write('POST', '/create-product', 'admin', { ...valid, code: 'NT', name: 'Tanpa Tenor', tenors: [] });
    expect(none.body.message).toEqual(['Isi paling sedikit satu tenor dengan suku bunganya.']);
    const past = await write('POST', '/create-product', 'admin', { ...valid, code: 'PS', name: 'Lampau', rateEffectiveFrom: '2026-03-01' });
    expect(past.status).toBe(400);
    expect(past.body.message).toEqual(['Tanggal berlaku suku bunga paling cepat hari ini.']);
    const after = await w.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a new rate from a later date: today keeps the old rates, the change shows as next; the history lists both, newest first', async () => {
    const id = await productIdByCode('DEP-HARI');
    const past = await write('PUT', '', 'admin', { id, tenors: [{ tenorMonths: 3, rateBps: 500 }], rateEffectiveFrom: '2026-03-01' });
    expect(past.status).toBe(400);
    expect(past.body.message).toEqual(['Tanggal berlaku suku bunga paling cepat hari ini.']);
    const undated = await write('PUT', '', 'admin', { id, tenors: [{ tenorMonths: 3, rateBps: 500 }] });
    expect(undated.body.message).toEqual(['Tanggal berlaku suku bunga baru wajib diisi.']);

    const changed = await write('PUT', '', 'admin', { id, name: 'Deposito Harian', tenors: [{ tenorMonths: 3, rateBps: 500 }, { tenorMonths: 6, rateBps: 650 }], rateEffectiveFrom: '2026-04-01' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(productSchema.parse(changed.body.data)).toMatchObject({
      name: 'Deposito Harian',
      tenors: [{ tenorMonths: 3, rateBps: 550 }, { tenorMonths: 6, rateBps: 600 }],
      rateEffectiveFrom: '2026-03-02',
      nextRates: { effectiveFrom: '2026-04-01', tenors: [{ tenorMonths: 3, rateBps: 500 }, { tenorMonths: 6, rateBps: 650 }] },
      // The TBP in force today is 6,00%: 6,50% is announced, not yet offered.
      lpsFlag: false,
    });
    const detail = await read(`?id=${id}`);
    expect(detail.status).toBe(200);
    const parsed = productDetailSchema.parse(detail.body.data);
    expect(parsed.rates.map((schedule) => [schedule.effectiveFrom, schedule.setBy])).toEqual([
      ['2026-04-01', 'Dewi Admin'],
      ['2026-03-02', 'Dewi Admin'],
    ]);
    expect((await bankAudit(id)).map((row) => row.event)).toEqual(['product.create', 'product.setRates', 'product.update']);
  });

  it("another bank's product is 404; an unknown id is 404", async () => {
    const foreign = w.products.other;
    expect((await read(`?id=${foreign}`)).status).toBe(404);
    const put = await write('PUT', '', 'admin', { id: foreign, name: 'Bukan Milik' });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe('Produk tidak ditemukan.');
    expect((await write('PATCH', '/deactivate-product', 'admin', { id: foreign })).status).toBe(404);
    expect((await write('PATCH', `/${foreign}/visibility`, 'admin', { visible: false })).status).toBe(404);
  });

  it('visibility: hidden from the platform, still offered to staff; audited', async () => {
    const id = await productIdByCode('DEP-HARI');
    const hidden = await write('PATCH', `/${id}/visibility`, 'admin', { visible: false });
    expect(hidden.body.data).toMatchObject({ visible: false, active: true });
    const visibleOnly = await read('/all-product?visible=true');
    expect(visibleOnly.body.data.map((product: Product) => product.id)).not.toContain(id);
    expect((await bankAudit(id)).map((row) => row.event)).toContain('product.hide');
    expect((await write('PATCH', `/${id}/visibility`, 'admin', { visible: 'ya' })).body.message).toEqual(['Tampil di platform harus true atau false.']);
  });

  async function productIdByCode(code: string): Promise<string> {
    return (await w.db.selectFrom('products').select('id').where('bank_id', '=', w.bank.id).where('code', '=', code).executeTakeFirstOrThrow()).id;
  }
});

/**
 * The dated rate change through real rollovers by the daily job: deposits maturing the day before
 * the change roll at the old rate, those maturing on the day at the new one; a deactivated
 * product's ARO deposits mature with the reason on the timeline.
 */
describe.each(dialects)('rates and deactivation in the daily job on %s', (dialect) => {
  let w: World;
  let keys = 0;
  const write = (method: string, path: string, json: unknown) =>
    w.t.call(method, `/api-v1/deposito${path}`, { headers: { authorization: w.users.admin.token, 'idempotency-key': `harian-${dialect}-${(keys += 1)}` }, json });
  const job = (date: string) => runDailyJob({ db: w.db, clock: w.clock }, date);

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-03-02');
  }, 60_000);
  afterAll(async () => {
    await w?.stop();
  });

  async function runningDeposit(productId: string, valueDate: string, instruction: 'ARO' | 'ARO_PLUS' = 'ARO') {
    const placed = await w.place({ product: 'monthly', placementDate: valueDate, depositDate: valueDate, tenorMonths: 1, instruction });
    // Placed on the world's product, then moved to the one under test: placeDeposit takes a key of the world's products.
    await w.db.updateTable('deposits').set({ product_id: productId }).where('id', '=', placed.id).execute();
    await w.drive(placed.id, { type: 'deposit.approve' });
    return placed.id;
  }

  it('a rollover on the day before the change keeps the old rate; on the change day it takes the new one', async () => {
    const created = await write('POST', '/create-product', { code: 'ROLL', name: 'Deposito Rollover Uji', interestPayment: 'MONTHLY', minAmount: 1_000_000, instructions: ['ARO'], breakPenaltyBps: 0, tenors: [{ tenorMonths: 1, rateBps: 500 }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const productId = created.body.data.id as string;
    // Value dates 2 and 3 March: maturities 2 and 3 April. The new rate is in force from 3 April.
    const before = await runningDeposit(productId, '2026-03-02');
    const onTheDay = await runningDeposit(productId, '2026-03-03');
    const set = await write('PUT', '', { id: productId, tenors: [{ tenorMonths: 1, rateBps: 425 }], rateEffectiveFrom: '2026-04-03' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    w.setToday('2026-04-03');
    for (const date of ['2026-03-02', '2026-03-03', '2026-04-02', '2026-04-03']) await job(date);
    const first = await w.row(before);
    const second = await w.row(onTheDay);
    expect([first.period_number, first.period_start, first.rate_bps]).toEqual([2, '2026-04-02', 500]);
    expect([second.period_number, second.period_start, second.rate_bps]).toEqual([2, '2026-04-03', 425]);
    // Running periods keep theirs: the first period of each stays at 5,00%.
    const periods = await w.db.selectFrom('deposit_periods').select(['deposit_id', 'period_number', 'rate_bps']).where('deposit_id', 'in', [before, onTheDay]).orderBy('deposit_id').orderBy('period_number').execute();
    expect(periods.filter((period) => period.period_number === 1).map((period) => period.rate_bps)).toEqual([500, 500]);
  });

  it("a deactivated product takes no approval and its ARO deposits mature instead of rolling over, saying why on the timeline", async () => {
    w.setToday('2026-04-06');
    // A month on, the sessions of the first test have ended: sign in again.
    for (const who of ['admin', 'supervisor', 'operator'] as const) w.users[who].token = await w.t.login(`${who}@uji.test`);
    const created = await write('POST', '/create-product', { code: 'TUTUP', name: 'Deposito Ditutup Uji', interestPayment: 'MONTHLY', minAmount: 1_000_000, instructions: ['ARO', 'ARO_PLUS'], breakPenaltyBps: 0, tenors: [{ tenorMonths: 1, rateBps: 500 }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const productId = created.body.data.id as string;
    const running = await runningDeposit(productId, '2026-04-06', 'ARO_PLUS');
    const waiting = await w.place({ product: 'monthly', placementDate: '2026-04-06', depositDate: '2026-04-06', tenorMonths: 1 });
    await w.db.updateTable('deposits').set({ product_id: productId }).where('id', '=', waiting.id).execute();

    const deactivated = await write('PATCH', '/deactivate-product', { id: productId });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data).toMatchObject({ active: false, runningDeposits: 1 });
    const approve = await w.call('POST', '/deposito/approve-deposito', { token: w.users.supervisor.token, json: { depositId: waiting.id }, headers: { 'idempotency-key': `approve-${dialect}` } });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe('Produk deposito ini sudah tidak aktif.');
    const edit = await write('PUT', '', { id: productId, name: 'Ganti Nama' });
    expect(edit.status).toBe(409);

    w.setToday('2026-05-06');
    for (const date of ['2026-04-06', '2026-05-06']) await job(date);
    w.users.operator.token = await w.t.login('operator@uji.test');
    const row = await w.row(running);
    expect([row.status, row.period_number]).toEqual(['matured', 1]);
    const timeline = await w.call('GET', `/deposito/${running}`, { token: w.users.operator.token });
    const mature = timeline.body.data.timeline.find((entry: { event: string }) => entry.event === 'deposit.mature');
    expect(mature.payload.reason).toBe('Produk deposito sudah tidak aktif, sehingga deposito tidak diperpanjang otomatis.');
  });
});
