import type { Logger } from 'pino';
import type { Clock } from './clock';
import { DAILY_JOB_TIME, jakartaDate, nextJakartaTime } from './business-date';

interface DailySchedulerDeps {
  clock: Clock;
  logger: Logger;
  /** Runs the daily job up to this business date (catch-up.ts); must be idempotent per date (job_runs). */
  runDaily: (businessDate: string) => Promise<unknown>;
}

export interface DailyScheduler {
  /** Stops the schedule and resolves once a run in progress has ended. */
  stop(): Promise<void>;
  /** The catch-up run started at start(); tests await it. */
  readonly started: Promise<void>;
}

/**
 * Runs the daily job at 00:05 Asia/Jakarta in-process, with a plain setTimeout recomputed after
 * each run (no cron dependency: one fixed time a day in a zone without daylight saving). At start
 * it runs at once — the days missed while the server was down are run one by one up to today
 * (catch-up.ts), and a day already run is a no-op because each run is recorded per (job, date).
 */
export function startDailyScheduler(deps: DailySchedulerDeps): DailyScheduler {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const runFor = (businessDate: string): Promise<void> => {
    running = (async () => {
      try {
        await deps.runDaily(businessDate);
      } catch (error) {
        deps.logger.error({ err: error, businessDate }, 'daily job failed; it resumes at the next start or run');
      }
    })();
    return running;
  };

  const scheduleNext = () => {
    if (stopped) return;
    const now = deps.clock.now();
    const at = nextJakartaTime(now, DAILY_JOB_TIME.hour, DAILY_JOB_TIME.minute);
    // setTimeout caps at ~24.8 days; a day is far below. unref: the schedule never keeps the process alive.
    timer = setTimeout(() => {
      if (stopped) return;
      void runFor(jakartaDate(deps.clock.now())).then(scheduleNext);
    }, Math.max(0, at.getTime() - now.getTime()));
    timer.unref();
  };

  const started = runFor(jakartaDate(deps.clock.now())).then(scheduleNext);
  return {
    started,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
