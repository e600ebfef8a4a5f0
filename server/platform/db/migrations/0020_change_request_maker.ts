import type { Kysely } from 'kysely';

/**
 * Change requests raised by staff from a deposit (issue 18): who asked, so that another
 * supervisor decides it. Requests from the customer through the platform have none.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema of its own day, not today's Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('change_requests').addColumn('requested_by', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('change_requests').dropColumn('requested_by').execute();
}
