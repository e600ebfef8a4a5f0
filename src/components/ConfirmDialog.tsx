import type { ReactNode } from 'react';
import type { Submission } from '../app/use-submit';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  /** What the dialog says: its title, what the change means, the confirm button, and whether it is grave. */
  copy: { title: string; body: string; confirm: string; danger: boolean };
  /** Who or what is changed, on the dialog's first line. */
  subject: ReactNode;
  /** The change's request: pending, and the server's refusal shown in the dialog (the toast sits behind the modal). */
  submission: Submission;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before a change takes effect (a user's role or status, a product's visibility or retirement). */
export function ConfirmDialog({ copy, subject, submission, onClose, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog title={copy.title} open onClose={onClose} onSubmit={onConfirm} confirmLabel={copy.confirm} confirmTone={copy.danger ? 'danger' : 'primary'} submission={submission}>
      <p className="bj-dialog__lead">{subject}</p>
      <p>{copy.body}</p>
    </Dialog>
  );
}
