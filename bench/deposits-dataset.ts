/**
 * The 1,000,000-deposit dataset of issue 4's benchmarks: the rows (planDataset, shared by both
 * dialects) and their SQLite load, in its own DATA_DIR. PostgreSQL's load is
 * bench/deposits-dataset-pg.ts, from the same plan, so both dialects hold the same deposits.
 *
 * The server builds the empty database (migrations, demo banks, users and products, no demo
 * deposits); then one raw better-sqlite3 connection bulk-loads customers and deposits with the
 * deposits' secondary indexes dropped and rebuilt afterwards (an index built once is far cheaper
 * than one maintained row by row), and the status counters are recounted with the repository's
 * rebuildStatusCounts. Reused between runs unless BENCH_FRESH=1.
 *
 * Shape: everything in BPR Demo Sejahtera (the worst case for its list), statuses spread like a
 * bank three years old, and exactly JOB_MATURITIES active deposits maturing on JOB_DATE with their
 * period and at-maturity installment, so the daily-job benchmark has a real day's work; no other
 * active deposit matures, and no approved one starts, on or before JOB_DATE.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pino from 'pino';
import { addDays, addMonths, daysBetween, interestForPeriod, maturityDate, taxInterest, workingDayOnOrAfter } from '../machines/deposit-rules';
import { rebuildStatusCounts } from '../server/deposits/deposit-repository';
import { buildServer } from '../server/main';
import { seededRandom } from '../server/demo/demo-random';
import type { ProductRow } from '../server/platform/db/schema';

export const DEPOSIT_COUNT = Number(process.env.BENCH_DEPOSITS ?? 1_000_000);
export const JOB_DATE = '2026-12-01';
export const JOB_MATURITIES = 5000;
const CUSTOMERS = 200_000;
const MARKER = 'dataset-v2.json';

export interface Dataset {
  dataDir: string;
  bankId: string;
  deposits: number;
  /** Absent on datasets written before PostgreSQL joined: SQLite. */
  dialect?: 'sqlite' | 'postgres';
  /** PostgreSQL: the bench database and the schema the dataset lives in. */
  databaseUrl?: string;
  pgSchema?: string;
}

export function datasetDir(): string {
  return process.env.BENCH_DATA_DIR ?? join(tmpdir(), `berjangka-bench-${DEPOSIT_COUNT}`);
}

const STATUS_MIX: Array<[string, number]> = [
  ['active', 0.6],
  ['closed', 0.25],
  ['rejected', 0.03],
  ['cancelled', 0.03],
  ['pending', 0.02],
  ['approved', 0.01],
  ['matured', 0.02],
  ['disbursing', 0.02],
  ['breakRequested', 0.02],
];

export const CUSTOMER_COLUMNS = [
  'id', 'bank_id', 'name', 'nik', 'npwp', 'phone', 'email', 'address', 'payout_bank_name', 'payout_account_number', 'payout_account_name', 'created_at', 'updated_at',
] as const;
export const DEPOSIT_COLUMNS = [
  'id', 'bank_id', 'deposit_number', 'customer_id', 'customer_name', 'customer_nik', 'product_id', 'status', 'amount', 'rate_bps', 'tenor_months',
  'placement_date', 'deposit_date', 'period_start', 'maturity_date', 'period_number', 'maturity_instruction', 'interest_payment', 'channel',
  'bilyet_status', 'version', 'created_at', 'updated_at',
] as const;
export const PERIOD_COLUMNS = [
  'id', 'deposit_id', 'period_number', 'period_start', 'maturity_date', 'amount', 'rate_bps', 'tenor_months', 'maturity_instruction', 'started_by', 'created_at',
] as const;
export const INSTALLMENT_COLUMNS = [
  'id', 'bank_id', 'deposit_id', 'period_number', 'sequence', 'period_start', 'period_end', 'pay_date', 'gross_interest', 'tax', 'net_interest', 'status', 'created_at', 'updated_at',
] as const;

/** Every row of the dataset, as value arrays in the order of the *_COLUMNS above. */
export interface DatasetPlan {
  customers: unknown[][];
  /** In placement (created_at) order, as a bank's table grows. */
  deposits: unknown[][];
  periods: unknown[][];
  installments: unknown[][];
}

/**
 * The dataset's rows, drawn from a fixed seed: the same deposits on every run and in both
 * dialects. `products` are the bank's (ordered by name), `holidays` its bank_settings.holidays.
 */
