import type { Kysely } from 'kysely';

/**
 * Indexes the monthly reports walk (issue 11, server/reports):
 * - deposit_periods (period_start, deposit_id, period_number): the rollovers and extensions that
 *   began in a month, read in keyset batches in that order, and the principal changes an LPS
 *   average balance takes from them. Without it every batch scanned every period ever started.
 * - disbursements (bank_id, status, paid_at): the payouts transferred in a month (closures) and
 *   the balance leaving the bank on each day.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema of its own day, not today's Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('deposit_periods_start_idx').on('deposit_periods').columns(['period_start', 'deposit_id', 'period_number']).execute();
  await db.schema.createIndex('disbursements_bank_status_paid_idx').on('disbursements').columns(['bank_id', 'status', 'paid_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('disbursements_bank_status_paid_idx').execute();
  await db.schema.dropIndex('deposit_periods_start_idx').execute();
}
