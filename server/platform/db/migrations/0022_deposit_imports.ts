import type { Kysely } from 'kysely';

/**
 * Impor Deposito (issue 18): one row per committed import of a bank's running book from its old
 * system — the file's name, how many deposits and how much principal it brought, the cut-over
 * date and the admin who wrote it. Listed newest first per bank (GET /deposito/import). The
 * deposits themselves carry the import's id in their 'deposit.import' timeline row.
 *
 * And an index on deposits (bilyet_number, bank_id): an import asks, 1,000 rows at a time,
 * whether the bank has given a bilyet number already, which otherwise reads every deposit of the
 * bank each time (a million rows per batch in a large bank). The number leads: an index led by
 * bank_id alone would draw SQLite's planner away from the list's and the search's own indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deposit_imports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('rows', 'integer', (col) => col.notNull())
    .addColumn('principal', 'bigint', (col) => col.notNull())
    /** 'YYYY-MM-DD': installments paying before it were paid by the old system. */
    .addColumn('cut_over_date', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('deposit_imports_bank_created_idx').on('deposit_imports').columns(['bank_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('deposits_bilyet_number_bank_idx').on('deposits').columns(['bilyet_number', 'bank_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('deposits_bilyet_number_bank_idx').execute();
  await db.schema.dropTable('deposit_imports').execute();
}
