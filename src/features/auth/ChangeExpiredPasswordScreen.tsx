import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { AuthLayout } from '../../components/AuthLayout';
import { Notice } from '../../components/Notice';
import { TextField } from '../../components/TextField';
import { NewPasswordForm } from './NewPasswordForm';

export const EXPIRED_CHANGED_MESSAGE = 'Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.';

/**
 * /change-password-expired: reached after a login answered 403 PasswordExpired. The single-use
 * change token lives only in the session machine's memory; without it there is nothing to change.
 */
export default function ChangeExpiredPasswordScreen() {
  const app = useAppActors();
  const changePassword = useSelector(app.session, (snapshot) => snapshot.context.changePassword);


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
        <NewPasswordForm
          save={(newPassword) => app.api.changeExpiredPassword({ email: changePassword.email, newPassword, changePasswordToken: changePassword.token })}
          onSaved={() => app.session.send({ type: 'session.expiredPasswordChanged' })}
          doneMessage={EXPIRED_CHANGED_MESSAGE}
          hint="Minimal 8 karakter, bukan email Anda."
          before={<TextField label="Email" name="email" type="email" value={changePassword.email} readOnly autoComplete="username" />}
        />
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
