import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { isSqlite } from './dialect';
import type { Database } from './schema';

/**
 * Rows written in bulk (Impor Deposito: a book of 100,000 deposits is some 1.5 million rows of
 * deposits, periods, installments, timeline, bilyets, customers — each area writing its own
 * tables through this). One INSERT per row would take minutes, so rows go in multi-row INSERTs,
 * as many per statement as the dialect's bound parameters allow (SQLite: 32,766; PostgreSQL:
 * 65,535), all inside the caller's transaction.
 *
 * The single rows of a placement go through it too (its deposit, period, timeline row, customer
 * and audit): building and compiling the 40-column INSERT of a deposit with Kysely at every
 * partner placement cost more than SQLite took to insert it.
 */

type Db = Kysely<Database>;

/** Parameters per statement, kept under both dialects' limits with room to spare. */
const MAX_PARAMETERS = 30_000;

/** The largest power of two not above `n` (n ≥ 1). */
const powerOfTwoAtMost = (n: number) => 2 ** Math.floor(Math.log2(n));

/**
 * Inserts `rows` into `table` in multi-row statements of a power-of-two number of rows, as many
 * as the parameter bound allows. Powers of two because the SQLite connection keeps its last 1,000
 * prepared statements by their text (statement-cache.ts): statements of any length would leave
 * hundreds of different texts of tens of thousands of parameters there — most of a gigabyte for
 * one import of 100,000 deposits — where these are a dozen per table, prepared once and reused.
 *
 * The statement's text is written once per table, columns and row count (insertText) and the
 * values handed over as one flat list: Kysely's builder would make a node per value and compile
 * them into the same text again for every statement — some 30 million nodes for an import of
 * 100,000 deposits, a fifth of the commit's time and most of its garbage. Rows must all have the
 * first row's columns, none undefined (Kysely would write DEFAULT there): such rows, which the
 * import never makes, go through Kysely.
 */
export async function insertInChunks<T extends keyof Database & string>(db: Db, table: T, rows: ReadonlyArray<Insertable<Database[T]>>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const sqlite = isSqlite(db);
  const bound = powerOfTwoAtMost(Math.max(1, Math.floor((sqlite ? MAX_PARAMETERS : MAX_PARAMETERS * 2) / columns.length)));
  for (let from = 0; from < rows.length; ) {
    const size = Math.min(bound, powerOfTwoAtMost(rows.length - from));
    const chunk = rows.slice(from, from + size);
    const parameters = flatValues(columns, chunk as ReadonlyArray<Record<string, unknown>>);
    if (parameters) await db.executeQuery(CompiledQuery.raw(insertText(table, columns, size, sqlite), parameters));
    else await db.insertInto(table).values(chunk as never).execute();
    from += size;
  }
}

/** The rows' values column by column, row after row; null when a row has other columns than `columns` or an undefined value. */
export function flatValues(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): unknown[] | null {
  const values = new Array<unknown>(columns.length * rows.length);
  let at = 0;
  for (const row of rows) {
    let count = 0;
    for (const key in row) if (Object.hasOwn(row, key)) count += 1;
    if (count !== columns.length) return null;
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) return null;
      values[at++] = value;
    }
  }
  return values;
}

const COLUMN_NAME = /^[a-z_][a-z0-9_]*$/;
/** Texts written so far, by dialect, table, columns and row count: a few dozen (powers of two). */
const insertTexts = new Map<string, string>();

/** `insert into "table" ("a", "b") values (?, ?), (?, ?)` — $1, $2… on PostgreSQL — for `rows` rows. */
export function insertText(table: string, columns: readonly string[], rows: number, sqlite: boolean): string {
  const key = `${sqlite ? 's' : 'p'} ${table} ${rows} ${columns.join(',')}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    if (!COLUMN_NAME.test(table) || !columns.every((column) => COLUMN_NAME.test(column))) throw new Error(`insertText: unexpected name in ${table} (${columns.join(', ')})`);
    const tuples: string[] = [];
    let parameter = 0;
    for (let row = 0; row < rows; row += 1) tuples.push(`(${columns.map(() => (sqlite ? '?' : `$${++parameter}`)).join(', ')})`);
    text = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values ${tuples.join(', ')}`;
    insertTexts.set(key, text);
  }
  return text;
}
