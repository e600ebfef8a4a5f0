/**
 * Issue 4's server benchmarks on 1,000,000 deposits (bench/deposits-dataset.ts), on SQLite and,
 * with BENCH_DATABASE_URL, on PostgreSQL (bench/deposits-dataset-pg.ts), timing the real services
 * in-process (no network): list page p95 (first and last page), status counts p95, a 100,000-row
 * Excel export (wall time and peak memory, in a child process) and the daily job for a day with
 * 5,000 maturities (on a copy of the database, so the dataset stays reusable).
 * Figures against the issue's budgets; never pass/fail.
 *
 *   npx tsx bench/deposits.ts [sqlite|postgres] [list] [export] [job]   (BENCH_FRESH=1 regenerates the dataset)
 *   import { runDepositBenchmarks } from './deposits'  (from bench/run.ts)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildServer } from '../server/main';
import { runDailyJob } from '../server/jobs/daily';
import { ensureDataset, JOB_DATE, JOB_MATURITIES, type Dataset } from './deposits-dataset';
import { ensurePgDataset, pgClient } from './deposits-dataset-pg';

export type BenchDialect = 'sqlite' | 'postgres';

type Log = (line: string) => void;

export interface DepositBenchFigures {
  dialect: BenchDialect;
  listFirstP95: number;
  listLastP95: number;
  countsP95: number;
  countsFilteredP95: number;
  exportRows: number;
  exportWallMs: number;
  exportPeakRssMb: number;
  jobMs: number;
  jobBestMs: number;
  jobReport: { rolledOver: number; matured: number; installmentsDue: number; refused: number };
}

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

async function timeIt(iterations: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i += 1) await work(); // warm-up: statement cache, page cache
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const verdict = (value: number, budget: number) => (value <= budget ? 'within budget' : 'OVER budget');

/** The dataset's database opened as the server opens it; `databaseUrl`/`dataDir` point at a copy. */
async function openServer(dataset: Dataset, copy: { dataDir?: string; databaseUrl?: string } = {}) {
  return buildServer({
    env: {},
    config: { dataDir: copy.dataDir ?? dataset.dataDir, databaseUrl: dataset.dialect === 'postgres' ? (copy.databaseUrl ?? dataset.databaseUrl) : undefined },
    ...(dataset.dialect === 'postgres' ? { pgSchema: dataset.pgSchema } : {}),
    logger: pino({ level: 'silent' }),
    argon2: { memoryCost: 256, timeCost: 1, parallelism: 1 },
    seed: false,
  });
}

async function listAndCounts(dataset: Dataset, log: Log) {
  const server = await openServer(dataset);
  try {
    const actor = { userId: 'bench', role: 'ADMIN' as const, bankId: dataset.bankId };
    const deposits = server.services.deposits;
    const first = await deposits.list(actor, { page: '1', limit: '20' });
    const lastPage = first.meta.totalPages;
    const firstSamples = await timeIt(ITERATIONS, () => deposits.list(actor, { page: '1', limit: '20' }));
    const lastSamples = await timeIt(ITERATIONS, () => deposits.list(actor, { page: String(lastPage), limit: '20' }));
    const activeFirst = await timeIt(ITERATIONS, () => deposits.list(actor, { status: 'active', page: '1', limit: '20', sort: 'maturityDate' }));
    const activeTotal = (await deposits.list(actor, { status: 'active', limit: '20' })).meta.totalPages;
    const activeLast = await timeIt(ITERATIONS, () => deposits.list(actor, { status: 'active', page: String(activeTotal), limit: '20', sort: 'maturityDate' }));
    const middle = await timeIt(Math.ceil(ITERATIONS / 4), () => deposits.list(actor, { page: String(Math.ceil(lastPage / 2)), limit: '20' }));
    const counts = await timeIt(ITERATIONS, () => deposits.countByStatus(actor, {}));
    const countsProduct = await timeIt(Math.ceil(ITERATIONS / 4), async () => {
      const product = await server.database.db.selectFrom('products').select('id').where('bank_id', '=', dataset.bankId).executeTakeFirstOrThrow();
      return deposits.countByStatus(actor, { productId: product.id });
    });
    const countsSearch = await timeIt(Math.ceil(ITERATIONS / 4), () => deposits.countByStatus(actor, { q: 'budi' }));

    const firstP95 = p95(firstSamples);
    const lastP95 = p95(lastSamples);
    log(`  list, ${first.meta.total.toLocaleString('id-ID')} deposits, 20 per page, newest first (GET /invoice/all-deposito service time, ${ITERATIONS} runs):`);
    log(`    first page p95 ${fmt(firstP95)}   (budget 20 ms: ${verdict(firstP95, 20)})`);
    log(`    last page (${lastPage.toLocaleString('id-ID')}) p95 ${fmt(lastP95)}   (budget 20 ms and ≤ 2× first = ${fmt(2 * firstP95)}: ${verdict(lastP95, Math.min(20, 2 * firstP95))})`);
    log(`    middle page p95 ${fmt(p95(middle))}   (not budgeted: the deepest offset walk, from either end)`);
    log(`    status tab Aktif by maturity: first p95 ${fmt(p95(activeFirst))}, last p95 ${fmt(p95(activeLast))}`);
    log(`  status counts (GET /invoice/list-count-all-deposito):`);
    log(`    no filter p95 ${fmt(p95(counts))}   (budget 50 ms: ${verdict(p95(counts), 50)})`);
    log(`    with a product filter p95 ${fmt(p95(countsProduct))}; with search q=budi p95 ${fmt(p95(countsSearch))}   (not budgeted; the product filter walks the bank's rows by index, q goes through the search index)`);
    return { listFirstP95: firstP95, listLastP95: lastP95, countsP95: p95(counts), countsFilteredP95: p95(countsProduct) };
  } finally {
    await server.close();
  }
}

