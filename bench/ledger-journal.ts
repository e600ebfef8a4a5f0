/**
 * Issue 21's journal benchmark: the month's journal of a bank of 1,000,000 deposits — the reports'
 * dataset (bench/reports-dataset.ts: November 2026 with its installments, rollovers, payouts) —
 * derived, summed with its checks, and written as CSV, each in a fresh process so its peak RSS is
 * the journal's own, with the node flags `npm start` runs the server with. Budget: ≤ 20 s and
 * ≤ 300 MB on SQLite. With BENCH_DATABASE_URL the same month on PostgreSQL beside it (the same rows,
 * bench/reports-dataset-pg.ts). Figures only, never pass/fail.
 *
 *   npx tsx bench/ledger-journal.ts
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { openDatabase } from '../server/platform/db/database';
import { createLedgerService } from '../server/ledger/ledger-service';
import { createReportService } from '../server/reports/report-service';
import type { Dataset } from './deposits-dataset';
import { ensureReportsDataset, REPORT_PERIOD, REPORT_TODAY } from './reports-dataset';
import { ensurePgReportsDataset } from './reports-dataset-pg';
import { serverNodeFlags } from '../tests/support/server-node-flags';

type Log = (line: string) => void;
const BUDGET_MS = 20_000;
const BUDGET_RSS_MB = 300;

interface ChildResult {
  dialect: 'sqlite' | 'postgres';
  what: string;
  wallMs: number;
  entries: number;
  bytes: number;
  peakRssMb: number;
  baselineRssMb: number;
}

async function child(dataset: Dataset, what: 'summary' | 'json' | 'csv'): Promise<void> {
  const bankId = dataset.bankId;
  const database = openDatabase({ databaseUrl: dataset.databaseUrl, pgSchema: dataset.pgSchema, dataDir: dataset.dataDir });
  const baselineRssMb = process.memoryUsage().rss / 1048576;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const clock = { now: () => new Date(`${REPORT_TODAY}T05:00:00.000Z`) };
  const reports = createReportService({ db: database.db, reads: database.reads, clock, logger: pino({ level: 'silent' }), latestRatios: async () => null });
  const ledger = createLedgerService({ db: database.db, reads: database.reads, clock, reports });
  const actor = { userId: 'bench', role: 'ADMIN' as const, bankId };
  const started = performance.now();
  let entries = 0;
  let bytes = 0;
  if (what === 'summary') {
    const summary = await ledger.summary(actor, { period: REPORT_PERIOD });
    entries = summary.accounts.length;
    for (const [name, check] of Object.entries(summary.checks)) console.error(`      ${name}: ${check.ok ? 'ok' : 'FAILS'} — ${check.detail.slice(0, 160)}`);
  } else if (what === 'json') {
    entries = (await ledger.journal(actor, { period: REPORT_PERIOD })).entries.length;
  } else {
    const file = await ledger.journalFile(actor, { period: REPORT_PERIOD, format: 'csv', detail: 'true' });
    const reader = file.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  }
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  await database.close();
  console.log(JSON.stringify({ dialect: dataset.dialect === 'postgres' ? 'postgres' : 'sqlite', what, wallMs, entries, bytes, peakRssMb: peak / 1048576, baselineRssMb } satisfies ChildResult));
}

export async function runLedgerJournalBenchmarks(log: Log = console.log): Promise<ChildResult[]> {
  const datasets = [await ensureReportsDataset(log)];
  if (process.env.BENCH_DATABASE_URL) datasets.push(await ensurePgReportsDataset(process.env.BENCH_DATABASE_URL, log));
  const results: ChildResult[] = [];
  for (const dataset of datasets) {
    log(`  ${dataset.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${REPORT_PERIOD}, drawn on ${REPORT_TODAY}, ${dataset.deposits.toLocaleString('en-US')} deposits; one fresh process each:`);
    for (const what of ['summary', 'json', 'csv'] as const) {
      const output = execFileSync(process.execPath, [...serverNodeFlags(), '--import', 'tsx', fileURLToPath(import.meta.url), '--child', JSON.stringify(dataset), what], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
      const result = JSON.parse(output.trim().split('\n').at(-1)!) as ChildResult;
      results.push(result);
      const within = (value: number, budget: number) => (value <= budget ? 'within budget' : 'OVER budget');
      log(
        `    ${what.padEnd(8)} ${(result.wallMs / 1000).toFixed(1).padStart(6)} s (budget 20 s: ${within(result.wallMs, BUDGET_MS)}), peak RSS ${result.peakRssMb.toFixed(0)} MB ` +
          `(~${result.baselineRssMb.toFixed(0)} before; budget ${BUDGET_RSS_MB}: ${within(result.peakRssMb, BUDGET_RSS_MB)})` +
          (result.entries ? `, ${result.entries} entries` : '') +
          (result.bytes ? `, ${(result.bytes / 1048576).toFixed(1)} MB of CSV` : ''),
      );
    }
  }
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  if (args[0] === '--child') await child(JSON.parse(args[1]!) as Dataset, args[2] as 'summary' | 'json' | 'csv');
  else await runLedgerJournalBenchmarks();
}
