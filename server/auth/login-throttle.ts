import { MINUTE_MS } from '../platform/clock';
import { activeBlock, isForgotten, type ThrottlePolicy, type ThrottleState } from '../platform/throttle';
import type { ThrottleSubject } from '../platform/throttle-repository';

/**
 * How failed logins are throttled (issue: "anyone can lock anyone out"). Three counters, each with
 * delays that double after its free attempts:
 * - the pair (account, client): the owner's own typos; 5 free, then 1, 2, 4, 8, 15 minutes;
 * - the client, over every account it tries: 20 free, then up to an hour (password spraying);
 * - the account, over every client: 20 free, then at most 5 minutes (many addresses guessing one
 *   account), so nobody can keep an owner out for more than minutes, and an owner on a client that
 *   has not failed is not stopped by it at all (loginBlock).
 * An unknown email is counted exactly like a known one: the answers cannot tell them apart.
 */
const LOGIN_PAIR_POLICY: ThrottlePolicy = { freeAttempts: 5, windowMs: 15 * MINUTE_MS, firstBlockMs: MINUTE_MS, maxBlockMs: 15 * MINUTE_MS };
const LOGIN_CLIENT_POLICY: ThrottlePolicy = { freeAttempts: 20, windowMs: 15 * MINUTE_MS, firstBlockMs: MINUTE_MS, maxBlockMs: 60 * MINUTE_MS };
const LOGIN_ACCOUNT_POLICY: ThrottlePolicy = { freeAttempts: 20, windowMs: 15 * MINUTE_MS, firstBlockMs: MINUTE_MS, maxBlockMs: 5 * MINUTE_MS };

export interface LoginSubjects {
  pair: ThrottleSubject;
  client: ThrottleSubject;
  account: ThrottleSubject;
}

/** The three throttled subjects of a login attempt by `client` as `email` (lower-cased). */
export function loginSubjects(email: string, client: string): LoginSubjects {
  return {
    pair: { scope: 'login-pair', subject: `${email} ${client}`, account: email },
    client: { scope: 'login-client', subject: client },
    account: { scope: 'login-account', subject: email, account: email },
  };
}

export const LOGIN_POLICIES: Record<keyof LoginSubjects, ThrottlePolicy> = {
  pair: LOGIN_PAIR_POLICY,
  client: LOGIN_CLIENT_POLICY,
  account: LOGIN_ACCOUNT_POLICY,
};

/** States keyed `scope subject`, as readThrottles answers them. */
type StatesByKey = ReadonlyMap<string, ThrottleState>;
const stateOf = (states: StatesByKey, subject: ThrottleSubject) => states.get(`${subject.scope} ${subject.subject}`);

/**
 * Whether the client has failed a login (on any account) within its window. The account's block
 * applies only to such clients: the owner on a machine that has not failed is checked, so many
 * addresses guessing one account cannot keep its owner out. Each fresh address gets one guess
 * while the account is blocked (its failure counts, and it is then caught by the block), which is
 * the price of the owner getting in.
 */
function clientHasFailed(states: StatesByKey, subjects: LoginSubjects, now: Date): boolean {
  const state = stateOf(states, subjects.client);
  return state !== undefined && state.attempts > 0 && !isForgotten(state, now, LOGIN_CLIENT_POLICY);
}

/** The latest end of the blocks that stop this attempt at `now`, or null when it may be checked. */
export function loginBlock(states: StatesByKey, subjects: LoginSubjects, now: Date): Date | null {
  const applying = [subjects.pair, subjects.client, ...(clientHasFailed(states, subjects, now) ? [subjects.account] : [])];
  const ends = applying.map((subject) => activeBlock(stateOf(states, subject), now)).filter((end): end is Date => end !== null);
  return ends.length === 0 ? null : new Date(Math.max(...ends.map((end) => end.getTime())));
}
