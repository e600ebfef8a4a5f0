import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { usersApi } from '../../lib/users-api';
import { useAppActors } from '../actors-context';
import type { Submission } from '../use-submit';
import { OWN_PASSWORD_CHANGED, ownPasswordProblems, type OwnPasswordForm } from './own-password';

interface ChangePasswordDialogProps {
  /** The header's, so a change retried after no answer keeps its key even if the dialog was reopened. */
  submission: Submission;
  onClose: () => void;
}

/**
 * "Ubah kata sandi" of the profile header, for every role. The server ends every session and
 * answers a fresh token, which replaces the stored one so this tab stays signed in. A refusal
 * (wrong current password, a password the policy refuses) shows in the dialog, which stays open.
 */
export function ChangePasswordDialog({ submission, onClose }: ChangePasswordDialogProps) {
  const app = useAppActors();

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const typed: OwnPasswordForm = {
      currentPassword: String(data.get('currentPassword') ?? ''),
      newPassword: String(data.get('newPassword') ?? ''),
      repeatPassword: String(data.get('repeatPassword') ?? ''),
    };
    const found = ownPasswordProblems(typed);
    if (Object.keys(found).length > 0) return submission.invalid({ fieldProblems: found });
    const input = { currentPassword: typed.currentPassword, newPassword: typed.newPassword };
    const done = await submission.submit(input, (key) => usersApi.changeOwnPassword(input, key));
    if (!done.ok) return;
    app.passwordChanged(done.answer);
    app.notify({ type: 'success', title: OWN_PASSWORD_CHANGED });
    onClose();
  };

  return (
    <Dialog title="Ubah kata sandi" open onClose={onClose} onSubmit={(form) => void submit(form)} confirmLabel="Simpan kata sandi" submission={submission}>
      <p className="bj-dialog__lead">Setelah kata sandi diubah, sesi Anda di perangkat lain diakhiri; di sini Anda tetap masuk.</p>
      <TextField label="Kata sandi saat ini" name="currentPassword" type="password" autoComplete="current-password" required />
      <TextField label="Kata sandi baru" name="newPassword" type="password" autoComplete="new-password" required hint="Minimal 8 karakter, bukan email Anda." />
      <TextField label="Ulangi kata sandi baru" name="repeatPassword" type="password" autoComplete="new-password" required />
    </Dialog>
  );
}
