/**
 * Issue 18's Impor Deposito at a bank's scale: a book of 100,000 running deposits (budgets on
 * SQLite: dry run ≤ 30 s, commit ≤ 60 s, peak RSS ≤ 400 MB; PostgreSQL's figures beside them).
 * Figures, never pass/fail.
 *
 *   npx tsx bench/deposit-import.ts [sqlite] [postgres]   SQLite; PostgreSQL too with BENCH_DATABASE_URL
 *   BENCH_IMPORT_ROWS=20000 npx tsx bench/deposit-import.ts   a smaller book for a quick look
 *   BENCH_IMPORT_TRACE=1   the child's memory (rss, heap, external, arrayBuffers) every 250 ms on stderr
 *   BENCH_IMPORT_BOOK=/tmp/book.xlsx   the book kept there and reused (same BENCH_IMPORT_ROWS!)
 *   BENCH_IMPORT_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'   node flags for the child
 *   import { runDepositImportBenchmarks } from './deposit-import'   (from bench/run.ts)
 *
 * The book is written once per run with the server's own template writer
 * (tests/support/deposit-import-book.ts): 100,000 rows, 70,000 individual customers (new to the
 * bank, NIKs of Kota Bandung's Sumur Bandung, each with every field a new customer needs; 30,000 of
 * the rows are their second deposit), two products, periods 1 to 3 begun in the last year and
 * still running on the cut-over date, monthly and at-maturity interest. Each dialect gets a
 * migrated database with the bank, its admin and products (made by this process); then a child
 * process, which does nothing but the import, opens it as the server does and runs the service
 * behind POST /deposito/import: the dry run, then the commit. The child's peak RSS is the import's
 * (the file's bytes held as the multipart upload holds them, the rows checked, the book written).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapSpaceStatistics } from 'node:v8';
import pg from 'pg';
import { addDays, addMonths } from '../machines/deposit-rules';
import { insertBank } from '../server/auth/bank-repository';
import { insertUser } from '../server/auth/user-repository';
import { createDepositImportService } from '../server/deposits/deposit-import-service';
import { createGeographyService } from '../server/master-data/geography-service';
import { openDatabase } from '../server/platform/db/database';
import { migrateToLatest } from '../server/platform/db/migrate';
import { insertProduct } from '../server/products/product-repository';
import { importBook, type TemplateRow } from '../tests/support/deposit-import-book';
import { serverNodeFlags } from '../tests/support/server-node-flags';

type Log = (line: string) => void;
type Dialect = 'sqlite' | 'postgres';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const TODAY = '2026-11-26';
const NOW = '2026-11-26T03:00:00.000Z';
const BUDGET = { dryRunMs: 30_000, commitMs: 60_000, rssMb: 400 };

export interface DepositImportFigures {
  dialect: Dialect;
  rows: number;
  fileMb: number;
  dryRunMs: number;
  commitMs: number;
  peakRssMb: number;
  baselineRssMb: number;
  written: { deposits: number; customers: number; installments: number };
}

/** The book's rows, 1,000 at a time (see the file comment). */
async function* bookRows(): AsyncGenerator<TemplateRow[]> {
  const customers = Math.round(ROWS * 0.7);
  for (let from = 0; from < ROWS; from += 1000) {
    const batch: TemplateRow[] = [];
    for (let index = from; index < Math.min(ROWS, from + 1000); index += 1) {
      const person = index % customers;
      const female = person % 2 === 1;
      const day = (person % 28) + 1;
      const month = ((person >> 5) % 12) + 1;
      const year = 1950 + ((person >> 9) % 50);
      const serial = (person % 9999) + 1;
      // NIKs differ by birth date and serial: 28 × 12 × 50 × 9,999 of them.
      const nik = `327309${String(day + (female ? 40 : 0)).padStart(2, '0')}${String(month).padStart(2, '0')}${String(year % 100).padStart(2, '0')}${String(serial).padStart(4, '0')}`;
      const monthly = index % 2 === 0;
      const tenor = [1, 3, 6, 12][index % 4]!;
      const valueDate = addDays(addMonths(TODAY, -(index % tenor)), -((index % 20) + 1));
      const period = (index % 3) + 1;
      batch.push({
        depositNumber: `OLD-${String(index + 1).padStart(7, '0')}`,
        bilyetNumber: `BLT-${String(index + 1).padStart(7, '0')}`,
        customerType: 'PERORANGAN',
        nik,
        name: `Nasabah Lama ${person + 1}`,
        birthPlace: 'Bandung',
        birthDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        gender: female ? 'P' : 'L',
        motherMaidenName: 'Siti Aminah',
        occupation: 'Wiraswasta',
        sourceOfFunds: 'Hasil usaha',
        accountPurpose: 'Investasi',
        address: `Jl. Asia Afrika No. ${(person % 300) + 1}`,
        villageCode: '32.73.09.1003',
        zipCode: '40115',
        phone: `0812${String(10_000_000 + person).padStart(8, '0')}`,
        email: person % 3 === 0 ? null : `nasabah${person + 1}@contoh.co.id`,
        product: monthly ? 'DEP-BULANAN' : 'DEP-JT',
        periodNumber: period,
        openedOn: addMonths(valueDate, -(period - 1) * tenor),
        valueDate,
        tenorMonths: tenor,
        rate: monthly ? 600 : 625,
        principal: 5_000_000 + (index % 40) * 2_500_000,
        instruction: ['ARO', 'ARO+', 'NON-ARO'][index % 3]!,
        interestPayment: monthly ? 'BULANAN' : 'JATUH TEMPO',
        payoutBankCode: '002',
        payoutAccountNumber: `00${String(10_000_000 + person).padStart(10, '0')}`,
        payoutAccountName: `Nasabah Lama ${person + 1}`,
      });
    }
    yield batch;
  }
}

