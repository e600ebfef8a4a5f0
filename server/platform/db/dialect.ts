import { SqliteAdapter, type Kysely } from 'kysely';

/**
 * True when `db` runs on SQLite, for the few statements the two dialects cannot share (full-text
 * search). Kysely has no public way to ask; its maintainers point to the adapter
 * (kysely-org/kysely#1415). The search tests run on both dialects and check the query plans, so
 * a Kysely upgrade that moves this fails them instead of silently dropping the index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations call this below the typed schema
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
