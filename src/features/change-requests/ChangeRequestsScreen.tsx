import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { TextAreaField } from '../../components/TextField';
import { PageHeading } from '../../components/PageHeading';
import { Tabs } from '../../components/Tabs';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { DepositRef } from '../../components/DepositRef';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/Dialog';
import { formatDate } from '../../lib/format';
import { depositApi, type ChangeRequest } from '../../lib/deposit-api';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import { ChangeSummary } from '../../components/ChangeSummary';
import { changeLines } from '../../components/change-lines';
import { mayAct } from '@machines/deposit-rules';
import '../../styles/lists.css';

const STATUS_LABELS = { pending: 'Menunggu', approved: 'Disetujui', rejected: 'Ditolak' } as const;

/** A request raised from a deposit names it; one raised from the customer's page names the customer. */
function requestSubject(row: ChangeRequest) {
  if (row.depositId && row.depositNumber) return <DepositRef id={row.depositId} number={row.depositNumber} customer={row.customerName} />;
  return (
    <span className="bj-lines">
      <Link to={`/nasabah/${encodeURIComponent(row.customerId)}`}>{row.customerName}</Link>
      <span className="bj-lines__quiet">Data nasabah</span>
    </span>
  );
}

/** /deposito/perubahan: customers' change requests; a supervisor approves or rejects (with a reason). */
export default function ChangeRequestsScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const canDecide = mayAct(role, 'SUPERVISOR');
  const [state, update] = useQueryState({ status: 'pending', page: '1' });
  const query = { status: state.status, page: state.page, limit: 20 };
  const list = useServerData(['change-requests', 'list', query], (signal) => depositApi.changeRequests(query, signal));
  const [deciding, setDeciding] = useState<{ request: ChangeRequest; decision: 'approved' | 'rejected' } | null>(null);
  const decision = useSubmit();

  const decide = async (form: HTMLFormElement) => {
    if (!deciding) return;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    if (deciding.decision === 'rejected' && !reason) return decision.invalid({ fieldProblems: { reason: ['Alasan penolakan wajib diisi.'] } });
    const id = deciding.request.id;
    const body = { decision: deciding.decision, ...(reason ? { reason } : {}) };
    const done = await decision.submit({ id, ...body }, (key) => depositApi.decideChangeRequest(id, body, key));
    if (!done.ok) return;
    app.notify({ type: 'success', title: deciding.decision === 'approved' ? 'Permintaan disetujui.' : 'Permintaan ditolak.' });
    setDeciding(null);
  };

  const columns: DataColumn<ChangeRequest>[] = [
    { key: 'createdAt', header: 'Diajukan', cell: (row) => formatDate(row.createdAt) },
    { key: 'deposit', header: 'Deposito / Nasabah', wrap: true, cell: requestSubject },
    { key: 'kind', header: 'Jenis', wrap: true, cell: (row) => row.kindLabel },
    { key: 'requested', header: 'Sebelum → sesudah', wrap: true, cell: (row) => <ChangeSummary request={row} /> },
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
        submission={decision}
      >
        {deciding ? (
          <>
            <p>
              {deciding.request.kindLabel} {deciding.request.depositNumber ? `deposito ${deciding.request.depositNumber} ` : ''}({deciding.request.customerName}), diajukan oleh{' '}
              {deciding.request.requestedBy?.name ?? 'nasabah melalui platform'}.
              {deciding.decision === 'approved' ? ' Perubahan berlaku setelah disetujui.' : ' Pengaju melihat alasan penolakan.'}
            </p>
            <table className="bj-table bj-change-table">
              <caption className="bj-visually-hidden">Data sebelum dan sesudah perubahan</caption>
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Sebelum</th>
                  <th scope="col">Sesudah</th>
                </tr>
              </thead>
              <tbody>
                {changeLines(deciding.request).map((line) => (
                  <tr key={line.label}>
                    <th scope="row">{line.label}</th>
                    <td>{line.before}</td>
                    <td>
                      <strong>{line.after}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {deciding.decision === 'rejected' ? (
              <TextAreaField label="Alasan penolakan" name="reason" rows={3} maxLength={500} required />
            ) : (
              <TextAreaField label="Alasan (opsional)" name="reason" rows={3} maxLength={500} />
            )}
          </>
        ) : null}
      </Dialog>
    </div>
  );
}
