import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { DepositEventType, DepositStatus } from '@contract/deposit';
import { depositStatusLabels } from '@machines/deposit';
import { useAppActors } from '../../app/actors-context';
import { PageHeading } from '../../components/PageHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { Tabs } from '../../components/Tabs';
import { ErrorState, EmptyState, LoadingState } from '../../components/DataState';
import { formatDate, formatRate, formatRupiah } from '../../lib/format';
import { depositApi, type DepositDetail } from '../../lib/deposit-api';
import { ActionDialog, type ActionSubmission } from './ActionDialog';
import { AmountsDue } from './AmountsDue';
import { DepositActions } from './DepositActions';
import { channelText, notificationState, notificationTitle } from './partner-notifications';
import { timelineDetail } from './timeline-detail';
import { bilyetStatusLabels, blockedActions, canRaiseChange, instructionLabels, interestPaymentLabels, offeredActions, statusTones } from './deposit-actions';
import { RaiseChangeDialog } from './RaiseChangeDialog';
import { useSubmit } from '../../app/use-submit';
import type { RaiseChangeRequest } from '@contract/deposit-api';
import { answeredDetail, useDepositDetail } from './use-deposit-queries';
import { useQueryState } from '../../lib/use-query-state';
import type { BilyetStepKind } from './documents/bilyet-steps';
import { BilyetStepRunner } from './documents/BilyetStepRunner';
import { stepTargetOf } from './documents/BilyetPanel';
import { DocumentsTab } from './documents/DocumentsTab';
import { ShipmentsTab } from './documents/ShipmentsTab';
import { SignaturesTab } from './documents/SignaturesTab';
import { HoldsTab, holdsInForceOf } from './holds/HoldsTab';
import { HeldBadge } from '../../components/HeldBadge';
import '../../styles/lists.css';

export const STALE_MESSAGE = 'Data telah berubah, muat ulang.';

const SUCCESS: Partial<Record<DepositEventType, string>> = {
  'deposit.approve': 'Deposito disetujui.',
  'deposit.reject': 'Deposito ditolak.',
  'deposit.cancel': 'Deposito dibatalkan.',
  'deposit.changeDate': 'Tanggal efektif diubah.',
  'deposit.stopAro': 'Perpanjangan otomatis dihentikan.',
  'deposit.extend': 'Deposito diperpanjang.',
  'deposit.requestBreak': 'Pengajuan pencairan awal dikirim.',
  'deposit.approveBreak': 'Pencairan awal disetujui.',
  'deposit.rejectBreak': 'Pencairan awal ditolak.',
  'deposit.requestDisbursement': 'Pencairan diajukan.',
  'deposit.markPaid': 'Pencairan dicatat sudah dibayar.',
};

const DETAIL_TABS = [
  { key: 'schedule', label: 'Jadwal Bunga' },
  { key: 'timeline', label: 'Riwayat' },
  { key: 'documents', label: 'Dokumen' },
  { key: 'shipments', label: 'Pengiriman' },
  { key: 'signatures', label: 'Tanda Tangan' },
  { key: 'holds', label: 'Blokir' },
] as const;
type DetailTab = (typeof DETAIL_TABS)[number]['key'];
const isDetailTab = (value: string): value is DetailTab => DETAIL_TABS.some((item) => item.key === value);

