import type { Kysely } from 'kysely';

/**
 * The outbox (issue 19, ARCHITECTURE.md "The outbox"): what must reach the outside world because
 * of a change, written in the change's own transaction and delivered afterwards by a worker, at
 * least once, with backoff. Each row's body is fixed when it is written, so a delivery repeated
 * under its id never carries another body. `ordering_key` (a deposit's id) keeps a deposit's
 * messages in order: one is delivered only when none before it waits. `lease_until` lets several
 * instances share the work, each row taken by one at a time; a lease left by a crash runs out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** 'partner.notification' (later: mail and provider follow-ups). */
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('destination', 'text', (col) => col.notNull())
    .addColumn('ordering_key', 'text', (col) => col.notNull())
    .addColumn('bank_id', 'text')
    .addColumn('deposit_id', 'text')
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    /** 'pending' | 'delivered' | 'failed' */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    /** After this, a message that still fails is marked failed (3 days after it was written or resent). */
    .addColumn('give_up_at', 'text', (col) => col.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_ordering_idx').on('outbox').columns(['ordering_key', 'status', 'id']).execute();
  await db.schema.createIndex('outbox_deposit_idx').on('outbox').columns(['deposit_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
