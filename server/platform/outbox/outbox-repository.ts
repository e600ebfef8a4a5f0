import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, OutboxTable } from '../db/schema';

type Db = Kysely<Database>;
export type OutboxRow = Selectable<OutboxTable>;

export async function insertOutboxMessage(db: Db, row: Insertable<OutboxTable>): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

/**
 * Messages due at `now`, longest due first: pending, their time come, not leased by another
 * worker, and the first still waiting of their ordering key (a deposit's messages go in order).
 * In the order of the (status, next_attempt_at) index, so a round reads the due messages from
 * its start and stops at `limit`; in the order of their ids it sorted every pending message for
 * each batch (0.25 ms a message with 10,000 waiting, bench/outbox-delivery.ts).
 */
export async function dueOutboxMessages(db: Db, now: string, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox as o')
    .selectAll('o')
    .where('o.status', '=', 'pending')
    .where('o.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('o.lease_until', 'is', null), eb('o.lease_until', '<', now)]))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('outbox as e').select(sql`1`.as('one')).whereRef('e.ordering_key', '=', 'o.ordering_key').where('e.status', '=', 'pending').whereRef('e.id', '<', 'o.id'))),
    )
    .orderBy('o.next_attempt_at')
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/**
 * Takes the message for one delivery until `until`: a compare-and-set on the row as it was read
 * (still pending with the same number of attempts, due, its lease free or run out), so of the
 * instances that read it only the one whose UPDATE changed the row sends it; false for the others.
 * On PostgreSQL the second UPDATE waits for the first's row lock and re-checks its WHERE on the
 * row the first committed; SQLite runs one writer at a time.
 */
export async function leaseOutboxMessage(db: Db, message: Pick<OutboxRow, 'id' | 'attempts'>, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ lease_until: until })
    .where('id', '=', message.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', message.attempts)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The outcome of an attempt made under the lease `heldUntil`; false when that lease is gone (it ran
 * out and another instance took the message: its outcome stands, not this late one's).
 */
export async function recordOutboxAttempt(
  db: Db,
  id: string,
  heldUntil: string,
  outcome: { status: 'pending' | 'delivered' | 'failed'; attempts: number; nextAttemptAt: string; lastStatus: number | null; lastError: string | null; deliveredAt: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: outcome.status, attempts: outcome.attempts, next_attempt_at: outcome.nextAttemptAt, last_status: outcome.lastStatus, last_error: outcome.lastError, delivered_at: outcome.deliveredAt, lease_until: null })
    .where('id', '=', id)
    .where('lease_until', '=', heldUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed message sent again from now, its attempts counted afresh (the operator's resend). */
export async function resendOutboxMessage(db: Db, id: string, now: string, giveUpAt: string): Promise<boolean> {
  const result = await db.updateTable('outbox').set({ status: 'pending', attempts: 0, next_attempt_at: now, give_up_at: giveUpAt, lease_until: null }).where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function outboxMessagesOf(db: Db, depositId: string): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('deposit_id', '=', depositId).orderBy('id').execute();
}

export function failedOutboxMessages(db: Db, limit: number, kind: OutboxTable['kind']): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('status', '=', 'failed').where('kind', '=', kind).orderBy('id').limit(limit).execute();
}

/** A destination's waiting messages due now (its address was just set or changed). */
export async function hurryOutboxMessages(db: Db, kind: OutboxTable['kind'], destination: string, now: string): Promise<void> {
  await db.updateTable('outbox').set({ next_attempt_at: now }).where('kind', '=', kind).where('destination', '=', destination).where('status', '=', 'pending').where('next_attempt_at', '>', now).execute();
}

/** Whether a message of this kind and ordering key still waits (a follow-up already queued for the same subject). */
export async function hasPendingOutboxMessage(db: Db, kind: OutboxTable['kind'], orderingKey: string): Promise<boolean> {
  const row = await db.selectFrom('outbox').select('id').where('kind', '=', kind).where('ordering_key', '=', orderingKey).where('status', '=', 'pending').executeTakeFirst();
  return row !== undefined;
}
