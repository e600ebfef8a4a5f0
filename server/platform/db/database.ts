import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { withAmbientTransactions } from './ambient-transaction';
import { kyselyReads, sqliteWorkerReads, type OffloadedReads } from './offloaded-reads';
import type { Database } from './schema';
import { backgroundCheckpoints, type BackgroundCheckpoints } from './sqlite-checkpoints';
import { withStatementCache } from './statement-cache';
import { withPreparedStatements } from './pg-prepared-statements';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Long read-only walks (Excel downloads): on SQLite a worker thread's own connection. */
  reads: OffloadedReads;
  /** True when the database answers a trivial query (used by /healthz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** postgres://… runs on PostgreSQL; undefined runs on SQLite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL only: the schema to work in (tests give each run its own). */
  pgSchema?: string;
  /**
   * PostgreSQL only: told when an idle pooled connection dies (a server restart, a failover,
   * pg_terminate_backend). The pool drops that connection and opens a new one for the next query.
   */
  onConnectionLost?: (error: Error) => void;
}

/** The SQLite database's file name inside DATA_DIR. */
export const SQLITE_FILE = 'berjangka.sqlite';
const PG_INT8_OID = 20;
/**
 * How long after a commit the checkpoint worker copies the WAL into the database file
 * (sqlite-checkpoints.ts): long enough that one checkpoint covers many commits (a page written
 * by each of them is copied once), short enough that the main connection's automatic checkpoint
 * finds nearly all frames copied when it comes.
 */
const CHECKPOINT_DELAY_MS = 100;

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const checkpoints = options.databaseUrl ? undefined : backgroundCheckpoints(join(options.dataDir, SQLITE_FILE), { delayMs: CHECKPOINT_DELAY_MS });
  // Every part of the server gets this handle, so a request's ambient transaction reaches them all.
  const db = withAmbientTransactions(
    new Kysely<Database>({
      dialect: options.databaseUrl ? postgresDialect(options.databaseUrl, options.pgSchema, options.onConnectionLost) : sqliteDialect(options.dataDir, checkpoints!),
    }),
  );
  const reads = options.databaseUrl ? kyselyReads(db) : sqliteWorkerReads(join(options.dataDir, SQLITE_FILE));
  return {
    db,
    dialect,
    reads,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await reads.close();
      await checkpoints?.close();
      await db.destroy();
    },
  };
}

function sqliteDialect(dataDir: string, checkpoints: BackgroundCheckpoints): SqliteDialect {
  mkdirSync(dataDir, { recursive: true });
  const database = new BetterSqlite3(join(dataDir, SQLITE_FILE));
  database.pragma('journal_mode = WAL');
  // In WAL mode NORMAL never corrupts the database; a power cut can lose only the last commits,
  // and the daily job's rerun redoes a lost job commit. It and a 128 MB page cache took the
  // 5,000-maturity daily job from 22 s to 8.5 s (bench/deposits.ts).
  database.pragma('synchronous = NORMAL');
  database.pragma('cache_size = -131072');
  // A placement writes some 60 pages: at SQLite's default of 1,000 the WAL was checkpointed (and
  // the file synced, on the server's only thread) every ~16 placements. 10,000 pages (~40 MB of
  // WAL) cut a commit from 1.3 to 0.8 ms (bench/partner-placement.ts). The checkpoint worker
  // copies the frames meanwhile, so this connection's checkpoint only finishes the last ones and
  // starts the WAL afresh.
  database.pragma('wal_autocheckpoint = 10000');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: observingCommits(withStatementCache(database), () => checkpoints.afterCommit()) });
}

function postgresDialect(connectionString: string, schema: string | undefined, onConnectionLost: DatabaseOptions['onConnectionLost']): PostgresDialect {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    application_name: 'berjangka',
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // count(*) and bigint columns come back as int8; read them as numbers like SQLite does.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // Without a listener an idle connection's death is an unhandled 'error' event: it ended the process.
  pool.on('error', (error) => onConnectionLost?.(error));
  return new PostgresDialect({ pool: withPreparedStatements(pool) });
}

/**
 * Tells `afterCommit` of every transaction's commit. Kysely's SQLite driver commits by preparing
 * and running `commit`; told at the prepare, just before it runs, which the checkpoint's delay covers.
 */
function observingCommits(database: SqliteDatabase, afterCommit: () => void): SqliteDatabase {
  return {
    prepare(text: string) {
      if (text === 'commit') afterCommit();
      return database.prepare(text);
    },
    close: () => database.close(),
  };
}