/** A value-date range holding about 100,000 deposits of the bank. */
async function rangeOf(dataset: Dataset, rows: number): Promise<{ dateFrom: string; dateTo: string }> {
  const server = await openServer(dataset);
  try {
    const db = server.database.db;
    const dates = await db
      .selectFrom('deposits')
      .select(['deposit_date', (eb) => eb.fn.countAll<number>().as('n')])
      .where('bank_id', '=', dataset.bankId)
      .groupBy('deposit_date')
      .orderBy('deposit_date')
      .execute();
    let total = 0;
    const first = dates[0]!.deposit_date;
    for (const date of dates) {
      total += Number(date.n);
      if (total >= rows) return { dateFrom: first, dateTo: date.deposit_date };
    }
    return { dateFrom: first, dateTo: dates.at(-1)!.deposit_date };
  } finally {
    await server.close();
  }
}

const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);

async function excelExport(dataset: Dataset, log: Log) {
  const range = await rangeOf(dataset, 100_000);
  const child = join(fileURLToPath(new URL('.', import.meta.url)), 'export-child.ts');
  const tsx = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules', '.bin', 'tsx');
  type ChildResult = { rows: number; bytes: number; wallMs: number; peakRssMb: number; baselineRssMb: number; maxRssMb: number; filename: string };
  // Each run a fresh process (cold, as a server's first export of the day); the median damps a
  // busy neighbour on the machine, and every run's figure is printed.
  const runs: ChildResult[] = [];
  for (let run = 0; run < EXPORT_RUNS; run += 1) {
    const output = execFileSync(tsx, [child, JSON.stringify(dataset), JSON.stringify({ ...range, sort: 'depositDate' })], { encoding: 'utf8', maxBuffer: 1 << 20 });
    runs.push(JSON.parse(output.trim().split('\n').at(-1)!) as ChildResult);
  }
  const walls = runs.map((run) => run.wallMs).sort((a, b) => a - b);
  const wallMs = walls[Math.floor(walls.length / 2)]!;
  const peaks = runs.map((run) => Math.max(run.peakRssMb, run.maxRssMb));
  const peak = Math.max(...peaks);
  const first = runs[0]!;
  log(`  Excel export of the list filtered to ${range.dateFrom}..${range.dateTo} (${first.rows.toLocaleString('id-ID')} rows, ${(first.bytes / 1048576).toFixed(1)} MB ${first.filename}), ${runs.length} runs:`);
  log(`    wall time median ${(wallMs / 1000).toFixed(2)} s (runs: ${runs.map((run) => (run.wallMs / 1000).toFixed(2)).join(', ')} s)   (budget 3 s: ${verdict(wallMs, 3000)})`);
  log(`    peak RSS of the exporting process, highest run ${peak.toFixed(0)} MB (runs: ${peaks.map((mb) => mb.toFixed(0)).join(', ')} MB; ~${first.baselineRssMb.toFixed(0)} MB before the export started)   (budget 250 MB: ${verdict(peak, 250)})`);
  return { exportRows: first.rows, exportWallMs: wallMs, exportPeakRssMb: peak };
}

/** The job on a fresh copy of the database, opened as the server opens it. */
async function dailyJobOnCopy(dataset: Dataset) {
  if (dataset.dialect === 'postgres') return dailyJobOnPgCopy(dataset);
  const copyDir = mkdtempSync(join(tmpdir(), 'berjangka-bench-job-'));
  try {
    copyFileSync(join(dataset.dataDir, 'berjangka.sqlite'), join(copyDir, 'berjangka.sqlite'));
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(join(dataset.dataDir, `berjangka.sqlite${suffix}`))) copyFileSync(join(dataset.dataDir, `berjangka.sqlite${suffix}`), join(copyDir, `berjangka.sqlite${suffix}`));
    }
    return await timeJob(await openServer(dataset, { dataDir: copyDir }));
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
  }
}

