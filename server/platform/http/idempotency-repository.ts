import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeyRow } from '../db/schema';

type Db = Kysely<Database>;

/**
 * Records `key` as in flight for this user; the existing row instead when the key was used
 * before. The insert and the unique (user_id, key) primary key make two racing requests with one
 * key agree on a single winner.
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: { userId: string; key: string; bankId: string; requestHash: string; now: string },
): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyKeyRow }> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      bank_id: claim.bankId,
      request_hash: claim.requestHash,
      state: 'in-flight',
      response_status: null,
      response_body: null,
      created_at: claim.now,
      finished_at: null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { claimed: true };
  const existing = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', claim.userId).where('key', '=', claim.key).executeTakeFirstOrThrow();
  return { claimed: false, existing };
}

/** Stores the first answer so replays get it again. */
export async function finishIdempotencyKey(db: Db, userId: string, key: string, response: { status: number; body: string; now: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: response.status, response_body: response.body, finished_at: response.now })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Forgets an in-flight key whose request failed without an answer worth replaying (5xx). */
export async function releaseIdempotencyKey(db: Db, userId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('state', '=', 'in-flight').execute();
}

/** Takes over an abandoned in-flight key (its request died); true when this caller now owns it. */
export async function retakeIdempotencyKey(db: Db, userId: string, key: string, staleBefore: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ created_at: now })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('state', '=', 'in-flight')
    .where('created_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function purgeIdempotencyKeys(db: Db, olderThan: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', olderThan).execute();
}
