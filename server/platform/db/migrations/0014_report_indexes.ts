import type { Kysely } from 'kysely';

/**
 * Indexes the monthly reports walk (issue 11, server/reports):
 * - deposit_periods (period_start, deposit_id, period_number): the rollovers and extensions that
 *   began in a month, read in keyset batches in that order, and the principal changes an LPS
 *   average balance takes from them. Without it every batch scanned every period ever started.
 * - deposit_periods (maturity_date, deposit_id): the periods maturing in a month (Beranda's chart
 *   and the reports' summary count them), which read every period ever started without it.
 * - disbursements (bank_id, status, paid_at, id): the payouts transferred in a month (closures) in
 *   keyset order, the deposits paid out after a day (what the bank still held then), and the
 *   balance leaving the bank on each day.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema of its own day, not today's Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('deposit_periods_start_idx').on('deposit_periods').columns(['period_start', 'deposit_id', 'period_number']).execute();
  await db.schema.createIndex('deposit_periods_maturity_idx').on('deposit_periods').columns(['maturity_date', 'deposit_id']).execute();
  await db.schema.createIndex('disbursements_bank_status_paid_idx').on('disbursements').columns(['bank_id', 'status', 'paid_at', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('disbursements_bank_status_paid_idx').execute();
  await db.schema.dropIndex('deposit_periods_maturity_idx').execute();
  await db.schema.dropIndex('deposit_periods_start_idx').execute();
}
