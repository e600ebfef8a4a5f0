import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositContext, previewBreakFor } from '../../machines/deposit';
import type { DepositRow } from '../../server/platform/db/schema';
import { createDepositService } from '../../server/deposits/deposit-service';
import { createDepositTransitions } from '../../server/deposits/transition-service';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * The deposit list and everything that reads deposits without changing them: filters, sort,
 * paging (including pages read from the end), meta, status counts (counters and filtered
 * counts), documents, Beranda counts, Proses Dokumen, channeling, due information, the detail
 * and the break preview.
 */

describe.each(dialects)('deposit list, counts and reads (%s)', (dialect) => {
  let w: World;
  const placed: DepositRow[] = [];
  let other: DepositRow;

  beforeAll(async () => {
    w = await startWorld(dialect);
    // Twelve deposits of our bank with distinct creation times, amounts, dates and customers.
    const specs = [
      { customer: 'main', amount: 15_000_000, placementDate: '2026-01-05', product: 'monthly', channel: 'Mitra Andalan' },
      { customer: 'second', amount: 2_000_000, placementDate: '2026-01-20', product: 'monthly', channel: null },
      { customer: 'main', amount: 50_000_000, placementDate: '2026-02-01', product: 'atMaturity', channel: 'Mitra Andalan' },
      { customer: 'second', amount: 7_500_000, placementDate: '2026-02-10', product: 'monthly', channel: 'Mitra Baru' },
      { customer: 'main', amount: 1_000_000, placementDate: '2026-02-14', product: 'monthly', channel: null },
      { customer: 'second', amount: 30_000_000, placementDate: '2026-02-20', product: 'atMaturity', channel: 'Mitra Andalan' },
      { customer: 'main', amount: 12_000_000, placementDate: '2026-02-25', product: 'monthly', channel: null },
      { customer: 'second', amount: 9_000_000, placementDate: '2026-03-01', product: 'monthly', channel: 'Mitra Baru' },
      { customer: 'main', amount: 25_000_000, placementDate: '2026-03-02', product: 'monthly', channel: null },
      { customer: 'second', amount: 4_000_000, placementDate: '2026-03-02', product: 'atMaturity', channel: 'COUNTER' },
      {
        customer: 'main',
        amount: 8_000_000,
        placementDate: '2026-03-02',
        product: 'monthly',
        channel: 'Mitra Andalan',
        partner: { referenceNo: 'MA-2026-0011', funding: { method: 'TRANSFER', reference: 'VA-MA-2026-0011', receivedAt: '2026-03-02' } },
      },
      { customer: 'second', amount: 6_000_000, placementDate: '2026-03-02', product: 'monthly', channel: null },
    ] as const;
    for (const [index, spec] of specs.entries()) {
      placed.push(
        await w.place({
          ...spec,
          tenorMonths: spec.product === 'atMaturity' ? 3 : 1,
          instruction: 'PAYOUT',
          depositNumber: `DEP-UJI-${String(index + 1).padStart(3, '0')}`,
          createdAt: `2026-03-01T00:00:${String(index).padStart(2, '0')}.000Z`,
        }),
      );
    }
    // States: 0..3 active (the January/early-February ones matured already for 1-month tenors → mature 0,1),
    // 4 rejected, 5 active, 6..7 approved→active (value date past), 8..11 pending.
    for (const index of [0, 1, 2, 3, 5, 6, 7]) await w.drive(placed[index]!.id, { type: 'deposit.approve' });
    for (const index of [0, 1]) await w.drive(placed[index]!.id, { type: 'deposit.mature' }, 'system');
    await w.drive(placed[4]!.id, { type: 'deposit.reject', reason: 'Data tidak lengkap' });
    other = await w.place({ bank: 'other', depositNumber: 'DEP-UJI-001-LAIN' });
  });
  afterAll(async () => {
    await w.stop();
  });

  const list = async (query: string, who: keyof World['users'] = 'operator') => w.call('GET', `/invoice/all-deposito${query}`, { token: w.users[who].token });
  const numbers = (body: any): string[] => body.data.map((deposit: any) => deposit.depositNumber);
  const statusOf = async (index: number) => (await w.row(placed[index]!.id)).status;

  it('lists the bank\'s deposits newest first with paging meta (the NIK masked), never another bank\'s', async () => {
    const result = await list('');
    expect(result.status).toBe(200);
    expect(result.body.meta).toEqual({ page: 1, limit: 20, total: 12, totalPages: 1 });
    expect(numbers(result.body)).toEqual(placed.map((d) => d.deposit_number).reverse());
    expect(numbers(result.body)).not.toContain(other.deposit_number);
    expect(result.body.data[0]).toMatchObject({ customer: { name: 'Agus Salim', nik: '3201********0002' }, product: { name: 'Deposito Bulanan Uji' }, statusLabel: 'Menunggu Persetujuan' });
  });

  it('each row says how it came in: at the counter, a partner with its own reference, or no channel', async () => {
    const rows = (await list('?limit=100')).body.data as Array<{ depositNumber: string; channel: string | null; partnerReferenceNo: string | null }>;
    const channelOf = (number: string) => rows.find((row) => row.depositNumber === number);
    expect(channelOf('DEP-UJI-010')).toMatchObject({ channel: 'COUNTER', partnerReferenceNo: null });
    expect(channelOf('DEP-UJI-011')).toMatchObject({ channel: 'Mitra Andalan', partnerReferenceNo: 'MA-2026-0011' });
    expect(channelOf('DEP-UJI-012')).toMatchObject({ channel: null, partnerReferenceNo: null });
    const detail = await w.call('GET', `/deposito/${placed[10]!.id}`, { token: w.users.operator.token });
    expect(detail.body.data).toMatchObject({ channel: 'Mitra Andalan', partnerReferenceNo: 'MA-2026-0011' });
  });

  it('pages walk the same order forwards, and the pages past the middle (read from the end) continue it exactly', async () => {
    const all = numbers((await list('?limit=100&sort=amount')).body);
    const walked: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const result = await list(`?limit=3&page=${page}&sort=amount`);
      expect(result.body.meta).toEqual({ page, limit: 3, total: 12, totalPages: 4 });
      walked.push(...numbers(result.body));
    }
    expect(walked).toEqual(all);
    // An uneven last page (12 = 5 + 5 + 2) read from the end keeps the forward order.
    const last = await list('?limit=5&page=3&sort=amount');
    expect(numbers(last.body)).toEqual(all.slice(10));
    const beyond = await list('?limit=5&page=4&sort=amount');
    expect(beyond.body.data).toEqual([]);
  });

  it('sorts by each whitelisted field both ways, ties broken by id', async () => {
    const amounts = (await list('?sort=-amount')).body.data.map((d: any) => d.amount);
    expect(amounts).toEqual([...amounts].sort((a: number, b: number) => b - a));
    const maturities = (await list('?sort=maturityDate')).body.data.map((d: any) => d.maturityDate);
    expect(maturities).toEqual([...maturities].sort());
    const valueDates = (await list('?sort=-depositDate')).body.data.map((d: any) => d.depositDate);
    expect(valueDates).toEqual([...valueDates].sort().reverse());
    const created = numbers((await list('?sort=createdAt')).body);
    expect(created).toEqual(placed.map((d) => d.deposit_number));
  });

  it('filters by status, search (name, NIK prefix, number), product and value-date range', async () => {
    expect(numbers((await list('?status=pending')).body).sort()).toEqual(['DEP-UJI-009', 'DEP-UJI-010', 'DEP-UJI-011', 'DEP-UJI-012']);
    expect((await list('?status=matured')).body.meta.total).toBe(2);
    expect(numbers((await list('?q=agus%20SAL')).body)).toEqual(['DEP-UJI-012', 'DEP-UJI-010', 'DEP-UJI-008', 'DEP-UJI-006', 'DEP-UJI-004', 'DEP-UJI-002']);
    expect((await list('?q=320101010101000')).body.meta.total).toBe(12);
    expect((await list('?q=010101000')).body.meta.total).toBe(0); // NIK matches by prefix only
    expect(numbers((await list('?q=uji-007')).body)).toEqual(['DEP-UJI-007']);
    expect((await list('?q=50%25')).body.meta.total).toBe(0); // % is a character, not a wildcard
    expect(numbers((await list(`?productId=${w.products.atMaturity}&sort=createdAt`)).body)).toEqual(['DEP-UJI-003', 'DEP-UJI-006', 'DEP-UJI-010']);
    expect(numbers((await list('?dateFrom=2026-02-10&dateTo=2026-02-20&sort=depositDate')).body)).toEqual(['DEP-UJI-004', 'DEP-UJI-005', 'DEP-UJI-006']);
    const combined = await list(`?status=active&productId=${w.products.monthly}&dateFrom=2026-02-01&limit=1`);
    expect(combined.body.meta).toEqual({ page: 1, limit: 1, total: 3, totalPages: 3 });
  });

  it('answers 400 in Indonesian to a bad sort, limit, page, status or date range', async () => {
    const bad = await list('?sort=customerName&limit=101&page=0&status=aktif&dateFrom=2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual([
      'Tanggal harus berformat YYYY-MM-DD.',
      'Status deposito tidak dikenal.',
      'Halaman dimulai dari 1.',
      'Jumlah per halaman paling banyak 100.',
      'Urutan tidak dikenal; gunakan createdAt, depositDate, maturityDate, amount (awali dengan "-" untuk urutan menurun).',
    ]);
    const reversed = await list('?dateFrom=2026-03-01&dateTo=2026-02-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toEqual(['Tanggal awal tidak boleh setelah tanggal akhir.']);
  });

  it('counts per status: every status present; the same figures as the list; filters apply', async () => {
    const counts = await w.call('GET', '/invoice/list-count-all-deposito', { token: w.users.operator.token });
    expect(counts.status).toBe(200);
    expect(counts.body.data).toEqual({
      counts: { pending: 4, approved: 0, active: 5, breakRequested: 0, matured: 2, disbursing: 0, closed: 0, rejected: 1, cancelled: 0 },
      total: 12,
    });
    const filtered = await w.call('GET', `/invoice/list-count-all-deposito?q=rina&productId=${w.products.monthly}`, { token: w.users.operator.token });
    expect(filtered.body.data.counts).toMatchObject({ pending: 2, active: 1, matured: 1, rejected: 1 });
    expect(filtered.body.data.total).toBe(5);
    for (const [status, count] of Object.entries(counts.body.data.counts)) {
      expect((await list(`?status=${status}`)).body.meta.total, status).toBe(count);
    }
  });

  it('the counters follow each transition in the same transaction', async () => {
    const before = (await w.call('GET', '/invoice/list-count-all-deposito', { token: w.users.operator.token })).body.data.counts;
    const approve = await w.call('POST', '/deposito/approve-deposito', { token: w.users.supervisor.token, json: { depositId: placed[11]!.id }, headers: freshKey() });
    expect(approve.status).toBe(200);
    const after = (await w.call('GET', '/invoice/list-count-all-deposito', { token: w.users.operator.token })).body.data.counts;
    expect(after).toEqual({ ...before, pending: before.pending - 1, active: before.active + 1 });
    const stored = await w.db.selectFrom('deposit_status_counts').select(['status', 'total']).where('bank_id', '=', w.bank.id).execute();
    const recount = await w.db.selectFrom('deposits').select(['status', (eb) => eb.fn.countAll<number>().as('total')]).where('bank_id', '=', w.bank.id).groupBy('status').execute();
    expect(Object.fromEntries(stored.filter((r) => Number(r.total) > 0).map((r) => [r.status, Number(r.total)]))).toEqual(Object.fromEntries(recount.map((r) => [r.status, Number(r.total)])));
  });

  it('Beranda counts, document summary and Proses Dokumen list', async () => {
    const unprocessed = await w.call('GET', '/bpr/count-unprocessed-deposito', { token: w.users.operator.token });
    const counts = (await w.call('GET', '/invoice/list-count-all-deposito', { token: w.users.operator.token })).body.data.counts;
    expect(unprocessed.body.data).toEqual({
      pending: counts.pending,
      breakRequested: 0,
      matured: 2,
      disbursing: 0,
      bilyetToIssue: counts.active + counts.approved,
      total: counts.pending + 2,
    });
    // Issue 17 item 11: Beranda's bilyet figures are the row counts of the tabs they open. Matured
    // deposits without a bilyet need none for their payout; the rest wait for theirs.
    const toIssue = counts.approved + counts.active;
    const summary = await w.call('GET', '/invoice/count-summary-document', { token: w.users.operator.token });
    expect(summary.body.data).toEqual({ bilyetNotIssued: toIssue, bilyetNotShipped: 0, bilyetNotReceived: 0, signaturesPending: 0 });
    const proses = await w.call('GET', '/bpr/list-proses-deposito?limit=2', { token: w.users.operator.token });
    expect(proses.body.meta).toEqual({ page: 1, limit: 2, total: toIssue, totalPages: Math.ceil(toIssue / 2) });
    expect(proses.body.data.every((d: any) => d.bilyet.status === 'none')).toBe(true);
    expect(proses.body.counts).toEqual({ upload: toIssue, ship: 0, transit: 0, receive: 0, sign: 0, return: 0 });
    const shipTab = await w.call('GET', '/bpr/list-proses-deposito?step=ship', { token: w.users.operator.token });
    expect(shipTab.body.meta.total).toBe(0);
    const unknown = await w.call('GET', '/bpr/list-proses-deposito?step=kirim', { token: w.users.operator.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message.join(' ')).toContain('Tahap proses dokumen tidak dikenal');
  });

  it('Beranda\'s "bilyet to issue" (both counters) = the rows of the Cetak & unggah bilyet tab it opens, a lost bilyet to replace included', async () => {
    const [lost] = await w.db.selectFrom('deposits').select('id').where('bank_id', '=', w.bank.id).where('status', '=', 'active').where('bilyet_status', '=', 'none').limit(1).execute();
    await w.db.updateTable('deposits').set({ bilyet_status: 'lost' }).where('id', '=', lost!.id).execute();
    try {
      const tab = await w.call('GET', '/bpr/list-proses-deposito?step=upload&limit=1', { token: w.users.operator.token });
      const unprocessed = await w.call('GET', '/bpr/count-unprocessed-deposito', { token: w.users.operator.token });
      const summary = await w.call('GET', '/invoice/count-summary-document', { token: w.users.operator.token });
      expect(tab.body.meta.total).toBeGreaterThan(0);
      expect([unprocessed.body.data.bilyetToIssue, summary.body.data.bilyetNotIssued]).toEqual([tab.body.meta.total, tab.body.meta.total]);
      expect(tab.body.counts.upload).toBe(tab.body.meta.total);
    } finally {
      await w.db.updateTable('deposits').set({ bilyet_status: 'none' }).where('id', '=', lost!.id).execute();
    }
  });

  it('channeling: placements of a month per partner; "Langsung di BPR" for direct ones; rejected not counted', async () => {
    const result = await w.call('GET', '/bpr/deposito-channeling?period=2026-02', { token: w.users.operator.token });
    expect(result.body.data).toEqual({
      period: '2026-02',
      channels: [
        { channel: null, label: 'Langsung di BPR', count: 1, amount: 12_000_000 },
        { channel: 'Mitra Andalan', label: 'Mitra Andalan', count: 2, amount: 80_000_000 },
        { channel: 'Mitra Baru', label: 'Mitra Baru', count: 1, amount: 7_500_000 },
      ],
    });
    expect((await w.call('GET', '/bpr/deposito-channeling?period=2026-2', { token: w.users.operator.token })).body.message).toEqual(['Periode harus berformat YYYY-MM.']);
  });

  it('due information: running deposits maturing from today within `days` (30 by default), soonest first', async () => {
    const due = await w.call('GET', '/deposito/due-information', { token: w.users.operator.token });
    expect(due.status).toBe(200);
    expect(due.body.range).toEqual({ from: '2026-03-02', to: '2026-04-01', days: 30 });
    const maturities = due.body.data.map((d: any) => d.maturityDate);
    expect(maturities).toEqual([...maturities].sort());
    expect(maturities.every((date: string) => date >= '2026-03-02' && date <= '2026-04-01')).toBe(true);
    // DEP-UJI-012 (approved today, 1 month) matures on 2 April: one day outside.
    expect(numbers(due.body).sort()).toEqual(['DEP-UJI-004', 'DEP-UJI-007', 'DEP-UJI-008']);
    const week = await w.call('GET', '/deposito/due-information?days=7', { token: w.users.operator.token });
    expect(numbers(week.body)).toEqual([]);
    expect((await w.call('GET', '/deposito/due-information?days=0', { token: w.users.operator.token })).body.message).toEqual(['Jumlah hari minimal 1.']);
  });

  it('documents: empty lists for our deposit and customer, 404 for another bank\'s', async () => {
    expect((await w.call('GET', `/invoice/doc?depositId=${placed[0]!.id}`, { token: w.users.operator.token })).body.data).toEqual([]);
    expect((await w.call('GET', `/invoice/doc?depositId=${other.id}`, { token: w.users.operator.token })).status).toBe(404);
    expect((await w.call('GET', `/invoice/doc/customer?customerId=${w.customers.main}`, { token: w.users.operator.token })).body.data).toEqual([]);
    expect((await w.call('GET', `/invoice/doc/customer?customerId=${w.customers.other}`, { token: w.users.operator.token })).status).toBe(404);
    expect((await w.call('GET', '/invoice/doc', { token: w.users.operator.token })).body.message).toEqual(['Deposito wajib diisi.']);
  });

  it('a list page takes three statements besides the session check and a detail nine (ten on SQLite), each a round trip on PostgreSQL', async () => {
    let statements = 0;
    // Counted as they answer (a plugin also transforms subqueries, once each).
    const counted = w.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    });
    const deposits = createDepositService({ db: counted, clock: w.clock, transitions: createDepositTransitions({ db: counted, clock: w.clock }) });
    const actor = { userId: w.users.operator.id, role: 'OPERATOR' as const, bankId: w.bank.id };
    const page = await deposits.list(actor, { page: '2', limit: '5' });
    expect(page.items.map((item) => item.depositNumber)).toEqual(['DEP-UJI-007', 'DEP-UJI-006', 'DEP-UJI-005', 'DEP-UJI-004', 'DEP-UJI-003']);
    expect(page.items.map((item) => item.product.name)).toEqual(['Deposito Bulanan Uji', 'Deposito Jatuh Tempo Uji', 'Deposito Bulanan Uji', 'Deposito Bulanan Uji', 'Deposito Jatuh Tempo Uji']);
    // The counters, the page with its products' names (before: ids, rows, products, tenors), the bank's settings.
    expect(statements).toBe(3);
    statements = 0;
    await deposits.detail(actor, placed[0]!.id);
    // Deposit, product with its tenors (before: two; SQLite reads them in two, cheaper there than the join's rows), settings, installments, customer, principal, periods, payouts, timeline.
    expect(statements).toBe(dialect === 'sqlite' ? 10 : 9);
  });

  it('the detail: periods, installments, timeline with names, the actions this user may take today, and the LPS flags', async () => {
    const pending = placed[8]!;
    const asOperator = await w.call('GET', `/deposito/${pending.id}`, { token: w.users.operator.token });
    const asSupervisor = await w.call('GET', `/deposito/${pending.id}`, { token: w.users.supervisor.token });
    expect(asOperator.body.data.allowedEvents).toEqual([]);
    expect(asSupervisor.body.data.allowedEvents).toEqual(['deposit.approve', 'deposit.reject', 'deposit.cancel', 'deposit.changeDate']);
    expect(asOperator.body.data.timeline).toEqual([
      expect.objectContaining({ event: 'deposit.create', eventLabel: 'Penempatan Diterima', actor: { id: 'SYSTEM', name: 'Sistem' }, from: null, to: 'pending' }),
    ]);
    expect(asOperator.body.data.today).toBe('2026-03-02');

    const matured = await w.call('GET', `/deposito/${placed[0]!.id}`, { token: w.users.operator.token });
    expect(matured.body.data).toMatchObject({ status: 'matured', periods: [{ periodNumber: 1, startedBy: 'placement' }], allowedEvents: ['deposit.extend', 'deposit.requestDisbursement'] });
    expect(matured.body.data.timeline.map((e: any) => [e.event, e.actor.name])).toEqual([
      ['deposit.create', 'Sistem'],
      ['deposit.approve', 'Siti Supervisor'],
      ['deposit.mature', 'Sistem'],
    ]);
    expect(matured.body.data.installments).toEqual([expect.objectContaining({ sequence: 1, periodStart: '2026-01-05', periodEnd: '2026-02-05', payDate: '2026-02-05', statusLabel: 'Terjadwal' })]);

    // 12 months at 6,50% is above the LPS rate; a customer above Rp 2 M is above its ceiling.
    const big = await w.place({ customer: 'second', amount: 2_100_000_000, tenorMonths: 12 });
    await w.drive(big.id, { type: 'deposit.approve' });
    const flagged = await w.call('GET', `/deposito/${big.id}`, { token: w.users.operator.token });
    expect(flagged.body.data.flags.map((f: any) => [f.code, f.label])).toEqual([
      ['RATE_ABOVE_LPS', 'Tidak dijamin LPS'],
      ['BALANCE_ABOVE_LPS', 'Tidak dijamin LPS'],
    ]);
    const listed = (await list('?sort=-amount&limit=1')).body.data[0];
    expect(listed.flags.map((f: any) => f.code)).toEqual(['RATE_ABOVE_LPS']);

    expect((await w.call('GET', `/deposito/${other.id}`, { token: w.users.operator.token })).status).toBe(404);
  });

  describe('break preview', () => {
    it('equals previewBreakFor on the same deposit: hand-worked, tax withheld above the threshold', async () => {
      const deposit = await w.inState('active', { customer: 'main', amount: 10_000_000, tenorMonths: 3 });
      const result = await w.call('GET', `/invoice/deposito/break?depositId=${deposit.id}&date=2026-03-20`, { token: w.users.operator.token });
      expect(result.status, result.text).toBe(200);
      // 10.000.000 × 5,50% × 18/365 = 27.123,29 → 27.123; tax 20% = 5.424,6 → 5.425; penalty 1% = 100.000.
      expect(result.body.data).toEqual({
        depositId: deposit.id, breakDate: '2026-03-20', periodStart: '2026-03-02', maturityDate: '2026-06-02',
        principal: 10_000_000, accruedInterest: 27_123, forfeitedInterest: 0, tax: 5_425, penalty: 100_000, earlierInterest: 0, earlierTax: 0, payout: 9_921_698,
      });
      const context = depositContext({
        depositId: deposit.id, amount: 10_000_000, rateBps: 550, tenorMonths: 3, placementDate: '2026-03-02', depositDate: '2026-03-02',
        instruction: 'ARO', interestPayment: 'MONTHLY',
        product: { id: 'p', active: true, minAmount: 1_000_000, maxAmount: null, rates: [{ effectiveFrom: '2020-01-01', tenors: [{ tenorMonths: 3, rateBps: 550 }] }], penaltyBps: 100, forfeitAccruedInterest: false },
      });
      const installments = (await w.db.selectFrom('interest_installments').selectAll().where('deposit_id', '=', deposit.id).execute()).map((i) => ({ periodStart: i.period_start, periodEnd: i.period_end, grossInterest: Number(i.gross_interest), paid: false }));
      const expected = previewBreakFor(context, { breakDate: '2026-03-20', installments, tax: { customerActivePrincipal: 50_000_000, settings: { taxBps: 2000, thresholdRupiah: 7_500_000 } } });
      const { depositId: _d, breakDate: _b, periodStart: _p, maturityDate: _m, ...figures } = result.body.data;
      expect(figures).toEqual(expected);
    });

    it('forfeits the accrued interest on a product that says so (nothing left to tax); today by default', async () => {
      const deposit = await w.place({ customer: 'second', product: 'atMaturity', amount: 5_000_000, tenorMonths: 3, placementDate: '2026-02-02' });
      await w.drive(deposit.id, { type: 'deposit.approve' });
      const result = await w.call('GET', `/invoice/deposito/break?depositId=${deposit.id}`, { token: w.users.operator.token });
      expect(result.status, result.text).toBe(200);
      // 28 days of 5.000.000 at 5,75% = 22.054,79 → 22.055, forfeited; penalty 0,5% = 25.000.
      expect(result.body.data).toMatchObject({ breakDate: '2026-03-02', principal: 5_000_000, accruedInterest: 0, forfeitedInterest: 22_055, tax: 0, penalty: 25_000, payout: 4_975_000 });
    });

    it('approveBreak fixes exactly the preview of the requested break date', async () => {
      const deposit = await w.inState('breakRequested');
      const preview = await w.call('GET', `/invoice/deposito/break?depositId=${deposit.id}&date=2026-05-01`, { token: w.users.supervisor.token });
      // In breakRequested the preview shows the requested date, whatever date is asked.
      expect(preview.body.data.breakDate).toBe('2026-03-12');
      const approved = await w.call('POST', `/deposito/${deposit.id}/events`, { token: w.users.supervisor.token, json: { type: 'deposit.approveBreak' }, headers: freshKey() });
      const { depositId: _d, breakDate: _b, periodStart: _p, maturityDate: _m, ...figures } = preview.body.data;
      expect(approved.body.data.settlement).toEqual(figures);
      expect(approved.body.data.disbursements[0]).toMatchObject({ amount: figures.payout, interest: figures.accruedInterest, tax: figures.tax, penalty: figures.penalty });
    });

    it('answers 400 outside the period, 409 for a deposit that is not running, 404 for another bank', async () => {
      const deposit = await w.inState('active');
      const late = await w.call('GET', `/invoice/deposito/break?depositId=${deposit.id}&date=2026-06-02`, { token: w.users.operator.token });
      expect(late.status).toBe(400);
      expect(late.body.message).toEqual(['Tanggal pencairan awal harus antara 02-Mar-2026 dan sebelum jatuh tempo 02-Jun-2026.']);
      expect((await w.call('GET', `/invoice/deposito/break?depositId=${placed[9]!.id}`, { token: w.users.operator.token })).status).toBe(409);
      expect((await w.call('GET', `/invoice/deposito/break?depositId=${other.id}`, { token: w.users.operator.token })).status).toBe(404);
      expect(await statusOf(9)).toBe('pending');
    });
  });
});
