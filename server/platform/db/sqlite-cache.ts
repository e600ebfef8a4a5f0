import { sql, type Kysely } from 'kysely';
import { isSqlite } from './dialect';

/**
 * Runs `work` with the SQLite connection's page cache held to `kib` KiB, and gives the connection
 * its own size back afterwards, whatever `work` did. For one long write that touches far more
 * pages than it will read again (Impor Deposito's commit: some 700,000 rows): left at the
 * connection's 128 MB (database.ts), its cache fills to the last page and stays part of the
 * process's memory; held small, SQLite writes the surplus dirty pages into the WAL as it goes
 * (cache_spill), still within the one transaction. Shrinking the cache frees its pages above
 * the new size. It pays only while the rows' ids and the indexes they feed grow at their end
 * (row-id.ts): with random ids a 32 MB cache made that commit 50 % slower. Nothing on PostgreSQL.
 */
export async function withSqliteCacheSize<DB, T>(db: Kysely<DB>, kib: number, work: () => Promise<T>): Promise<T> {
  if (!isSqlite(db)) return work();
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  const before = Number(rows[0]!.cache_size);
  await sql.raw(`pragma cache_size = ${-Math.max(1, Math.round(kib))}`).execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`pragma cache_size = ${before}`).execute(db);
  }
}
