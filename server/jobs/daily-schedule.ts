import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/schema';
import { startDailyScheduler, type DailyScheduler } from '../platform/scheduler';
import { runDailyCatchUp } from './catch-up';

/**
 * Work that follows the daily job outside its transactions: calls to providers (tracking JNE
 * shipments, asking Privy about open signatures) and drawing PDFs (ARO letters of the day's
 * rollovers). Each is idempotent and picks up what an earlier run left, so a failure here never
 * blocks the deposits' own run, and the next run finishes it.
 */
export interface DailyFollowUp {
  name: string;
  run: () => Promise<unknown>;
}

/** Runs the follow-ups one after the other, logging each outcome; one failing does not stop the others. */
export async function runDailyFollowUps(followUps: readonly DailyFollowUp[], logger: Logger): Promise<void> {
  for (const followUp of followUps) {
    try {
      const outcome = await followUp.run();
      logger.info({ followUp: followUp.name, outcome }, 'daily follow-up done');
    } catch (error) {
      logger.error({ err: error, followUp: followUp.name }, 'daily follow-up failed; the next run tries again');
    }
  }
}

/** The daily job on its schedule, against one database (what server/main.ts starts), then its follow-ups. */
export function scheduleDailyJob(deps: { db: Kysely<Database>; clock: Clock; logger: Logger; followUps?: readonly DailyFollowUp[] }): DailyScheduler {
  return startDailyScheduler({
    clock: deps.clock,
    logger: deps.logger,
    runDaily: async (today) => {
      const reports = await runDailyCatchUp(deps, today);
      await runDailyFollowUps(deps.followUps ?? [], deps.logger);
      return reports;
    },
  });
}
