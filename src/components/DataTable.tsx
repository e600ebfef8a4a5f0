import type { ReactNode } from 'react';
import type { ListMeta } from '@contract/envelope';
import type { ServerData } from '../lib/server-data';
import { EmptyState, ErrorState, LoadingState } from './DataState';
import { Pagination } from './Pagination';

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
  /** Right-aligned with tabular figures (amounts, rates, counts). */
  numeric?: boolean;
  /** Long text (names, accounts) may wrap instead of widening the table. */
  wrap?: boolean;
  /** A tooltip for the cell, e.g. the parts of a sum the cell shows. */
  title?: (row: Row) => string;
  cell: (row: Row) => ReactNode;
}

/** Checkboxes for bulk actions: one per selectable row and "select all" in the header. */
interface RowSelection<Row> {
  /** Row keys (see `rowKey`) currently chosen; the screen owns them so it can clear them after an action. */
  selected: ReadonlySet<string>;
  onChange: (update: (previous: ReadonlySet<string>) => ReadonlySet<string>) => void;
  selectAllLabel: string;
  rowLabel: (row: Row) => string;
  /** Rows that cannot be chosen get an empty cell; by default every row can. */
  canSelect?: (row: Row) => boolean;
}

interface DataTableProps<Row> {
  /** A list answer (`data` rows and paging `meta`) as `useServerData` holds it (null: not asked yet). */
  list: ServerData<{ data: readonly Row[]; meta: ListMeta } | null>;
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Read by screen readers only: what the table lists. */
  caption: ReactNode;
  /** What the empty state says when the list has no rows. */
  empty: { title: string; body?: ReactNode };
  /** Moves to another page; a list the server answers whole (no paging) leaves it out and shows no pagination. */
  onPage?: (page: number) => void;
  selection?: RowSelection<Row>;
}

/**
 * A server-paged list: the error (with retry), loading and empty states, the table once rows
 * arrive (kept on screen, marked busy, while a newer page loads), and the pagination below.
 * Styles live in styles/lists.css, which every list screen loads.
 */
export function DataTable<Row>({ list, columns, rowKey, caption, empty, onPage, selection }: DataTableProps<Row>) {
  const rows = list.data?.data ?? [];
  return (
    <>
      {list.status === 'error' ? (
        <ErrorState error={list.error} onRetry={list.reload} />
      ) : list.data === null ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <EmptyState title={empty.title}>{empty.body}</EmptyState>
      ) : (
        <div className="bj-table-wrap" aria-busy={list.status === 'loading'}>
          <table className="bj-table">
            <caption className="bj-visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {selection ? <SelectAllHeader rows={rows} rowKey={rowKey} selection={selection} /> : null}
                {columns.map((column) => (
                  <th key={column.key} scope="col" className={column.numeric ? 'bj-num' : undefined}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const key = rowKey(row);
                return (
                  <tr key={key}>
                    {selection ? (
                      <td className="bj-table__check">
                        {selectable(selection, row) ? (
                          <input type="checkbox" aria-label={selection.rowLabel(row)} checked={selection.selected.has(key)} onChange={() => selection.onChange((previous) => toggled(previous, key))} />
                        ) : null}
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <td key={column.key} className={cellClass(column)} title={column.title?.(row)}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {onPage ? <Pagination meta={list.data?.meta} onPage={onPage} /> : null}
    </>
  );
}

function SelectAllHeader<Row>({ rows, rowKey, selection }: { rows: readonly Row[]; rowKey: (row: Row) => string; selection: RowSelection<Row> }) {
  const keys = rows.filter((row) => selectable(selection, row)).map(rowKey);
  const all = keys.length > 0 && keys.every((key) => selection.selected.has(key));
  return (
    <th scope="col" className="bj-table__check">
      <input type="checkbox" aria-label={selection.selectAllLabel} checked={all} disabled={keys.length === 0} onChange={() => selection.onChange(() => new Set(all ? [] : keys))} />
    </th>
  );
}

function selectable<Row>(selection: RowSelection<Row>, row: Row): boolean {
  return selection.canSelect?.(row) ?? true;
}

function toggled(previous: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(previous);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

function cellClass(column: { numeric?: boolean; wrap?: boolean }): string | undefined {
  if (column.numeric) return 'bj-num';
  if (column.wrap) return 'bj-wrap';
  return undefined;
}
