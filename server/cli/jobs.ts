/**
 * `npm run jobs -- daily [--date=YYYY-MM-DD]`: run a job by hand against the configured database —
 * without --date the days missed since the last run and today, with --date that date only.
 */
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { buildServer } from '../main';
import { runDailyFollowUps } from '../jobs/daily-schedule';
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
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  // The whole server without listening: the follow-ups need the providers and the file store.
  const berjangka = await buildServer({ seed: false, logger, clock: systemClock });
  try {
    const deps = { db: berjangka.database.db, clock: systemClock, logger };
    const reports = parsed.catchUp ? await runDailyCatchUp(deps, parsed.date) : [await runDailyJob(deps, parsed.date)];
    console.log(reports.map((report) => describeDailyReport(report).join('\n')).join('\n\n'));
    await runDailyFollowUps(berjangka.followUps, logger);
  } finally {
    await berjangka.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Proses harian gagal: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Jalankan lagi perintah yang sama untuk melanjutkan; yang sudah selesai tidak diulang.');
  process.exit(1);
});
