import type { Database as BetterSqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver prepares every query anew, and better-sqlite3's prepare parses and plans
 * the SQL each time: a fifth of the daily job's time on 5,000 maturities (bench/deposits.ts). The
 * SQL Kysely compiles from the same builder is the same string, so prepared statements are kept
 * by their text, least recently used dropped beyond `capacity` (IN lists of every length make
 * new texts). A statement still iterating (a streamed query) is busy, so that query gets a fresh
 * one. SQLite re-prepares a cached statement by itself when a migration changes the schema.
 */
export function withStatementCache(database: BetterSqliteDatabase, capacity = 1000): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Map keeps insertion order: moving the entry to the end makes the first the least recent.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > capacity) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
