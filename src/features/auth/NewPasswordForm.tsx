import type { ReactNode } from 'react';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { SubmitButton, SubmitForm } from '../../components/Form';
import { TextField } from '../../components/TextField';

/** The message when the new password and its repetition differ (checked before anything is sent). */
const PASSWORD_MISMATCH_MESSAGE = 'Konfirmasi kata sandi tidak sama dengan kata sandi baru.';

interface NewPasswordFormProps {
  /** Sends the new password (from a reset link or an expired login); rejects with the server's refusal. */
  save: (password: string) => Promise<unknown>;
  /** The success toast: the user then signs in with the new password. */
  doneMessage: string;
  /** What else follows a save (the session forgets an expired login's change token). */
  onSaved?: () => void;
  /** Fields shown above the new password (the read-only email of an expired login). */
  before?: ReactNode;
  hint?: string;
}

/**
 * A new password typed twice; differing entries are said beside the repetition and nothing is
 * sent. Once saved, a success toast and the login screen; a refusal stays on the form.
 */
export function NewPasswordForm({ save, doneMessage, onSaved, before, hint }: NewPasswordFormProps) {
  const app = useAppActors();
  const submission = useSubmit();

  const onSubmit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirmation') ?? '')) return submission.invalid({ fieldProblems: { confirmation: [PASSWORD_MISMATCH_MESSAGE] } });
    const done = await submission.submit({ newPassword: password }, () => save(password));
    if (!done.ok) return;
    onSaved?.();
    app.notify({ type: 'success', title: doneMessage });
    app.navigate('/login');
  };

  return (
    <SubmitForm
      className="bj-form"
      submission={submission}
      onSubmit={(form) => void onSubmit(form)}
      actions={<SubmitButton label="Simpan kata sandi" className="bj-button bj-button--primary bj-button--block" />}
    >
      {before}
      <TextField label="Kata Sandi Baru" name="password" type="password" autoComplete="new-password" required hint={hint} />
      <TextField label="Ulangi Kata Sandi Baru" name="confirmation" type="password" autoComplete="new-password" required />
    </SubmitForm>
  );
}
