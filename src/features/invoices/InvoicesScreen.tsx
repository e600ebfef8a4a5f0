import { Link } from 'react-router-dom';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { DownloadButton } from '../../components/DownloadButton';
import { PageHeading } from '../../components/PageHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate, formatRupiah } from '../../lib/format';
import { INVOICE_DOWNLOADS, invoicesApi, type InvoiceSummary } from '../../lib/invoices-api';
import { periodLabel } from '../../lib/period-label';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import { INVOICE_STATUS_OPTIONS, INVOICE_STATUS_TONES, invoicePdfName } from './invoice-status';
import '../../styles/lists.css';
import '../../styles/invoices.css';

const PAGE_SIZE = 20;

const columns: DataColumn<InvoiceSummary>[] = [
  {
    key: 'number',
    header: 'Nomor tagihan',
    cell: (row) => (
      <div className="bj-lines">
        <Link to={`/bank/tagihan/${encodeURIComponent(row.id)}`}>{row.number}</Link>
        <span className="bj-lines__quiet">{row.lineCount.toLocaleString('id-ID')} baris</span>
      </div>
    ),
  },
  { key: 'period', header: 'Periode', cell: (row) => periodLabel(row.period) },
  { key: 'issuedAt', header: 'Tanggal tagihan', cell: (row) => formatDate(row.issuedAt) },
  { key: 'dueDate', header: 'Jatuh tempo', cell: (row) => formatDate(row.dueDate) },
  { key: 'total', header: 'Total tagihan', numeric: true, title: (row) => `Jumlah ${formatRupiah(row.subtotal)} + PPN ${formatRupiah(row.ppn)}`, cell: (row) => formatRupiah(row.total) },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <>
        <StatusBadge label={row.statusLabel} tone={INVOICE_STATUS_TONES[row.status]} />
        {row.paidAt ? <div className="bj-lines__quiet">{formatDate(row.paidAt)}</div> : null}
      </>
    ),
  },
  {
    key: 'files',
    header: 'Unduh',
    cell: (row) => (
      <span className="bj-row-actions bj-invoice-files">
        <DownloadButton base="v1" path={INVOICE_DOWNLOADS.pdf.path} query={{ id: row.id }} fallbackName={invoicePdfName(row.number)} label="PDF" accessibleName={`PDF tagihan ${row.number}`} />
        <DownloadButton path={INVOICE_DOWNLOADS.lines.path} query={{ period: row.period }} fallbackName={`Rincian_Tagihan_${row.period}.xlsx`} label="Excel" accessibleName={`Excel rincian tagihan ${row.number}`} />
      </span>
    ),
  },
];

/** /bank/tagihan: the platform's invoices to this bank, newest first, with their status today. */
export default function InvoicesScreen() {
  const [state, update] = useQueryState({ status: '', page: '1' });
  const query = { status: state.status, page: state.page, limit: PAGE_SIZE };
  const list = useServerData(['invoices', 'list', query], (signal) => invoicesApi.list(query, signal));
  const filtered = INVOICE_STATUS_OPTIONS.find((option) => option.value === state.status && option.value !== '');
  return (
    <div className="bj-page">
      <PageHeading title="Tagihan" />
      <p className="bj-muted">
        Tagihan platform atas deposito yang ditempatkan melalui mitra penyalur: terbit setiap tanggal 1 untuk bulan sebelumnya dan jatuh tempo 14 hari kemudian. Biaya dihitung per hari
        deposito aktif, ditambah PPN 12% atas DPP 11/12.
      </p>
      <div className="bj-filters">
        <label className="bj-filters__field">
          <span>Status</span>
          <select className="bj-field__input" value={state.status} onChange={(event) => update({ status: event.target.value })}>
            {INVOICE_STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        caption="Tagihan platform"
        empty={{ title: filtered ? `Tidak ada tagihan berstatus ${filtered.label.toLowerCase()}.` : 'Belum ada tagihan.', body: filtered ? undefined : 'Tagihan pertama terbit tanggal 1 setelah bulan pertama bank Anda menerima deposito melalui mitra penyalur.' }}
        onPage={(page) => update({ page: String(page) })}
      />
    </div>
  );
}
