import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { PageHeading } from '../../components/PageHeading';
import { Pagination } from '../../components/Pagination';
import { Tabs } from '../../components/Tabs';
import { StatusBadge } from '../../components/StatusBadge';
import { EmptyState, ErrorState, LoadingState } from '../../components/DataState';
import { Dialog } from '../../components/Dialog';
import { formatDate } from '../../lib/format';
import { depositApi, newIdempotencyKey, type ChangeRequest } from '../../lib/deposit-api';
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
  const key = useRef(newIdempotencyKey());

  const decide = async (form: HTMLFormElement) => {
    if (!deciding) return;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    if (deciding.decision === 'rejected' && !reason) {
      app.notify({ type: 'error', title: 'Alasan penolakan wajib diisi.' });
      return;
    }
    setPending(true);
    try {
      await depositApi.decideChangeRequest(deciding.request.id, { decision: deciding.decision, ...(reason ? { reason } : {}) }, key.current);
      app.notify({ type: 'success', title: deciding.decision === 'approved' ? 'Permintaan disetujui.' : 'Permintaan ditolak.' });
      setDeciding(null);
      key.current = newIdempotencyKey();
      list.reload();
    } catch (error) {
      app.showError(error);
    } finally {
      setPending(false);
    }
  };

  const rows = list.data?.data ?? [];
  return (
    <div className="bj-page">
      <PageHeading title="Permintaan Perubahan" />
      <Tabs
        label="Status permintaan"
        items={(['pending', 'approved', 'rejected'] as const).map((key) => ({ key, label: STATUS_LABELS[key] }))}
        selected={state.status as keyof typeof STATUS_LABELS}
        onSelect={(status) => update({ status })}
      >
        {list.status === 'error' ? (
          <ErrorState error={list.error} onRetry={list.reload} />
        ) : list.data === null ? (
          <LoadingState />
        ) : rows.length === 0 ? (
          <EmptyState title="Tidak ada permintaan perubahan." />
        ) : (
          <div className="bj-table-wrap">
            <table className="bj-table">
              <caption className="bj-visually-hidden">Permintaan perubahan</caption>
              <thead>
                <tr>
                  <th scope="col">Diajukan</th>
                  <th scope="col">Deposito</th>
                  <th scope="col">Nasabah</th>
                  <th scope="col">Jenis</th>
                  <th scope="col">Permintaan</th>
                  <th scope="col">Status</th>
                  <th scope="col">{state.status === 'pending' ? 'Aksi' : 'Diputuskan'}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDate(row.createdAt)}</td>
                    <td>
                      <Link to={`/deposito/${row.depositId}`}>{row.depositNumber}</Link>
                    </td>
                    <td className="bj-wrap">{row.customerName}</td>
                    <td className="bj-wrap">{row.kindLabel}</td>
                    <td className="bj-wrap">{requestedText(row)}</td>
                    <td>
                      <StatusBadge label={STATUS_LABELS[row.status]} tone={row.status === 'approved' ? 'success' : row.status === 'rejected' ? 'danger' : 'warning'} />
                    </td>
                    <td>
                      {row.status !== 'pending' ? (
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
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination meta={list.data?.meta} onPage={(page) => update({ page: String(page) })} />
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