export function planDataset(bankId: string, products: ProductRow[], holidays: string[]): DatasetPlan {
  const atMaturity = products.find((product) => product.interest_payment === 'AT_MATURITY')!;
  const random = seededRandom(1_000_003);
  const FIRST = ['Budi', 'Siti', 'Agus', 'Dewi', 'Bambang', 'Sri', 'Hendra', 'Rina', 'Joko', 'Wati', 'Andi', 'Yuliana', 'Rudi', 'Ratna', 'Eko', 'Nur'];
  const LAST = ['Santoso', 'Rahayu', 'Wijaya', 'Lestari', 'Saputra', 'Kurniawan', 'Hidayat', 'Setiawan', 'Pratama', 'Susanti', 'Nugroho', 'Wibowo'];
  const now = '2026-11-30T17:05:00.000Z';
  const plan: DatasetPlan = { customers: [], deposits: [], periods: [], installments: [] };
  const customers: Array<{ id: string; name: string; nik: string }> = [];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const customer = { id: random.id(), name: `${random.pick(FIRST)} ${random.pick(LAST)}`, nik: `3273${String(i).padStart(12, '0')}` };
    customers.push(customer);
    plan.customers.push([customer.id, bankId, customer.name, customer.nik, null, '081200000000', null, null, 'BCA', String(1_000_000_000 + i), customer.name, now, now]);
  }

  const amounts = [5_000_000, 10_000_000, 25_000_000, 50_000_000, 100_000_000, 250_000_000, 500_000_000];
  const pickStatus = () => {
    let roll = random.next();
    for (const [status, share] of STATUS_MIX) {
      if (roll < share) return status;
      roll -= share;
    }
    return 'active';
  };
  const start = addMonths(JOB_DATE, -36);
  for (let i = 0; i < DEPOSIT_COUNT; i += 1) {
    const maturing = i < JOB_MATURITIES;
    const product = maturing ? atMaturity : random.pick(products);
    const tenor = maturing ? 3 : random.pick([1, 3, 6, 12]);
    const status = maturing ? 'active' : pickStatus();
    const amount = random.pick(amounts);
    const rateBps = product.interest_payment === 'AT_MATURITY' ? 575 : 550;
    let valueDate: string;
    if (maturing) valueDate = addMonths(JOB_DATE, -3);
    else if (status === 'active' || status === 'breakRequested') {
      // Running now and maturing after JOB_DATE.
      valueDate = addDays(JOB_DATE, -random.int(0, tenor * 28 - 1));
      if (maturityDate(valueDate, tenor) <= JOB_DATE) valueDate = addDays(JOB_DATE, -1);
    } else if (status === 'approved' || status === 'pending') valueDate = addDays(JOB_DATE, random.int(1, 10));
    else valueDate = addDays(start, random.int(0, 1000));
    const maturity = maturityDate(valueDate, tenor);
    const customer = maturing ? customers[i]! : customers[random.int(JOB_MATURITIES, CUSTOMERS - 1)]!;
    const id = random.id();
    const instruction = maturing ? (['ARO', 'ARO', 'ARO_PLUS', 'PAYOUT', 'PAYOUT'] as const)[i % 5]! : random.pick(['ARO', 'ARO_PLUS', 'PAYOUT']);
    const createdAt = `${addDays(valueDate, -random.int(0, 3))}T0${random.int(1, 9)}:${String(random.int(10, 59))}:${String(random.int(10, 59))}.${String(i % 1000).padStart(3, '0')}Z`;
    plan.deposits.push([
      id, bankId, `DEP-B-${String(i).padStart(7, '0')}`, customer.id, customer.name, customer.nik, product.id, status, amount, rateBps, tenor,
      valueDate, valueDate, valueDate, maturity, 1, instruction, product.interest_payment, random.chance(0.6) ? 'Komunal' : null,
      status === 'closed' ? 'returned' : 'received', 1, createdAt, createdAt,
    ]);
    if (maturing) {
      const periodId = random.id();
      const installmentId = random.id();
      const gross = interestForPeriod(amount, rateBps, daysBetween(valueDate, maturity));
      const taxed = taxInterest(gross, { customerActivePrincipal: amount, settings: { taxBps: 2000, thresholdRupiah: 7_500_000 } });
      plan.periods.push([periodId, id, 1, valueDate, maturity, amount, rateBps, tenor, instruction, 'placement', createdAt]);
      plan.installments.push([installmentId, bankId, id, 1, 1, valueDate, maturity, workingDayOnOrAfter(maturity, holidays), gross, taxed.tax, taxed.net, 'scheduled', createdAt, createdAt]);
    }
  }
  // Rows are made first and inserted in placement order, as a bank's table grows: a value-date
  // range (the export benchmark) then reads neighbouring pages, as it would in production.
  const CREATED_AT = DEPOSIT_COLUMNS.indexOf('created_at');
  plan.deposits.sort((a, b) => (String(a[CREATED_AT]) < String(b[CREATED_AT]) ? -1 : 1));
  return plan;
}

