import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';

/** JSON lines on stdout; one per request (see http/middleware.ts) plus startup and error events. */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { service: 'berjangka' }, timestamp: pino.stdTimeFunctions.isoTime });
}
