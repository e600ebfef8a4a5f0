import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect';

/**
 * FILE_STORE=database: the bytes of uploaded files, one row per stored_files row, written in the
 * transaction that inserts it (platform/files/file-store.ts), so several instances on one
 * PostgreSQL serve each other's uploads and a rolled-back upload leaves no bytes. `bytea` on
 * PostgreSQL, `blob` on SQLite. Files stay small (registration documents and transfer proofs up
 * to 5 MB, logos 1 MB); PostgreSQL keeps values this size out of line (TOAST), so the table's own
 * pages stay small. Empty unless FILE_STORE=database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_contents')
    .addColumn('file_id', 'text', (col) => col.primaryKey().references('stored_files.id'))
    .addColumn('bytes', isSqlite(db) ? 'blob' : 'bytea', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_contents').execute();
}
