/**
 * When a message that was not delivered is tried again: the Standard Webhooks specification's
 * schedule (at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the attempt before),
 * continued every 10 h, for 3 days from when the message was written; after that it is failed
 * and shown to the operator.
 */

const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
export const OUTBOX_GIVE_UP_MS = 3 * 24 * 3_600_000;

/** The delay after the `attempts`-th failed attempt (1 = the first). */
export function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1]!;
}

/** What follows a failed attempt at `now`: another attempt then, or failed when that would be past `giveUpAt`. */
export function afterFailure(attempts: number, now: Date, giveUpAt: Date): { status: 'pending'; nextAttemptAt: Date } | { status: 'failed' } {
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  return next.getTime() > giveUpAt.getTime() ? { status: 'failed' } : { status: 'pending', nextAttemptAt: next };
}
