import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { PageHeading } from '../../components/PageHeading';
import { ErrorState, LoadingState } from '../../components/DataState';
import { formatRupiah, lastTwelveMonths } from '../../lib/format';
import { depositApi } from '../../lib/deposit-api';
import { documentsApi } from '../../lib/documents-api';
import { useServerData } from '../../lib/server-data';
import { DepositMonthsChart } from './DepositMonthsChart';
import { MonthSummary } from './MonthSummary';
import { useDepositMonths } from './use-deposit-months';
import '../../styles/lists.css';

const ROLE_LABELS: Record<string, string> = { ADMIN: 'Admin', SUPERVISOR: 'Supervisor', OPERATOR: 'Operator' };

/** The unprocessed kinds of /bpr/count-unprocessed-deposito, each a link to the filtered list. */
const UNPROCESSED = [
  { key: 'pending', label: 'Menunggu persetujuan', to: '/deposito?status=pending' },
  { key: 'breakRequested', label: 'Pengajuan pencairan awal', to: '/deposito?status=breakRequested' },
  { key: 'matured', label: 'Jatuh tempo, belum dicairkan', to: '/deposito?status=matured' },
  { key: 'disbursing', label: 'Menunggu pencairan', to: '/deposito?status=disbursing' },
] as const;

/**
 * The open document work of /invoice/count-summary-document, each a link to its Proses Dokumen
 * tab. A bilyet not yet received is either with JNE or waiting for its receipt to be recorded: it
 * leads to the courier's tab, next to the receipt tab.
 */
const DOCUMENT_WORK = [
  { key: 'bilyetNotIssued', label: 'Bilyet belum diterbitkan', to: '/deposito/proses?step=upload' },
  { key: 'bilyetNotShipped', label: 'Bilyet belum dikirim', to: '/deposito/proses?step=ship' },
  { key: 'bilyetNotReceived', label: 'Bilyet belum diterima nasabah', to: '/deposito/proses?step=transit' },
  { key: 'signaturesPending', label: 'Menunggu tanda tangan nasabah', to: '/deposito/proses?step=sign' },
] as const;

/** /home (Beranda): what needs doing today. */
export default function HomeScreen() {
  const { session } = useAppActors();
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  const thisMonth = lastTwelveMonths()[0] ?? '';
  // Beranda's figures, under ['home', …]: every write that changes deposits has them read again.
  const unprocessed = useServerData(['home', 'unprocessed'], (signal) => depositApi.unprocessed(signal));
  const documents = useServerData(['home', 'document-work'], (signal) => documentsApi.summaryCounts(signal));
  const due = useServerData(['home', 'due'], async (signal) => {
    const [week, month] = await Promise.all([depositApi.dueInformation({ days: 7, limit: 1 }, signal), depositApi.dueInformation({ days: 30, limit: 1 }, signal)]);
    return { week: week.meta.total, month: month.meta.total };
  });
  // To pay now this month (pay date reached, not paid): the rows Bunga Bulanan opens on and its transfer template holds.
  const interest = useServerData(['home', 'interest-to-pay', thisMonth], (signal) => depositApi.interestTemplateCount({ period: thisMonth }, signal));
  const months = useDepositMonths(12);
  if (!user) return null;
  return (
    <div className="bj-page">
      <PageHeading title="Beranda" />
      <h2 className="bj-welcome__title">Selamat datang, {user.name}</h2>
      <p className="bj-welcome__bank">
        {user.bpr.name} · {ROLE_LABELS[user.role] ?? user.role}
      </p>
      <section aria-labelledby="home-todo">
        <h2 id="home-todo" className="bj-card__title">
          Perlu diproses
        </h2>
        {unprocessed.status === 'error' ? (
          <ErrorState error={unprocessed.error} onRetry={unprocessed.reload} />
        ) : (
          <div className="bj-stats">
            {UNPROCESSED.map((kind) => (
              <Link key={kind.key} className="bj-stat" to={kind.to} data-testid={`unprocessed-${kind.key}`}>
                <span className="bj-stat__value">{unprocessed.data ? unprocessed.data[kind.key].toLocaleString('id-ID') : '…'}</span>
                <span className="bj-stat__label">{kind.label}</span>
              </Link>
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="home-documents">
        <h2 id="home-documents" className="bj-card__title">
          Proses dokumen
        </h2>
        {documents.status === 'error' ? (
          <ErrorState error={documents.error} onRetry={documents.reload} />
        ) : (
          <div className="bj-stats">
            {DOCUMENT_WORK.map((kind) => (
              <Link key={kind.key} className="bj-stat" to={kind.to} data-testid={`documents-${kind.key}`}>
                <span className="bj-stat__value">{documents.data ? documents.data[kind.key].toLocaleString('id-ID') : '…'}</span>
                <span className="bj-stat__label">{kind.label}</span>
              </Link>
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="home-due">
        <h2 id="home-due" className="bj-card__title">
          Jatuh tempo dan bunga
        </h2>
        <div className="bj-stats">
          <Link className="bj-stat" to="/deposito/jatuh-tempo?days=7" data-testid="due-7">
            <span className="bj-stat__value">{due.data ? due.data.week.toLocaleString('id-ID') : due.status === 'error' ? '-' : '…'}</span>
            <span className="bj-stat__label">jatuh tempo dalam 7 hari</span>
          </Link>
          <Link className="bj-stat" to="/deposito/jatuh-tempo?days=30">
            <span className="bj-stat__value">{due.data ? due.data.month.toLocaleString('id-ID') : due.status === 'error' ? '-' : '…'}</span>
            <span className="bj-stat__label">jatuh tempo dalam 30 hari</span>
          </Link>
          <Link className="bj-stat" to="/deposito/bunga" data-testid="interest-this-month">
            <span className="bj-stat__value">{interest.data ? formatRupiah(interest.data.totalNet) : interest.status === 'error' ? '-' : '…'}</span>
            <span className="bj-stat__label">bunga bulan ini yang jatuh tempo bayar ({interest.data ? interest.data.count.toLocaleString('id-ID') : '…'} angsuran)</span>
          </Link>
        </div>
      </section>
      <MonthSummary period={thisMonth} />
      <section className="bj-card" aria-labelledby="home-chart">
        <h2 id="home-chart" className="bj-card__title">
          Penempatan dan jatuh tempo per bulan
        </h2>
        {months.status === 'error' ? (
          <ErrorState error={months.error} onRetry={months.reload} />
        ) : months.data ? (
          <DepositMonthsChart months={months.data} />
        ) : (
          <LoadingState />
        )}
      </section>
    </div>
  );
}
