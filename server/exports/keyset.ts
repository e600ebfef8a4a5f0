import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';

/**
 * "Rows after this one" in an ORDER BY over several columns all in one direction:
 * (a > x) OR (a = x AND b > y) OR (a = x AND b = y AND c > z) — with '<' when descending. The
 * last column must be unique (the id), so every row has exactly one place in the order.
 */
export function afterRow<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly string[],
  values: readonly unknown[],
  direction: 'asc' | 'desc',
): Expression<SqlBool> {
  const op = direction === 'asc' ? '>' : '<';
  const ref = (column: string) => eb.ref(column as never);
  return eb.or(
    columns.map((column, index) =>
      eb.and([...columns.slice(0, index).map((prior, k) => eb(ref(prior), '=', values[k] as never)), eb(ref(column), op, values[index] as never)]),
    ),
  );
}
