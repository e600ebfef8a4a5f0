import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { PageHeading } from '../../components/PageHeading';
import { Pagination } from '../../components/Pagination';
import { StatusBadge } from '../../components/StatusBadge';
import { EmptyState, ErrorState, LoadingState } from '../../components/DataState';
import { DownloadButton } from '../../components/DownloadButton';
import { Dialog } from '../../components/Dialog';
import { formatDate, formatRupiah, jakartaToday, lastTwelveMonths } from '../../lib/format';
import { depositApi, DOWNLOAD_PATHS, newIdempotencyKey } from '../../lib/deposit-api';
import { periodLabel } from '../../lib/period-label';
import { useQueryState } from '../../lib/use-query-state';
import { useResource } from '../../lib/use-resource';
import '../../styles/lists.css';
import { DateField } from '../../components/DateField';

export const ONLY_SUPERVISOR = 'Hanya supervisor yang dapat menandai bunga sudah dibayar.';
const STATUS_OPTIONS = [
  { value: '', label: 'Semua status' },
  { value: 'scheduled', label: 'Terjadwal' },
  { value: 'due', label: 'Jatuh tempo bayar' },
  { value: 'paid', label: 'Sudah dibayar' },
];
const PAGE_SIZE = 50;

function useMonthlyInterest(period: string, status: string, page: string) {
  return useResource((signal) => depositApi.monthlyInterest({ period, status, page, limit: PAGE_SIZE }, signal), [period, status, page]);
}

/** /deposito/bunga: the installments of one month; template download; bulk "Tandai sudah dibayar". */
export default function MonthlyInterestScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const months = lastTwelveMonths();
  const [state, update] = useQueryState({ period: months[0] ?? '', status: '', page: '1' });
  const interest = useMonthlyInterest(state.period, state.status, state.page);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const key = useRef(newIdempotencyKey());
  const canMark = role === 'SUPERVISOR' || role === 'ADMIN';

  const rows = interest.data?.data ?? [];
  const payable = rows.filter((row) => row.status === 'scheduled' || row.status === 'due');
  const chosen = payable.filter((row) => selected.has(row.id));
  const allChosen = payable.length > 0 && payable.every((row) => selected.has(row.id));

  const toggle = (id: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const markPaid = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const reference = String(data.get('reference') ?? '').trim();
    const paidAt = String(data.get('paidAt') ?? '');
    if (!reference) {
      app.notify({ type: 'error', title: 'Nomor referensi transfer wajib diisi.' });
      return;
    }
    if (!paidAt) {
      app.notify({ type: 'error', title: 'Tanggal bayar wajib diisi dengan tanggal yang valid.' });
      return;
    }
    setPending(true);
    try {
      const result = await depositApi.markInterestPaid({ installmentIds: chosen.map((row) => row.id), reference, paidAt }, key.current);
      app.notify({ type: 'success', title: `${result.paid} bunga ditandai sudah dibayar.` });
      setConfirming(false);
      setSelected(new Set());
      key.current = newIdempotencyKey();
      interest.reload();
    } catch (error) {
      app.showError(error);
      if ((error as { statusCode?: number }).statusCode === 409) interest.reload();
    } finally {
      setPending(false);
    }
  };

  const templateReady = async () => {
    const count = await depositApi.interestTemplateCount(state.period);
    if (count.count === 0) {
      app.notify({ type: 'error', title: `Tidak ada bunga yang harus dibayar untuk ${periodLabel(state.period)}.` });
      return false;
    }
    return true;
  };

  return (
    <div className="bj-page">
      <PageHeading title="Bunga Bulanan" />
      <div className="bj-filters">
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
        <DownloadButton path={DOWNLOAD_PATHS.interestTemplate} query={{ period: state.period }} fallbackName={`template-bunga-${state.period}.xlsx`} label="Unduh template transfer" beforeDownload={templateReady} />
      </div>

      {interest.status === 'error' ? (
        <ErrorState error={interest.error} onRetry={interest.reload} />
      ) : interest.data === null ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <EmptyState title="Tidak ada bunga.">Tidak ada angsuran bunga pada periode dan status ini.</EmptyState>
      ) : (
        <div className="bj-table-wrap" aria-busy={interest.status === 'loading'}>
          <table className="bj-table">
            <caption className="bj-visually-hidden">Bunga bulanan {periodLabel(state.period)}</caption>
            <thead>
              <tr>
                {canMark ? (
                  <th scope="col" className="bj-table__check">
                    <input type="checkbox" aria-label="Pilih semua bunga yang belum dibayar" checked={allChosen} disabled={payable.length === 0} onChange={() => setSelected(allChosen ? new Set() : new Set(payable.map((row) => row.id)))} />
                  </th>
                ) : null}
                <th scope="col">Deposito</th>
                <th scope="col">Nasabah</th>
                <th scope="col">Tanggal bayar</th>
                <th scope="col" className="bj-num">Pokok</th>
                <th scope="col" className="bj-num">Bunga kotor</th>
                <th scope="col" className="bj-num">Pajak</th>
                <th scope="col" className="bj-num">Bunga bersih</th>
                <th scope="col">Rekening</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const open = row.status === 'scheduled' || row.status === 'due';
                return (
                  <tr key={row.id}>
                    {canMark ? (
                      <td className="bj-table__check">
                        {open ? <input type="checkbox" aria-label={`Pilih bunga ${row.depositNumber} ke-${row.sequence}`} checked={selected.has(row.id)} onChange={() => toggle(row.id)} /> : null}
                      </td>
                    ) : null}
                    <td>
                      <Link to={`/deposito/${row.depositId}`}>{row.depositNumber}</Link>
                    </td>
                    <td className="bj-wrap">{row.customerName}</td>
                    <td>{formatDate(row.payDate)}</td>
                    <td className="bj-num">{formatRupiah(row.principal)}</td>
                    <td className="bj-num">{formatRupiah(row.grossInterest)}</td>
                    <td className="bj-num">{formatRupiah(row.tax)}</td>
                    <td className="bj-num">{formatRupiah(row.netInterest)}</td>
                    <td className="bj-wrap">
                      {row.payoutAccount.bankName ?? '-'} {row.payoutAccount.accountNumber ?? ''}
                    </td>
                    <td>
                      <StatusBadge label={row.statusLabel} tone={row.status === 'paid' ? 'success' : row.status === 'due' ? 'warning' : 'neutral'} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination meta={interest.data?.meta} onPage={(page) => update({ page: String(page) })} />

      <Dialog title="Tandai bunga sudah dibayar" open={confirming} onClose={() => setConfirming(false)} onSubmit={(form) => void markPaid(form)} confirmLabel="Tandai sudah dibayar" pending={pending}>
        <p>
          {chosen.length} angsuran bunga dengan total bersih {formatRupiah(chosen.reduce((sum, row) => sum + row.netInterest, 0))} dicatat sudah ditransfer. Semua atau
          tidak sama sekali: bila satu gagal, tidak ada yang dicatat.
        </p>
        <label className="bj-field">
          <span className="bj-field__label">Nomor referensi transfer</span>
          <input className="bj-field__input" name="reference" maxLength={100} required />
        </label>
        <DateField label="Tanggal bayar" name="paidAt" defaultValue={jakartaToday()} max={jakartaToday()} required />
      </Dialog>
    </div>
  );
}
