import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useAppActors } from '../../app/actors-context';
import { PageHeading } from '../../components/PageHeading';
import { Tabs } from '../../components/Tabs';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { depositColumn } from '../../components/DepositRef';
import { Dialog } from '../../components/Dialog';
import { formatDate } from '../../lib/format';
import { depositApi, type ChangeRequest } from '../../lib/deposit-api';
import { createIdempotentSender } from '../../lib/idempotency';
import { useQueryState } from '../../lib/use-query-state';
import { useResource } from '../../lib/use-resource';
import { instructionLabels } from '../deposits/deposit-actions';
import '../../styles/lists.css';

const STATUS_LABELS = { pending: 'Menunggu', approved: 'Disetujui', rejected: 'Ditolak' } as const;

function requestedText(request: ChangeRequest): string {
  const value = request.requestedValue;
  if (request.kind === 'instruction' && typeof value.instruction === 'string') {
    return instructionLabels[value.instruction as keyof typeof instructionLabels] ?? value.instruction;
  }
  return [value.bankName, value.accountNumber, value.accountName].filter((part) => typeof part === 'string' && part).join(' · ');
}

/** /deposito/perubahan: customers' change requests; a supervisor approves or rejects (with a reason). */
export default function ChangeRequestsScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const canDecide = role === 'SUPERVISOR' || role === 'ADMIN';
  const [state, update] = useQueryState({ status: 'pending', page: '1' });
  const list = useResource((signal) => depositApi.changeRequests({ status: state.status, page: state.page, limit: 20 }, signal), [state.status, state.page]);
  const [deciding, setDeciding] = useState<{ request: ChangeRequest; decision: 'approved' | 'rejected' } | null>(null);
  const [pending, setPending] = useState(false);
  const [send] = useState(createIdempotentSender);

  const decide = async (form: HTMLFormElement) => {
    if (!deciding) return;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    if (deciding.decision === 'rejected' && !reason) {
      app.notify({ type: 'error', title: 'Alasan penolakan wajib diisi.' });
      return;
    }
    setPending(true);
    try {
      const id = deciding.request.id;
      const decision = { decision: deciding.decision, ...(reason ? { reason } : {}) };
      await send({ id, ...decision }, (key) => depositApi.decideChangeRequest(id, decision, key));
      app.notify({ type: 'success', title: deciding.decision === 'approved' ? 'Permintaan disetujui.' : 'Permintaan ditolak.' });
      setDeciding(null);
      list.reload();
    } catch (error) {
      app.showError(error);
    } finally {
      setPending(false);
    }
  };

  const columns: DataColumn<ChangeRequest>[] = [
    { key: 'createdAt', header: 'Diajukan', cell: (row) => formatDate(row.createdAt) },
    depositColumn((row) => ({ id: row.depositId, number: row.depositNumber, customer: row.customerName })),
    { key: 'kind', header: 'Jenis', wrap: true, cell: (row) => row.kindLabel },
    { key: 'requested', header: 'Permintaan', wrap: true, cell: requestedText },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <StatusBadge label={STATUS_LABELS[row.status]} tone={row.status === 'approved' ? 'success' : row.status === 'rejected' ? 'danger' : 'warning'} />,
    },
    {
      key: 'decision',
      header: state.status === 'pending' ? 'Aksi' : 'Diputuskan',
      wrap: true,
      cell: (row) =>
        row.status !== 'pending' ? (
          `${row.decidedBy?.name ?? '-'} · ${formatDate(row.decidedAt)}${row.reason ? ` · ${row.reason}` : ''}`
        ) : canDecide ? (
          <span className="bj-row-actions">
            <button type="button" className="bj-button bj-button--secondary" onClick={() => setDeciding({ request: row, decision: 'approved' })}>
              Setujui
            </button>
            <button type="button" className="bj-button bj-button--ghost" onClick={() => setDeciding({ request: row, decision: 'rejected' })}>
              Tolak
            </button>
          </span>
        ) : (
          <span className="bj-muted">Menunggu supervisor</span>
        ),
    },
  ];

  return (
    <div className="bj-page">
      <PageHeading title="Permintaan Perubahan" />
      <Tabs
        label="Status permintaan"
        items={(['pending', 'approved', 'rejected'] as const).map((key) => ({ key, label: STATUS_LABELS[key] }))}
        selected={state.status as keyof typeof STATUS_LABELS}
        onSelect={(status) => update({ status })}
      >
        <DataTable
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          caption="Permintaan perubahan"
          empty={{ title: 'Tidak ada permintaan perubahan.' }}
          onPage={(page) => update({ page: String(page) })}
        />
      </Tabs>
      <Dialog
        title={deciding?.decision === 'rejected' ? 'Tolak permintaan' : 'Setujui permintaan'}
        open={deciding !== null}
        onClose={() => setDeciding(null)}
        onSubmit={(form) => void decide(form)}
        confirmLabel={deciding?.decision === 'rejected' ? 'Tolak' : 'Setujui'}
        confirmTone={deciding?.decision === 'rejected' ? 'danger' : 'primary'}
        pending={pending}
      >
        {deciding ? (
          <>
            <p>
              {deciding.request.kindLabel} deposito {deciding.request.depositNumber} ({deciding.request.customerName}): {requestedText(deciding.request)}.
              {deciding.decision === 'approved' ? ' Perubahan berlaku setelah disetujui.' : ' Nasabah melihat alasan penolakan.'}
            </p>
            <label className="bj-field">
              <span className="bj-field__label">Alasan{deciding.decision === 'rejected' ? ' (wajib)' : ' (opsional)'}</span>
              <textarea className="bj-field__input" name="reason" rows={3} maxLength={500} required={deciding.decision === 'rejected'} />
            </label>
          </>
        ) : null}
      </Dialog>
    </div>
  );
}
