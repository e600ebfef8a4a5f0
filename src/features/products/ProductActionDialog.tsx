import { Dialog } from '../../components/Dialog';
import { productActionCopy, tenorSummary, type ProductAction } from './product-rules';

export interface ProductActionDialogProps {
  action: ProductAction;
  pending: boolean;
  /** The server's refusal, shown in the dialog: the toast sits behind the modal. */
  refusal: string | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before a product is shown, hidden or retired, saying what it means for its deposits. */
export function ProductActionDialog({ action, pending, refusal, onClose, onConfirm }: ProductActionDialogProps) {
  const copy = productActionCopy(action);
  const { product } = action;
  return (
    <Dialog title={copy.title} open onClose={onClose} onSubmit={onConfirm} confirmLabel={copy.confirm} confirmTone={copy.danger ? 'danger' : 'primary'} pending={pending}>
      <p className="bj-dialog__lead">
        {product.code} · {product.name} · {tenorSummary(product.tenors)}
      </p>
      <p>{copy.body}</p>
      {refusal ? (
        <p className="bj-field__problem" role="alert">
          {refusal}
        </p>
      ) : null}
    </Dialog>
  );
}
