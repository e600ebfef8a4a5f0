import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../../server/platform/db/statement-cache';

describe('prepared statements kept by their SQL (Kysely on SQLite)', () => {
  let database: BetterSqlite3.Database;
  let prepare: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    database = new BetterSqlite3(':memory:');
    database.exec('create table t (n integer)');
    database.exec('insert into t values (1), (2), (3)');
    prepare = vi.spyOn(database, 'prepare');
  });
  afterEach(() => {
    if (database.open) database.close();
  });

  it('prepares a query text once and answers later runs with the same statement', () => {
    const cached = withStatementCache(database);
    const first = cached.prepare('select n from t where n > ?');
    expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    const again = cached.prepare('select n from t where n > ?');
    expect(again).toBe(first);
    expect(again.all([2])).toEqual([{ n: 3 }]);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('gives a query its own statement while the cached one is still iterating (a streamed read)', () => {
    const cached = withStatementCache(database);
    const streaming = cached.prepare('select n from t order by n');
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    const meanwhile = cached.prepare('select n from t order by n');
    expect(meanwhile).not.toBe(streaming);
    expect(meanwhile.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('keeps at most `capacity` statements, dropping the least recently used', () => {
    const cached = withStatementCache(database, 2);
    cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1'); // now 'select 2' is the least recent
    cached.prepare('select 3'); // drops 'select 2'
    prepare.mockClear();
    cached.prepare('select 1');
    cached.prepare('select 3');
    expect(prepare).not.toHaveBeenCalled();
    cached.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('close() closes the database', () => {
    withStatementCache(database).close();
    expect(database.open).toBe(false);
  });
});
