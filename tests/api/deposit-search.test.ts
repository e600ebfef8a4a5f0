import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { ownDatabase, type OwnDatabase } from './support/own-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/platform/db/migrate';
import { insertBank } from '../../server/auth/bank-repository';
import { insertCustomer } from '../../server/deposits/customer-repository';
import { countDeposits, countDepositsByStatus, depositsMatching, listDeposits } from '../../server/deposits/deposit-repository';
import { indexPendingDeposits } from '../../server/deposits/deposit-search-index';
import type { Database, DepositRow } from '../../server/platform/db/schema';
import { placeDeposit } from '../../server/deposits/deposit-placement';
import { dialects, type DialectName } from './harness';
import { addCustomer as addWorldCustomer, explain, matchesSearch, startWorld, type World } from './deposit-fixtures';

/**
 * The deposit search `q` (migration 0003): customer name or deposit number containing it in any
 * case, NIK starting with it, `%` `_` and FTS5's syntax characters taken literally, on both
 * dialects, answered from the search indexes, and the rows of a database that existed before the
 * migration indexed by it.
 */

/** The meaning of `q`: every answer below is checked against it. */
const matches = matchesSearch;

interface Customer {
  key: string;
  name: string;
  nik: string;
}

const CUSTOMERS: Customer[] = [
  { key: 'budi', name: 'Budi Santoso', nik: '3273010101900001' },
  { key: 'budiman', name: 'BUDIMAN Hartono', nik: '3273020202900002' },
  { key: 'siti', name: 'Siti Rahayu', nik: '3175030303900003' },
  { key: 'toko', name: 'Toko "Maju" (Jaya)*', nik: '3201040404900004' },
  { key: 'cv', name: 'CV 50%_Abadi: Sentosa-Jaya', nik: '3201050505900005' },
  // What `50%_a` would match if % and _ were wildcards.
  { key: 'cvx', name: 'CV 50XXAbadi Sentosa Jaya', nik: '3201060606900006' },
  { key: 'apotek', name: "Apotek O'Neil \\ Baru", nik: '3578070707900007' },
];

