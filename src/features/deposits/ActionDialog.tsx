import { useState } from 'react';
import { riskLevelLabels } from '@contract/customers';
import { maturityDate } from '@machines/deposit-rules';
import type { DepositEventType } from '@contract/deposit';
import type { BreakPreviewData } from '@contract/deposit';
import type { Submission } from '../../app/use-submit';
import { Dialog } from '../../components/Dialog';
import { SelectField } from '../../components/SelectField';
import { TextAreaField, TextField } from '../../components/TextField';
import { ErrorState, LoadingState } from '../../components/DataState';
import { formatDate, formatRate, formatRupiah } from '../../lib/format';
import { depositApi, type DepositDetail, type StaffEvent } from '../../lib/deposit-api';
import { useServerData } from '../../lib/server-data';
import { actionLabel } from './deposit-actions';
import { maturityPayoutPreview } from './amounts-due';
import { DateField } from '../../components/DateField';
import { chosenFile, FileField } from '../../components/FileField';

/** What the confirmed action sends: a lifecycle event, or the payout record with its proof. */
export type ActionSubmission =
  | { kind: 'event'; event: StaffEvent }
  | { kind: 'markPaid'; reference: string; paidAt: string; proof: File };

export interface ActionDialogProps {
  type: DepositEventType;
  deposit: DepositDetail;
  /** The screen's request: pending, and every problem (the form's or the server's) shown in the dialog. */
  submission: Submission;
  onClose: () => void;
  onConfirm: (submission: ActionSubmission) => void;
}

const DANGER: ReadonlySet<DepositEventType> = new Set(['deposit.reject', 'deposit.cancel', 'deposit.rejectBreak']);

/** The break figures as the request and approval dialogs show them. */
export function Settlement({ preview, title }: { preview: BreakPreviewData; title: string }) {
  return (
    <section aria-label={title} className="bj-settlement">
      <h3 className="bj-settlement__title">{title}</h3>
      <dl className="bj-details bj-details--money">
        <dt>Pokok</dt>
        <dd>{formatRupiah(preview.principal)}</dd>
        <dt>Bunga berjalan</dt>
        <dd>{formatRupiah(preview.accruedInterest)}</dd>
        <dt>Bunga hangus</dt>
        <dd>{formatRupiah(preview.forfeitedInterest)}</dd>
        <dt>Pajak</dt>
        <dd>{formatRupiah(preview.tax)}</dd>
        <dt>Penalti</dt>
        <dd>{formatRupiah(preview.penalty)}</dd>
        {preview.earlierInterest > 0 && (
          <>
            <dt>Bunga periode sebelumnya yang belum dibayar</dt>
            <dd>{formatRupiah(preview.earlierInterest)}</dd>
            <dt>Pajak bunga periode sebelumnya</dt>
            <dd>{formatRupiah(preview.earlierTax)}</dd>
          </>
        )}
        <dt>Dibayarkan</dt>
        <dd className="bj-details__total">{formatRupiah(preview.payout)}</dd>
      </dl>
    </section>
  );
}

function BreakPreview({ depositId, date, title }: { depositId: string; date: string; title: string }) {
  const preview = useServerData(['deposits', 'break-preview', depositId, date], (signal) => depositApi.breakPreview(depositId, date, signal));
  if (preview.status === 'error') return <ErrorState title="Perkiraan pencairan tidak dapat dihitung." error={preview.error} onRetry={preview.reload} />;
  if (preview.status === 'loading' || !preview.data) return <LoadingState label="Menghitung perkiraan pencairan…" />;
  return <Settlement preview={preview.data} title={title} />;
}

function ReasonField({ required }: { required: boolean }) {
  return <TextAreaField label={required ? 'Alasan' : 'Alasan (opsional)'} name="reason" rows={3} maxLength={500} required={required} />;
}

