import { useSelector } from '@xstate/react';
import { useCallback, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { useSubmission } from '../../app/use-submission';
import { AuthLayout } from '../../components/AuthLayout';
import { Notice } from '../../components/Notice';
import { TextField } from '../../components/TextField';
import { readPasswordPair } from './password-pair';

export const EXPIRED_CHANGED_MESSAGE = 'Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.';

/**
 * /change-password-expired: reached after a login answered 403 PasswordExpired. The single-use
 * change token lives only in the session machine's memory; without it there is nothing to change.
 */
export default function ChangeExpiredPasswordScreen() {
  const app = useAppActors();
  const changePassword = useSelector(app.session, (snapshot) => snapshot.context.changePassword);

  const change = useCallback(
    async (newPassword: string) => {
      if (!changePassword) return;
      try {
        await app.api.changeExpiredPassword({ email: changePassword.email, newPassword, changePasswordToken: changePassword.token });
        app.session.send({ type: 'session.expiredPasswordChanged' });
        app.notify({ type: 'success', title: EXPIRED_CHANGED_MESSAGE });
        app.navigate('/login');
      } catch (error) {
        app.showError(error);
      }
    },
    [app, changePassword],
  );
  const { pending, submit } = useSubmission(change);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = readPasswordPair(event.currentTarget, app.showError);
    if (password !== null) void submit(password);
  };

  return (
    <AuthLayout
      title="Ganti kata sandi"
      intro={changePassword ? 'Kata sandi Anda sudah kedaluwarsa. Buat kata sandi baru untuk melanjutkan.' : undefined}
      footer={
        <p>
          <Link to="/login">Kembali ke halaman Masuk</Link>
        </p>
      }
    >
      {changePassword ? (
        <form className="bj-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
          <TextField label="Email" name="email" type="email" value={changePassword.email} readOnly autoComplete="username" />
          <TextField label="Kata Sandi Baru" name="password" type="password" autoComplete="new-password" required hint="Minimal 8 karakter, bukan email Anda." />
          <TextField label="Ulangi Kata Sandi Baru" name="confirmation" type="password" autoComplete="new-password" required />
          <button className="bj-button bj-button--primary bj-button--block" type="submit" disabled={pending}>
            {pending ? 'Menyimpan…' : 'Simpan kata sandi'}
          </button>
        </form>
      ) : (
        <Notice tone="info" title="Masuk terlebih dahulu">
          <p>
            Halaman ini terbuka setelah Anda masuk dengan kata sandi yang sudah kedaluwarsa. Silakan{' '}
            <Link to="/login">masuk</Link> dengan email dan kata sandi lama Anda untuk membuat kata sandi baru.
          </p>
        </Notice>
      )}
    </AuthLayout>
  );
}
