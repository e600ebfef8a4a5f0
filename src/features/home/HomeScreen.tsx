import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { PageHeading } from '../../components/PageHeading';

const ROLE_LABELS: Record<string, string> = { ADMIN: 'Admin', SUPERVISOR: 'Supervisor', OPERATOR: 'Operator' };

/** /home (Beranda): a welcome for now; the work list of UI.md arrives with the deposit screens. */
export default function HomeScreen() {
  const { session } = useAppActors();
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  if (!user) return null;
  return (
    <div className="bj-page">
      <PageHeading title="Beranda" />
      <section className="bj-card bj-welcome" aria-labelledby="welcome-title">
        <h2 id="welcome-title" className="bj-welcome__title">
          Selamat datang, {user.name}
        </h2>
        <p className="bj-welcome__bank">
          {user.bpr.name} · {ROLE_LABELS[user.role] ?? user.role}
        </p>
        <p>
          Di sini nantinya tampil pekerjaan hari ini: deposito yang menunggu diproses, deposito yang jatuh tempo dalam 7 dan
          30 hari, bunga bulanan yang harus dibayar, serta ringkasan dan rasio keuangan bank Anda.
        </p>
        <p>
          Sementara itu Anda dapat memperbarui <Link to="/bank/profil">profil bank</Link>.
        </p>
      </section>
    </div>
  );
}
