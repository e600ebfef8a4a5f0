import type { Logger } from 'pino';
import type { Clock } from '../services/clock';
import { DAILY_JOB_TIME, jakartaDate, nextJakartaTime } from './business-date';

export interface DailySchedulerDeps {
  clock: Clock;
  logger: Logger;
  /** Runs the daily job for one business date; must be idempotent per date (job_runs). */
  runDaily: (businessDate: string) => Promise<unknown>;
}

export interface DailyScheduler {
  stop(): void;
  /** The catch-up run started at start(); tests await it. */
  readonly started: Promise<void>;
}

/**
 * Runs the daily job at 00:05 Asia/Jakarta in-process, with a plain setTimeout recomputed after
 * each run (no cron dependency: one fixed time a day in a zone without daylight saving). At start
 * it runs for today at once — a day missed while the server was down is caught up, and a day
 * already run is a no-op because each run is recorded per (job, date).
 */
export function startDailyScheduler(deps: DailySchedulerDeps): DailyScheduler {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const runFor = async (businessDate: string) => {
    try {
      await deps.runDaily(businessDate);
    } catch (error) {
      deps.logger.error({ err: error, businessDate }, 'daily job failed; it resumes at the next start or run');
    }
  };

  const scheduleNext = () => {
    if (stopped) return;
    const now = deps.clock.now();
    const at = nextJakartaTime(now, DAILY_JOB_TIME.hour, DAILY_JOB_TIME.minute);
    // setTimeout caps at ~24.8 days; a day is far below. unref: the schedule never keeps the process alive.
    timer = setTimeout(() => {
      void runFor(jakartaDate(deps.clock.now())).then(scheduleNext);
    }, Math.max(0, at.getTime() - now.getTime()));
    timer.unref();
  };

  const started = runFor(jakartaDate(deps.clock.now())).then(scheduleNext);
  return {
    started,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
