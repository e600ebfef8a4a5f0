import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * Group commit for SQLite's one connection: the units of work that come while one is running
 * join its transaction, each in a savepoint of its own, and the transaction commits once at the
 * end of the event loop's turn in which the last of them finished. A unit that throws is rolled
 * back to its savepoint alone; each is answered only after the commit, so nobody hears of a change
 * that is not on disk, and if the commit fails every unit of the group fails with it.
 *
 * Why: a commit appends every page the transaction touched to the WAL, and a partner placement
 * touches some 60 (17 on the deposit's own indexes). Placements that share a commit write the
 * pages they share — the tails of the indexes that grow at their end, the counters, the audit
 * tables — once. Under a burst the units waiting get cheaper the more of them there are, which
 * is what brings the queue down (bench/partner-placement.ts). Alone, a unit costs two more
 * statements (its savepoint) and a turn of the event loop.
 *
 * Queries outside these units (`db.selectFrom(…)` with no transaction) wait for the group's
 * commit as they waited for any transaction before: bounded by `maxUnits` and `maxMs`.
 */
export interface GroupCommitLimits {
  /** No more units join a group once it has this many. */
  maxUnits: number;
  /** No more units join a group once it has been open this long. */
  maxMs: number;
}

interface Unit {
  work: (trx: Transaction<unknown>) => Promise<unknown>;
  /** The caller's async context (its AsyncLocalStorage values), in which its work runs. */
  resume: <R>(fn: () => R) => R;
  /** Undoes what the unit did outside the database, when it is not committed. */
  undo: () => Promise<void>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface GroupCommitter<DB> {
  run<T>(work: (trx: Transaction<DB>) => Promise<T>, undo: () => Promise<void>): Promise<T>;
}

const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function groupCommitter<DB>(db: Kysely<DB>, limits: GroupCommitLimits): GroupCommitter<DB> {
  const waiting: Unit[] = [];
  let draining = false;

  async function inSavepoint(trx: Transaction<DB>, unit: Unit): Promise<Outcome> {
    // One name for every unit (they follow each other, never nest): a text of its own each time
    // would fill the statement cache with statements used once.
    const name = sql.raw('grouped_unit');
    await sql`savepoint ${name}`.execute(trx);
    try {
      const value = await unit.resume(() => unit.work(trx as Transaction<unknown>));
      await sql`release savepoint ${name}`.execute(trx);
      return { ok: true, value };
    } catch (error) {
      await sql`rollback to savepoint ${name}`.execute(trx);
      await sql`release savepoint ${name}`.execute(trx);
      return { ok: false, error };
    }
  }

  /** One group: units run one after the other until none is waiting at the end of a turn, or a limit is reached. */
  async function commitOneGroup(): Promise<void> {
    const group: Array<{ unit: Unit; outcome?: Outcome }> = [];
    const opened = performance.now();
    const full = () => group.length >= limits.maxUnits || performance.now() - opened >= limits.maxMs;
    try {
      await db.transaction().execute(async (trx) => {
        for (;;) {
          const unit = waiting.shift();
          if (unit) {
            // In the group before it runs: should its savepoint's own statements fail, it fails with the group.
            const entry: { unit: Unit; outcome?: Outcome } = { unit };
            group.push(entry);
            entry.outcome = await inSavepoint(trx, unit);
            if (full()) return;
            continue;
          }
          // What arrives in the rest of this turn (other requests already read) joins the commit.
          await endOfTurn();
          if (waiting.length === 0 || full()) return;
        }
      });
    } catch (error) {
      // The transaction could not begin, a savepoint statement or the commit failed: nothing of the
      // group is on disk. When not even the first unit ran (the database closed), the units
      // waiting would meet the same: they fail too, instead of being tried again and again.
      const failed = group.length > 0 ? group.map((entry) => entry.unit) : waiting.splice(0);
      for (const unit of failed) {
        await unit.undo();
        unit.reject(error);
      }
      return;
    }
    for (const { unit, outcome } of group) {
      if (outcome!.ok) unit.resolve(outcome!.value);
      else {
        await unit.undo();
        unit.reject(outcome!.error);
      }
    }
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (waiting.length > 0) await commitOneGroup();
    } finally {
      draining = false;
    }
  }

  return {
    run<T>(work: (trx: Transaction<DB>) => Promise<T>, undo: () => Promise<void>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ work: work as Unit['work'], resume: AsyncLocalStorage.snapshot(), undo, resolve: resolve as Unit['resolve'], reject });
        if (!draining) void drain();
      });
    },
  };
}
