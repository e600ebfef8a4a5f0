import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect';

/**
 * The first 0003_deposit_search (commit 9a2fa4d, in main for under an hour) indexed the NIK prefix
 * on (bank_id, customer_nik). On a SQLite database with ANALYZE statistics — the 1,000,000-deposit
 * benchmark has them — a new index has none, so SQLite took that one for every `bank_id = ?` query
 * and the plain deposit list sorted the whole bank per page (5 ms → 3.6 s). 0003 now makes the
 * index on customer_nik alone; this brings the databases that ran the first version to the same
 * schema, and does nothing on the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists deposits_bank_nik_idx`.execute(db);
  // The same index as 0003 makes (see there for the collation and the operator class).
  if (isSqlite(db)) await sql`create index if not exists deposits_nik_idx on deposits (customer_nik collate nocase)`.execute(db);
  else await sql`create index if not exists deposits_nik_idx on deposits (customer_nik text_pattern_ops)`.execute(db);
}

/** Nothing to undo: the schema after this is what 0003 makes, and 0003's down removes it. */
export async function down(): Promise<void> {}
