import type { ControlledTransaction, Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { groupedStatusCounts } from '../deposits/transition-service';
import { insertsHeldBack, mergeHeldBackInserts, writeHeldBackInserts, type HeldBackInserts } from '../platform/db/held-back-inserts';

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
 * The deposits' new audit rows, periods, installments and ARO letters, and their status-counter
 * moves, are written once per group, just before its commit: each deposit's are collected while
 * its work runs, kept when its savepoint is released and dropped when it is rolled back. One
 * multi-row INSERT per kind and one upsert per (bank, status) replace about five statements per
 * deposit (round trips on PostgreSQL), and the counter rows stay locked for the commit only
 * (platform/db/held-back-inserts.ts, deposit-repository.ts). Nothing in the group reads those rows
 * back before the commit; a failed write at the commit rolls the group back and is thrown, as a
 * failure inside it would.
 */
interface GroupedWrites {
  /** Runs `work` for one deposit in the open group; a ServiceError comes back instead of being thrown. */
  one<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: ServiceError }>;
  /** Commits the open group, if any. */
  commit(): Promise<void>;
  /** Rolls back the open group, if any (after a failure, before the caller writes its report). */
  rollback(): Promise<void>;
}

/**
 * Each deposit's savepoint has a name of its own in the group (deposit_1, deposit_2, …) and is not
 * released when the deposit succeeds: the commit ends them all, and a refusal rolls back to its
 * own. Releasing each was one statement per deposit (a round trip on PostgreSQL) that changed
 * nothing — a released savepoint's subtransaction stays part of the transaction until the end
 * either way.
 */
const savepointName = (index: number) => `deposit_${index}`;

export function groupedWrites(db: Kysely<Database>, groupSize: number): GroupedWrites {
  let open: ControlledTransaction<Database> | undefined;
  let written = 0;
  /** Refused deposits in the open group: savepoint names stay unique within it. */
  let refusedInGroup = 0;
  const counts = groupedStatusCounts();
  let inserts: HeldBackInserts = new Map();

  async function commit() {
    const trx = open;
    const rows = inserts;
    open = undefined;
    written = 0;
    refusedInGroup = 0;
    inserts = new Map();
    if (!trx) {
      counts.drop();
      return;
    }
    try {
      await writeHeldBackInserts(trx, rows);
      await counts.write(trx);
    } catch (error) {
      counts.drop();
      await trx.rollback().execute().catch(() => undefined);
      throw error;
    }
    await trx.commit().execute();
  }

  async function rollback() {
    const trx = open;
    open = undefined;
    written = 0;
    refusedInGroup = 0;
    counts.drop();
    inserts = new Map();
    if (trx) await trx.rollback().execute();
  }

  return {
    async one(work) {
      open ??= await db.startTransaction().execute();
      const name = savepointName(written + refusedInGroup + 1);
      const point = await open.savepoint(name).execute();
      const rows: HeldBackInserts = new Map();
      try {
        const value = await counts.hold(() => insertsHeldBack(rows, () => work(point)));
        mergeHeldBackInserts(inserts, rows);
        written += 1;
        if (written >= groupSize) await commit();
        return { ok: true, value };
      } catch (error) {
        if (!(error instanceof ServiceError)) {
          await rollback().catch(() => undefined);
          throw error;
        }
        await point.rollbackToSavepoint(name).execute();
        await point.releaseSavepoint(name).execute();
        refusedInGroup += 1;
        return { ok: false, error };
      }
    },
    commit,
    rollback,
  };
}
