import type { Kysely } from 'kysely';

/**
 * Holds (blokir), issue 21 and DOMAIN.md "Holds (blokir)": a deposit frozen for a reason until two
 * people release it or its end date passes. The deposit row keeps what the lifecycle needs of the
 * holds in force (`hold_label`, `hold_stops_interest`), written in the hold's own transaction, so
 * a transition and the daily job read no other table to know the deposit is frozen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('holds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull())
    .addColumn('deposit_id', 'text', (col) => col.notNull())
    /** 'COLLATERAL' | 'LEGAL' | 'DECEASED' | 'LOST_BILYET' | 'OTHER' */
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('letter_date', 'text')
    .addColumn('until', 'text')
    .addColumn('stop_interest_payout', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('note', 'text')
    .addColumn('letter_file_id', 'text')
    /** 'active' | 'releaseRequested' | 'released' */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('placed_by', 'text', (col) => col.notNull())
    .addColumn('placed_at', 'text', (col) => col.notNull())
    .addColumn('placed_on', 'text', (col) => col.notNull())
    .addColumn('release_requested_by', 'text')
    .addColumn('release_requested_at', 'text')
    .addColumn('release_requested_on', 'text')
    .addColumn('release_reason', 'text')
    .addColumn('released_by', 'text')
    .addColumn('released_at', 'text')
    .addColumn('released_on', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('holds_bank_status_idx').on('holds').columns(['bank_id', 'status', 'placed_at']).execute();
  await db.schema.createIndex('holds_deposit_idx').on('holds').columns(['deposit_id', 'placed_at']).execute();
  await db.schema.createIndex('holds_until_idx').on('holds').columns(['status', 'until']).execute();
  await db.schema.alterTable('deposits').addColumn('hold_label', 'text').execute();
  await db.schema.alterTable('deposits').addColumn('hold_stops_interest', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deposits').dropColumn('hold_stops_interest').execute();
  await db.schema.alterTable('deposits').dropColumn('hold_label').execute();
  await db.schema.dropTable('holds').execute();
}
