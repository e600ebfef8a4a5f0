/**
 * Child process of bench/reports.ts: one report of one month through the real report service the
 * route uses, its bytes read to the end as an HTTP response body would be, while RSS is sampled
 * every 10 ms. Prints one JSON line: bytes, wall time (from the request to the last byte: the sums
 * read first and the streamed lists), peak sampled RSS and the kernel's maxRSS. A process of its
 * own so the peak is the report's, not the benchmark runner's.
 */
import pino from 'pino';
import { openDatabase } from '../server/platform/db/database';
import { createReportService } from '../server/reports/report-service';
import type { Dataset } from './deposits-dataset';

const [datasetJson, type, format, period, today] = process.argv.slice(2);
const dataset = JSON.parse(datasetJson!) as Dataset;
const database = openDatabase({ databaseUrl: undefined, dataDir: dataset.dataDir });
// 09.00 WIB on `today`: the day after the month, as staff would draw its reports.
const clock = { now: () => new Date(`${today}T02:00:00.000Z`) };
const reports = createReportService({ db: database.db, reads: database.reads, clock, logger: pino({ level: 'silent' }), latestRatios: async () => null });

const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 10);

const started = performance.now();
const file = await reports.file({ userId: 'bench', role: 'OPERATOR', bankId: dataset.bankId }, { type, period, format });
const firstAnswerMs = performance.now() - started;
let bytes = 0;
const reader = file.body.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
const wallMs = performance.now() - started;
clearInterval(sampler);
await database.close();
console.log(JSON.stringify({ filename: file.filename, bytes, wallMs, firstAnswerMs, peakRssMb: peakRss / 1048576, baselineRssMb: baselineRss / 1048576, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
