import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, SQLITE_FILE, type DatabaseHandle } from '../../server/platform/db/database';
import { backgroundCheckpoints, type BackgroundCheckpoints, type CheckpointResult } from '../../server/platform/db/sqlite-checkpoints';

/** The rows of table t in the database file alone, without its WAL: what a checkpoint has copied. */
function rowsInDatabaseFile(dir: string, file: string): number {
  const copy = join(dir, `copy-${Math.random().toString(36).slice(2)}.sqlite`);
  copyFileSync(file, copy);
  const reader = new BetterSqlite3(copy, { readonly: true });
  try {
    return (reader.prepare('select count(*) as n from t').get() as { n: number }).n;
  } finally {
    reader.close();
    rmSync(copy, { force: true });
  }
}

describe('SQLite checkpoints on a worker thread', () => {
  let dir: string;
  let file: string;
  let main: BetterSqlite3.Database;
  let checkpoints: BackgroundCheckpoints | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'berjangka-checkpoints-'));
    file = join(dir, 'test.sqlite');
    main = new BetterSqlite3(file);
    main.pragma('journal_mode = WAL');
    // The main connection never checkpoints here: whatever reaches the file, the worker copied.
    main.pragma('wal_autocheckpoint = 0');
    main.exec('create table t (n integer)');
    main.pragma('wal_checkpoint(TRUNCATE)');
  });
  afterEach(async () => {
    vi.useRealTimers();
    await checkpoints?.close();
    main.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const commit = (n: number) => {
    main.prepare('insert into t values (?)').run(n);
    checkpoints!.afterCommit();
  };

  it('copies what the main connection committed into the database file, a delay after the commit', async () => {
    vi.useFakeTimers();
    const done: CheckpointResult[] = [];
    const copied = new Promise<void>((resolve) => {
      checkpoints = backgroundCheckpoints(file, { delayMs: 100, onCheckpoint: (result) => (done.push(result), resolve()) });
    });
    commit(1);
    commit(2);
    expect(rowsInDatabaseFile(dir, file)).toBe(0);
    vi.advanceTimersByTime(99);
    expect(done).toEqual([]);
    vi.advanceTimersByTime(1);
    await copied;
    expect(done).toHaveLength(1);
    expect(done[0]!.walFrames).toBeGreaterThan(0);
    expect(done[0]!.copiedFrames).toBe(done[0]!.walFrames);
    expect(rowsInDatabaseFile(dir, file)).toBe(2);
  });

  it('commits within the delay share one checkpoint, and a commit after it gets the next', async () => {
    vi.useFakeTimers();
    const done: CheckpointResult[] = [];
    let answered: () => void = () => {};
    checkpoints = backgroundCheckpoints(file, { delayMs: 50, onCheckpoint: (result) => (done.push(result), answered()) });
    const next = () => new Promise<void>((resolve) => (answered = resolve));

    let checkpointed = next();
    for (let n = 1; n <= 5; n++) commit(n);
    vi.advanceTimersByTime(50);
    await checkpointed;
    expect(vi.getTimerCount()).toBe(0);

    checkpointed = next();
    commit(6);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(50);
    await checkpointed;
    expect(done).toHaveLength(2);
    expect(rowsInDatabaseFile(dir, file)).toBe(6);
  });
});

describe('the server database on SQLite', () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'berjangka-checkpoints-'));
    handle = openDatabase({ databaseUrl: undefined, dataDir: dir });
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gets a committed transaction into its database file on the worker, below the main connection's own checkpoint threshold", async () => {
    await sql`create table t (n integer)`.execute(handle.db);
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into t values (1), (2), (3)`.execute(trx);
    });
    await vi.waitFor(() => expect(rowsInDatabaseFile(dir, join(dir, SQLITE_FILE))).toBe(3), { timeout: 5000, interval: 20 });
  });
});
