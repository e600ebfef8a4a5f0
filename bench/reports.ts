/**
 * Issue 11's report benchmark: every report of one month (November 2026) as xlsx and as PDF on
 * 1,000,000 deposits (bench/reports-dataset.ts), each drawn in a child process of its own
 * (bench/report-child.ts) through the report service the route uses, read to the last byte; and
 * Beranda's summary of the month in-process. Budgets: xlsx ≤ 10 s, PDF ≤ 20 s, peak RSS ≤ 300 MB
 * per report. Figures, never pass/fail.
 *
 *   npx tsx bench/reports.ts [type …] [xlsx|pdf]      (BENCH_REPORTS_FRESH=1 rebuilds its dataset)
 *   import { runReportBenchmarks } from './reports'    (from bench/run.ts)
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { REPORT_FORMATS, REPORT_TYPES, type ReportFormat, type ReportType } from '../contract/reports';
import { openDatabase } from '../server/platform/db/database';
import { createReportService } from '../server/reports/report-service';
import { ensureReportsDataset, REPORT_PERIOD, REPORT_TODAY } from './reports-dataset';
import type { Dataset } from './deposits-dataset';

type Log = (line: string) => void;

export interface ReportRun {
  type: ReportType;
  format: ReportFormat;
  filename: string;
  bytes: number;
  wallMs: number;
  firstAnswerMs: number;
  peakRssMb: number;
  baselineRssMb: number;
}

const BUDGET_MS: Record<ReportFormat, number> = { xlsx: 10_000, pdf: 20_000 };
const BUDGET_RSS_MB = 300;
const verdict = (value: number, budget: number) => (value <= budget ? 'within' : 'OVER');

function runChild(dataset: Dataset, type: ReportType, format: ReportFormat): ReportRun {
  const child = join(fileURLToPath(new URL('.', import.meta.url)), 'report-child.ts');
  const tsx = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules', '.bin', 'tsx');
  const output = execFileSync(tsx, [child, JSON.stringify(dataset), type, format, REPORT_PERIOD, REPORT_TODAY], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const result = JSON.parse(output.trim().split('\n').at(-1)!) as Omit<ReportRun, 'type' | 'format'> & { maxRssMb: number };
  return { type, format, ...result, peakRssMb: Math.max(result.peakRssMb, result.maxRssMb) };
}

async function summaryTimes(dataset: Dataset, log: Log): Promise<void> {
  const database = openDatabase({ databaseUrl: undefined, dataDir: dataset.dataDir });
  try {
    const clock = { now: () => new Date(`${REPORT_TODAY}T02:00:00.000Z`) };
    const reports = createReportService({ db: database.db, reads: database.reads, clock, logger: pino({ level: 'silent' }), latestRatios: async () => null });
    const actor = { userId: 'bench', role: 'OPERATOR' as const, bankId: dataset.bankId };
    const samples: number[] = [];
    for (const period of [REPORT_PERIOD, REPORT_TODAY.slice(0, 7), REPORT_PERIOD]) {
      const started = performance.now();
      await reports.summary(actor, { period });
      samples.push(performance.now() - started);
    }
    log(`  /report/list-summary (Beranda): ${samples.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (${REPORT_PERIOD}, ${REPORT_TODAY.slice(0, 7)} on its first day, ${REPORT_PERIOD} again)`);
  } finally {
    await database.close();
  }
}

export async function runReportBenchmarks(log: Log = console.log, types: readonly ReportType[] = REPORT_TYPES, formats: readonly ReportFormat[] = REPORT_FORMATS): Promise<ReportRun[]> {
  const dataset = await ensureReportsDataset(log);
  const runs: ReportRun[] = [];
  log(`  ${REPORT_PERIOD}, drawn on ${REPORT_TODAY}; one fresh process per file (wall: request to last byte; first: until the answer's headers):`);
  for (const type of types) {
    for (const format of formats) {
      const run = runChild(dataset, type, format);
      runs.push(run);
      log(
        `    ${`${run.filename}`.padEnd(32)} ${(run.bytes / 1048576).toFixed(1).padStart(6)} MB  wall ${(run.wallMs / 1000).toFixed(2).padStart(6)} s (first ${(run.firstAnswerMs / 1000).toFixed(2)} s, ` +
          `budget ${BUDGET_MS[format] / 1000} s: ${verdict(run.wallMs, BUDGET_MS[format])})  peak RSS ${run.peakRssMb.toFixed(0)} MB (~${run.baselineRssMb.toFixed(0)} before; budget ${BUDGET_RSS_MB}: ${verdict(run.peakRssMb, BUDGET_RSS_MB)})`,
      );
    }
  }
  for (const format of formats) {
    const of = runs.filter((run) => run.format === format);
    if (of.length === 0) continue;
    log(`  all ${of.length} ${format} files: ${(of.reduce((sum, run) => sum + run.wallMs, 0) / 1000).toFixed(1)} s in total, slowest ${(Math.max(...of.map((run) => run.wallMs)) / 1000).toFixed(2)} s, highest peak ${Math.max(...of.map((run) => run.peakRssMb)).toFixed(0)} MB`);
  }
  await summaryTimes(dataset, log);
  return runs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const types = REPORT_TYPES.filter((type) => args.includes(type));
  const formats = REPORT_FORMATS.filter((format) => args.includes(format));
  await runReportBenchmarks(console.log, types.length > 0 ? types : REPORT_TYPES, formats.length > 0 ? formats : REPORT_FORMATS);
}
