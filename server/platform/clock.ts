/** The source of "now"; tests pass a clock they can move to reach expiries and lockout windows. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}

/** "10.30 WIB": a wall-clock time in Asia/Jakarta (UTC+7 all year, no daylight saving). */
export function formatJakartaTime(date: Date): string {
  const jakarta = new Date(date.getTime() + 7 * HOUR_MS);
  const hours = String(jakarta.getUTCHours()).padStart(2, '0');
  const minutes = String(jakarta.getUTCMinutes()).padStart(2, '0');
  return `${hours}.${minutes} WIB`;
}