export async function ensureDataset(log: (line: string) => void = console.log): Promise<Dataset> {
  const dataDir = datasetDir();
  const marker = join(dataDir, MARKER);
  if (existsSync(marker) && process.env.BENCH_FRESH !== '1') {
    const dataset = JSON.parse(readFileSync(marker, 'utf8')) as Dataset;
    log(`  dataset: ${dataset.deposits.toLocaleString('id-ID')} deposits reused from ${dataDir} (BENCH_FRESH=1 regenerates)`);
    return { ...dataset, dialect: 'sqlite' };
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const started = performance.now();

  // 1. Schema, banks, users and products through the real server start (no demo deposits).
  const server = await buildServer({ env: {}, config: { dataDir, databaseUrl: undefined }, logger: pino({ level: 'silent' }), argon2: { memoryCost: 256, timeCost: 1, parallelism: 1 }, seed: true });
  const db = server.database.db;
  const bank = await db.selectFrom('banks').select('id').where('name', '=', 'BPR Demo Sejahtera').executeTakeFirstOrThrow();
  await db.deleteFrom('deposit_audit').execute();
  const products = await db.selectFrom('products').selectAll().where('bank_id', '=', bank.id).orderBy('name').execute();
  await server.close();

  // 2. Bulk load on a raw connection.
  const sqlite = new BetterSqlite3(join(dataDir, 'berjangka.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma('cache_size = -262144');
  // Remove any demo deposits the seed wrote, then drop the deposit indexes for the load.
  for (const table of ['aro_letters', 'deposit_audit', 'change_requests', 'disbursements', 'interest_installments', 'deposit_periods', 'deposits', 'customers']) sqlite.exec(`delete from ${table}`);
  const indexes = sqlite.prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'deposits' and sql is not null").all() as Array<{ name: string; sql: string }>;
  for (const index of indexes) sqlite.exec(`drop index ${index.name}`);

  const holidays = JSON.parse((sqlite.prepare('select holidays from bank_settings where bank_id = ?').get(bank.id) as { holidays: string }).holidays) as string[];
  const plan = planDataset(bank.id, products, holidays);
  const insertInto = (table: string, columns: readonly string[]) => sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
  const load = (statement: BetterSqlite3.Statement) => sqlite.transaction((rows: unknown[][]) => {
    for (const row of rows) statement.run(...row);
  });
  load(insertInto('customers', CUSTOMER_COLUMNS))(plan.customers);
  const loadDeposits = load(insertInto('deposits', DEPOSIT_COLUMNS));
  const CHUNK = 50_000;
  for (let from = 0; from < plan.deposits.length; from += CHUNK) loadDeposits(plan.deposits.slice(from, from + CHUNK));
  load(insertInto('deposit_periods', PERIOD_COLUMNS))(plan.periods);
  load(insertInto('interest_installments', INSTALLMENT_COLUMNS))(plan.installments);
  const loaded = performance.now();
  for (const index of indexes) sqlite.exec(index.sql);
  sqlite.exec('analyze');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  const indexed = performance.now();

  const reopened = await buildServer({ env: {}, config: { dataDir, databaseUrl: undefined }, logger: pino({ level: 'silent' }), argon2: { memoryCost: 256, timeCost: 1, parallelism: 1 }, seed: false });
  await rebuildStatusCounts(reopened.database.db);
  await reopened.close();

  const dataset: Dataset = { dataDir, bankId: bank.id, deposits: DEPOSIT_COUNT, dialect: 'sqlite' };
  writeFileSync(marker, JSON.stringify(dataset));
  log(
    `  dataset: ${DEPOSIT_COUNT.toLocaleString('id-ID')} deposits generated in ${((indexed - started) / 1000).toFixed(1)} s ` +
      `(rows ${((loaded - started) / 1000).toFixed(1)} s, indexes + analyze ${((indexed - loaded) / 1000).toFixed(1)} s) in ${dataDir}`,
  );
  return dataset;
}