interface Prepared {
  dialect: Dialect;
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
  bankId: string;
  adminId: string;
}

/** A migrated database with the bank, its admin and its two products. */
async function prepare(dialect: Dialect): Promise<Prepared> {
  const dataDir = mkdtempSync(join(tmpdir(), 'berjangka-bench-import-'));
  const databaseUrl = dialect === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  if (dialect === 'postgres' && !databaseUrl) throw new Error('BENCH_DATABASE_URL is not set');
  const schema = `bench_import_${process.pid}`;
  if (databaseUrl) await adminQuery(databaseUrl, `create schema ${schema}`);
  const database = openDatabase({ databaseUrl, dataDir, ...(databaseUrl ? { pgSchema: schema } : {}) });
  const bankId = randomUUID();
  const adminId = randomUUID();
  try {
    await migrateToLatest(database.db, databaseUrl ? { schema } : {});
    const db = database.db;
    await insertBank(db, { id: bankId, name: 'BPR Bench Impor', ojk_license_number: null, npwp: null, address: null, logo_file_id: null, created_at: NOW, updated_at: NOW });
    await insertUser(db, { id: adminId, bank_id: bankId, name: 'Admin Impor', email: 'admin@impor.test', phone: null, role: 'ADMIN', password_hash: 'x', password_changed_at: NOW, created_at: NOW, updated_at: NOW });
    for (const [code, name, interestPayment] of [
      ['DEP-BULANAN', 'Deposito Bulanan', 'MONTHLY'],
      ['DEP-JT', 'Deposito Jatuh Tempo', 'AT_MATURITY'],
    ] as const) {
      await insertProduct(
        db,
        { id: randomUUID(), bank_id: bankId, code, name, active: 1, visible: 1, min_amount: 1_000_000, max_amount: null, interest_payment: interestPayment, instructions_allowed: '["ARO","ARO_PLUS","PAYOUT"]', penalty_bps: 100, forfeit_accrued_interest: 0, created_at: NOW, updated_at: NOW },
        [1, 3, 6, 12].map((tenorMonths) => ({ tenorMonths, rateBps: 600 })),
        { effectiveFrom: '2020-01-01', createdBy: 'SYSTEM' },
      );
    }
  } finally {
    await database.close();
  }
  return { dialect, dataDir, ...(databaseUrl ? { databaseUrl, schema } : {}), bankId, adminId };
}

async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function cleanUp(prepared: Prepared): Promise<void> {
  rmSync(prepared.dataDir, { recursive: true, force: true });
  if (prepared.databaseUrl) await adminQuery(prepared.databaseUrl, `drop schema if exists ${prepared.schema} cascade`);
}

