import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';

/**
 * JSON lines on stdout; one per request (see http/middleware.ts) plus startup and error events.
 * Written asynchronously: while one write is under way the lines after it gather and go out in
 * one write, where a synchronous write per line was a syscall per request beside the answer's
 * (healthz under load: 6.3k → 9.7k req/s, bench/load.ts). pino writes what is left when the
 * process exits; `flushLogs` waits for it where stdout's order matters (npm start's banner).
 */
export function createLogger(level: LogLevel): Logger {
  const destination = pino.destination({ dest: 1, sync: false });
  return pino({ level, base: { service: 'berjangka' }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** Resolves once every line logged so far is written. */
export function flushLogs(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
