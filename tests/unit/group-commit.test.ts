import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inAmbientTransaction, onAmbientRollback, withAmbientTransactions } from '../../server/platform/db/ambient-transaction';
import { groupCommitter } from '../../server/platform/db/group-commit';

interface Db {
  t: { n: number };
  parents: { id: number };
  children: { parent_id: number };
}

/**
 * SQLite's group commit (server/platform/db/group-commit.ts, used by inAmbientTransaction): the
 * requests that come while one runs share its commit, each in a savepoint of its own.
 */
describe('group commit on SQLite', () => {
  let dir: string;
  let file: string;
  let db: Kysely<Db>;
  let commits: number;
  /** Every statement text the connection was asked to prepare. */
  let texts: Set<string>;
  /** Another connection: what it reads is what is on disk. */
  let outside: BetterSqlite3.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'berjangka-group-commit-'));
    file = join(dir, 'test.sqlite');
    const connection = new BetterSqlite3(file);
    connection.pragma('journal_mode = WAL');
    connection.pragma('foreign_keys = ON');
    commits = 0;
    texts = new Set();
    const counting = {
      prepare: (text: string) => {
        texts.add(text);
        if (text === 'commit') commits += 1;
        return connection.prepare(text);
      },
      close: () => connection.close(),
    };
    db = withAmbientTransactions(new Kysely<Db>({ dialect: new SqliteDialect({ database: counting }) }));
    await sql`create table t (n integer primary key)`.execute(db);
    await sql`create table parents (id integer primary key)`.execute(db);
    await sql`create table children (parent_id integer references parents (id) deferrable initially deferred)`.execute(db);
    commits = 0;
    outside = new BetterSqlite3(file, { readonly: true });
  });
  afterEach(async () => {
    outside.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const onDisk = () => (outside.prepare('select n from t order by n').all() as Array<{ n: number }>).map((row) => row.n);
  const insert = (n: number) => db.insertInto('t').values({ n }).execute();

  it('requests that come while one runs share its one commit, and each hears back only once it is on disk', async () => {
    const heard: Array<{ n: number; onDisk: number[] }> = [];
    const place = (n: number) => inAmbientTransaction(db, async () => insert(n)).then(() => heard.push({ n, onDisk: onDisk() }));
    await Promise.all([place(1), place(2), place(3)]);
    expect(commits).toBe(1);
    expect(heard).toEqual([
      { n: 1, onDisk: [1, 2, 3] },
      { n: 2, onDisk: [1, 2, 3] },
      { n: 3, onDisk: [1, 2, 3] },
    ]);
  });

  it('a request that arrives after the commit gets a commit of its own', async () => {
    await inAmbientTransaction(db, async () => insert(1));
    await inAmbientTransaction(db, async () => insert(2));
    expect(commits).toBe(2);
    expect(onDisk()).toEqual([1, 2]);
  });

  it('a request that fails is undone alone, its rollback hook run; the others of its group are kept', async () => {
    const undone: number[] = [];
    const results = await Promise.allSettled([
      inAmbientTransaction(db, async () => insert(1)),
      inAmbientTransaction(db, async () => {
        onAmbientRollback(async () => void undone.push(2));
        await insert(2);
        throw new Error('Nominal melebihi batas');
      }),
      inAmbientTransaction(db, async () => insert(3)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('Nominal melebihi batas'));
    expect(undone).toEqual([2]);
    expect(onDisk()).toEqual([1, 3]);
    expect(commits).toBe(1);
  });

  it('when the commit fails every request of the group fails with it, nothing is kept and every rollback hook runs', async () => {
    const undone: string[] = [];
    const results = await Promise.allSettled([
      inAmbientTransaction(db, async () => {
        onAmbientRollback(async () => void undone.push('first'));
        await insert(1);
      }),
      inAmbientTransaction(db, async () => {
        onAmbientRollback(async () => void undone.push('second'));
        // A deferred foreign key: the statement passes, the commit refuses.
        await db.insertInto('children').values({ parent_id: 99 }).execute();
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(undone.sort()).toEqual(['first', 'second']);
    expect(onDisk()).toEqual([]);
    expect(outside.prepare('select count(*) as n from children').get()).toEqual({ n: 0 });
    // The connection is usable again, in a commit of its own.
    await inAmbientTransaction(db, async () => insert(4));
    expect(onDisk()).toEqual([4]);
  });

  it("each request's work runs in its own caller's async context, not the first one's", async () => {
    const requestId = new AsyncLocalStorage<string>();
    const seen: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((id) =>
        requestId.run(id, () =>
          inAmbientTransaction(db, async () => {
            seen.push(requestId.getStore()!);
          }),
        ),
      ),
    );
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('a query outside any request waits for the open group and then reads what it committed', async () => {
    let releaseWork: () => void = () => {};
    const working = inAmbientTransaction(db, async () => {
      await insert(1);
      await new Promise<void>((resolve) => (releaseWork = resolve));
    });
    await new Promise((resolve) => setImmediate(resolve));
    const read = db.selectFrom('t').select('n').execute();
    let answered = false;
    void read.then(() => (answered = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    releaseWork();
    await working;
    expect(await read).toEqual([{ n: 1 }]);
  });

  it('savepoints, the group\'s and those of a transaction inside a request, have the same text at every request (the statement caches keep them)', async () => {
    const request = (n: number) =>
      inAmbientTransaction(db, async () => {
        await db.transaction().execute(async () => {
          await insert(n);
          await db.transaction().execute(async () => insert(n + 1000));
        });
        await db.transaction().execute(async () => {
          throw new Error('ditolak');
        }).catch(() => undefined);
      });
    for (let n = 1; n <= 20; n += 1) await request(n);
    await Promise.all([21, 22, 23].map(request));
    const savepoints = [...texts].filter((text) => /savepoint/i.test(text)).sort();
    expect(savepoints).toEqual([
      'release savepoint ambient_1',
      'release savepoint ambient_2',
      'release savepoint grouped_unit',
      'rollback to savepoint ambient_1',
      'savepoint ambient_1',
      'savepoint ambient_2',
      'savepoint grouped_unit',
    ]);
    expect(onDisk()).toHaveLength(46);
  });

  it('requests on a database that can no longer begin a transaction fail, all of them, instead of waiting forever', async () => {
    const closing = new BetterSqlite3(join(dir, 'closing.sqlite'));
    const closed = withAmbientTransactions(new Kysely<Db>({ dialect: new SqliteDialect({ database: closing }) }));
    await sql`select 1`.execute(closed);
    closing.close();
    const results = await Promise.allSettled([1, 2, 3].map(() => inAmbientTransaction(closed, async () => 'placed')));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('a group takes no more than its limit; the rest commit in the next', async () => {
    const committer = groupCommitter(db, { maxUnits: 2, maxMs: 1_000 });
    const undo = async () => {};
    await Promise.all([1, 2, 3].map((n) => committer.run((trx) => trx.insertInto('t').values({ n }).execute(), undo)));
    expect(commits).toBe(2);
    expect(onDisk()).toEqual([1, 2, 3]);
  });
});
