import { MINUTE_MS, addMs } from '../platform/clock';

/** Five failed logins within fifteen minutes lock the account for fifteen minutes. */
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * MINUTE_MS;
export const LOCKOUT_DURATION_MS = 15 * MINUTE_MS;

export interface LoginFailures {
  count: number;
  windowStart: Date | null;
  lockedUntil: Date | null;
}

export function isLocked(failures: LoginFailures, now: Date): boolean {
  return failures.lockedUntil !== null && failures.lockedUntil.getTime() > now.getTime();
}

/** The counters after one more failed attempt at `now`; a failure outside the window starts a new one. */
export function afterFailedLogin(failures: LoginFailures, now: Date): LoginFailures {
  const windowOpen = failures.windowStart !== null && now.getTime() - failures.windowStart.getTime() < LOCKOUT_WINDOW_MS;
  const count = windowOpen ? failures.count + 1 : 1;
  const windowStart = windowOpen ? failures.windowStart : now;
  const lockedUntil = count >= LOCKOUT_MAX_FAILURES ? addMs(now, LOCKOUT_DURATION_MS) : null;
  return { count, windowStart, lockedUntil };
}

export const NO_FAILURES: LoginFailures = { count: 0, windowStart: null, lockedUntil: null };
