import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { OffloadedReads } from '../db/offloaded-reads';
import type { Database } from '../db/schema';

/** What an export reads from: Kysely to build its queries, `reads` to run the long walk. */
export interface ExportSource {
  db: Kysely<Database>;
  reads: OffloadedReads;
}

/**
 * "Rows after this one" in an ORDER BY over several columns all in one direction, as a row-value
 * comparison — (a, b, id) > (x, y, z), or < when descending — which SQLite (3.15+) and PostgreSQL
 * both answer with a seek into the matching index rather than a scan. The last column must be
 * unique (the id), so every row has exactly one place in the order.
 */
export function afterRow<DB, TB extends keyof DB>(
  _eb: ExpressionBuilder<DB, TB>,
  columns: readonly string[],
  values: readonly unknown[],
  direction: 'asc' | 'desc',
): Expression<SqlBool> {
  const left = sql.join(columns.map((column) => sql.ref(column)));
  const right = sql.join(values.map((value) => sql`${value}`));
  return direction === 'asc' ? sql<SqlBool>`(${left}) > (${right})` : sql<SqlBool>`(${left}) < (${right})`;
}
