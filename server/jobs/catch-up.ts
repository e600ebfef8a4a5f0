import type { Kysely } from 'kysely';
import { addDays, daysBetween, type IsoDate } from '../../machines/deposit-rules';
import type { Database } from '../platform/db/schema';
import { DAILY_JOB, runDailyJob, type DailyJobDeps, type DailyJobReport } from './daily';

/**
 * Days missed while the server was down are run one by one, oldest first, as if the job had run
 * on each: an installment falling due on a missed day is then posted — and its tax decided —
 * with the deposits as they stood that day (DOMAIN.md "Tax"), not as they stand on the day the
 * server came back after more deposits matured. One run over the whole gap would still do every
 * step ("≤ D"), but with the later day's totals.
 */

/** Beyond this many owed days the oldest run covers the rest of the gap on its own ("≤ D"). */
export const MAX_CATCH_UP_DAYS = 62;

/**
 * The business dates the daily job still owes, oldest first: each day after the last finished
 * run up to `today`. A database that never ran the job owes only today (its first run catches up
 * everything before it); a finished `today` is still listed, and answers 'already-done'.
 */
export function datesOwed(lastDone: IsoDate | null, today: IsoDate, maxDays = MAX_CATCH_UP_DAYS): IsoDate[] {
  if (lastDone === null || lastDone >= today) return [today];
  const gap = Math.min(daysBetween(lastDone, today), maxDays);
  return Array.from({ length: gap }, (_, index) => addDays(today, index - gap + 1));
}

async function lastFinishedRun(db: Kysely<Database>, before: IsoDate): Promise<IsoDate | null> {
  const row = await db
    .selectFrom('job_runs')
    .select((eb) => eb.fn.max('business_date').as('last'))
    .where('job', '=', DAILY_JOB)
    .where('status', '=', 'done')
    .where('business_date', '<', before)
    .executeTakeFirst();
  return (row?.last as IsoDate | null | undefined) ?? null;
}

/**
 * Runs every owed date up to `today` in order; stops at the first failure (the next start resumes
 * it), and at a date another instance is running (that instance goes on with the later ones).
 */
export async function runDailyCatchUp(deps: DailyJobDeps, today: IsoDate): Promise<DailyJobReport[]> {
  const reports: DailyJobReport[] = [];
  for (const businessDate of datesOwed(await lastFinishedRun(deps.db, today), today)) {
    const report = await runDailyJob(deps, businessDate);
    reports.push(report);
    if (report.outcome === 'running-elsewhere') break;
  }
  return reports;
}
