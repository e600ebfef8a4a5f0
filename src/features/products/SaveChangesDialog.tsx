import { Dialog } from '../../components/Dialog';
import type { Product, ProductChange } from '../../lib/products-api';
import { describeChange, newRatesConsequence } from './product-form';

interface SaveChangesDialogProps {
  product: Product;
  change: ProductChange;
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a product's changes are saved, listing each with its old and new value and what new
 * rates mean. Confirming closes it: the page's form shows the save (pending, a refusal).
 */
export function SaveChangesDialog({ product, change, onClose, onConfirm }: SaveChangesDialogProps) {
  return (
    <Dialog title="Simpan perubahan produk" open onClose={onClose} onSubmit={onConfirm} confirmLabel="Simpan perubahan">
      <p className="bj-dialog__lead">
        {product.code} · {product.name}
      </p>
      <ul className="bj-dialog__list">
        {describeChange(product, change).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {change.tenors && change.rateEffectiveFrom ? <p>{newRatesConsequence(product.runningDeposits, change.rateEffectiveFrom)}</p> : null}
    </Dialog>
  );
}
