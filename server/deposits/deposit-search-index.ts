import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import { isSqlite } from '../platform/db/dialect';
import type { Database } from '../platform/db/schema';

/**
 * SQLite's trigram index of the deposits' names and numbers, kept moments behind the writes
 * (migration 0027): a new deposit notes its rowid in `deposits_search_pending` and this indexes
 * the pending ones in batches, each batch one transaction. Searching reads the pending rowids as
 * candidates meanwhile, so nothing is ever missing from a search; the index only makes it fast.
 */

const BATCH = 2_000;

/** Indexes up to `limit` pending deposits; answers how many. PostgreSQL: nothing to do. */
export async function indexPendingDeposits(db: Kysely<Database>, limit = BATCH): Promise<number> {
  if (!isSqlite(db)) return 0;
  return db.transaction().execute(async (trx) => {
    const pending = await sql<{ deposit_rowid: number }>`select deposit_rowid from deposits_search_pending order by deposit_rowid limit ${limit}`.execute(trx);
    if (pending.rows.length === 0) return 0;
    const last = pending.rows.at(-1)!.deposit_rowid;
    await sql`insert into deposits_search (rowid, customer_name, deposit_number)
      select d.rowid, d.customer_name, d.deposit_number from deposits_search_pending p join deposits d on d.rowid = p.deposit_rowid where p.deposit_rowid <= ${last}`.execute(trx);
    await sql`delete from deposits_search_pending where deposit_rowid <= ${last}`.execute(trx);
    return pending.rows.length;
  });
}

interface DepositSearchIndexer {
  stop(): Promise<void>;
}

/**
 * Indexes what is pending every `everyMs`, batch after batch until nothing waits (an import of
 * 100,000 deposits is indexed in a few seconds, other requests taking turns between batches).
 */
export function startDepositSearchIndexer(deps: { db: Kysely<Database>; logger: Logger; everyMs?: number }): DepositSearchIndexer {
  if (!isSqlite(deps.db)) return { stop: async () => undefined };
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = async () => {
    try {
      while (!stopped && (await indexPendingDeposits(deps.db)) === BATCH) await new Promise((resolve) => setImmediate(resolve));
    } catch (error) {
      deps.logger.error({ err: error }, 'deposit search indexing failed; it is tried again');
    }
  };
  const timer = setInterval(() => {
    running = running.then(round);
  }, deps.everyMs ?? 1_000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
