import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/error-message';
import type { IdempotentSend } from '../../lib/idempotency';
import { usersApi } from '../../lib/users-api';
import { useAppActors } from '../actors-context';
import { OWN_PASSWORD_CHANGED, ownPasswordProblem, type OwnPasswordForm } from './own-password';

export interface ChangePasswordDialogProps {
  /** The header's sender, so a change retried after no answer keeps its key even if the dialog was reopened. */
  send: IdempotentSend;
  onClose: () => void;
}

/**
 * "Ubah kata sandi" of the profile header, for every role. The server ends every session and
 * answers a fresh token, which replaces the stored one so this tab stays signed in. A refusal
 * (wrong current password, a password the policy refuses) shows in the dialog, which stays open.
 */
export function ChangePasswordDialog({ send, onClose }: ChangePasswordDialogProps) {
  const app = useAppActors();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const typed: OwnPasswordForm = {
      currentPassword: String(data.get('currentPassword') ?? ''),
      newPassword: String(data.get('newPassword') ?? ''),
      repeatPassword: String(data.get('repeatPassword') ?? ''),
    };
    const found = ownPasswordProblem(typed);
    setProblem(found);
    if (found) return;
    const input = { currentPassword: typed.currentPassword, newPassword: typed.newPassword };
    setPending(true);
    try {
      const fresh = await send(input, (key) => usersApi.changeOwnPassword(input, key));
      app.passwordChanged(fresh);
      app.notify({ type: 'success', title: OWN_PASSWORD_CHANGED });
      onClose();
    } catch (error) {
      app.showError(error);
      setProblem(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title="Ubah kata sandi" open onClose={onClose} onSubmit={(form) => void submit(form)} confirmLabel="Simpan kata sandi" pending={pending}>
      <p className="bj-dialog__lead">Setelah kata sandi diubah, sesi Anda di perangkat lain diakhiri; di sini Anda tetap masuk.</p>
      <TextField label="Kata sandi saat ini" name="currentPassword" type="password" autoComplete="current-password" required />
      <TextField label="Kata sandi baru" name="newPassword" type="password" autoComplete="new-password" required hint="Minimal 8 karakter, bukan email Anda." />
      <TextField label="Ulangi kata sandi baru" name="repeatPassword" type="password" autoComplete="new-password" required />
      {problem ? (
        <p className="bj-field__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}
