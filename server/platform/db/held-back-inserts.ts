import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database>;

/** How a repository writes rows of one kind (its table and its INSERT, conflict clause included). */
export type RowWriter<Row> = (db: Db, rows: Row[]) => Promise<void>;

/**
 * Inserts held back while a unit of work runs: per writer, the rows in the order they came.
 * Writers are module-level functions, so the same kind of row always lands in the same list.
 */
export type HeldBackInserts = Map<RowWriter<never>, unknown[]>;

const holding = new AsyncLocalStorage<HeldBackInserts>();

/** Rows per INSERT when held-back rows are written: far below both dialects' parameter limits. */
const ROWS_PER_STATEMENT = 500;

/**
 * Inserts `rows` with `write` — or, inside insertsHeldBack, keeps them to be written later in the
 * same transaction (writeHeldBackInserts), several deposits' rows in one statement. Only for rows
 * nothing reads back before that write: new audit rows, periods, installments, letters.
 */
export async function insertOrHoldBack<Row>(db: Db, rows: Row[], write: RowWriter<Row>): Promise<void> {
  if (rows.length === 0) return;
  const held = holding.getStore();
  if (!held) return write(db, rows);
  const key = write as RowWriter<never>;
  const list = held.get(key) ?? [];
  list.push(...rows);
  held.set(key, list);
}

/**
 * Runs `work` with its inserts (through insertOrHoldBack) collected into `held` instead of sent.
 * The daily job's groups use it: a group's audit rows, periods, installments and ARO letters go
 * in a handful of multi-row INSERTs just before its commit instead of one statement per row —
 * each a round trip on PostgreSQL (bench/deposits.ts).
 */
export function insertsHeldBack<T>(held: HeldBackInserts, work: () => Promise<T>): Promise<T> {
  return holding.run(held, work);
}

/** Adds `from`'s rows after `into`'s (a deposit's rows join its group's once its savepoint is released). */
export function mergeHeldBackInserts(into: HeldBackInserts, from: HeldBackInserts): void {
  for (const [write, rows] of from) {
    const list = into.get(write) ?? [];
    list.push(...rows);
    into.set(write, list);
  }
}

/** Writes held-back rows kind by kind, in the order each kind first came, in statements of up to 500 rows. */
export async function writeHeldBackInserts(db: Db, held: HeldBackInserts): Promise<void> {
  for (const [write, rows] of held) {
    for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) await write(db, rows.slice(from, from + ROWS_PER_STATEMENT) as never[]);
  }
}
