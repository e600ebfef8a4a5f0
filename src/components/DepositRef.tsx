import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DataColumn } from './DataTable';

interface DepositRefProps {
  /** The deposit's id, for its detail screen. */
  id: string;
  number: string;
  customer: string;
  /** A third line, e.g. the kind of payout. */
  note?: ReactNode;
}

/**
 * A deposit in a list row: its number (to the detail screen) with the customer's name under it.
 * One cell instead of two keeps the lists within 1024 px without hiding anything.
 */
export function DepositRef({ id, number, customer, note }: DepositRefProps) {
  return (
    <span className="bj-lines">
      <Link to={`/deposito/${encodeURIComponent(id)}`} className="bj-lines__nowrap">
        {number}
      </Link>
      <span>{customer}</span>
      {note ? <span className="bj-lines__quiet">{note}</span> : null}
    </span>
  );
}

/** The "Deposito / Nasabah" column of a list, from what each row says about its deposit. */
export function depositColumn<Row>(refOf: (row: Row) => DepositRefProps): DataColumn<Row> {
  return { key: 'deposit', header: 'Deposito / Nasabah', wrap: true, cell: (row) => <DepositRef {...refOf(row)} /> };
}
