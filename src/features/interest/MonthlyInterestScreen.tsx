import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { TextField } from '../../components/TextField';
import { PageHeading } from '../../components/PageHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { depositColumn } from '../../components/DepositRef';
import { AmountLess } from '../../components/AmountLess';
import { DownloadButton } from '../../components/DownloadButton';
import { Dialog } from '../../components/Dialog';
import { formatDate, formatRupiah, interestMonths, jakartaToday } from '../../lib/format';
import { cleanQuery, depositApi, DOWNLOAD_PATHS, type MonthlyInterestRow } from '../../lib/deposit-api';
import { periodLabel } from '../../lib/period-label';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData, useServerFetch } from '../../lib/server-data';
import '../../styles/lists.css';
import { DateField } from '../../components/DateField';
import { SearchForm } from '../../components/SearchForm';
import { mayAct } from '@machines/deposit-rules';

export const ONLY_SUPERVISOR = 'Hanya supervisor yang dapat menandai bunga sudah dibayar.';
/**
 * The screen opens on what is to be paid now (pay date today or earlier, not paid): the rows the
 * transfer template holds by default. `all` lists every status (the API's default without one).
 */
const DEFAULT_STATUS = 'due';
const ALL_STATUSES = 'all';
const STATUS_OPTIONS = [
  { value: 'due', label: 'Jatuh tempo bayar' },
  { value: 'scheduled', label: 'Terjadwal' },
  { value: 'paid', label: 'Sudah dibayar' },
  { value: ALL_STATUSES, label: 'Semua status' },
];
export const TEMPLATE_ONLY_DUE = 'Template transfer berisi bunga berstatus Jatuh tempo bayar saja: tampilkan status itu untuk mengunduhnya.';
const PAGE_SIZE = 50;

/** Only installments not yet paid can be marked paid. */
const isPayable = (row: MonthlyInterestRow) => row.status === 'scheduled' || row.status === 'due';

const columns: DataColumn<MonthlyInterestRow>[] = [
  depositColumn((row) => ({ id: row.depositId, number: row.depositNumber, customer: row.customerName })),
  { key: 'payDate', header: 'Tanggal bayar', cell: (row) => formatDate(row.payDate) },
  { key: 'principal', header: 'Pokok', numeric: true, cell: (row) => formatRupiah(row.principal) },
  { key: 'gross', header: 'Bunga kotor / pajak', numeric: true, cell: (row) => <AmountLess amount={row.grossInterest} less={row.tax} /> },
  { key: 'net', header: 'Bunga bersih', numeric: true, cell: (row) => formatRupiah(row.netInterest) },
  { key: 'account', header: 'Rekening', wrap: true, cell: (row) => `${row.payoutAccount.bankName ?? '-'} ${row.payoutAccount.accountNumber ?? ''}` },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge label={row.statusLabel} tone={row.status === 'paid' ? 'success' : row.status === 'due' ? 'warning' : 'neutral'} />,
  },
];

function useMonthlyInterest(period: string, status: string, q: string, page: string) {
  const query = { period, status: status === ALL_STATUSES ? '' : status, q, page, limit: PAGE_SIZE };
  return useServerData(['interest', 'list', query], (signal) => depositApi.monthlyInterest(query, signal));
}

