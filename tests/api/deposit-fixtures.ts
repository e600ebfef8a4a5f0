import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { MaturityInstruction } from '../../contract/deposit';
import type { Role } from '../../contract/auth';
import { insertBank } from '../../server/auth/bank-repository';
import { insertCustomer } from '../../server/deposits/customer-repository';
import { insertProduct, saveDepositSettings, withHolidays, DEFAULT_DEPOSIT_SETTINGS } from '../../server/products/product-repository';
import { insertUser } from '../../server/auth/user-repository';
import type { Database, DepositRow } from '../../server/platform/db/schema';
import { placeDeposit, type PlacementInput } from '../../server/deposits/deposit-placement';
import { SYSTEM_ACTOR, type TransitionRequest } from '../../server/deposits/transition-service';
import { argon2Hasher } from '../../server/auth/passwords';
import type { ServerOptions } from '../../server/main';
import { DEMO_PASSWORD, FAST_ARGON2, startTestServer, TestClock, type CallOptions, type CallResult, type DialectName, type TestServer } from './harness';

/**
 * A world of its own for the deposit API tests: two banks with their users, products, settings
 * and customers, created through the repositories (never the demo seed, so every count is ours).
 * Deposits are placed with the placement service and driven to a state with the same transition
 * service the routes use.
 */

export const HOLIDAYS = ['2026-03-19', '2026-03-20', '2026-03-23', '2026-04-03'];

