import type { Kysely } from 'kysely';

/**
 * Placements at the counter (issue 18): who placed a deposit — its maker, who may not approve it —
 * and how the money came in (a transfer's reference, a cash receipt, a debit of a savings account)
 * and when. Deposits placed before (the demo's, the partner feed's) have none.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema of its own day, not today's Database type
type AnyDb = Kysely<any>;

const COLUMNS = ['placed_by', 'funding_method', 'funding_reference', 'funding_received_at'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('deposits').addColumn(column, 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('deposits').dropColumn(column).execute();
}
