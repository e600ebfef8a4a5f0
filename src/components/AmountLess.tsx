import { formatRupiah } from '../lib/format';

/**
 * An amount with what is taken off it on a second, quieter line ("− Rp 21.233"): two figures that
 * belong together in one right-aligned column, so the list fits 1024 px without dropping either.
 */
export function AmountLess({ amount, less }: { amount: number; less: number }) {
  return (
    <span className="bj-lines">
      <span>{formatRupiah(amount)}</span>
      <span className="bj-lines__quiet">− {formatRupiah(less)}</span>
    </span>
  );
}