export interface World {
  t: TestServer;
  db: Kysely<Database>;
  clock: TestClock;
  bank: { id: string; otherId: string };
  users: Record<'supervisor' | 'supervisor2' | 'operator' | 'admin' | 'otherSupervisor', { id: string; token: string }>;
  products: { monthly: string; atMaturity: string; inactive: string; other: string };
  customers: { main: string; second: string; other: string };
  /** Sets the business date (09.00 WIB that day). */
  setToday(date: string): void;
  /** Signs every user in again (after the clock moved past their sessions' and passwords' lifetime). */
  signInAgain(): Promise<void>;
  place(options?: Partial<PlaceOptions>): Promise<DepositRow>;
  /** Drives a deposit with the transition service (as `who`, or the daily job for SYSTEM). */
  drive(depositId: string, request: TransitionRequest, who?: keyof World['users'] | 'system'): Promise<void>;
  /** Places a deposit and drives it to `status` (value dates chosen so today allows each step). */
  inState(status: 'pending' | 'approved' | 'active' | 'breakRequested' | 'matured' | 'disbursing' | 'closed' | 'rejected', options?: Partial<PlaceOptions>): Promise<DepositRow>;
  row(depositId: string): Promise<DepositRow>;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** A call outside /api-v2-bpr (e.g. /api-v1 products), the path whole. */
  callAt(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  stop(): Promise<void>;
}

export interface PlaceOptions {
  bank: 'main' | 'other';
  product: 'monthly' | 'atMaturity' | 'inactive' | 'other';
  customer: 'main' | 'second' | 'other';
  amount: number;
  tenorMonths: number;
  placementDate: string;
  depositDate: string;
  instruction: MaturityInstruction;
  channel: string | null;
  /** A placement through the partner API (channel: the partner's code): its reference and transfer. */
  partner: PlacementInput['partner'];
  depositNumber: string;
  createdAt: string;
}

export const API = '/api-v2-bpr';

export async function startWorld(dialect: DialectName, today = '2026-03-02', serverOptions: Partial<ServerOptions> = {}): Promise<World> {
  const clock = new TestClock(`${today}T02:00:00.000Z`);
  const t = await startTestServer(dialect, { ...serverOptions, seed: false, clock });
  const db = t.server.database.db;
  const now = clock.now().toISOString();
  const hash = await argon2Hasher(FAST_ARGON2).hash(DEMO_PASSWORD);

  const bankId = randomUUID();
  const otherBankId = randomUUID();
  for (const [id, name] of [
    [bankId, 'BPR Uji Sentosa'],
    [otherBankId, 'BPR Uji Lain'],
  ] as const) {
    await insertBank(db, { id, name, ojk_license_number: null, npwp: null, address: null, logo_file_id: null, created_at: now, updated_at: now });
  }
  const userSpecs: Array<[keyof World['users'], string, Role, string]> = [
    ['supervisor', 'Siti Supervisor', 'SUPERVISOR', bankId],
    ['supervisor2', 'Budi Supervisor', 'SUPERVISOR', bankId],
    ['operator', 'Ani Operator', 'OPERATOR', bankId],
    ['admin', 'Dewi Admin', 'ADMIN', bankId],
    ['otherSupervisor', 'Lain Supervisor', 'SUPERVISOR', otherBankId],
  ];
  const users = {} as World['users'];
  for (const [key, name, role, bank] of userSpecs) {
    const id = randomUUID();
    const email = `${key.toLowerCase()}@uji.test`;
    await insertUser(db, {
      id, bank_id: bank, name, email, phone: null, role, password_hash: hash, password_changed_at: now,
      created_at: now, updated_at: now,
    });
    users[key] = { id, token: await t.login(email) };
  }

  const product = async (bank: string, name: string, options: { interestPayment: 'MONTHLY' | 'AT_MATURITY'; active?: boolean; penaltyBps: number; forfeit: boolean; tenors: Array<[number, number]> }) => {
    const id = randomUUID();
    await insertProduct(
      db,
      {
        id, bank_id: bank, code: `P-${id.slice(0, 8)}`, name, active: options.active === false ? 0 : 1, visible: 1, min_amount: 1_000_000, max_amount: 10_000_000_000,
        interest_payment: options.interestPayment, instructions_allowed: JSON.stringify(['ARO', 'ARO_PLUS', 'PAYOUT']),
        penalty_bps: options.penaltyBps, forfeit_accrued_interest: options.forfeit ? 1 : 0, created_at: now, updated_at: now,
      },
      options.tenors.map(([tenorMonths, rateBps]) => ({ tenorMonths, rateBps })),
      // In force long before any test's dates; tests that change rates add dated schedules.
      { effectiveFrom: '2020-01-01', createdBy: 'SYSTEM' },
    );
    return id;
  };
  const products = {
    monthly: await product(bankId, 'Deposito Bulanan Uji', { interestPayment: 'MONTHLY', penaltyBps: 100, forfeit: false, tenors: [[1, 500], [3, 550], [6, 600], [12, 650]] }),
    atMaturity: await product(bankId, 'Deposito Jatuh Tempo Uji', { interestPayment: 'AT_MATURITY', penaltyBps: 50, forfeit: true, tenors: [[3, 575], [6, 600]] }),
    inactive: await product(bankId, 'Deposito Lama', { interestPayment: 'MONTHLY', active: false, penaltyBps: 0, forfeit: false, tenors: [[3, 500]] }),
    other: await product(otherBankId, 'Deposito Bank Lain', { interestPayment: 'MONTHLY', penaltyBps: 100, forfeit: false, tenors: [[1, 500], [3, 550]] }),
  };
  await saveDepositSettings(db, bankId, withHolidays(DEFAULT_DEPOSIT_SETTINGS, HOLIDAYS.map((date) => ({ date, name: 'Libur uji' }))), now);

  const customer = async (bank: string, name: string, nik: string) => {
    const id = randomUUID();
    await insertCustomer(db, {
      id, bank_id: bank, name, nik, npwp: null, phone: '081234567890', email: null, address: 'Jl. Uji No. 1',
      payout_bank_name: 'BRI', payout_account_number: '0011223344', payout_account_name: name, created_at: now, updated_at: now,
    });
    return id;
  };
  const customers = {
    main: await customer(bankId, 'Rina Wati', '3201010101010001'),
    second: await customer(bankId, 'Agus Salim', '3201010101010002'),
    other: await customer(otherBankId, 'Joko Lain', '3301010101010003'),
  };

  const world: World = {
    t,
    db,
    clock,
    bank: { id: bankId, otherId: otherBankId },
    users,
    products,
    customers,
    async signInAgain() {
      // Months on, staff have changed their passwords as the policy asks.
      await db.updateTable('users').set({ password_changed_at: clock.now().toISOString() }).execute();
      for (const [key] of userSpecs) users[key].token = await t.login(`${key.toLowerCase()}@uji.test`);
    },
    setToday(date) {
      clock.advance(Date.parse(`${date}T02:00:00.000Z`) - clock.now().getTime());
    },
    async place(options = {}) {
      const bank = options.bank ?? (options.product === 'other' || options.customer === 'other' ? 'other' : 'main');
      const today = clock.now().toISOString().slice(0, 10);
      return placeDeposit(db, {
        bankId: bank === 'main' ? bankId : otherBankId,
        customerId: customers[options.customer ?? (bank === 'main' ? 'main' : 'other')],
        productId: products[options.product ?? (bank === 'main' ? 'monthly' : 'other')],
        amount: options.amount ?? 10_000_000,
        tenorMonths: options.tenorMonths ?? 3,
        placementDate: options.placementDate ?? today,
        depositDate: options.depositDate ?? options.placementDate ?? today,
        instruction: options.instruction ?? 'ARO',
        channel: options.channel ?? null,
        ...(options.partner ? { partner: options.partner } : {}),
        ...(options.depositNumber ? { depositNumber: options.depositNumber } : {}),
        now: options.createdAt ?? clock.now().toISOString(),
      });
    },
    async drive(depositId, request, who = 'supervisor') {
      const row = await world.row(depositId);
      const actor = who === 'system' ? SYSTEM_ACTOR : { id: users[who].id, role: userSpecs.find(([key]) => key === who)![2] };
      await t.server.services.transitions.apply({ bankId: row.bank_id, depositId, actor, request });
    },
    async inState(status, options = {}) {
      const today = clock.now().toISOString().slice(0, 10);
      if (status === 'approved') {
        // Value date in the future: approval waits for it.
        const future = addDaysIso(today, 5);
        const row = await world.place({ placementDate: today, depositDate: future, ...options });
        await world.drive(row.id, { type: 'deposit.approve' });
        return world.row(row.id);
      }
      if (status === 'matured' || status === 'disbursing' || status === 'closed') {
        // A one-month PAYOUT deposit placed two months ago: matured by the daily job today.
        const placed = await world.place({ placementDate: addDaysIso(today, -40), tenorMonths: 1, instruction: 'PAYOUT', ...options });
        await world.drive(placed.id, { type: 'deposit.approve' });
        await world.drive(placed.id, { type: 'deposit.mature' }, 'system');
        if (status !== 'matured') await world.drive(placed.id, { type: 'deposit.requestDisbursement' }, 'operator');
        if (status === 'closed') throw new Error('closed deposits are made through the API in the tests');
        return world.row(placed.id);
      }
      const row = await world.place(options);
      if (status === 'pending') return row;
      if (status === 'rejected') {
        await world.drive(row.id, { type: 'deposit.reject', reason: 'Data tidak lengkap' });
        return world.row(row.id);
      }
      await world.drive(row.id, { type: 'deposit.approve' });
      if (status === 'breakRequested') await world.drive(row.id, { type: 'deposit.requestBreak', breakDate: addDaysIso(today, 10), reason: 'Kebutuhan mendesak' }, 'operator');
      return world.row(row.id);
    },
    async row(depositId) {
      return db.selectFrom('deposits').selectAll().where('id', '=', depositId).executeTakeFirstOrThrow();
    },
    call: (method, path, options) => t.call(method, `${API}${path}`, options),
    callAt: (method, path, options) => t.call(method, path, options),
    stop: () => t.stop(),
  };
  return world;
}

/** A customer of `bankId` with the fixtures' payout account (BRI 0011223344 in their name); answers its id. */
export async function addCustomer(w: Pick<World, 'db' | 'clock'>, bankId: string, name: string, nik: string): Promise<string> {
  const id = randomUUID();
  const now = w.clock.now().toISOString();
  await insertCustomer(w.db, {
    id, bank_id: bankId, name, nik, npwp: null, phone: null, email: null, address: null,
    payout_bank_name: 'BRI', payout_account_number: '0011223344', payout_account_name: name, created_at: now, updated_at: now,
  });
  return id;
}

/**
 * The meaning of the deposit search `q`, written out once in JS (customer name or deposit number
 * containing it in any case, NIK starting with it): search tests check every answer against it.
 */
export function matchesSearch(deposit: { number: string; name: string; nik: string }, q: string): boolean {
  const needle = q.trim().toLowerCase();
  return deposit.name.toLowerCase().includes(needle) || deposit.number.toLowerCase().includes(needle) || deposit.nik.startsWith(needle);
}

export function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

let keyCounter = 0;
/** A fresh Idempotency-Key header. */
export function freshKey(): Record<string, string> {
  keyCounter += 1;
  return { 'idempotency-key': `uji-${Date.now()}-${keyCounter}-${randomUUID()}` };
}

/** The query plan as text; PostgreSQL with sequential scans priced out, so a usable index is used. */
export async function explain(db: Kysely<Database>, dialect: DialectName, query: CompiledQuery): Promise<string> {
  if (dialect === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return result.rows.map((row) => row.detail).join('\n');
  }
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const result = await connection.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}
