import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeDeposit } from '../../server/deposits/deposit-placement';
import { depositSearchCondition } from '../../server/deposits/deposit-service';
import { disbursementsQuery } from '../../server/disbursements/disbursement-repository';
import { installmentsOfMonth } from '../../server/interest/installment-repository';
import { dialects } from './harness';
import { addCustomer, addDaysIso, explain, matchesSearch, startWorld, type World } from './deposit-fixtures';

/**
 * Bunga Bulanan and Pencairan take the deposit list's search `q` (customer name or deposit number
 * containing it in any case, NIK starting with it; `%`, `_` and quotes literal): their lists, the
 * counts and totals above them, and their Excel downloads hold exactly the matching rows, on both
 * dialects.
 */

interface Placed {
  number: string;
  name: string;
  nik: string;
}

const CUSTOMERS = [
  { name: 'Budi Santoso', nik: '3273010101900001', numbers: ['DEP-2603-AB12CD34', 'DEP-2601-AB12PAY1'] },
  { name: 'BUDIMAN Hartono', nik: '3273020202900002', numbers: ['DEP-2603-XY990001', 'DEP-2601-XY99PAY2'] },
  { name: 'Siti Rahayu', nik: '3175030303900003', numbers: ['DEP-2603-0000BUDI', 'DEP-2601-SR00PAY3'] },
  { name: 'CV 50%_Abadi "Jaya"', nik: '3201050505900005', numbers: ['DEP-2603-CV500001', 'DEP-2601-CV50PAY4'] },
  // What `50%_a` would match if % and _ were wildcards.
  { name: 'CV 50XXAbadi Jaya', nik: '3201060606900006', numbers: ['DEP-2603-CVXX0001', 'DEP-2601-CVXXPAY5'] },
];

const QUERIES = ['budi', 'SANTOSO', 'dI sAn', '3273', '327301', '0101900001', 'ab12', 'pay', '50%_a', '"jaya"', 'b', 'zz', '  hartono '];

