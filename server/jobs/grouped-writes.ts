import type { ControlledTransaction, Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { mergeStatusCountMoves, statusCountsHeldBack, writeStatusCounts, type StatusCountMoves } from '../deposits/transition-service';

/**
 * The daily job's writes, several deposits to a transaction. One commit per deposit was half of
 * the job's time on 5,000 maturities (every commit writes the pages it touched — the deposit's
 * dozen index pages, the status counters — to the WAL again); a group of them shares one.
 *
 * Each deposit still succeeds or fails alone: it runs inside a savepoint, and a refusal
 * (ServiceError: the machine said no, or a lost race) rolls back that deposit only. Anything else
 * rolls back the open group and is thrown: a killed or failed run loses at most one group, which
 * the rerun does again (it only picks deposits still in their old state). Nothing outside the
 * group's transaction may read or write while it is open — on SQLite the one connection is
 * taken — so callers `commit()` before their next read on `db`.
 *
 * The deposits' status counters are moved once per group, just before its commit (per-deposit
 * moves are collected while the deposit's work runs, kept when its savepoint is released and
 * dropped when it is rolled back): two statements per status change became one per (bank, status)
 * per group, and the counter rows stay locked for the commit only (deposit-repository.ts).
 */
export interface GroupedWrites {
  /** Runs `work` for one deposit in the open group; a ServiceError comes back instead of being thrown. */
  one<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: ServiceError }>;
  /** Commits the open group, if any. */
  commit(): Promise<void>;
  /** Rolls back the open group, if any (after a failure, before the caller writes its report). */
  rollback(): Promise<void>;
}

const SAVEPOINT = 'deposit';

export function groupedWrites(db: Kysely<Database>, groupSize: number): GroupedWrites {
  let open: ControlledTransaction<Database> | undefined;
  let written = 0;
  let counts: StatusCountMoves = new Map();

  async function commit() {
    const trx = open;
    const moves = counts;
    open = undefined;
    written = 0;
    counts = new Map();
    if (!trx) return;
    try {
      await writeStatusCounts(trx, moves);
    } catch (error) {
      await trx.rollback().execute().catch(() => undefined);
      throw error;
    }
    await trx.commit().execute();
  }

  async function rollback() {
    const trx = open;
    open = undefined;
    written = 0;
    counts = new Map();
    if (trx) await trx.rollback().execute();
  }

  return {
    async one(work) {
      open ??= await db.startTransaction().execute();
      const point = await open.savepoint(SAVEPOINT).execute();
      const moves: StatusCountMoves = new Map();
      try {
        const value = await statusCountsHeldBack(moves, () => work(point));
        await point.releaseSavepoint(SAVEPOINT).execute();
        mergeStatusCountMoves(counts, moves);
        written += 1;
        if (written >= groupSize) await commit();
        return { ok: true, value };
      } catch (error) {
        if (!(error instanceof ServiceError)) {
          await rollback().catch(() => undefined);
          throw error;
        }
        await point.rollbackToSavepoint(SAVEPOINT).execute();
        await point.releaseSavepoint(SAVEPOINT).execute();
        return { ok: false, error };
      }
    },
    commit,
    rollback,
  };
}
