import { Dialog } from '../../components/Dialog';
import { actionCopy, type UserAction } from './user-rules';

export interface UserActionDialogProps {
  action: UserAction;
  pending: boolean;
  /** The server's refusal (e.g. the last active admin), shown in the dialog: the toast sits behind the modal. */
  refusal: string | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before a change to a user takes effect: a new role, (de)activation, or unlocking the login. */
export function UserActionDialog({ action, pending, refusal, onClose, onConfirm }: UserActionDialogProps) {
  const copy = actionCopy(action);
  return (
    <Dialog title={copy.title} open onClose={onClose} onSubmit={onConfirm} confirmLabel={copy.confirm} confirmTone={copy.danger ? 'danger' : 'primary'} pending={pending}>
      <p className="bj-dialog__lead">
        {action.user.name} · {action.user.email}
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