/** /deposito/bunga: the installments of one month; template download; bulk "Tandai sudah dibayar". */
export default function MonthlyInterestScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const { months, thisMonth } = interestMonths();
  const [state, update] = useQueryState({ period: thisMonth, status: DEFAULT_STATUS, q: '', page: '1' });
  const interest = useMonthlyInterest(state.period, state.status, state.q, state.page);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const marking = useSubmit();
  const ask = useServerFetch();
  const canMark = mayAct(role, 'SUPERVISOR');

  const rows = interest.data?.data ?? [];
  const chosen = rows.filter((row) => isPayable(row) && selected.has(row.id));

  const markPaid = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const reference = String(data.get('reference') ?? '').trim();
    const paidAt = String(data.get('paidAt') ?? '');
    if (!reference || !paidAt) {
      return marking.invalid({
        fieldProblems: {
          reference: reference ? [] : ['Nomor referensi transfer wajib diisi.'],
          paidAt: paidAt ? [] : ['Tanggal bayar wajib diisi dengan tanggal yang valid.'],
        },
      });
    }
    const payment = { installmentIds: chosen.map((row) => row.id), reference, paidAt };
    const done = await marking.submit(payment, (key) => depositApi.markInterestPaid(payment, key));
    if (!done.ok) {
      if (done.statusCode === 409) interest.reload();
      return;
    }
    app.notify({ type: 'success', title: `${done.answer.paid} bunga ditandai sudah dibayar.` });
    setConfirming(false);
    setSelected(new Set());
  };

  const templateReady = async () => {
    const query = { period: state.period, status: state.status, q: state.q };
    const count = await ask(['interest', 'template-count', query], (signal) => depositApi.interestTemplateCount(query, signal));
    if (count.count === 0) {
      app.notify({ type: 'error', title: `Tidak ada bunga yang harus dibayar untuk ${periodLabel(state.period)}${state.q ? ` dengan pencarian "${state.q}"` : ''}.` });
      return false;
    }
    return true;
  };

  return (
    <div className="bj-page">
      <PageHeading title="Bunga Bulanan" />
      <div className="bj-filters">
        <SearchForm value={state.q} onSearch={(q) => { setSelected(new Set()); update({ q }); }} />
        <label className="bj-filters__field">
          <span>Periode</span>
          <select className="bj-field__input" value={state.period} onChange={(event) => { setSelected(new Set()); update({ period: event.target.value }); }}>
            {months.map((month) => (
              <option key={month} value={month}>
                {periodLabel(month)}
              </option>
            ))}
          </select>
        </label>
        <label className="bj-filters__field">
          <span>Status</span>
          <select className="bj-field__input" value={state.status} onChange={(event) => { setSelected(new Set()); update({ status: event.target.value }); }}>
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {interest.data ? (
        <div className="bj-stats">
          <div className="bj-stat">
            <span className="bj-stat__value">{interest.data.summary.count.toLocaleString('id-ID')}</span>
            <span className="bj-stat__label">angsuran bunga {periodLabel(interest.data.period)}</span>
          </div>
          <div className="bj-stat">
            <span className="bj-stat__value">{formatRupiah(interest.data.summary.net)}</span>
            <span className="bj-stat__label">bunga bersih (pajak {formatRupiah(interest.data.summary.tax)})</span>
          </div>
        </div>
      ) : null}

      <div className="bj-toolbar">
        <span className="bj-muted">{canMark ? `${chosen.length} dipilih` : ONLY_SUPERVISOR}</span>
        <button type="button" className="bj-button bj-button--primary" disabled={!canMark || chosen.length === 0} onClick={() => setConfirming(true)} title={canMark ? undefined : ONLY_SUPERVISOR}>
          Tandai sudah dibayar
        </button>
        {state.status === DEFAULT_STATUS ? (
          <DownloadButton
            path={DOWNLOAD_PATHS.interestTemplate}
            query={cleanQuery({ period: state.period, status: state.status, q: state.q })}
            fallbackName={`template-bunga-${state.period}.xlsx`}
            label="Unduh template transfer"
            beforeDownload={templateReady}
          />
        ) : (
          <span className="bj-muted" data-testid="template-only-due">
            {TEMPLATE_ONLY_DUE}{' '}
            <button type="button" className="bj-button bj-button--secondary" onClick={() => { setSelected(new Set()); update({ status: DEFAULT_STATUS }); }}>
              Tampilkan yang jatuh tempo bayar
            </button>
          </span>
        )}
      </div>

      <DataTable
        list={interest}
        columns={columns}
        rowKey={(row) => row.id}
        caption={`Bunga bulanan ${periodLabel(state.period)}`}
        empty={{ title: 'Tidak ada bunga.', body: state.q ? `Tidak ada angsuran bunga yang cocok dengan "${state.q}" pada periode dan status ini.` : 'Tidak ada angsuran bunga pada periode dan status ini.' }}
        onPage={(page) => update({ page: String(page) })}
        selection={
          canMark
            ? { selected, onChange: setSelected, selectAllLabel: 'Pilih semua bunga yang belum dibayar', rowLabel: (row) => `Pilih bunga ${row.depositNumber} ke-${row.sequence}`, canSelect: isPayable }
            : undefined
        }
      />

      <Dialog title="Tandai bunga sudah dibayar" open={confirming} onClose={() => setConfirming(false)} onSubmit={(form) => void markPaid(form)} confirmLabel="Tandai sudah dibayar" submission={marking}>
        <p>
          {chosen.length} angsuran bunga dengan total bersih {formatRupiah(chosen.reduce((sum, row) => sum + row.netInterest, 0))} dicatat sudah ditransfer. Semua atau
          tidak sama sekali: bila satu gagal, tidak ada yang dicatat.
        </p>
        <TextField label="Nomor referensi transfer" name="reference" maxLength={100} />
        <DateField label="Tanggal bayar" name="paidAt" defaultValue={jakartaToday()} max={jakartaToday()} required />
      </Dialog>
    </div>
  );
}
