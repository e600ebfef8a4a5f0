import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { AuthLayout } from '../../components/AuthLayout';
import { SubmitButton, SubmitForm } from '../../components/Form';
import { Notice } from '../../components/Notice';
import { TextField } from '../../components/TextField';

/**
 * /forgot-password: asks for a reset link (userLevel 1 is sent by the API client). The answer is
 * the same whether the email is registered or not, so the screen says so neutrally.
 */
export default function ForgotPasswordScreen() {
  const app = useAppActors();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const request = useSubmit();

  const onSubmit = async (form: HTMLFormElement) => {
    const email = String(new FormData(form).get('email') ?? '').trim();
    const done = await request.submit({ email }, () => app.api.sendForgotPassword(email));
    if (done.ok) setSentTo(email);
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
        <SubmitForm
          className="bj-form"
          submission={request}
          onSubmit={(form) => void onSubmit(form)}
          actions={<SubmitButton label="Kirim tautan" busyLabel="Mengirim…" className="bj-button bj-button--primary bj-button--block" />}
        >
          <TextField label="Email" name="email" type="email" autoComplete="email" required />
        </SubmitForm>
      )}
    </AuthLayout>
  );
}
