import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositDetailSchema } from '../../contract/deposit-api';
import { placementPreviewSchema } from '../../contract/placement';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * Placement at the counter (issue 18, API.md "Placements, import and holds"): the preview, the
 * placement as a pending COUNTER deposit with its maker and funding, and four eyes on its approval.
 *
 * Today is Monday 2 March 2026. Rina (main) places Rp 50.000.000 in "Deposito Bulanan Uji" for
 * 3 months at its 5,50% from today, monthly interest (the national holidays leave these dates):
 *   k1 [2 Mar, 2 Apr) 31 days: 50 000 000 × 550 × 31 ÷ 3 650 000 = 233 561,64 → 233 562; tax 20% 46 712; net 186 850
 *   k2 [2 Apr, 2 May) 30 days: 226 027,40 → 226 027; tax 45 205; net 180 822; 2 May is a Saturday: paid Monday 4 May
 *   k3 [2 May, 2 Jun) 31 days: 233 562; 46 712; 186 850 — totals 693 151, 138 629, 554 522
 * 5,50% is at or below the default TBP of 6,00%: guaranteed.
 */
const TERMS = { tenorMonths: 3, amount: 50_000_000, depositDate: '2026-03-02', maturityInstruction: 'PAYOUT', interestPayment: 'MONTHLY' };
const FUNDING = { method: 'TRANSFER', reference: 'TRF-20260302-0091', receivedAt: '2026-03-02' };

