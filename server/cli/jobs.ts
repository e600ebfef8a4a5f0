/**
 * `npm run jobs -- daily [--date=YYYY-MM-DD]`: run a job by hand against the configured database —
 * without --date the days missed since the last run and today, with --date that date only.
 */
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { createLogger } from '../platform/logger';
import { systemClock } from '../platform/clock';
import { jakartaDate } from '../platform/business-date';
import { runDailyCatchUp } from '../jobs/catch-up';
import { describeDailyReport, runDailyJob } from '../jobs/daily';
import { parseJobArgs } from '../jobs/cli-args';

async function main(): Promise<void> {
  const parsed = parseJobArgs(process.argv.slice(2), jakartaDate(systemClock.now()));
  if ('error' in parsed) {
    console.error(parsed.error);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const deps = { db: database.db, clock: systemClock, logger: createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel) };
    const reports = parsed.catchUp ? await runDailyCatchUp(deps, parsed.date) : [await runDailyJob(deps, parsed.date)];
    console.log(reports.map((report) => describeDailyReport(report).join('\n')).join('\n\n'));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Proses harian gagal: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Jalankan lagi perintah yang sama untuk melanjutkan; yang sudah selesai tidak diulang.');
  process.exit(1);
});