describe.each(dialects)('deposit search over the API (%s)', (dialect) => {
  let w: World;
  const placed: Array<{ id: string; number: string; name: string; nik: string }> = [];
  const customerIds = new Map<string, string>();

  async function placeFor(customer: Customer, depositNumber: string): Promise<DepositRow> {
    const row = await placeDeposit(w.db, {
      bankId: w.bank.id,
      customerId: customerIds.get(customer.key)!,
      productId: w.products.monthly,
      amount: 5_000_000,
      tenorMonths: 1,
      placementDate: '2026-03-02',
      instruction: 'PAYOUT',
      depositNumber,
      now: `2026-03-02T02:00:${String(placed.length).padStart(2, '0')}.000Z`,
    });
    placed.push({ id: row.id, number: depositNumber, name: customer.name, nik: customer.nik });
    return row;
  }

  const addCustomer = (bankId: string, name: string, nik: string) => addWorldCustomer(w, bankId, name, nik);

  beforeAll(async () => {
    w = await startWorld(dialect);
    for (const customer of CUSTOMERS) customerIds.set(customer.key, await addCustomer(w.bank.id, customer.name, customer.nik));
    const numbers: Array<[string, string]> = [
      ['budi', 'DEP-2603-AB12CD34'],
      ['budi', 'DEP-2603-77EF0001'],
      ['budiman', 'DEP-2602-AB99XY10'],
      ['siti', 'DEP-2601-0000BUDI'],
      ['toko', 'DEP-2603-T0K0-0001'],
      ['cv', 'DEP-2603-CV50-0001'],
      ['cvx', 'DEP-2603-CVXX-0001'],
      ['apotek', 'DEP-2512-AP0T-0001'],
    ];
    for (const [key, number] of numbers) await placeFor(CUSTOMERS.find((customer) => customer.key === key)!, number);
    // Several statuses, so the per-status counts have something to split.
    await w.drive(placed[0]!.id, { type: 'deposit.approve' });
    await w.drive(placed[2]!.id, { type: 'deposit.approve' });
    await w.drive(placed[4]!.id, { type: 'deposit.reject', reason: 'Data tidak lengkap' });
    // Another bank's Budi never shows up in ours.
    const otherBudi = await addCustomer(w.bank.otherId, 'Budi Bank Lain', '3273010101900099');
    await placeDeposit(w.db, {
      bankId: w.bank.otherId, customerId: otherBudi, productId: w.products.other, amount: 5_000_000, tenorMonths: 1,
      placementDate: '2026-03-02', instruction: 'PAYOUT', depositNumber: 'DEP-2603-AB12CD35', now: '2026-03-02T02:00:00.000Z',
    });
  });
  afterAll(async () => {
    await w?.stop();
  });

  const search = async (q: string, extra = '') => w.call('GET', `/invoice/all-deposito?limit=100&sort=createdAt&q=${encodeURIComponent(q)}${extra}`, { token: w.users.operator.token });
  const found = async (q: string): Promise<string[]> => {
    const result = await search(q);
    expect(result.status, `q=${JSON.stringify(q)}: ${result.text.slice(0, 200)}`).toBe(200);
    expect(result.body.meta.total, `q=${JSON.stringify(q)}`).toBe(result.body.data.length);
    return result.body.data.map((deposit: any) => deposit.depositNumber);
  };
  const expected = (q: string) => placed.filter((deposit) => matches(deposit, q)).map((deposit) => deposit.number);

  it('finds a fragment of the customer name in any case, also across the space, never another bank\'s', async () => {
    expect(await found('budi')).toEqual(['DEP-2603-AB12CD34', 'DEP-2603-77EF0001', 'DEP-2602-AB99XY10', 'DEP-2601-0000BUDI']);
    expect(await found('SANTOSO')).toEqual(['DEP-2603-AB12CD34', 'DEP-2603-77EF0001']);
    expect(await found('dI sAn')).toEqual(['DEP-2603-AB12CD34', 'DEP-2603-77EF0001']);
    expect(await found('  hartono ')).toEqual(['DEP-2602-AB99XY10']);
    expect(await found('rahayu budi')).toEqual([]);
  });

  it('finds a fragment of the deposit number in any case', async () => {
    expect(await found('ab12cd')).toEqual(['DEP-2603-AB12CD34']);
    expect(await found('2603-AB1')).toEqual(['DEP-2603-AB12CD34']);
    expect(await found('p-2512')).toEqual(['DEP-2512-AP0T-0001']);
    expect(await found('-0001')).toEqual(expected('-0001'));
    expect(await found('-0001')).toHaveLength(4);
  });

  it('finds the NIK by its beginning only', async () => {
    expect(await found('327301')).toEqual(['DEP-2603-AB12CD34', 'DEP-2603-77EF0001']);
    expect(await found('3273')).toEqual(['DEP-2603-AB12CD34', 'DEP-2603-77EF0001', 'DEP-2602-AB99XY10']);
    expect(await found('3201040404900004')).toEqual(['DEP-2603-T0K0-0001']);
    // The same digits inside a NIK are not a match.
    expect(await found('0101900001')).toEqual([]);
    expect(await found('73010')).toEqual([]);
  });

  it('answers one- and two-character queries with the same meaning', async () => {
    for (const q of ['b', 'B', 'ud', 'xy', '32', '3', '%', '_', '"', '*', '-', ':', "'", '\\', ' ']) {
      expect(await found(q), `q=${JSON.stringify(q)}`).toEqual(expected(q));
    }
    expect(await found('ud')).toHaveLength(4);
    expect(await found('32')).toHaveLength(6);
  });

  it('takes FTS and LIKE syntax characters literally and never fails on them', async () => {
    const queries = [
      '"maju"', '"maju', 'maju"', '""', '"""', '(jaya)*', 'jaya)*', '(jaya', '*jaya', 'sentosa-jaya', '-jaya', 'abadi:', 'abadi: sentosa',
      '50%', '50%_a', '%_a', '0%_', '50xx', "o'neil", "'ne", '\\ baru', 'l \\', 'maju or siti', 'maju OR siti', 'NEAR(maju', 'NOT maju', '^toko',
      'toko AND', 'cv:jaya', '{name}',
    ];
    for (const q of queries) {
      const result = await search(q);
      expect(result.status, `q=${JSON.stringify(q)}: ${result.text.slice(0, 200)}`).toBe(200);
      expect(result.body.data.map((deposit: any) => deposit.depositNumber), `q=${JSON.stringify(q)}`).toEqual(expected(q));
      const counts = await w.call('GET', `/invoice/list-count-all-deposito?q=${encodeURIComponent(q)}`, { token: w.users.operator.token });
      expect(counts.status, `counts q=${JSON.stringify(q)}`).toBe(200);
      expect(counts.body.data.total, `counts q=${JSON.stringify(q)}`).toBe(expected(q).length);
    }
    // Control characters are not search words: a NUL could only fail in the database.
    for (const q of ['a\u0000b', 'a\u0007b']) {
      const refused = await search(q);
      expect(refused.status, `q=${JSON.stringify(q)}`).toBe(400);
    }
    // The traps are real: each matches exactly what is typed.
    expect(expected('"maju"')).toEqual(['DEP-2603-T0K0-0001']);
    expect(expected('(jaya)*')).toEqual(['DEP-2603-T0K0-0001']);
    expect(expected('50%_a')).toEqual(['DEP-2603-CV50-0001']);
    expect(expected("o'neil")).toEqual(['DEP-2512-AP0T-0001']);
    expect(expected('\\ baru')).toEqual(['DEP-2512-AP0T-0001']);
  });

  it('the Excel export of a search holds the same rows as the list', async () => {
    for (const q of ['budi', '"maju"', '50%_a', '3273']) {
      const response = await fetch(`${w.t.url}/api-v2-bpr/invoice/all-deposito/download?sort=createdAt&q=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
      expect(response.status, q).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await response.arrayBuffer()) as never);
      const sheet = workbook.worksheets[0]!;
      const cells: string[] = [];
      sheet.eachRow((row, number) => {
        if (number > 1) row.eachCell((cell) => cells.push(String(cell.value)));
      });
      const numbers = expected(q);
      expect(numbers.length, q).toBeGreaterThan(0);
      expect(sheet.rowCount - 1, q).toBe(numbers.length);
      for (const depositNumber of numbers) expect(cells, q).toContain(depositNumber);
    }
  });

  it('counts per status with a search agree with the list, status by status', async () => {
    for (const q of ['budi', '3273', '-0001', 'b', '"maju"', 'dep-26']) {
      const counts = await w.call('GET', `/invoice/list-count-all-deposito?q=${encodeURIComponent(q)}`, { token: w.users.operator.token });
      expect(counts.status).toBe(200);
      expect(counts.body.data.total, q).toBe(expected(q).length);
      let sum = 0;
      for (const [status, count] of Object.entries(counts.body.data.counts as Record<string, number>)) {
        const list = await search(q, `&status=${status}`);
        expect(list.body.meta.total, `${q} ${status}`).toBe(count);
        expect(list.body.data, `${q} ${status}`).toHaveLength(count);
        sum += count;
      }
      expect(sum, q).toBe(counts.body.data.total);
    }
    // And the split itself is the deposits' own statuses.
    const budi = await w.call('GET', '/invoice/list-count-all-deposito?q=budi', { token: w.users.operator.token });
    const statuses: Record<string, number> = {};
    for (const deposit of placed.filter((d) => matches(d, 'budi'))) {
      const { status } = await w.row(deposit.id);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    expect(Object.keys(statuses).length).toBeGreaterThan(1);
    expect(budi.body.data.counts).toMatchObject(statuses);
  });

  it('the running server indexes new deposits on its own, moments after they are written', async () => {
    const sari: Customer = { key: 'sari', name: 'Sari Indrawati', nik: '5171081208900009' };
    customerIds.set(sari.key, await addCustomer(w.bank.id, sari.name, sari.nik));
    const row = await placeFor(sari, 'DEP-2603-SI00-0010');
    expect(await found('indrawati')).toEqual(['DEP-2603-SI00-0010']);
    if (dialect !== 'sqlite') return;
    const waiting = async () => Number((await sql<{ n: number }>`select count(*) as n from deposits_search_pending where deposit_rowid = (select rowid from deposits where id = ${row.id})`.execute(w.db)).rows[0]!.n);
    await expect.poll(waiting, { timeout: 10_000 }).toBe(0);
    expect(await found('indrawati')).toEqual(['DEP-2603-SI00-0010']);
  });

  it('finds a deposit placed now at once, and a renamed customer by the new name only', async () => {
    expect(await found('kusumawati')).toEqual([]);
    const yuliana: Customer = { key: 'yuliana', name: 'Yuliana Kusumawati', nik: '6171080808900008' };
    customerIds.set(yuliana.key, await addCustomer(w.bank.id, yuliana.name, yuliana.nik));
    const row = await placeFor(yuliana, 'DEP-2603-YK00-0009');
    expect(await found('kusumawati')).toEqual(['DEP-2603-YK00-0009']);
    expect(await found('yk00-0009')).toEqual(['DEP-2603-YK00-0009']);
    expect(await found('617108')).toEqual(['DEP-2603-YK00-0009']);
    const counts = await w.call('GET', '/invoice/list-count-all-deposito?q=kusumawati', { token: w.users.operator.token });
    expect(counts.body.data).toMatchObject({ total: 1, counts: { pending: 1 } });

    await w.db.updateTable('deposits').set({ customer_name: 'Yuliana Pertiwi' }).where('id', '=', row.id).execute();
    placed.at(-1)!.name = 'Yuliana Pertiwi';
    expect(await found('kusumawati')).toEqual([]);
    expect(await found('pertiwi')).toEqual(['DEP-2603-YK00-0009']);
    // A status change leaves the search as it was.
    await w.drive(row.id, { type: 'deposit.approve' });
    expect(await found('pertiwi')).toEqual(['DEP-2603-YK00-0009']);

    // Indexed (SQLite: the trigram table takes what waited), it is found the same way; renamed
    // once indexed, by its new name only.
    await indexPendingDeposits(w.db);
    if (dialect === 'sqlite') {
      expect(Number((await sql<{ n: number }>`select count(*) as n from deposits_search_pending`.execute(w.db)).rows[0]!.n)).toBe(0);
      expect((await sql<{ rowid: number }>`select rowid from deposits_search where deposits_search match '"pertiwi"'`.execute(w.db)).rows).toHaveLength(1);
    }
    expect(await found('pertiwi')).toEqual(['DEP-2603-YK00-0009']);
    await w.db.updateTable('deposits').set({ customer_name: 'Yuliana Anggraini' }).where('id', '=', row.id).execute();
    placed.at(-1)!.name = 'Yuliana Anggraini';
    expect(await found('pertiwi')).toEqual([]);
    expect(await found('anggraini')).toEqual(['DEP-2603-YK00-0009']);
  });
});

const FIRST = ['Budi', 'Siti', 'Agus', 'Dewi', 'Bambang', 'Sri', 'Hendra', 'Rina', 'Joko', 'Wati', 'Andi', 'Yuliana', 'Rudi', 'Ratna', 'Eko', 'Nur'];
const LAST = ['Santoso', 'Wijaya', 'Saputra', 'Lestari', 'Hidayat', 'Pratama', 'Kusuma', 'Nugroho'];
const EXISTING = 3_000;

describe.each(dialects)('migration 0003 on a database that already has deposits (%s)', (dialect) => {
  let own: OwnDatabase;
  let db: Kysely<Database>;
  const bankId = randomUUID();
  const rows: Array<{ number: string; name: string; nik: string; status: string }> = [];
  let oldProductId = '';

  beforeAll(async () => {
    own = await ownDatabase(dialect, 'berjangka-search-');
    db = own.db;
    const down = await own.migrator.migrateTo('0002_deposits');
    if (down.error) throw down.error;
    const now = '2026-03-02T02:00:00.000Z';
    await insertBank(db, { id: bankId, name: 'BPR Lama', ojk_license_number: null, npwp: null, address: null, logo_file_id: null, created_at: now, updated_at: now });
    const productId = randomUUID();
    // As 0002 stored a product: no code, one undated tenor table.
    const old = db as unknown as Kysely<any>;
    await old
      .insertInto('products')
      .values({
        id: productId, bank_id: bankId, name: 'Deposito Lama', active: 1, visible: 1, min_amount: 1_000_000, max_amount: null, interest_payment: 'MONTHLY',
        instructions_allowed: JSON.stringify(['PAYOUT']), penalty_bps: 0, forfeit_accrued_interest: 0, created_at: now, updated_at: now,
      })
      .execute();
    await old.insertInto('product_tenors').values({ product_id: productId, tenor_months: 3, rate_bps: 500 }).execute();
    oldProductId = productId;
    const customerId = randomUUID();
    await insertCustomer(db, {
      id: customerId, bank_id: bankId, name: 'Nasabah', nik: '1', npwp: null, phone: null, email: null, address: null,
      payout_bank_name: null, payout_account_number: null, payout_account_name: null, created_at: now, updated_at: now,
    });
    const statuses = ['pending', 'active', 'matured', 'closed', 'rejected'] as const;
    // As 0002 stored a deposit: without the columns later migrations add.
    const batch: Array<Omit<DepositRow, 'placed_by' | 'funding_method' | 'funding_reference' | 'funding_received_at' | 'partner_reference_no' | 'hold_label' | 'hold_stops_interest'>> = [];
    for (let i = 0; i < EXISTING; i += 1) {
      const name = i === 1234 ? 'Hartati Zulkarnain' : `${FIRST[(i * 7) % 16]} ${LAST[(i * 13) % 8]}`;
      const number = `DEP-L-${String(i).padStart(6, '0')}`;
      const nik = `3273${String(i % 500).padStart(12, '0')}`;
      const status = statuses[i % 5]!;
      rows.push({ number, name, nik, status });
      batch.push({
        id: randomUUID(), bank_id: bankId, deposit_number: number, customer_id: customerId, customer_name: name, customer_nik: nik, product_id: productId,
        status, amount: 1_000_000 + i, rate_bps: 500, tenor_months: 3, placement_date: '2026-01-02', deposit_date: '2026-01-02', period_start: '2026-01-02',
        maturity_date: '2026-04-02', period_number: 1, maturity_instruction: 'PAYOUT', interest_payment: 'MONTHLY', channel: null, bilyet_status: 'none',
        bilyet_number: null, shipment_status: null, signature_status: null, break_requested_by: null, break_requested_on: null, break_date: null,
        break_reason: null, settlement: null, disbursement_reason: null, close_reason: null, status_reason: null, version: 1,
        created_at: new Date(Date.parse('2026-01-02T00:00:00.000Z') + i * 1000).toISOString(),
        updated_at: now,
      });
    }
    for (let start = 0; start < batch.length; start += 500) await db.insertInto('deposits').values(batch.slice(start, start + 500)).execute();
    // A bank whose database has planner statistics (as the benchmark's has) — none yet for what
    // the upgrade adds.
    await sql`analyze`.execute(db);
    await migrateToLatest(db, own.migrateOptions);
  }, 60_000);
  afterAll(async () => {
    await own?.drop();
  });

  it('0010 turns the undated tenor table into the first rate schedule, in force since its earliest deposit, and gives the product a code', async () => {
    const product = await db.selectFrom('products').select(['code']).where('id', '=', oldProductId).executeTakeFirstOrThrow();
    expect(product.code).toBe('DL');
    const rates = await db.selectFrom('product_rates').select(['effective_from', 'tenor_months', 'rate_bps', 'created_by']).where('product_id', '=', oldProductId).execute();
    // The product row is dated 2 March; its deposits started on 2 January and must find their rate.
    expect(rates).toEqual([{ effective_from: '2026-01-02', tenor_months: 3, rate_bps: 500, created_by: 'SYSTEM' }]);
  });

  const expectedCount = (q: string) => rows.filter((row) => matches(row, q)).length;
  const filters = (q: string) => ({ bankId, q });

  it('finds by name, number and NIK the deposits that were there before it ran', async () => {
    for (const q of ['zulkarnain', 'HARTATI', 'budi', 'santoso', 'dep-l-0012', 'l-001234', '327300000000012', '32730000000004']) {
      expect(expectedCount(q), q).toBeGreaterThan(0);
      expect(await countDeposits(db, filters(q)), q).toBe(expectedCount(q));
    }
    const page = await listDeposits(db, filters('zulkarnain'), { field: 'createdAt', direction: 'desc' }, 1, 20);
    expect(page.rows.map((row) => row.deposit_number)).toEqual(['DEP-L-001234']);
    const counts = await countDepositsByStatus(db, filters('budi'));
    const budi = rows.filter((row) => matches(row, 'budi'));
    for (const status of ['pending', 'active', 'matured', 'closed', 'rejected'] as const) {
      expect(counts[status], status).toBe(budi.filter((row) => row.status === status).length);
    }
  });

  // On SQLite the first page of a common name walks the sort index, deeper pages and rare
  // searches go through the trigram table: every page must continue the same order.
  it('the pages of a search, however each is read, are the whole search in order', async () => {
    for (const q of ['santoso', 'zulkarnain', 'dep-l-0029']) {
      const all = rows.filter((row) => matches(row, q)).map((row) => row.number);
      const walked: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 20); page += 1) {
        walked.push(...(await listDeposits(db, filters(q), { field: 'amount', direction: 'asc' }, page, 20)).rows.map((row) => row.deposit_number));
      }
      expect(walked, q).toEqual(all);
    }
  });

  it('answers the search from the indexes, not by reading every deposit', async () => {
    for (const q of ['zulkarnain', '3273000000000123']) {
      const query = depositsMatching(db, filters(q), { withStatus: false, searchIndex: true }).select(['status', (eb) => eb.fn.countAll<number>().as('total')]).groupBy('status');
      const plan = await explain(db, dialect, query.compile());
      if (dialect === 'sqlite') {
        expect(plan, q).toMatch(/SCAN deposits_search VIRTUAL TABLE/);
        expect(plan, q).toMatch(/SEARCH deposits USING INDEX deposits_nik_idx \(customer_nik>\? AND customer_nik<\?\)/);
        expect(plan, q).toMatch(/SEARCH deposits USING INTEGER PRIMARY KEY/);
      } else {
        expect(plan, q).toMatch(/Bitmap Index Scan on deposits_search_name_idx/);
        expect(plan, q).toMatch(/Bitmap Index Scan on deposits_search_number_idx/);
        expect(plan, q).toMatch(/Bitmap Index Scan on deposits_nik_idx/);
        expect(plan, q).not.toMatch(/Seq Scan/);
      }
    }
  });

  const plainListPlan = () =>
    explain(db, dialect, depositsMatching(db, { bankId }).select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(20).compile());

  it('leaves the plain list walking its sort index on a database with statistics', async () => {
    const plan = await plainListPlan();
    expect(plan).toMatch(/deposits_bank_created_at_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });

  it('0004 brings a database migrated by the first 0003 (NIK index led by bank_id) to the same schema', async () => {
    expect((await own.migrator.migrateTo('0003_deposit_search')).error).toBeUndefined();
    await sql`drop index deposits_nik_idx`.execute(db);
    await sql`create index deposits_bank_nik_idx on deposits (bank_id, customer_nik)`.execute(db);
    await migrateToLatest(db, own.migrateOptions);
    const objects = await searchObjects(db, dialect);
    expect(objects).toContain('deposits_nik_idx');
    expect(objects).not.toContain('deposits_bank_nik_idx');
    expect(await plainListPlan()).not.toMatch(/TEMP B-TREE|Sort/);
    expect(await countDeposits(db, filters('32730000000004'))).toBe(expectedCount('32730000000004'));
  });

  it('down drops the search table, its triggers and the indexes; up again indexes every deposit', async () => {
    const down = await own.migrator.migrateTo('0002_deposits');
    expect(down.error).toBeUndefined();
    expect(await searchObjects(db, dialect)).toEqual([]);
    await migrateToLatest(db, own.migrateOptions);
    expect(await searchObjects(db, dialect)).toEqual(
      dialect === 'sqlite'
        ? [
            'deposits_nik_idx', 'deposits_search', 'deposits_search_config', 'deposits_search_data', 'deposits_search_delete',
            'deposits_search_docsize', 'deposits_search_idx', 'deposits_search_insert', 'deposits_search_pending', 'deposits_search_update',
          ]
        : ['deposits_nik_idx', 'deposits_search_name_idx', 'deposits_search_number_idx'],
    );
    expect(await countDeposits(db, filters('zulkarnain'))).toBe(1);
    expect(await countDeposits(db, filters('wijaya'))).toBe(expectedCount('wijaya'));
  });
});

/** What migration 0003 creates, by name. */
async function searchObjects(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where name like 'deposits_search%' or name in ('deposits_nik_idx', 'deposits_bank_nik_idx') order by name`.execute(db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`
    select indexname as name from pg_indexes where schemaname = current_schema() and indexname in ('deposits_nik_idx', 'deposits_bank_nik_idx', 'deposits_search_name_idx', 'deposits_search_number_idx') order by indexname`.execute(db);
  return rows.map((row) => row.name);
}
