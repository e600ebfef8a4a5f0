/** `npm run jobs -- daily [--date=YYYY-MM-DD]`: run a job by hand against the configured database. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createLogger } from '../logger';
import { systemClock } from '../services/clock';
import { jakartaDate } from '../jobs/business-date';
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
    const report = await runDailyJob({ db: database.db, clock: systemClock, logger: createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel) }, parsed.date);
    console.log(describeDailyReport(report).join('\n'));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Proses harian gagal: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Jalankan lagi perintah yang sama untuk melanjutkan; yang sudah selesai tidak diulang.');
  process.exit(1);
});
