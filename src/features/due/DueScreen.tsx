import { PageHeading } from '../../components/PageHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { depositColumn } from '../../components/DepositRef';
import { DownloadButton } from '../../components/DownloadButton';
import { formatDate, formatRate, formatRupiah } from '../../lib/format';
import { depositApi, DOWNLOAD_PATHS, type DepositSummary } from '../../lib/deposit-api';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import { instructionLabels, statusTones } from '../../lib/deposit-labels';
import '../../styles/lists.css';

const DAY_OPTIONS = ['7', '30', '60'];

const columns: DataColumn<DepositSummary>[] = [
  { key: 'maturityDate', header: 'Jatuh tempo', cell: (row) => formatDate(row.maturityDate) },
  depositColumn((row) => ({ id: row.id, number: row.depositNumber, customer: row.customer.name })),
  { key: 'amount', header: 'Nominal', numeric: true, cell: (row) => formatRupiah(row.amount) },
  { key: 'rate', header: 'Bunga', numeric: true, cell: (row) => formatRate(row.rateBps) },
  { key: 'instruction', header: 'Instruksi', wrap: true, cell: (row) => instructionLabels[row.maturityInstruction] },
  { key: 'status', header: 'Status', cell: (row) => <StatusBadge label={row.statusLabel} tone={statusTones[row.status]} /> },
];

/** /deposito/jatuh-tempo: deposits maturing from today to today + 7/30/60 days, with download. */
export default function DueScreen() {
  const [state, update] = useQueryState({ days: '30', page: '1' });
  const query = { days: state.days, page: state.page, limit: 20 };
  const list = useServerData(['due', 'list', query], (signal) => depositApi.dueInformation(query, signal));
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
      <DataTable
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        caption="Deposito jatuh tempo"
        empty={{ title: `Tidak ada deposito yang jatuh tempo dalam ${state.days} hari.` }}
        onPage={(page) => update({ page: String(page) })}
      />
    </div>
  );
}