describe.each(dialects)('placement at the counter (%s)', (dialect) => {
  let w: World;
  const terms = () => ({ ...TERMS, customerId: w.customers.main, productId: w.products.monthly });
  const previewOf = (query: Record<string, unknown>) => w.call('GET', `/deposito/placement/preview?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`, { token: w.users.operator.token });
  const place = (json: unknown, who: keyof World['users'] = 'operator', headers = freshKey()) => w.call('POST', '/deposito/placement', { token: w.users[who].token, json, headers });
  const approve = async (id: string, who: keyof World['users']) => {
    const { version } = await w.row(id);
    return w.call('POST', `/deposito/${id}/events`, { token: w.users[who].token, json: { type: 'deposit.approve', version }, headers: freshKey() });
  };

  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('the preview: the rate in force, maturity, LPS, tax and every installment, hand-worked; nothing written', async () => {
    const before = await w.db.selectFrom('deposits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const answer = await previewOf(terms());
    expect(answer.status, answer.text).toBe(200);
    expect(placementPreviewSchema.parse(answer.body.data)).toEqual({
      rateBps: 550, productRateBps: 550, specialRate: false, maturityDate: '2026-06-02', lpsGuaranteed: true, taxApplies: true,
      installments: [
        { sequence: 1, periodStart: '2026-03-02', periodEnd: '2026-04-02', payDate: '2026-04-02', grossInterest: 233_562, tax: 46_712, netInterest: 186_850 },
        { sequence: 2, periodStart: '2026-04-02', periodEnd: '2026-05-02', payDate: '2026-05-04', grossInterest: 226_027, tax: 45_205, netInterest: 180_822 },
        { sequence: 3, periodStart: '2026-05-02', periodEnd: '2026-06-02', payDate: '2026-06-02', grossInterest: 233_562, tax: 46_712, netInterest: 186_850 },
      ],
      totals: { grossInterest: 693_151, tax: 138_629, netInterest: 554_522 },
    });
    const after = await w.db.selectFrom('deposits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a supervisor places it: pending, channel COUNTER, its maker and funding kept and audited; the maker cannot approve, another supervisor can, with the preview\'s figures', async () => {
    const placed = await place({ ...terms(), funding: FUNDING }, 'supervisor');
    expect(placed.status, placed.text).toBe(201);
    const deposit = depositDetailSchema.parse(placed.body.data);
    expect(deposit).toMatchObject({ status: 'pending', channel: 'COUNTER', amount: 50_000_000, rateBps: 550, depositDate: '2026-03-02', maturityDate: '2026-06-02' });
    const row = await w.row(deposit.id);
    expect([row.placed_by, row.funding_method, row.funding_reference, row.funding_received_at]).toEqual([w.users.supervisor.id, 'TRANSFER', 'TRF-20260302-0091', '2026-03-02']);
    const audit = await w.db.selectFrom('deposit_audit').select(['event', 'actor_id', 'payload']).where('deposit_id', '=', deposit.id).execute();
    expect(audit.map((entry) => [entry.event, entry.actor_id])).toEqual([['deposit.create', w.users.supervisor.id]]);
    expect(JSON.parse(audit[0]!.payload)).toMatchObject({ channel: 'COUNTER', funding: FUNDING });

    const own = await approve(deposit.id, 'supervisor');
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('Penempatan ini Anda catat sendiri; persetujuannya harus oleh supervisor lain.');
    const other = await approve(deposit.id, 'supervisor2');
    expect(other.status, other.text).toBe(200);
    const approved = await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.operator.token });
    const preview = (await previewOf(terms())).body.data;
    expect(approved.body.data.installments.map((item: any) => [item.payDate, item.grossInterest, item.tax, item.netInterest])).toEqual(
      preview.installments.map((item: any) => [item.payDate, item.grossInterest, item.tax, item.netInterest]),
    );
  });

  it('every term the product or the calendar refuses is said at once, in Indonesian, and nothing is written', async () => {
    const refused = await place({ ...terms(), amount: 500_000, tenorMonths: 2, depositDate: '2026-03-01', maturityInstruction: 'PAYOUT', interestPayment: 'AT_MATURITY', funding: FUNDING });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual([
      'Nominal Rp 500.000 di luar batas produk (Rp 1.000.000 – Rp 10.000.000.000).',
      'Produk ini membayar bunga setiap bulan.',
      'Tanggal efektif tidak boleh sebelum hari ini (02-Mar-2026).',
      'Tenor 2 bulan tidak ditawarkan produk ini.',
    ]);
    const late = await place({ ...terms(), depositDate: '2027-03-03', funding: FUNDING });
    expect(late.body.message).toEqual(['Tanggal efektif paling lambat satu tahun dari hari ini (02-Mar-2027).']);
    const future = await place({ ...terms(), funding: { ...FUNDING, receivedAt: '2026-03-03' } });
    expect(future.body.message).toEqual(['Tanggal setoran diterima tidak boleh setelah hari ini.']);
    const noFunding = await place(terms());
    expect(noFunding.status).toBe(400);
    expect(noFunding.body.message).toEqual(['Setoran harus berisi cara setor, referensi dan tanggal diterima.']);
    const inactive = await place({ ...terms(), productId: w.products.inactive, funding: FUNDING });
    expect([inactive.status, inactive.body.message]).toEqual([409, 'Produk deposito ini sudah tidak aktif.']);
    const elsewhere = await place({ ...terms(), customerId: w.customers.other, funding: FUNDING });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([404, 'Nasabah tidak ditemukan.']);
    const written = await w.db.selectFrom('deposits').select('id').where('channel', '=', 'COUNTER').execute();
    expect(written).toHaveLength(1);
  });

  it('a special rate: refused on a product without a ceiling; with one, above the product rate up to the TBP plus the ceiling, flagged on the preview and on the deposit with the customer\'s risk level', async () => {
    const noCeiling = await previewOf({ ...terms(), rateBps: 600 });
    expect([noCeiling.status, noCeiling.body.message]).toEqual([400, ['Produk ini tidak menawarkan suku bunga khusus; kosongkan suku bunga khusus untuk memakai suku bunga produk.']]);
    // The admin allows special rates up to 0,50 points above the TBP of 6,00%: at most 6,50%.
    const set = await w.callAt('PUT', '/api-v1/deposito', { json: { id: w.products.monthly, specialRateCeilingBps: 50 }, headers: { authorization: w.users.admin.token, ...freshKey() } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data.specialRateCeilingBps).toBe(50);
    const above = await previewOf({ ...terms(), rateBps: 651 });
    expect([above.status, above.body.message]).toEqual([400, ['Suku bunga khusus paling tinggi 6,50%: tingkat bunga penjaminan LPS 6,00% ditambah batas produk 0,50%.']]);
    const below = await previewOf({ ...terms(), rateBps: 500 });
    expect([below.status, below.body.message]).toEqual([400, ['Suku bunga khusus tidak boleh di bawah suku bunga produk (5,50%).']]);
    const special = placementPreviewSchema.parse((await previewOf({ ...terms(), rateBps: 650 })).body.data);
    // k1: 50 000 000 × 650 × 31 ÷ 3 650 000 = 276 027,39 → 276 027; above the TBP: not guaranteed.
    expect(special).toMatchObject({ rateBps: 650, productRateBps: 550, specialRate: true, lpsGuaranteed: false });
    expect(special.installments[0]!.grossInterest).toBe(276_027);
    await w.db.updateTable('customers').set({ risk_level: 'HIGH' }).where('id', '=', w.customers.main).execute();
    const placed = await place({ ...terms(), rateBps: 650, funding: FUNDING });
    expect(placed.status, placed.text).toBe(201);
    expect(depositDetailSchema.parse(placed.body.data)).toMatchObject({ rateBps: 650, productRateBps: 550, specialRate: true, customer: { riskLevel: 'HIGH' } });
    await w.db.updateTable('customers').set({ risk_level: 'LOW' }).where('id', '=', w.customers.main).execute();
    await w.callAt('PUT', '/api-v1/deposito', { json: { id: w.products.monthly, specialRateCeilingBps: null }, headers: { authorization: w.users.admin.token, ...freshKey() } });
  });

  it('a replay with the same Idempotency-Key answers the same deposit; no session is 401', async () => {
    const key = freshKey();
    const first = await place({ ...terms(), amount: 25_000_000, funding: { ...FUNDING, method: 'CASH', reference: 'KW-0042' } }, 'operator', key);
    const replay = await place({ ...terms(), amount: 25_000_000, funding: { ...FUNDING, method: 'CASH', reference: 'KW-0042' } }, 'operator', key);
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect((await w.call('GET', `/deposito/placement/preview?customerId=${w.customers.main}`)).status).toBe(401);
  });
});
