import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/platform/db/database';

/**
 * An empty database for one benchmark, removed afterwards: SQLite in a temporary directory, or a
 * schema of its own in BENCH_DATABASE_URL's database (dropped with everything in it). `work` gets
 * the handle and the options migrateToLatest needs for it (the schema on PostgreSQL).
 */
export async function withScratchDatabase<T>(
  dialect: 'sqlite' | 'postgres',
  name: string,
  work: (database: DatabaseHandle, migration: { schema?: string }) => Promise<T>,
): Promise<T> {
  const databaseUrl = dialect === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  if (dialect === 'postgres' && !databaseUrl) throw new Error('BENCH_DATABASE_URL is not set');
  const dataDir = mkdtempSync(join(tmpdir(), `berjangka-bench-${name}-`));
  const schema = `bench_${name}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (databaseUrl) await admin(`create schema ${schema}`);
  const database = openDatabase({ databaseUrl, dataDir, ...(databaseUrl ? { pgSchema: schema } : {}) });
  try {
    return await work(database, databaseUrl ? { schema } : {});
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await admin(`drop schema if exists ${schema} cascade`);
  }
}
