/**
 * `npm run bench`: every benchmark in turn, each printing its figures against its budget, then
 * the deposit and load figures side by side per database. Figures, never pass/fail.
 * BENCH_DATABASE_URL (e.g. postgres://berjangka:berjangka@127.0.0.1:5432/berjangka_bench) adds
 * the PostgreSQL runs; `npm run bench -- <word>` runs only the benchmarks whose name has <word>.
 */
import { measureBundle, printBundleReport } from './bundle-size';
import { runDepositImportBenchmarks } from './deposit-import';
import { runDepositBenchmarks, type DepositBenchFigures } from './deposits';
import { runDocumentBenchmarks } from './documents';
import { runGeographyBenchmarks } from './geography-zip-search';
import { runInvoiceBenchmarks } from './invoices';
import { runLedgerJournalBenchmarks } from './ledger-journal';
import { runPlacementPreviewBenchmarks } from './placement-preview';
import { runLoadBenchmarks, type LoadFigures, type LoadRun } from './load';
import { runOutboxBenchmarks } from './outbox-delivery';
import { runPartnerPlacementBenchmarks } from './partner-placement';
import { runReportBenchmarks } from './reports';

interface Benchmark {
  name: string;
  run(log: (line: string) => void): Promise<void>;
}

const depositFigures: Array<Partial<DepositBenchFigures>> = [];
const loadFigures: LoadFigures[] = [];
const postgres = Boolean(process.env.BENCH_DATABASE_URL);

const BENCHMARKS: Benchmark[] = [
  {
    name: 'Bundle size: JavaScript the /login route loads first (gzip, budget 150 KB)',
    run: async (log) => {
      const report = await measureBundle();
      printBundleReport(report, log);
      // /login also fetches its lazily loaded screen right after the entry: count it too.
      const login = report.onDemand.find((lazy) => lazy.entry === 'src/features/auth/LoginScreen.tsx');
      if (login) {
        const total = (report.firstLoadGzip + login.gzip) / 1024;
        log(`\n  ${total.toFixed(1)} KB  entry + the login screen's own chunks (what /login needs before it can be used)`);
      }
    },
  },
  {
    name: 'Deposits on 1,000,000 rows (SQLite): list pages, status counts, 100,000-row Excel export, daily job with 5,000 maturities',
    run: async (log) => {
      depositFigures.push(await runDepositBenchmarks(log, undefined, 'sqlite'));
    },
  },
  ...(postgres
    ? [
        {
          name: 'Deposits on 1,000,000 rows (PostgreSQL): list pages, status counts, 100,000-row Excel export, daily job with 5,000 maturities',
          run: async (log: (line: string) => void) => {
            depositFigures.push(await runDepositBenchmarks(log, undefined, 'postgres'));
          },
        },
      ]
    : []),
  {
    name: `Impor Deposito: a book of 100,000 running deposits, dry run and commit (SQLite${postgres ? ' and PostgreSQL' : ''}; budgets dry run ≤ 30 s, commit ≤ 60 s, peak RSS ≤ 400 MB)`,
    run: async (log) => {
      await runDepositImportBenchmarks(log);
    },
  },
  {
    name: 'Documents: drawing a bilyet (A4, QR code, logo) and a JNE A6 label (Code 128) to bytes, 200 runs each (budget 150 ms each)',
    run: async (log) => {
      await runDocumentBenchmarks(log);
    },
  },
  {
    name: `Geography: zip search by postal-code prefix and by place name on 83,763 villages, and migration 0011's import (SQLite${postgres ? ' and PostgreSQL' : ''}; budget p95 ≤ 20 ms)`,
    run: async (log) => {
      await runGeographyBenchmarks(log, 'sqlite');
      if (postgres) await runGeographyBenchmarks(log, 'postgres');
    },
  },
  {
    name: `Placement preview at the counter: GET /deposito/placement/preview on the demo bank through the HTTP stack (SQLite${postgres ? ' and PostgreSQL' : ''}; budget p95 ≤ 20 ms)`,
    run: async (log) => {
      await runPlacementPreviewBenchmarks(log, 'sqlite');
      if (postgres) await runPlacementPreviewBenchmarks(log, 'postgres');
    },
  },
  {
    name: `Platform invoices: the monthly run for 100 banks of 1,500 deposits each, its rerun, the largest invoice's PDF (SQLite${postgres ? ' and PostgreSQL' : ''}; budget ≤ 30 s)`,
    run: async (log) => {
      await runInvoiceBenchmarks(log, 'sqlite');
      if (postgres) await runInvoiceBenchmarks(log, 'postgres');
    },
  },
  {
    name: 'Reports: every report of one month (November 2026) as xlsx and as PDF on 1,000,000 deposits, and Beranda\'s summary (SQLite; budgets xlsx ≤ 10 s, PDF ≤ 20 s, peak RSS ≤ 300 MB each)',
    run: async (log) => {
      await runReportBenchmarks(log);
    },
  },
  {
    name: `Jurnal: the month's journal of 1,000,000 deposits (November 2026) — its summary with the checks, the json and the CSV of its detail, each in a fresh process (SQLite${postgres ? ' and PostgreSQL' : ''}; budget ≤ 20 s, ≤ 300 MB)`,
    run: async (log) => {
      await runLedgerJournalBenchmarks(log);
    },
  },
  {
    name: `Load (autocannon) on the started server: deposit list and detail at 50 and 200 connections, /healthz as the ceiling (SQLite${postgres ? ' and PostgreSQL' : ''})`,
    run: async (log) => {
      loadFigures.push(...(await runLoadBenchmarks(log)));
    },
  },
  {
    name: `Partner API: signed placements (SNAP) over 50 connections, flat out and at 300 a second, on the started server (SQLite${postgres ? ' and PostgreSQL' : ''}; budget on SQLite ≥ 300/s, p99 ≤ 100 ms at 300/s)`,
    run: async (log) => {
      await runPartnerPlacementBenchmarks(log);
    },
  },
  {
    name: `Outbox: 10,000 partner notifications delivered by the started server's worker to a local receiver (SQLite${postgres ? ' and PostgreSQL' : ''}; budget ≤ 60 s)`,
    run: async (log) => {
      await runOutboxBenchmarks(log);
    },
  },
];

