import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DEMO_BANNER } from '@contract/run-mode';
import { useAppActors } from '../../app/actors-context';
import { useSessionPersistence } from '../../app/use-session-persistence';
import { AuthLayout } from '../../components/AuthLayout';
import { TextField } from '../../components/TextField';

/**
 * /login: in the demo (the server's mode) a banner warns that this is no place for real
 * customers' data. The session machine logs in; a failure arrives as an error toast with the server's
 * message. `?next=` (set by the route guard) is handed to the machine, which decides whether the
 * login may go there.
 */
export default function LoginScreen() {
  const { session, mode } = useAppActors();
  const [search] = useSearchParams();
  const loggingIn = useSelector(session, (snapshot) => snapshot.matches('loggingIn'));
  const storage = useSessionPersistence();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (storage.canAsk) storage.ask();
    const form = new FormData(event.currentTarget);
    session.send({
      type: 'session.login',
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
      returnTo: search.get('next'),
    });
  };

  return (
    <AuthLayout
      title="Masuk"
      intro="Masuk untuk mengelola deposito bank Anda."
      footer={
        <p>
          Bank Anda belum terdaftar? <Link to="/registration">Daftar</Link>
        </p>
      }
    >
      {mode === 'demo' ? (
        <p className="bj-demo-banner" role="note">
          <strong>{DEMO_BANNER}</strong>
          <span>Data, kurir JNE dan tanda tangan Privy di sini adalah tiruan. Lihat README &ldquo;Production&rdquo; untuk pemasangan sungguhan.</span>
        </p>
      ) : null}
      {storage.persistence === 'page' ? (
        <p className="bj-notice bj-notice--warning" role="note">
          {storage.canAsk
            ? 'Aplikasi ini dibuka di dalam aplikasi lain dan browser belum mengizinkannya menyimpan sesi. Saat Anda menekan Masuk, browser dapat meminta izin; tanpa izin itu, sesi berakhir saat halaman dimuat ulang.'
            : 'Browser tidak mengizinkan aplikasi ini menyimpan sesi di dalam aplikasi lain: sesi Anda berakhir saat halaman dimuat ulang, dan Anda perlu masuk lagi.'}
        </p>
      ) : null}
      <form className="bj-form" onSubmit={onSubmit} noValidate aria-busy={loggingIn}>
        <TextField label="Email" name="email" type="email" autoComplete="username" required />
        <TextField label="Kata Sandi" name="password" type="password" autoComplete="current-password" required />
        <p className="bj-form__aside">
          <Link to="/forgot-password">Lupa kata sandi?</Link>
        </p>
        <button className="bj-button bj-button--primary bj-button--block" type="submit" disabled={loggingIn}>
          {loggingIn ? 'Memproses…' : 'Masuk'}
        </button>
      </form>
    </AuthLayout>
  );
}
