import type { Kysely } from 'kysely';

/**
 * A product's ceiling for special rates (issue 18, DOMAIN.md "At the counter"): a counter
 * placement may carry a rate above the product's rate for its tenor, up to the LPS guaranteed
 * rate plus this many basis points. Null: the product offers no special rate (every product kept
 * before).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema of its own day, not today's Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').addColumn('special_rate_ceiling_bps', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').dropColumn('special_rate_ceiling_bps').execute();
}