/** The child: the dry run and the commit, timed, with the process's RSS sampled throughout. */
async function child(prepared: Prepared, bookPath: string): Promise<void> {
  const database = openDatabase({ databaseUrl: prepared.databaseUrl, dataDir: prepared.dataDir, ...(prepared.schema ? { pgSchema: prepared.schema } : {}) });
  const service = createDepositImportService({ db: database.db, clock: { now: () => new Date(NOW) }, geography: createGeographyService({ db: database.db }) });
  const actor = { userId: prepared.adminId, role: 'ADMIN' as const, bankId: prepared.bankId };
  const baselineRssMb = process.memoryUsage.rss() / 1048576;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  // BENCH_IMPORT_TRACE=1: the process's memory every 250 ms on stderr (MB), to see where it goes;
  // =gc (with BENCH_IMPORT_NODE_ARGS=--expose-gc) collects first, every second: what is alive.
  let phase = 'dry';
  const traceStarted = performance.now();
  const collect = process.env.BENCH_IMPORT_TRACE === 'gc' ? (globalThis as { gc?: () => void }).gc : undefined;
  const tracer = process.env.BENCH_IMPORT_TRACE
    ? setInterval(() => {
        collect?.();
        const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
        const mb = (bytes: number) => Math.round(bytes / 1048576);
        process.stderr.write(`trace ${phase} t=${((performance.now() - traceStarted) / 1000).toFixed(1)} rss=${mb(rss)} heapUsed=${mb(heapUsed)} heapTotal=${mb(heapTotal)} external=${mb(external)} arrayBuffers=${mb(arrayBuffers)} ${getHeapSpaceStatistics()
            .filter((space) => space.space_size > 1048576)
            .map((space) => `${space.space_name}=${mb(space.space_used_size)}/${mb(space.space_size)}`)
            .join(' ')}\n`);
      }, collect ? 1000 : 250)
    : undefined;
  // As the route gets it: the multipart body read into one buffer.
  const bytes = new Uint8Array(readFileSync(bookPath));
  const upload = { file: [{ name: 'buku-lama.xlsx', bytes }] };
  let started = performance.now();
  const dry = await service.run(actor, { cutOverDate: TODAY, dryRun: 'true' }, upload);
  const dryRunMs = performance.now() - started;
  if (dry.result.errorCount > 0) throw new Error(`the bench book has errors: ${JSON.stringify(dry.result.errors.slice(0, 5))}`);
  started = performance.now();
  phase = 'commit';
  const commit = await service.run(actor, { cutOverDate: TODAY, dryRun: 'false' }, upload);
  const commitMs = performance.now() - started;
  clearInterval(sampler);
  clearInterval(tracer);
  const count = async (table: 'deposits' | 'customers' | 'interest_installments') => Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const written = { deposits: await count('deposits'), customers: await count('customers'), installments: await count('interest_installments') };
  await database.close();
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ rows: commit.result.rows, dryRunMs, commitMs, peakRssMb: Math.max(peak / 1048576, maxRssMb), baselineRssMb, written }));
}

const verdict = (value: number, budget: number) => (value <= budget ? 'within' : 'OVER');

export async function runDepositImportBenchmarks(log: Log, dialects: Dialect[] = ['sqlite', ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : [])]): Promise<DepositImportFigures[]> {
  const workDir = mkdtempSync(join(tmpdir(), 'berjangka-bench-book-'));
  const bookPath = join(workDir, 'buku-lama.xlsx');
  try {
    let started = performance.now();
    // BENCH_IMPORT_BOOK=<path>: the book kept there and reused by the next run of the same size (iterating).
    const kept = process.env.BENCH_IMPORT_BOOK;
    const book = kept && existsSync(kept) ? readFileSync(kept) : await importBook(bookRows());
    writeFileSync(bookPath, book);
    if (kept && !existsSync(kept)) writeFileSync(kept, book);
    const fileMb = book.length / 1048576;
    log(`  the book: ${ROWS.toLocaleString('id-ID')} running deposits, ${fileMb.toFixed(1)} MB xlsx (written in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    const figures: DepositImportFigures[] = [];
    for (const dialect of dialects) {
      started = performance.now();
      const prepared = await prepare(dialect);
      log(`  ${dialect}: database migrated and seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      try {
        const output = execFileSync(process.execPath, [...serverNodeFlags(), ...(process.env.BENCH_IMPORT_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', fileURLToPath(import.meta.url), '--child', JSON.stringify(prepared), bookPath], { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'inherit'] });
        const result = JSON.parse(output.trim().split('\n').at(-1)!) as Omit<DepositImportFigures, 'dialect' | 'fileMb'>;
        const run: DepositImportFigures = { dialect, fileMb, ...result };
        figures.push(run);
        log(`  ${dialect}: dry run ${(run.dryRunMs / 1000).toFixed(1)} s (budget 30 s: ${verdict(run.dryRunMs, BUDGET.dryRunMs)}), commit ${(run.commitMs / 1000).toFixed(1)} s (budget 60 s: ${verdict(run.commitMs, BUDGET.commitMs)}), peak RSS ${run.peakRssMb.toFixed(0)} MB (~${run.baselineRssMb.toFixed(0)} MB before; budget 400 MB: ${verdict(run.peakRssMb, BUDGET.rssMb)})`);
        log(`    written: ${run.written.deposits.toLocaleString('id-ID')} deposits, ${run.written.customers.toLocaleString('id-ID')} customers, ${run.written.installments.toLocaleString('id-ID')} installments`);
      } finally {
        await cleanUp(prepared);
      }
    }
    return figures;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  await child(JSON.parse(process.argv[3]!) as Prepared, process.argv[4]!);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2).filter((word): word is Dialect => word === 'sqlite' || word === 'postgres');
  await runDepositImportBenchmarks((line) => console.log(line), asked.length > 0 ? asked : undefined);
}