function Header({ deposit }: { deposit: DepositDetail }) {
  return (
    <section className="bj-card bj-deposit-header" aria-label="Ringkasan deposito">
      <div className="bj-deposit-header__top">
        <div>
          <p className="bj-deposit-header__number">{deposit.depositNumber}</p>
          <p className="bj-deposit-header__customer">
            <Link to={`/nasabah/${encodeURIComponent(deposit.customer.id)}`}>{deposit.customer.name}</Link> <span className="bj-muted">· NIK {deposit.customer.nik}</span>
          </p>
        </div>
        <div className="bj-deposit-header__badges">
          <StatusBadge label={deposit.statusLabel} tone={statusTones[deposit.status]} />
          {deposit.holdLabel ? <HeldBadge label={deposit.holdLabel} /> : null}
          {deposit.flags.map((flag) => (
            <span key={flag.code} title={flag.detail}>
              <StatusBadge label={flag.label} tone="danger" />
            </span>
          ))}
        </div>
      </div>
      <dl className="bj-facts">
        <div>
          <dt>Produk</dt>
          <dd>{deposit.product.name}</dd>
        </div>
        <div>
          <dt>Nominal</dt>
          <dd>{formatRupiah(deposit.amount)}</dd>
        </div>
        <div>
          <dt>Suku bunga</dt>
          <dd>{formatRate(deposit.rateBps)}</dd>
        </div>
        <div>
          <dt>Tenor</dt>
          <dd>{deposit.tenorMonths} bulan</dd>
        </div>
        <div>
          <dt>Tanggal penempatan</dt>
          <dd>{formatDate(deposit.placementDate)}</dd>
        </div>
        <div>
          <dt>Tanggal efektif</dt>
          <dd>{formatDate(deposit.depositDate)}</dd>
        </div>
        <div>
          <dt>Jatuh tempo</dt>
          <dd>{formatDate(deposit.maturityDate)}</dd>
        </div>
        <div>
          <dt>Periode</dt>
          <dd>
            ke-{deposit.periodNumber} sejak {formatDate(deposit.periodStart)}
          </dd>
        </div>
        <div>
          <dt>Instruksi jatuh tempo</dt>
          <dd>{instructionLabels[deposit.maturityInstruction]}</dd>
        </div>
        <div>
          <dt>Pembayaran bunga</dt>
          <dd>{interestPaymentLabels[deposit.interestPayment]}</dd>
        </div>
        <div>
          <dt>Bilyet</dt>
          <dd>
            {bilyetStatusLabels[deposit.bilyet.status]}
            {deposit.bilyet.number ? ` · ${deposit.bilyet.number}` : ''}
          </dd>
        </div>
        <div>
          <dt>Kanal</dt>
          <dd>{channelText(deposit)}</dd>
        </div>
        <div>
          <dt>Rekening pencairan</dt>
          <dd>
            {deposit.customer.payoutAccount.bankName ?? '-'} {deposit.customer.payoutAccount.accountNumber ?? ''}
          </dd>
        </div>
        {deposit.statusReason ? (
          <div>
            <dt>Alasan</dt>
            <dd>{deposit.statusReason}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function Schedule({ deposit }: { deposit: DepositDetail }) {
  if (deposit.installments.length === 0) return <EmptyState title="Belum ada jadwal bunga." />;
  return (
    <div className="bj-table-wrap">
      <table className="bj-table">
        <caption className="bj-visually-hidden">Jadwal bunga</caption>
        <thead>
          <tr>
            <th scope="col">Periode</th>
            <th scope="col">Ke</th>
            <th scope="col">Tanggal bayar</th>
            <th scope="col" className="bj-num">Bunga kotor</th>
            <th scope="col" className="bj-num">Pajak</th>
            <th scope="col" className="bj-num">Bunga bersih</th>
            <th scope="col">Status</th>
            <th scope="col">Referensi</th>
          </tr>
        </thead>
        <tbody>
          {deposit.installments.map((row) => (
            <tr key={row.id}>
              <td>{row.periodNumber}</td>
              <td>{row.sequence}</td>
              <td>{formatDate(row.payDate)}</td>
              <td className="bj-num">{formatRupiah(row.grossInterest)}</td>
              <td className="bj-num">{formatRupiah(row.tax)}</td>
              <td className="bj-num">{formatRupiah(row.netInterest)}</td>
              <td>
                <StatusBadge label={row.statusLabel} tone={row.status === 'paid' ? 'success' : row.status === 'due' ? 'warning' : 'neutral'} />
              </td>
              <td>{row.reference ?? '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const dateTime = new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', hour: '2-digit', minute: '2-digit' });

function Timeline({ deposit }: { deposit: DepositDetail }) {
  if (deposit.timeline.length === 0) return <EmptyState title="Belum ada riwayat." />;
  return (
    <>
      <ol className="bj-timeline">
        {deposit.timeline.map((entry) => (
          <li key={entry.id} className="bj-timeline__item">
            <p className="bj-timeline__what">
              <strong>{entry.eventLabel}</strong>
              {entry.from ? ` · ${entry.from === entry.to ? 'tetap' : 'menjadi'} ` : ' · '}
              <StatusBadge label={labelOf(deposit, entry.to)} tone={statusTones[entry.to]} />
            </p>
            <p className="bj-timeline__who">
              {entry.actor.name} · {formatDate(entry.at)} {dateTime.format(new Date(entry.at))} WIB
            </p>
            {timelineDetail(entry) ? <p className="bj-timeline__detail">{timelineDetail(entry)}</p> : null}
          </li>
        ))}
      </ol>
      {deposit.notifications.length > 0 ? <PartnerNotifications deposit={deposit} /> : null}
    </>
  );
}

/** What the partner the deposit came from was told, and whether it arrived (the outbox). */
function PartnerNotifications({ deposit }: { deposit: DepositDetail }) {
  return (
    <section aria-labelledby="partner-notifications">
      <h3 id="partner-notifications">Notifikasi ke mitra {deposit.channel}</h3>
      <ol className="bj-timeline">
        {deposit.notifications.map((notification) => {
          const state = notificationState(notification);
          return (
            <li key={notification.id} className="bj-timeline__item">
              <p className="bj-timeline__what">
                <strong>{notificationTitle(notification)}</strong> · <StatusBadge label={state.label} tone={state.tone} />
              </p>
              <p className="bj-timeline__who">
                {formatDate(notification.at)} {dateTime.format(new Date(notification.at))} WIB
                {notification.deliveredAt ? ` · diterima mitra ${formatDate(notification.deliveredAt)} ${dateTime.format(new Date(notification.deliveredAt))} WIB` : ''}
              </p>
              {state.detail ? <p className="bj-timeline__detail">{state.detail}</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function labelOf(deposit: DepositDetail, status: string): string {
  return status === deposit.status ? deposit.statusLabel : (depositStatusLabels[status as DepositStatus] ?? status);
}

/** /deposito/:id: the deposit, the actions the machine allows this user today, and its history. */
export default function DepositDetailScreen() {
  const { id = '' } = useParams();
  const app = useAppActors();
  const user = useSelector(app.session, (snapshot) => snapshot.context.user);
  const detail = useDepositDetail(id);
  // In the URL, so Proses Dokumen can link straight to a deposit's signatures and a reload keeps the tab.
  const [query, updateQuery] = useQueryState({ tab: 'schedule' });
  const tab: DetailTab = isDetailTab(query.tab) ? query.tab : 'schedule';
  const [action, setAction] = useState<DepositEventType | null>(null);
  const [bilyetStep, setBilyetStep] = useState<BilyetStepKind | null>(null);
  // The screen's, not the dialogs': a save retried after no answer keeps its key even if its dialog was reopened.
  const submission = useSubmit();
  const [raising, setRaising] = useState(false);

  const deposit = detail.data;
  const offered = useMemo(() => (deposit ? offeredActions(deposit) : []), [deposit]);

  if (detail.status === 'error' && !deposit) {
    return (
      <div className="bj-page">
        <PageHeading title="Detail Deposito" />
        <ErrorState error={detail.error} onRetry={detail.reload} />
      </div>
    );
  }
  if (!deposit || !user) {
    return (
      <div className="bj-page">
        <PageHeading title="Detail Deposito" />
        <LoadingState />
      </div>
    );
  }

  // The Blokir tab counts the holds still in force.
  const inForce = holdsInForceOf(deposit).length;
  const tabItems = DETAIL_TABS.map((item) => (item.key === 'holds' && inForce > 0 ? { ...item, count: inForce } : item));

  const raiseChange = async (input: RaiseChangeRequest) => {
    const done = await submission.submit(input, (key) => depositApi.raiseChange(input, key));
    if (!done.ok) return;
    app.notify({ type: 'success', title: 'Permintaan perubahan diajukan; menunggu keputusan supervisor lain.' });
    setRaising(false);
  };

  const confirm = async (chosen: ActionSubmission) => {
    if (!action) return;
    let done;
    if (chosen.kind === 'event') {
      const { event } = chosen;
      // The transition answers the deposit as it is now: shown as it is, not fetched again.
      done = await submission.submit({ depositId: deposit.id, event, version: deposit.version }, (key) => depositApi.act(deposit.id, event, deposit.version, key), { answered: answeredDetail });
    } else {
      const payment = { depositId: deposit.id, reference: chosen.reference, paidAt: chosen.paidAt, proof: chosen.proof, version: deposit.version };
      done = await submission.submit(payment, (key) => depositApi.markDisbursementPaid(payment, key));
    }
    if (done.ok) app.notify({ type: 'success', title: SUCCESS[action] ?? 'Berhasil.' });
    // Done, or the deposit changed meanwhile (409): the dialog closes on the deposit as it is now
    // (a success brought it; a conflict reads it again).
    if (done.ok || done.statusCode === 409) setAction(null);
    if (!done.ok && done.statusCode === 409) detail.reload();
  };

  return (
    <div className="bj-page">
      <PageHeading title={`Deposito ${deposit.depositNumber}`} />
      <p className="bj-breadcrumb">
        <Link to="/deposito">Daftar Deposito</Link>
      </p>
      <Header deposit={deposit} />
      <AmountsDue deposit={deposit} />
      <DepositActions offered={offered} blocked={blockedActions(deposit)} onOpen={setAction} />
      {canRaiseChange(deposit.status) ? (
        <p>
          <button type="button" className="bj-button bj-button--secondary" onClick={() => setRaising(true)}>
            Ajukan perubahan rekening atau instruksi
          </button>
        </p>
      ) : null}
      <Tabs label="Rincian deposito" items={tabItems} selected={tab} onSelect={(next) => updateQuery({ tab: next })}>
        {tab === 'schedule' ? <Schedule deposit={deposit} /> : null}
        {tab === 'timeline' ? <Timeline deposit={deposit} /> : null}
        {tab === 'documents' ? <DocumentsTab deposit={deposit} submission={submission} onStep={setBilyetStep} /> : null}
        {tab === 'shipments' ? <ShipmentsTab deposit={deposit} submission={submission} onStep={setBilyetStep} /> : null}
        {tab === 'signatures' ? <SignaturesTab deposit={deposit} submission={submission} /> : null}
        {tab === 'holds' ? <HoldsTab deposit={deposit} role={user.role} submission={submission} onRefused={detail.reload} /> : null}
      </Tabs>
      {raising ? (
        <RaiseChangeDialog deposit={deposit} submission={submission} onClose={() => setRaising(false)} onSubmit={(input) => void raiseChange(input)} />
      ) : null}
      {action ? <ActionDialog key={action} type={action} deposit={deposit} submission={submission} onClose={() => setAction(null)} onConfirm={(submission) => void confirm(submission)} /> : null}
      {bilyetStep ? (
        <BilyetStepRunner kind={bilyetStep} target={stepTargetOf(deposit)} submission={submission} onClose={() => setBilyetStep(null)} onConflict={detail.reload} />
      ) : null}
    </div>
  );
}
