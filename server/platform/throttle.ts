/**
 * Throttling with growing delays, as pure arithmetic (the repository stores the state, the areas
 * choose the policies). A subject — a client address, an account, a pair of both — may make
 * `freeAttempts` counted attempts; each one after that blocks it for `firstBlockMs`, doubling with
 * every further attempt up to `maxBlockMs`. A quiet `windowMs` after the last attempt (or after
 * the block ended) forgets the subject.
 */
export interface ThrottlePolicy {
  freeAttempts: number;
  windowMs: number;
  firstBlockMs: number;
  maxBlockMs: number;
}

export interface ThrottleState {
  attempts: number;
  lastAttemptAt: Date;
  blockedUntil: Date | null;
}

/** The end of the subject's block at `now`, or null when it may try. */
export function activeBlock(state: ThrottleState | null | undefined, now: Date): Date | null {
  return state?.blockedUntil && state.blockedUntil.getTime() > now.getTime() ? state.blockedUntil : null;
}

/** Whether the subject's earlier attempts are forgotten at `now`. */
export function isForgotten(state: ThrottleState, now: Date, policy: ThrottlePolicy): boolean {
  const quietFrom = Math.max(state.lastAttemptAt.getTime(), state.blockedUntil?.getTime() ?? 0);
  return now.getTime() - quietFrom >= policy.windowMs;
}

/** The state after one more counted attempt at `now`. */
export function afterAttempt(state: ThrottleState | null | undefined, now: Date, policy: ThrottlePolicy): ThrottleState {
  const attempts = !state || isForgotten(state, now, policy) ? 1 : state.attempts + 1;
  const over = attempts - policy.freeAttempts;
  if (over <= 0) return { attempts, lastAttemptAt: now, blockedUntil: null };
  // 2 ** 40 ms is 34 years: past any cap, and the exponent stays small enough to stay exact.
  const blockMs = Math.min(policy.maxBlockMs, policy.firstBlockMs * 2 ** Math.min(over - 1, 40));
  return { attempts, lastAttemptAt: now, blockedUntil: new Date(now.getTime() + blockMs) };
}
