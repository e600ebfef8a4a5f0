import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { useSubmission } from '../../app/use-submission';
import { AuthLayout } from '../../components/AuthLayout';
import { Notice } from '../../components/Notice';
import { TextField } from '../../components/TextField';

/**
 * /forgot-password: asks for a reset link (userLevel 1 is sent by the API client). The answer is
 * the same whether the email is registered or not, so the screen says so neutrally.
 */
export default function ForgotPasswordScreen() {
  const app = useAppActors();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = useCallback(
    async (email: string) => {
      try {
        await app.api.sendForgotPassword(email);
        setSentTo(email);
      } catch (error) {
        app.showError(error);
      }
    },
    [app],
  );
  const { pending, submit } = useSubmission(send);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(String(new FormData(event.currentTarget).get('email') ?? '').trim());
  };

  return (
    <AuthLayout
      title="Lupa kata sandi"
      intro={sentTo ? undefined : 'Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat kata sandi baru.'}
      footer={
        <p>
          <Link to="/login">Kembali ke halaman Masuk</Link>
        </p>
      }
    >
      {sentTo ? (
        <Notice tone="success" title="Periksa email Anda">
          <p>
            Jika <strong>{sentTo}</strong> terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Tautan
            berlaku 30 menit dan hanya dapat dipakai sekali.
          </p>
        </Notice>
      ) : (
        <form className="bj-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
          <TextField label="Email" name="email" type="email" autoComplete="email" required />
          <button className="bj-button bj-button--primary bj-button--block" type="submit" disabled={pending}>
            {pending ? 'Mengirim…' : 'Kirim tautan'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
