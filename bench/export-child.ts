/**
 * Child process of bench/deposits.ts: one deposit-list Excel export through the real export and
 * xlsx stream the download route uses, bytes read as an HTTP response body would be, while RSS is
 * sampled every 10 ms. Prints one JSON line: rows, bytes, wall time, peak sampled RSS and the
 * kernel's maxRSS. A child of its own so the peak is the export's, not the benchmark runner's
 * (on PostgreSQL the database server's own memory is not in it).
 */
import { depositListExport } from '../server/deposits/deposit-list-export';
import { xlsxWebStream } from '../server/platform/xlsx/xlsx-stream';
import { openDatabase } from '../server/platform/db/database';
import type { Dataset } from './deposits-dataset';

const [datasetJson, queryJson] = process.argv.slice(2);
const dataset = JSON.parse(datasetJson!) as Dataset;
const query = JSON.parse(queryJson ?? '{}') as Record<string, string>;
const bankId = dataset.bankId;

const database = openDatabase(
  dataset.dialect === 'postgres'
    ? { databaseUrl: dataset.databaseUrl, dataDir: dataset.dataDir, pgSchema: dataset.pgSchema! }
    : { databaseUrl: undefined, dataDir: dataset.dataDir },
);

const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 10);

const started = performance.now();
const file = await depositListExport({ db: database.db, reads: database.reads }, bankId, query, '2026-12-01');
const body = xlsxWebStream(file.sheet);
let bytes = 0;
const reader = body.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
const wallMs = performance.now() - started;
clearInterval(sampler);
const rows = Number(
  (
    await database.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bank_id', '=', bankId)
      .where('deposit_date', '>=', query.dateFrom!)
      .where('deposit_date', '<=', query.dateTo!)
      .executeTakeFirstOrThrow()
  ).n,
);
await database.close();
console.log(JSON.stringify({ rows, bytes, wallMs, peakRssMb: peakRss / 1048576, baselineRssMb: baselineRss / 1048576, maxRssMb: process.resourceUsage().maxRSS / 1024, filename: file.filename }));
