import { Fragment } from 'react';
import { formatRate } from '../../lib/format';
import type { ProductTenor } from '../../lib/products-api';

/** "3 bln 5,50% · 6 bln 6,00%" in a cell: a narrow column breaks between tenors, never inside one. */
export function TenorRates({ tenors }: { tenors: readonly ProductTenor[] }) {
  if (tenors.length === 0) return <>-</>;
  const sorted = [...tenors].sort((a, b) => a.tenorMonths - b.tenorMonths);
  return (
    <span className="bj-tenor-rates">
      {sorted.map((tenor, index) => (
        <Fragment key={tenor.tenorMonths}>
          {index > 0 ? ' · ' : null}
          <span className="bj-nowrap">
            {tenor.tenorMonths} bln {formatRate(tenor.rateBps)}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