/** The confirmation of one action: what it will do, and the fields DOMAIN.md asks for. */
export function ActionDialog({ type, deposit, submission, onClose, onConfirm }: ActionDialogProps) {
  const [newDate, setNewDate] = useState(deposit.depositDate);
  const [breakDate, setBreakDate] = useState(deposit.today);
  const [tenor, setTenor] = useState(String(deposit.product.tenors[0]?.tenorMonths ?? deposit.tenorMonths));

  const submit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const reason = text('reason');
    const refuse = (fieldProblems: Record<string, string[]>) => submission.invalid({ fieldProblems });
    switch (type) {
      case 'deposit.approve':
      case 'deposit.stopAro':
      case 'deposit.approveBreak':
      case 'deposit.requestDisbursement':
        return onConfirm({ kind: 'event', event: { type } });
      case 'deposit.reject':
      case 'deposit.cancel':
      case 'deposit.rejectBreak':
        if (!reason) return refuse({ reason: ['Alasan wajib diisi.'] });
        return onConfirm({ kind: 'event', event: { type, reason } });
      case 'deposit.changeDate':
        if (!newDate) return refuse({ depositDate: ['Tanggal efektif baru wajib diisi.'] });
        return onConfirm({ kind: 'event', event: { type, depositDate: newDate, ...(reason ? { reason } : {}) } });
      case 'deposit.extend':
        return onConfirm({ kind: 'event', event: { type, tenorMonths: Number(tenor) } });
      case 'deposit.requestBreak':
        if (!breakDate) return refuse({ breakDate: ['Tanggal pencairan wajib diisi.'] });
        return onConfirm({ kind: 'event', event: { type, breakDate, ...(reason ? { reason } : {}) } });
      case 'deposit.markPaid': {
        const proof = chosenFile(form, 'proof');
        const reference = text('reference');
        const paidAt = text('paidAt');
        if (!reference || !paidAt || !proof) {
          return refuse({
            reference: reference ? [] : ['Nomor referensi transfer wajib diisi.'],
            paidAt: paidAt ? [] : ['Tanggal bayar wajib diisi.'],
            proof: proof ? [] : ['Bukti transfer wajib diunggah.'],
          });
        }
        return onConfirm({ kind: 'markPaid', reference, paidAt, proof });
      }
      default:
        return submission.invalid({ problems: ['Aksi ini tidak dapat dilakukan dari layar ini.'] });
    }
  };

  const pendingPayout = deposit.disbursements.find((payout) => payout.status === 'pending');
  const extendRate = deposit.product.tenors.find((option) => String(option.tenorMonths) === tenor)?.rateBps;

  return (
    <Dialog
      title={`${actionLabel(type)} · ${deposit.depositNumber}`}
      open
      onClose={onClose}
      onSubmit={submit}
      confirmLabel={actionLabel(type)}
      confirmTone={DANGER.has(type) ? 'danger' : 'primary'}
      submission={submission}
    >
      <p className="bj-dialog__lead">
        {deposit.customer.name} · {formatRupiah(deposit.amount)} · {formatRate(deposit.rateBps)} · {deposit.tenorMonths} bulan
      </p>
      {type === 'deposit.approve' && (deposit.specialRate || deposit.customer.riskLevel !== 'LOW') ? (
        <ul className="bj-approval-flags" aria-label="Perhatian sebelum menyetujui">
          {deposit.specialRate && deposit.productRateBps !== null ? (
            <li className="bj-text-danger">
              <strong>Suku bunga khusus {formatRate(deposit.rateBps)}</strong>, di atas suku bunga produk {formatRate(deposit.productRateBps)} untuk tenor ini.
            </li>
          ) : null}
          {deposit.customer.riskLevel !== 'LOW' ? (
            <li className={deposit.customer.riskLevel === 'HIGH' ? 'bj-text-danger' : undefined}>
              Tingkat risiko nasabah: <strong>{riskLevelLabels[deposit.customer.riskLevel]}</strong>.
            </li>
          ) : null}
        </ul>
      ) : null}
      {type === 'deposit.approve' ? (
        <p>
          Deposito disetujui. Tanggal efektif {formatDate(deposit.depositDate)}
          {deposit.depositDate <= deposit.today ? ' sudah tiba, deposito langsung Aktif.' : '; deposito aktif pada tanggal itu.'} Jatuh tempo{' '}
          {formatDate(deposit.maturityDate)}.
        </p>
      ) : null}
      {type === 'deposit.reject' ? <p>Deposito ditolak dan tidak dapat diproses lagi. Nasabah melihat alasan Anda.</p> : null}
      {type === 'deposit.cancel' ? <p>Deposito dibatalkan sebelum aktif dan tidak dapat diproses lagi.</p> : null}
      {type === 'deposit.reject' || type === 'deposit.cancel' || type === 'deposit.rejectBreak' ? <ReasonField required /> : null}
      {type === 'deposit.changeDate' ? (
        <>
          <DateField label="Tanggal efektif baru" name="depositDate" value={newDate} min={deposit.placementDate} onChange={setNewDate} required />
          <p data-testid="new-maturity">
            Jatuh tempo baru: <strong>{/^\d{4}-\d{2}-\d{2}$/.test(newDate) ? formatDate(maturityDate(newDate, deposit.tenorMonths)) : '-'}</strong> (sebelumnya{' '}
            {formatDate(deposit.maturityDate)}).
          </p>
          <ReasonField required={false} />
        </>
      ) : null}
      {type === 'deposit.stopAro' ? (
        <p>
          Perpanjangan otomatis dihentikan: pada {formatDate(deposit.maturityDate)} deposito jatuh tempo dan dicairkan ke rekening nasabah, tidak diperpanjang.
        </p>
      ) : null}
      {type === 'deposit.extend' ? (
        <>
          <SelectField
            label="Tenor baru"
            name="tenorMonths"
            value={tenor}
            onChange={(event) => setTenor(event.target.value)}
            options={deposit.product.tenors.map((option) => ({ value: String(option.tenorMonths), label: `${option.tenorMonths} bulan · ${formatRate(option.rateBps)}` }))}
          />
          <p>
            Periode baru mulai hari ini ({formatDate(deposit.today)}) dengan suku bunga {extendRate === undefined ? '-' : formatRate(extendRate)}, jatuh tempo{' '}
            {formatDate(maturityDate(deposit.today, Number(tenor)))}.
          </p>
        </>
      ) : null}
      {type === 'deposit.requestBreak' ? (
        <>
          <DateField label="Tanggal pencairan" name="breakDate" value={breakDate} min={deposit.today} max={deposit.maturityDate} onChange={setBreakDate} required />
          {/^\d{4}-\d{2}-\d{2}$/.test(breakDate) ? <BreakPreview depositId={deposit.id} date={breakDate} title="Perkiraan pencairan" /> : null}
          <ReasonField required={false} />
          <p>Pengajuan ini menunggu persetujuan supervisor lain.</p>
        </>
      ) : null}
      {type === 'deposit.approveBreak' && deposit.breakRequest ? (
        <>
          <p>
            Pencairan awal pada {formatDate(deposit.breakRequest.breakDate)} diajukan {formatDate(deposit.breakRequest.requestedOn)}
            {deposit.breakRequest.reason ? ` dengan alasan "${deposit.breakRequest.reason}"` : ''}. Setelah disetujui deposito Menunggu Pencairan dengan rincian:
          </p>
          <BreakPreview depositId={deposit.id} date={deposit.breakRequest.breakDate} title="Rincian pencairan" />
        </>
      ) : null}
      {type === 'deposit.rejectBreak' ? <p>Pengajuan pencairan awal ditolak; deposito kembali Aktif.</p> : null}
      {type === 'deposit.requestDisbursement' ? <MaturityPayoutPreview deposit={deposit} /> : null}
      {type === 'deposit.markPaid' ? (
        <>
          <p>
            Catat transfer {pendingPayout ? formatRupiah(pendingPayout.amount) : ''} ke {deposit.customer.payoutAccount.bankName ?? '-'}{' '}
            {deposit.customer.payoutAccount.accountNumber ?? ''}. Setelah dicatat deposito Selesai.
          </p>
          <TextField label="Nomor referensi transfer" name="reference" maxLength={100} />
          <DateField label="Tanggal bayar" name="paidAt" defaultValue={deposit.today} max={deposit.today} required />
          <FileField label="Bukti transfer" name="proof" accept="application/pdf,image/png,image/jpeg" hint="PDF, PNG atau JPEG, paling besar 5 MB." required />
        </>
      ) : null}
    </Dialog>
  );
}

