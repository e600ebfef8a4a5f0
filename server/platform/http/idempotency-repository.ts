import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeyRow } from '../db/schema';

type Db = Kysely<Database>;

export async function findIdempotencyKey(db: Db, userId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

/**
 * Records `key` for this user; false when it exists already. Inside a transaction the new row
 * stays locked until the commit, so a second request with the key waits here for the first's
 * outcome (PostgreSQL's unique index; SQLite runs one transaction at a time). With `answer` the
 * row is written complete (a refusal, stored after its request was rolled back).
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: { userId: string; key: string; bankId: string; requestHash: string; now: string; answer?: { status: number; body: string } },
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      bank_id: claim.bankId,
      request_hash: claim.requestHash,
      state: claim.answer ? 'done' : 'in-flight',
      response_status: claim.answer?.status ?? null,
      response_body: claim.answer?.body ?? null,
      created_at: claim.now,
      finished_at: claim.answer ? claim.now : null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Completes a claimed key with the answer to replay, in the transaction of the change it answers. */
export async function storeIdempotencyAnswer(db: Db, userId: string, key: string, response: { status: number; body: string; now: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: response.status, response_body: response.body, finished_at: response.now })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

export async function purgeIdempotencyKeys(db: Db, olderThan: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', olderThan).execute();
}
