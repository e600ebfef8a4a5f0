import type { FormEvent, ReactNode } from 'react';
import { useAppActors } from '../../app/actors-context';
import { useSubmission } from '../../app/use-submission';
import { TextField } from '../../components/TextField';

/** The message when the new password and its repetition differ (checked before anything is sent). */
export const PASSWORD_MISMATCH_MESSAGE = 'Konfirmasi kata sandi tidak sama dengan kata sandi baru.';

export interface NewPasswordFormProps {
  /** Sends the new password; resolves when the screen has handled the outcome. */
  save: (password: string) => Promise<void>;
  /** Fields shown above the new password (the read-only email of an expired login). */
  before?: ReactNode;
  hint?: string;
}

/** A new password typed twice; differing entries get an error toast and nothing is sent. */
export function NewPasswordForm({ save, before, hint }: NewPasswordFormProps) {
  const { showError } = useAppActors();
  const { pending, submit } = useSubmission(save);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirmation') ?? '')) {
      showError(PASSWORD_MISMATCH_MESSAGE);
      return;
    }
    void submit(password);
  };

  return (
    <form className="bj-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
      {before}
      <TextField label="Kata Sandi Baru" name="password" type="password" autoComplete="new-password" required hint={hint} />
      <TextField label="Ulangi Kata Sandi Baru" name="confirmation" type="password" autoComplete="new-password" required />
      <button className="bj-button bj-button--primary bj-button--block" type="submit" disabled={pending}>
        {pending ? 'Menyimpan…' : 'Simpan kata sandi'}
      </button>
    </form>
  );
}