/** The request's confirmation: principal and the unpaid interest, paid together (README "Pembayaran saat jatuh tempo"). */
export function MaturityPayoutPreview({ deposit }: { deposit: DepositDetail }) {
  const preview = maturityPayoutPreview(deposit);
  const account = `${deposit.customer.payoutAccount.bankName ?? '-'} ${deposit.customer.payoutAccount.accountNumber ?? ''} a.n. ${deposit.customer.payoutAccount.accountName ?? '-'}`;
  return (
    <div data-testid="maturity-payout-preview">
      <p>
        Deposito jatuh tempo dicairkan ke rekening {account}: pokok dan semua bunga yang belum dibayar ditransfer bersama, lalu deposito Selesai tanpa sisa kewajiban.
      </p>
      <dl className="bj-details bj-details--money">
        <dt>Pokok</dt>
        <dd>{formatRupiah(preview.principal)}</dd>
        {preview.unpaid.map((item) => (
          <div key={item.id} className="bj-details__row">
            <dt>
              Bunga ke-{item.sequence} · {formatDate(item.payDate)} (bersih)
            </dt>
            <dd>{formatRupiah(item.netInterest)}</dd>
          </div>
        ))}
        <dt>Jumlah pencairan</dt>
        <dd className="bj-details__total">{formatRupiah(preview.amount)}</dd>
      </dl>
      {preview.unpaid.some((item) => item.status === 'scheduled') ? <p className="bj-muted">Pajak bunga yang belum jatuh tempo bayar dihitung ulang saat pencairan diajukan.</p> : null}
    </div>
  );
}