const only = process.argv.slice(2);
for (const benchmark of BENCHMARKS) {
  if (only.length > 0 && !only.some((word) => benchmark.name.toLowerCase().includes(word.toLowerCase()))) continue;
  console.log(`\n=== ${benchmark.name} ===\n`);
  const started = performance.now();
  await benchmark.run((line) => console.log(line));
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

const ms = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(1)} ms`);
const seconds = (value: number | undefined) => (value === undefined ? '—' : `${(value / 1000).toFixed(2)} s`);
const mb = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(0)} MB`);

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `  ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`;
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

if (depositFigures.length > 0) {
  console.log('\n=== Summary: deposits on 1,000,000 rows ===\n');
  const of = (dialect: string) => depositFigures.find((figures) => figures.dialect === dialect) ?? {};
  const sqlite = of('sqlite');
  const pg = of('postgres');
  printTable(
    ['What', 'Budget', 'SQLite', 'PostgreSQL'],
    [
      ['list, first page p95', '≤ 20 ms', ms(sqlite.listFirstP95), ms(pg.listFirstP95)],
      ['list, last page p95', '≤ 20 ms, ≤ 2× first', ms(sqlite.listLastP95), ms(pg.listLastP95)],
      ['status counts p95', '≤ 50 ms', ms(sqlite.countsP95), ms(pg.countsP95)],
      ['Excel export, ~100,000 rows (median)', '≤ 3 s', seconds(sqlite.exportWallMs), seconds(pg.exportWallMs)],
      ['Excel export, peak RSS', '≤ 250 MB', mb(sqlite.exportPeakRssMb), mb(pg.exportPeakRssMb)],
      ['daily job, 5,000 maturities (worst run)', '≤ 10 s', seconds(sqlite.jobMs), seconds(pg.jobMs)],
    ],
  );
}

if (loadFigures.length > 0) {
  console.log('\n=== Summary: load (req/s, p50 / p99 ms, errors + timeouts) ===\n');
  const cell = (run: LoadRun | undefined) => (run ? `${run.reqPerSec.toFixed(0)} req/s, ${run.p50} / ${run.p99} ms, ${run.errors + run.timeouts}` : '—');
  const rows: string[][] = [];
  for (const connections of [...new Set(loadFigures.flatMap((figures) => figures.runs.map((run) => run.connections)))]) {
    for (const target of ['healthz', 'list', 'detail'] as const) {
      const budget = target === 'healthz' ? '(ceiling)' : connections === 50 ? 'p99 ≤ 100 ms' : connections === 200 ? 'no errors or timeouts' : '';
      rows.push([
        `${target} @ ${connections}`,
        budget,
        ...loadFigures.map((figures) => cell(figures.runs.find((run) => run.target === target && run.connections === connections))),
      ]);
    }
  }
  printTable(['What', 'Budget', ...loadFigures.map((figures) => (figures.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'))], rows);
}
