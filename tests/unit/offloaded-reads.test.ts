import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteWorkerReads, type OffloadedReads } from '../../server/platform/db/offloaded-reads';

interface Db {
  deposits: { id: string; amount: number; rate: number | null; note: string | null };
}

describe('SQLite reads on a worker thread (Excel downloads)', () => {
  let dir: string;
  let file: string;
  let db: Kysely<Db>;
  let reads: OffloadedReads;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'berjangka-reads-'));
    file = join(dir, 'test.sqlite');
    const connection = new BetterSqlite3(file);
    connection.pragma('journal_mode = WAL');
    db = new Kysely<Db>({ dialect: new SqliteDialect({ database: connection }) });
    await sql`create table deposits (id text primary key, amount integer not null, rate real, note text)`.execute(db);
    await db.insertInto('deposits').values([
      { id: 'a', amount: 10_000_000, rate: 4.25, note: null },
      { id: 'b', amount: 7_500_001, rate: null, note: 'Siti' },
    ]).execute();
    reads = sqliteWorkerReads(file);
  });

  afterEach(async () => {
    await reads.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a Kysely select with the rows, values and types the main connection reads', async () => {
    const query = db.selectFrom('deposits').selectAll().where('amount', '>', 1).orderBy('id');
    expect(await reads.rows(query)).toEqual(await query.execute());
    expect(await reads.rows(query)).toEqual([
      { id: 'a', amount: 10_000_000, rate: 4.25, note: null },
      { id: 'b', amount: 7_500_001, rate: null, note: 'Siti' },
    ]);
  });

  it('sees what the main connection committed after the worker started (WAL)', async () => {
    const count = db.selectFrom('deposits').select((eb) => eb.fn.countAll<number>().as('n'));
    expect(await reads.rows(count)).toEqual([{ n: 2 }]);
    await db.insertInto('deposits').values({ id: 'c', amount: 1, rate: null, note: null }).execute();
    expect(await reads.rows(count)).toEqual([{ n: 3 }]);
  });

  it('answers several reads at once, each with its own rows', async () => {
    const [a, b] = await Promise.all([
      reads.rows(db.selectFrom('deposits').select('id').where('id', '=', 'a')),
      reads.rows(db.selectFrom('deposits').select('id').where('id', '=', 'b')),
    ]);
    expect([a, b]).toEqual([[{ id: 'a' }], [{ id: 'b' }]]);
  });

  it('a failing read rejects with the database message and the next read still works', async () => {
    await expect(reads.rows(db.selectFrom('deposits').select(sql<number>`nope`.as('x')))).rejects.toThrow(/no such column: nope/);
    expect(await reads.rows(db.selectFrom('deposits').select('id').orderBy('id'))).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('refuses to write: the connection is read-only and only SELECTs run there', async () => {
    await expect(reads.rows(db.deleteFrom('deposits'))).rejects.toThrow(/Only SELECT/);
    expect(await db.selectFrom('deposits').select('id').execute()).toHaveLength(2);
  });

  it('after close, reads are refused instead of starting a new worker', async () => {
    await reads.rows(db.selectFrom('deposits').select('id'));
    await reads.close();
    await expect(reads.rows(db.selectFrom('deposits').select('id'))).rejects.toThrow(/closed/);
  });
});
