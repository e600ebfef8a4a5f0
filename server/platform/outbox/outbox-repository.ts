import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, OutboxTable } from '../db/schema';

type Db = Kysely<Database>;
export type OutboxRow = Selectable<OutboxTable>;

export async function insertOutboxMessage(db: Db, row: Insertable<OutboxTable>): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

/**
 * Messages due at `now`, oldest first: pending, their time come, not leased by another worker,
 * and the first still waiting of their ordering key (a deposit's messages go in order).
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
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/** Takes the message for one delivery until `until`; false when another worker took it first (compare-and-set on the lease). */
export async function leaseOutboxMessage(db: Db, id: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordOutboxAttempt(
  db: Db,
  id: string,
  outcome: { status: 'pending' | 'delivered' | 'failed'; attempts: number; nextAttemptAt: string; lastStatus: number | null; lastError: string | null; deliveredAt: string | null },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: outcome.status, attempts: outcome.attempts, next_attempt_at: outcome.nextAttemptAt, last_status: outcome.lastStatus, last_error: outcome.lastError, delivered_at: outcome.deliveredAt, lease_until: null })
    .where('id', '=', id)
    .execute();
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