async function timeJob(server: Awaited<ReturnType<typeof openServer>>) {
  try {
    const started = performance.now();
    const report = await runDailyJob({ db: server.database.db, clock: { now: () => new Date() } }, JOB_DATE);
    return { jobMs: performance.now() - started, report };
  } finally {
    await server.close();
  }
}

/**
 * PostgreSQL: the copy is a database made from the bench database as its template (a file copy,
 * indexes, statistics and visibility map included), dropped afterwards. CREATE DATABASE needs
 * the template without other sessions: an autovacuum worker still busy there is waited for.
 */
async function dailyJobOnPgCopy(dataset: Dataset) {
  const source = new URL(dataset.databaseUrl!);
  const template = decodeURIComponent(source.pathname.slice(1));
  const copyName = `${template}_job_copy`;
  const copyUrl = new URL(source);
  copyUrl.pathname = `/${copyName}`;
  const maintenance = new URL(source);
  maintenance.pathname = '/postgres';
  const admin = await pgClient(maintenance.toString());
  try {
    await admin.query(`drop database if exists ${copyName} with (force)`);
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`create database ${copyName} template ${template} strategy file_copy`);
        break;
      } catch (error) {
        if (attempt >= 12 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5000));
      }
    }
    return await timeJob(await openServer(dataset, { databaseUrl: copyUrl.toString() }));
  } finally {
    await dropCopy(admin, copyName);
    await admin.end();
  }
}

/**
 * Not WITH (FORCE): the closed server's pool may still be ending its connections, and a
 * connection terminated under it is an unhandled 'error' on the pool (the process dies).
 */
async function dropCopy(admin: Awaited<ReturnType<typeof pgClient>>, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

const JOB_RUNS = Number(process.env.BENCH_JOB_RUNS ?? 2);

async function dailyJob(dataset: Dataset, log: Log) {
  const runs: Array<Awaited<ReturnType<typeof dailyJobOnCopy>>> = [];
  for (let run = 0; run < JOB_RUNS; run += 1) runs.push(await dailyJobOnCopy(dataset));
  const { report } = runs[0]!;
  const best = Math.min(...runs.map((run) => run.jobMs));
  const worst = Math.max(...runs.map((run) => run.jobMs));
  log(`  daily job for ${JOB_DATE} with ${JOB_MATURITIES.toLocaleString('id-ID')} maturities among ${dataset.deposits.toLocaleString('id-ID')} deposits (${runs.length} runs, each on a fresh copy):`);
  log(`    ${report.rolledOver} rolled over, ${report.matured} matured, ${report.installmentsDue} installments due, ${report.refused.length} refused`);
  log(`    wall time ${runs.map((run) => (run.jobMs / 1000).toFixed(2)).join(' s, ')} s (${(worst / JOB_MATURITIES).toFixed(2)} ms per deposit at worst)   (budget 10 s: ${verdict(worst, 10_000)})`);
  return { jobMs: worst, jobBestMs: best, jobReport: { rolledOver: report.rolledOver, matured: report.matured, installmentsDue: report.installmentsDue, refused: report.refused.length } };
}

export async function runDepositBenchmarks(
  log: Log = console.log,
  only: Array<'list' | 'export' | 'job'> = ['list', 'export', 'job'],
  dialect: BenchDialect = 'sqlite',
): Promise<Partial<DepositBenchFigures>> {
  const dataset = dialect === 'postgres' ? await ensurePgDataset(benchDatabaseUrl(), log) : await ensureDataset(log);
  const figures: Partial<DepositBenchFigures> = { dialect };
  if (only.includes('list')) Object.assign(figures, await listAndCounts(dataset, log));
  if (only.includes('export')) Object.assign(figures, await excelExport(dataset, log));
  if (only.includes('job')) Object.assign(figures, await dailyJob(dataset, log));
  return figures;
}

/** BENCH_DATABASE_URL: the PostgreSQL database the PostgreSQL benchmarks work in. */
export function benchDatabaseUrl(): string {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is unset (e.g. postgres://berjangka:berjangka@127.0.0.1:5432/berjangka_bench)');
  return url;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const parts = args.filter((arg): arg is 'list' | 'export' | 'job' => ['list', 'export', 'job'].includes(arg));
  await runDepositBenchmarks(console.log, parts.length > 0 ? parts : undefined, args.includes('postgres') ? 'postgres' : 'sqlite');
}
