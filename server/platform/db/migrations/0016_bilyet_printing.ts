import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect';

/**
 * A bilyet's number is known when it is printed (issue 17 item 3):
 * - bank_settings: where the number comes from — `FORM` (pre-numbered blanks, typed at the print)
 *   or `SERIES` (prefix, next number, digits) — FORM by default, as banks worked until now.
 * - bilyet_numbers: a row is written at the print (`printed_at`, `issued_at` still empty), so the
 *   paper's QR verifies from then on as printed and awaiting issue, and the primary key
 *   (bank, number) keeps printed and issued numbers apart alike; the upload of the scan fills
 *   `issued_at`. SQLite cannot drop a NOT NULL, so the table is rebuilt there.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema of its own day, not today's Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('bank_settings').addColumn('bilyet_number_source', 'text', (col) => col.notNull().defaultTo('FORM')).execute();
  await db.schema.alterTable('bank_settings').addColumn('bilyet_series_prefix', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('bank_settings').addColumn('bilyet_series_next', 'bigint', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('bank_settings').addColumn('bilyet_series_digits', 'integer', (col) => col.notNull().defaultTo(6)).execute();

  if (isSqlite(db)) {
    await sql`create table bilyet_numbers_new (
      bank_id text not null,
      number text not null,
      deposit_id text not null,
      verification_code text not null unique,
      issued_at text,
      printed_at text,
      constraint bilyet_numbers_pk primary key (bank_id, number)
    )`.execute(db);
    await sql`insert into bilyet_numbers_new (bank_id, number, deposit_id, verification_code, issued_at) select bank_id, number, deposit_id, verification_code, issued_at from bilyet_numbers`.execute(db);
    await sql`drop table bilyet_numbers`.execute(db);
    await sql`alter table bilyet_numbers_new rename to bilyet_numbers`.execute(db);
  } else {
    await db.schema.alterTable('bilyet_numbers').alterColumn('issued_at', (col) => col.dropNotNull()).execute();
    await db.schema.alterTable('bilyet_numbers').addColumn('printed_at', 'text').execute();
  }
  // The print looks up the paper printed for a deposit and not issued yet.
  await db.schema.createIndex('bilyet_numbers_deposit_idx').on('bilyet_numbers').columns(['deposit_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('bilyet_numbers_deposit_idx').execute();
  await db.deleteFrom('bilyet_numbers').where('issued_at', 'is', null).execute();
  await db.schema.alterTable('bilyet_numbers').dropColumn('printed_at').execute();
  if (!isSqlite(db)) await db.schema.alterTable('bilyet_numbers').alterColumn('issued_at', (col) => col.setNotNull()).execute();
  for (const column of ['bilyet_series_digits', 'bilyet_series_next', 'bilyet_series_prefix', 'bilyet_number_source']) {
    await db.schema.alterTable('bank_settings').dropColumn(column).execute();
  }
}
