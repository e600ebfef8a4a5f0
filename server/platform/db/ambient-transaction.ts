import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isSqlite } from './dialect';
import { groupCommitter, type GroupCommitter } from './group-commit';

/**
 * An ambient transaction: while `inAmbientTransaction(db, work)` runs, every query made through
 * the database handle returned by `withAmbientTransactions` — by any service, however deep — runs
 * in one database transaction, and a service's own `db.transaction().execute(fn)` becomes a
 * savepoint inside it (undone alone when `fn` throws). The HTTP layer uses it to store an
 * Idempotency-Key's answer in the same commit as the change it answers (platform/http/idempotency.ts).
 *
 * Every part of the server holds the wrapped handle; nothing may keep the raw Kysely, or on SQLite
 * (one connection) a query outside the ambient transaction would wait for it forever.
 */

interface Ambient {
  trx: unknown;
  /** Run after the transaction rolled back (or failed to commit): undo what it did outside the database. */
  afterRollback: Array<() => Promise<void>>;
  /** Savepoints open inside it now (db.transaction() within db.transaction()). */
  savepointDepth: number;
}

const ambient = new AsyncLocalStorage<Ambient>();

/** The handle every area uses: the plain database, or the ambient transaction when one is open. */
export function withAmbientTransactions<DB>(db: Kysely<DB>): Kysely<DB> {
  return new Proxy(db, {
    get(target, property) {
      const store = ambient.getStore();
      const trx = store?.trx as Transaction<DB> | undefined;
      if (store && trx && property === 'transaction') return () => savepointBuilder(store, trx);
      const source = trx ?? target;
      const value: unknown = Reflect.get(source, property, source);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/**
 * What `db.transaction()` answers inside an ambient transaction: the same builder shape, as a
 * savepoint. Named by its depth, so the statements' texts are the same at every request: a name
 * of its own each time (a counter) filled both dialects' statement caches with savepoints used
 * once, SQLite's 1,000 every ~250 partner placements, evicting and preparing again all the
 * statements that are used.
 */
function savepointBuilder<DB>(store: Ambient, trx: Transaction<DB>) {
  const builder = {
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
    async execute<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      store.savepointDepth += 1;
      const name = sql.raw(`ambient_${store.savepointDepth}`);
      try {
        await sql`savepoint ${name}`.execute(trx);
        try {
          const result = await work(trx);
          await sql`release savepoint ${name}`.execute(trx);
          return result;
        } catch (error) {
          await sql`rollback to savepoint ${name}`.execute(trx);
          await sql`release savepoint ${name}`.execute(trx);
          throw error;
        }
      } finally {
        store.savepointDepth -= 1;
      }
    },
  };
  return builder;
}

/** SQLite's group commits (group-commit.ts), one per database handle. */
const committers = new WeakMap<object, GroupCommitter<unknown>>();
/** A group takes no more units than a burst of partner placements brings in one go, and stays open at most this long for the queries waiting outside it. */
const GROUP_LIMITS = { maxUnits: 50, maxMs: 20 };

function committerOf<DB>(db: Kysely<DB>): GroupCommitter<DB> {
  let committer = committers.get(db) as GroupCommitter<DB> | undefined;
  if (!committer) {
    committer = groupCommitter(db, GROUP_LIMITS);
    committers.set(db, committer as GroupCommitter<unknown>);
  }
  return committer;
}

/**
 * Runs `work` in one transaction that every query of its async flow joins; commits when `work`
 * resolves, rolls back when it throws. `db` is the wrapped handle (or the raw Kysely). On SQLite
 * the transaction is a savepoint of a group commit: the work of other requests coming meanwhile
 * shares its commit, and the promise settles after that commit.
 */
export async function inAmbientTransaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (ambient.getStore()) throw new Error('an ambient transaction is already open in this request');
  const afterRollback: Ambient['afterRollback'] = [];
  const undo = async () => {
    for (const undoOne of afterRollback) await undoOne().catch(() => undefined);
  };
  const inAmbient = (trx: Transaction<DB>) => ambient.run({ trx, afterRollback, savepointDepth: 0 }, () => work(trx));
  if (isSqlite(db)) return committerOf(db).run(inAmbient, undo);
  try {
    return await db.transaction().execute(inAmbient);
  } catch (error) {
    await undo();
    throw error;
  }
}

/**
 * When an ambient transaction is open: runs `undo` should it roll back or fail to commit (bytes
 * a file store wrote outside the database for rows that then never committed). Nothing otherwise:
 * the caller's own transaction is then the whole story.
 */
export function onAmbientRollback(undo: () => Promise<void>): void {
  ambient.getStore()?.afterRollback.push(undo);
}

/**
 * Runs `work` in a transaction that every query of its async flow joins, whoever makes it: the
 * request's ambient transaction (as a savepoint) when one is open, else a new ambient one. For a
 * service whose transaction calls other services holding the shared handle (on SQLite's one
 * connection, their queries outside the transaction would wait for it forever).
 */
export function inJoinedTransaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return ambient.getStore() ? db.transaction().execute(work) : inAmbientTransaction(db, work);
}
