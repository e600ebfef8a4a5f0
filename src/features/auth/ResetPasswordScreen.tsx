import { Link, useSearchParams } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { AuthLayout } from '../../components/AuthLayout';
import { Notice } from '../../components/Notice';
import { NewPasswordForm } from './NewPasswordForm';

export const RESET_DONE_MESSAGE = 'Kata sandi berhasil diatur ulang. Silakan masuk dengan kata sandi baru.';

/** /reset-password?token=…: the link from the reset mail sets a new password, then the login screen. */
export default function ResetPasswordScreen() {
  const app = useAppActors();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';


  return (
    <AuthLayout
      title="Atur ulang kata sandi"
      intro={token ? 'Buat kata sandi baru untuk akun Anda (minimal 8 karakter).' : undefined}
      footer={
        <p>
          <Link to="/login">Kembali ke halaman Masuk</Link>
        </p>
      }
    >
      {token ? (
        <NewPasswordForm save={(password) => app.api.forgotPassword({ password, tokenForgotPassword: token })} doneMessage={RESET_DONE_MESSAGE} />
      ) : (
        <Notice tone="warning" title="Tautan tidak lengkap">
          <p>
            Buka halaman ini dari tautan di email atur ulang kata sandi. Jika tautannya hilang atau sudah kedaluwarsa,{' '}
            <Link to="/forgot-password">minta tautan baru</Link>.
          </p>
        </Notice>
      )}
    </AuthLayout>
  );
}
