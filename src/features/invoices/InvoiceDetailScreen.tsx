import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/DataState';
import { DownloadButton } from '../../components/DownloadButton';
import { PageHeading } from '../../components/PageHeading';
import { Pagination } from '../../components/Pagination';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate, formatRate, formatRupiah } from '../../lib/format';
import { INVOICE_DOWNLOADS, invoicesApi, type InvoiceDetail } from '../../lib/invoices-api';
import { periodLabel } from '../../lib/period-label';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import { INVOICE_STATUS_TONES, invoicePdfName } from './invoice-status';
import { invoiceLinesPage } from './invoice-lines-page';
import '../../styles/lists.css';
import '../../styles/invoices.css';

function Parties({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <section className="bj-card" aria-label="Data tagihan">
      <dl className="bj-facts bj-facts--compact">
        <div>
          <dt>Periode layanan</dt>
          <dd>{periodLabel(invoice.period)}</dd>
        </div>
        <div>
          <dt>Tanggal tagihan</dt>
          <dd>{formatDate(invoice.issuedAt)}</dd>
        </div>
        <div>
          <dt>Jatuh tempo</dt>
          <dd>{formatDate(invoice.dueDate)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge label={invoice.statusLabel} tone={INVOICE_STATUS_TONES[invoice.status]} />
            {invoice.paidAt ? <span className="bj-muted">{formatDate(invoice.paidAt)}</span> : null}
          </dd>
        </div>
      </dl>
      <dl className="bj-facts">
        <div>
          <dt>Ditagihkan oleh</dt>
          <dd>{invoice.seller.name}</dd>
          <dd className="bj-muted">NPWP {invoice.seller.npwp ?? '-'}</dd>
        </div>
        <div>
          <dt>Ditagihkan kepada</dt>
          <dd>{invoice.buyer.name}</dd>
          <dd className="bj-muted">NPWP {invoice.buyer.npwp ?? 'belum tercatat'}</dd>
        </div>
      </dl>
    </section>
  );
}

function Totals({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <section className="bj-card bj-invoice-totals" aria-label="Jumlah tagihan">
      <dl className="bj-details bj-details--money">
        <dt>Jumlah biaya layanan</dt>
        <dd>{formatRupiah(invoice.subtotal)}</dd>
        <dt>DPP Nilai Lain (11/12)</dt>
        <dd>{formatRupiah(invoice.dpp)}</dd>
        <dt>PPN 12% × DPP</dt>
        <dd>{formatRupiah(invoice.ppn)}</dd>
        <dt className="bj-details__total">Total tagihan</dt>
        <dd className="bj-details__total" data-testid="invoice-total">
          {formatRupiah(invoice.total)}
        </dd>
      </dl>
      <p className="bj-invoice-totals__words">
        Terbilang: <em>{invoice.totalInWords}</em>
      </p>
      {invoice.status === 'paid' ? null : (
        <p className="bj-invoice-totals__pay">
          Transfer ke {invoice.payment.bankName} No. rekening <strong>{invoice.payment.accountNumber}</strong> a.n. {invoice.payment.accountName} paling lambat {formatDate(invoice.dueDate)}, dengan berita
          transfer <strong>{invoice.number}</strong>.
        </p>
      )}
    </section>
  );
}

function Lines({ invoice, page, channel, onChange }: { invoice: InvoiceDetail; page: number; channel: string; onChange: (changes: { page?: string; channel?: string }) => void }) {
  const shown = invoiceLinesPage(invoice.lines, { page, channel });
  const channels = [...new Map(invoice.lines.map((line) => [line.channel, line.channelName])).entries()];
  return (
    <section aria-label="Rincian per deposito">
      <div className="bj-toolbar">
        <h2 className="bj-card__title">Rincian per deposito</h2>
        {channels.length > 1 ? (
          <label className="bj-filters__field bj-filters__field--inline">
            <span>Mitra</span>
            <select className="bj-field__input bj-invoice-partner" value={channel} onChange={(event) => onChange({ channel: event.target.value })}>
              <option value="">Semua mitra</option>
              {channels.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <div className="bj-table-wrap">
        <table className="bj-table">
          <caption className="bj-visually-hidden">Rincian tagihan per deposito</caption>
          <thead>
            <tr>
              <th scope="col" className="bj-num">
                No.
              </th>
              <th scope="col">No. deposito</th>
              <th scope="col">Kanal</th>
              <th scope="col">Hari aktif</th>
              <th scope="col" className="bj-num">
                Pokok
              </th>
              <th scope="col" className="bj-num">
                Hari
              </th>
              <th scope="col" className="bj-num">
                Tarif per tahun
              </th>
              <th scope="col" className="bj-num">
                Biaya
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.map(({ line, number }) => (
              <tr key={number}>
                <td className="bj-num">{number}</td>
                <td>
                  <Link to={`/deposito?q=${encodeURIComponent(line.depositNumber)}`}>{line.depositNumber}</Link>
                </td>
                <td title={line.channelName}>{line.channel}</td>
                <td>
                  {formatDate(line.activeFrom)} – {formatDate(line.activeTo)}
                </td>
                <td className="bj-num">{formatRupiah(line.principal)}</td>
                <td className="bj-num">{line.days}</td>
                <td className="bj-num">{formatRate(line.feeBps)}</td>
                <td className="bj-num">{formatRupiah(line.fee)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={7}>
                {channel ? `Jumlah ${shown.meta.total.toLocaleString('id-ID')} baris mitra ini` : `Jumlah biaya layanan (${shown.meta.total.toLocaleString('id-ID')} baris)`}
              </th>
              <td className="bj-num">
                <strong>{formatRupiah(shown.sum)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <Pagination meta={shown.meta} onPage={(next) => onChange({ page: String(next) })} />
    </section>
  );
}

/** /bank/tagihan/:id: one invoice — parties, dates, status, totals with how to pay, every line; PDF and Excel. */
export default function InvoiceDetailScreen() {
  const { id = '' } = useParams();
  const invoice = useServerData(['invoices', 'detail', id], (signal) => invoicesApi.detail(id, signal));
  const [state, update] = useQueryState({ channel: '', page: '1' });
  const data = invoice.data;
  return (
    <div className="bj-page">
      <p className="bj-breadcrumb">
        <Link to="/bank/tagihan">Tagihan</Link>
      </p>
      <PageHeading title={data ? `Tagihan ${data.number}` : 'Tagihan'} />
      {invoice.status === 'error' ? (
        <ErrorState title="Tagihan tidak dapat dimuat." error={invoice.error} onRetry={invoice.reload} />
      ) : !data ? (
        <LoadingState />
      ) : (
        <div className="bj-stack">
          <div className="bj-toolbar">
            <span className="bj-muted">Biaya layanan penempatan deposito melalui mitra penyalur, {periodLabel(data.period)}</span>
            <span className="bj-row-actions bj-invoice-files">
              <DownloadButton base="v1" path={INVOICE_DOWNLOADS.pdf.path} query={{ id: data.id }} fallbackName={invoicePdfName(data.number)} label="Unduh PDF" />
              <DownloadButton path={INVOICE_DOWNLOADS.lines.path} query={{ period: data.period }} fallbackName={`Rincian_Tagihan_${data.period}.xlsx`} label="Unduh Excel" />
            </span>
          </div>
          <div className="bj-invoice-head">
            <Parties invoice={data} />
            <Totals invoice={data} />
          </div>
          <Lines invoice={data} page={Number(state.page) || 1} channel={state.channel} onChange={update} />
        </div>
      )}
    </div>
  );
}

