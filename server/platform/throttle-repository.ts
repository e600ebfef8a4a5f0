import type { Kysely } from 'kysely';
import type { Database, ThrottlesTable } from './db/schema';
import { afterAttempt, type ThrottlePolicy, type ThrottleState } from './throttle';

type Db = Kysely<Database>;

/** One throttled subject: its scope ('login-client', …), its key, and the account it concerns. */
export interface ThrottleSubject {
  scope: string;
  subject: string;
  account?: string | null;
}

const stateOf = (row: Pick<ThrottlesTable, 'attempts' | 'last_attempt_at' | 'blocked_until'>): ThrottleState => ({
  attempts: row.attempts,
  lastAttemptAt: new Date(row.last_attempt_at),
  blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null,
});

/** The stored states of these subjects (absent ones are not in the map), keyed `scope subject`. */
export async function readThrottles(db: Db, subjects: readonly ThrottleSubject[]): Promise<Map<string, ThrottleState>> {
  const states = new Map<string, ThrottleState>();
  if (subjects.length === 0) return states;
  const rows = await db
    .selectFrom('throttles')
    .select(['scope', 'subject', 'attempts', 'last_attempt_at', 'blocked_until'])
    .where((eb) => eb.or(subjects.map((s) => eb.and([eb('scope', '=', s.scope), eb('subject', '=', s.subject)]))))
    .execute();
  for (const row of rows) states.set(`${row.scope} ${row.subject}`, stateOf(row));
  return states;
}

/**
 * Counts one attempt of the subject and returns its new state. The write is a compare-and-set on
 * the stored state, retried when another request (of any instance) counted first, so concurrent
 * attempts are all counted.
 */
export async function countAttempt(db: Db, subject: ThrottleSubject, policy: ThrottlePolicy, now: Date): Promise<ThrottleState> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const row = await db
      .selectFrom('throttles')
      .select(['attempts', 'last_attempt_at', 'blocked_until'])
      .where('scope', '=', subject.scope)
      .where('subject', '=', subject.subject)
      .executeTakeFirst();
    const next = afterAttempt(row ? stateOf(row) : null, now, policy);
    const values = { attempts: next.attempts, last_attempt_at: now.toISOString(), blocked_until: next.blockedUntil?.toISOString() ?? null };
    if (!row) {
      const inserted = await db
        .insertInto('throttles')
        .values({ scope: subject.scope, subject: subject.subject, account: subject.account ?? null, ...values })
        .onConflict((oc) => oc.columns(['scope', 'subject']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return next;
      continue;
    }
    const updated = await db
      .updateTable('throttles')
      .set(values)
      .where('scope', '=', subject.scope)
      .where('subject', '=', subject.subject)
      .where('attempts', '=', row.attempts)
      .where('last_attempt_at', '=', row.last_attempt_at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return next;
  }
  throw new Error(`could not count an attempt of ${subject.scope} after repeated concurrent updates`);
}

/** Forgets these subjects (a successful login clears its account's counters). */
export async function clearThrottles(db: Db, subjects: readonly ThrottleSubject[]): Promise<void> {
  if (subjects.length === 0) return;
  await db
    .deleteFrom('throttles')
    .where((eb) => eb.or(subjects.map((s) => eb.and([eb('scope', '=', s.scope), eb('subject', '=', s.subject)]))))
    .execute();
}

/** Forgets every row about an account (an ADMIN unlocks a user); the number of rows removed. */
export async function clearThrottlesOfAccount(db: Db, account: string): Promise<number> {
  const result = await db.deleteFrom('throttles').where('account', '=', account).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Drops rows not touched since `before` (their subjects are forgotten anyway). */
export async function purgeThrottles(db: Db, before: string): Promise<void> {
  await db.deleteFrom('throttles').where('last_attempt_at', '<', before).where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', before)])).execute();
}