describe.each(dialects)('search in Bunga Bulanan and Pencairan (%s)', (dialect) => {
  let w: World;
  /** Running deposits: their installments pay in April 2026. */
  const running: Placed[] = [];
  /** Matured deposits waiting for their payout. */
  const paying: Placed[] = [];

  beforeAll(async () => {
    w = await startWorld(dialect);
    for (const customer of CUSTOMERS) {
      const customerId = await addCustomer(w, w.bank.id, customer.name, customer.nik);
      const place = (depositNumber: string, placementDate: string, tenorMonths: number) =>
        placeDeposit(w.db, {
          bankId: w.bank.id, customerId, productId: w.products.monthly, amount: 12_000_000, tenorMonths, placementDate, instruction: 'PAYOUT', depositNumber,
          now: w.clock.now().toISOString(),
        });
      const active = await place(customer.numbers[0]!, '2026-03-02', 3);
      await w.drive(active.id, { type: 'deposit.approve' });
      running.push({ number: active.deposit_number, name: customer.name, nik: customer.nik });
      const matured = await place(customer.numbers[1]!, addDaysIso('2026-03-02', -40), 1);
      await w.drive(matured.id, { type: 'deposit.approve' });
      await w.drive(matured.id, { type: 'deposit.mature' }, 'system');
      await w.drive(matured.id, { type: 'deposit.requestDisbursement' }, 'operator');
      paying.push({ number: matured.deposit_number, name: customer.name, nik: customer.nik });
    }
    // Another bank's Budi never shows up in ours.
    const otherBudi = await addCustomer(w, w.bank.otherId, 'Budi Bank Lain', '3273010101900099');
    const foreign = await placeDeposit(w.db, {
      bankId: w.bank.otherId, customerId: otherBudi, productId: w.products.other, amount: 5_000_000, tenorMonths: 1, placementDate: '2026-03-02',
      instruction: 'PAYOUT', depositNumber: 'DEP-2603-AB12CD35', now: w.clock.now().toISOString(),
    });
    await w.t.server.services.transitions.apply({ bankId: w.bank.otherId, depositId: foreign.id, actor: { id: w.users.otherSupervisor.id, role: 'SUPERVISOR' }, request: { type: 'deposit.approve' } });
    // April's installments as April's daily jobs leave them: due, so the transfer template (due only) holds them.
    await w.db.updateTable('interest_installments').set({ status: 'due' }).where('pay_date', '>=', '2026-04-01').where('pay_date', '<=', '2026-04-30').execute();
  });
  afterAll(async () => {
    await w?.stop();
  });

  const get = async (path: string) => {
    const result = await w.call('GET', path, { token: w.users.operator.token });
    expect(result.status, `${path}: ${result.text.slice(0, 300)}`).toBe(200);
    return result.body;
  };
  const expected = (placed: Placed[], q: string) => placed.filter((deposit) => matchesSearch(deposit, q)).map((deposit) => deposit.number).sort();
  const numbersOf = (rows: any[]) => rows.map((row) => row.depositNumber as string).sort();
  const download = async (path: string) => {
    const response = await fetch(`${w.t.url}/api-v2-bpr${path}`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
    expect(response.status, path).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const column = (sheet.getRow(1).values as unknown[]).indexOf('No. Deposito');
    const numbers: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) numbers.push(String(row.getCell(column).value));
    });
    return numbers.sort();
  };

  it('Bunga Bulanan: the month’s installments of matching deposits, with the summary and the transfer template’s count of the same rows', async () => {
    for (const q of QUERIES) {
      const query = `period=2026-04&status=due&limit=100&q=${encodeURIComponent(q)}`;
      const page = await get(`/deposito/monthly-interest?${query}`);
      const numbers = expected(running, q);
      expect(numbersOf(page.data), q).toEqual(numbers);
      expect(page.meta.total, q).toBe(numbers.length);
      expect(page.summary.count, q).toBe(numbers.length);
      expect(page.summary.net, q).toBe(page.data.reduce((sum: number, row: any) => sum + row.netInterest, 0));
      const count = await get(`/deposito/monthly-interest-template/count?${query}`);
      expect(count.data, q).toEqual({ period: '2026-04', count: numbers.length, totalNet: page.summary.net });
    }
    // The traps are real: each query matches what is typed, not a pattern.
    expect(expected(running, '50%_a')).toEqual(['DEP-2603-CV500001']);
    expect(expected(running, '"jaya"')).toEqual(['DEP-2603-CV500001']);
    expect(expected(running, '0101900001')).toEqual([]);
    expect(expected(running, 'budi')).toHaveLength(3);
  });

  it('Bunga Bulanan: the search keeps the status filter and paging', async () => {
    const first = await get('/deposito/monthly-interest?period=2026-04&q=budi&status=due&limit=2&page=1');
    const second = await get('/deposito/monthly-interest?period=2026-04&q=budi&status=due&limit=2&page=2');
    expect(first.meta).toMatchObject({ total: 3, totalPages: 2 });
    expect([...numbersOf(first.data), ...numbersOf(second.data)].sort()).toEqual(expected(running, 'budi'));
    expect((await get('/deposito/monthly-interest?period=2026-04&q=budi&status=paid')).meta.total).toBe(0);
    expect((await get('/deposito/monthly-interest?period=2026-04&q=budi&status=scheduled')).meta.total).toBe(0);
  });

  it('Pencairan: matching payouts only, the tab counts and amounts of the same search', async () => {
    for (const q of QUERIES) {
      const numbers = expected(paying, q);
      const page = await get(`/deposito/disbursements?status=pending&limit=100&q=${encodeURIComponent(q)}`);
      expect(numbersOf(page.data), q).toEqual(numbers);
      expect(page.meta.total, q).toBe(numbers.length);
      const counts = await get(`/deposito/disbursements/count?q=${encodeURIComponent(q)}`);
      // Each payout: 12.000.000 + the unpaid installment 21 Jan → 21 Feb (31 days): 12 000 000 × 500 × 31 ÷ 3 650 000
      // = 50 958,9 → 50 959, tax 20% 10 192, net 40 767.
      expect(counts.data, q).toEqual({ pending: numbers.length, paid: 0, pendingAmount: numbers.length * 12_040_767, paidAmount: 0 });
    }
  });

  it('the Excel downloads of both screens hold exactly the rows the same search lists', async () => {
    for (const q of ['budi', '3273', '50%_a', '"jaya"', 'zz']) {
      expect(await download(`/deposito/monthly-interest-template/download?period=2026-04&q=${encodeURIComponent(q)}`), q).toEqual(expected(running, q));
      expect(await download(`/deposito/disbursements/download?status=pending&q=${encodeURIComponent(q)}`), q).toEqual(expected(paying, q));
    }
    // Without a search, everything of the bank.
    expect(await download('/deposito/disbursements/download')).toEqual(paying.map((deposit) => deposit.number).sort());
  });

  // Which index a planner starts from depends on the table sizes (deposit-search.test.ts proves the
  // index scans on 3,000 deposits); here: the lists consult the trigram table on SQLite, and on
  // PostgreSQL filter on exactly the expressions migration 0003 indexes with pg_trgm.
  it("the lists search through the deposit search's own indexed expressions, on the joined deposit", async () => {
    const match = depositSearchCondition(w.db, 'santoso', { table: 'd', searchIndex: true });
    const queries = {
      interest: installmentsOfMonth(w.db, { bankId: w.bank.id, period: '2026-04', statuses: ['scheduled', 'due', 'paid'], match }).select('i.id'),
      disbursements: disbursementsQuery(w.db, { bankId: w.bank.id, status: 'pending', match }).select('b.id'),
    };
    for (const [name, query] of Object.entries(queries)) {
      const plan = await explain(w.db, dialect, query.compile());
      if (dialect === 'sqlite') expect(plan, name).toMatch(/SCAN deposits_search VIRTUAL TABLE/);
      else expect(plan, name).toContain("(lower(customer_name) ~~ '%santoso%'::text) OR (lower(deposit_number) ~~ '%santoso%'::text) OR (customer_nik ~~ 'santoso%'::text)");
    }
  });

  it('a search longer than 100 characters is refused in Indonesian before any row or file', async () => {
    const long = 'a'.repeat(101);
    for (const path of [
      `/deposito/monthly-interest?q=${long}`,
      `/deposito/monthly-interest-template/count?q=${long}`,
      `/deposito/monthly-interest-template/download?q=${long}`,
      `/deposito/disbursements?q=${long}`,
      `/deposito/disbursements/count?q=${long}`,
      `/deposito/disbursements/download?q=${long}`,
    ]) {
      const result = await w.call('GET', path, { token: w.users.operator.token });
      expect(result.status, path).toBe(400);
      expect(result.body.message, path).toEqual(['Kata kunci pencarian paling banyak 100 karakter.']);
    }
  });
});
