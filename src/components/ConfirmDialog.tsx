import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  /** What the dialog says: its title, what the change means, the confirm button, and whether it is grave. */
  copy: { title: string; body: string; confirm: string; danger: boolean };
  /** Who or what is changed, on the dialog's first line. */
  subject: ReactNode;
  pending: boolean;
  /** The server's refusal, shown in the dialog: the toast sits behind the modal. */
  refusal: string | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before a change takes effect (a user's role or status, a product's visibility or retirement). */
export function ConfirmDialog({ copy, subject, pending, refusal, onClose, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog title={copy.title} open onClose={onClose} onSubmit={onConfirm} confirmLabel={copy.confirm} confirmTone={copy.danger ? 'danger' : 'primary'} pending={pending}>
      <p className="bj-dialog__lead">{subject}</p>
      <p>{copy.body}</p>
      {refusal ? (
        <p className="bj-field__problem" role="alert">
          {refusal}
        </p>
      ) : null}
    </Dialog>
  );
}
