import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/schema';
import { startDailyScheduler, type DailyScheduler } from '../platform/scheduler';
import { runDailyCatchUp } from './catch-up';

/** The daily job on its schedule, against one database (what server/main.ts starts). */
export function scheduleDailyJob(deps: { db: Kysely<Database>; clock: Clock; logger: Logger }): DailyScheduler {
  return startDailyScheduler({ clock: deps.clock, logger: deps.logger, runDaily: (today) => runDailyCatchUp(deps, today) });
}
