import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { Pagination } from '../../components/Pagination';
import { StatusBadge } from '../../components/StatusBadge';
import { EmptyState, ErrorState, LoadingState } from '../../components/DataState';
import { DownloadButton } from '../../components/DownloadButton';
import { formatDate, formatRate, formatRupiah } from '../../lib/format';
import { depositApi, DOWNLOAD_PATHS } from '../../lib/deposit-api';
import { useQueryState } from '../../lib/use-query-state';
import { useResource } from '../../lib/use-resource';
import { instructionLabels, statusTones } from '../deposits/deposit-actions';
import '../../styles/lists.css';

const DAY_OPTIONS = ['7', '30', '60'];

/** /deposito/jatuh-tempo: deposits maturing from today to today + 7/30/60 days, with download. */
export default function DueScreen() {
  const [state, update] = useQueryState({ days: '30', page: '1' });
  const list = useResource((signal) => depositApi.dueInformation({ days: state.days, page: state.page, limit: 20 }, signal), [state.days, state.page]);
  const rows = list.data?.data ?? [];
  return (
    <div className="bj-page">
      <PageHeading title="Jatuh Tempo" />
      <div className="bj-toolbar">
        <fieldset className="bj-segmented">
          <legend className="bj-visually-hidden">Rentang hari</legend>
          {DAY_OPTIONS.map((days) => (
            <label key={days} className="bj-segmented__option">
              <input type="radio" name="days" value={days} checked={state.days === days} onChange={() => update({ days })} /> {days} hari
            </label>
          ))}
        </fieldset>
        {list.data ? (
          <span className="bj-muted">
            {formatDate(list.data.range.from)} – {formatDate(list.data.range.to)}
          </span>
        ) : null}
        <DownloadButton path={DOWNLOAD_PATHS.dueInformation} query={{ days: state.days }} fallbackName="jatuh-tempo.xlsx" />
      </div>
      {list.status === 'error' ? (
        <ErrorState error={list.error} onRetry={list.reload} />
      ) : list.data === null ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <EmptyState title={`Tidak ada deposito yang jatuh tempo dalam ${state.days} hari.`} />
      ) : (
        <div className="bj-table-wrap" aria-busy={list.status === 'loading'}>
          <table className="bj-table">
            <caption className="bj-visually-hidden">Deposito jatuh tempo</caption>
            <thead>
              <tr>
                <th scope="col">Jatuh tempo</th>
                <th scope="col">Deposito</th>
                <th scope="col">Nasabah</th>
                <th scope="col" className="bj-num">Nominal</th>
                <th scope="col" className="bj-num">Bunga</th>
                <th scope="col">Instruksi</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatDate(row.maturityDate)}</td>
                  <td>
                    <Link to={`/deposito/${row.id}`}>{row.depositNumber}</Link>
                  </td>
                  <td className="bj-wrap">{row.customer.name}</td>
                  <td className="bj-num">{formatRupiah(row.amount)}</td>
                  <td className="bj-num">{formatRate(row.rateBps)}</td>
                  <td className="bj-wrap">{instructionLabels[row.maturityInstruction]}</td>
                  <td>
                    <StatusBadge label={row.statusLabel} tone={statusTones[row.status]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page: String(page) })} />
    </div>
  );
}
