import { HOUR_MS } from './clock';

/** Asia/Jakarta is UTC+7 all year (no daylight saving), so plain arithmetic gives its calendar. */
const JAKARTA_OFFSET_MS = 7 * HOUR_MS;

/** The business date ('YYYY-MM-DD') an instant falls on in Asia/Jakarta. */
export function jakartaDate(now: Date): string {
  return new Date(now.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The next instant strictly after `now` at hour:minute Jakarta wall-clock time. */
export function nextJakartaTime(now: Date, hour: number, minute: number): Date {
  const jakarta = new Date(now.getTime() + JAKARTA_OFFSET_MS);
  let candidate = Date.UTC(jakarta.getUTCFullYear(), jakarta.getUTCMonth(), jakarta.getUTCDate(), hour, minute) - JAKARTA_OFFSET_MS;
  if (candidate <= now.getTime()) candidate += 24 * HOUR_MS;
  return new Date(candidate);
}

/** The daily job runs at 00:05 WIB: five minutes of slack after midnight for clocks and late writes. */
export const DAILY_JOB_TIME = { hour: 0, minute: 5 } as const;

/** An ISO timestamp at a WIB wall-clock time on a business date. */
export function wibTimestamp(date: string, hour: number, minute: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, hour, minute) - JAKARTA_OFFSET_MS).toISOString();
}

/** An instant as Asia/Jakarta wall-clock time without a zone, 'YYYY-MM-DDTHH:mm:ss' (machines/track-rules LocalTimestamp). */
export function jakartaLocalTimestamp(instant: Date | string): string {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(time + JAKARTA_OFFSET_MS).toISOString().slice(0, 19);
}

/**
 * The business date a staff request made at `now` belongs to, given the bank's cut-off time
 * ('HH:mm' WIB): its own Jakarta date before the cut-off, the next day from the cut-off on.
 */
export function requestBusinessDate(now: Date, cutOffTime: string): string {
  const local = jakartaLocalTimestamp(now);
  const date = local.slice(0, 10);
  if (local.slice(11, 16) < cutOffTime) return date;
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
