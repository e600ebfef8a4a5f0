import type { PlacementPreviewData } from '@contract/placement';
import { formatDate, formatRate, formatRupiah } from '../../../lib/format';

/** The server's preview of the placement: the figures the deposit will have, before it is placed. */
export function PlacementPreviewPanel({ preview }: { preview: PlacementPreviewData }) {
  return (
    <section className="bj-placement-preview" aria-label="Pratinjau penempatan">
      <h2 className="bj-card__title">Pratinjau penempatan</h2>
      <dl className="bj-facts">
        <div>
          <dt>Suku bunga</dt>
          <dd>
            {formatRate(preview.rateBps)}
            {preview.specialRate ? <strong> · suku bunga khusus (produk {formatRate(preview.productRateBps)})</strong> : null}
          </dd>
        </div>
        <div>
          <dt>Jatuh tempo</dt>
          <dd>{formatDate(preview.maturityDate)}</dd>
        </div>
        <div>
          <dt>Penjaminan LPS</dt>
          <dd>{preview.lpsGuaranteed ? 'Dijamin LPS' : <strong>Tidak dijamin LPS (di atas tingkat bunga penjaminan)</strong>}</dd>
        </div>
        <div>
          <dt>Pajak bunga</dt>
          <dd>{preview.taxApplies ? 'Dipotong PPh' : 'Tidak dipotong PPh (total simpanan nasabah di bawah batas)'}</dd>
        </div>
      </dl>
      <table className="bj-table">
        <caption>Angsuran bunga</caption>
        <thead>
          <tr>
            <th scope="col">Ke</th>
            <th scope="col">Periode</th>
            <th scope="col">Tanggal bayar</th>
            <th scope="col" className="bj-num">Bunga bruto</th>
            <th scope="col" className="bj-num">Pajak</th>
            <th scope="col" className="bj-num">Bunga neto</th>
          </tr>
        </thead>
        <tbody>
          {preview.installments.map((item) => (
            <tr key={item.sequence}>
              <td>{item.sequence}</td>
              <td>
                {formatDate(item.periodStart)} – {formatDate(item.periodEnd)}
              </td>
              <td>{formatDate(item.payDate)}</td>
              <td className="bj-num">{formatRupiah(item.grossInterest)}</td>
              <td className="bj-num">{formatRupiah(item.tax)}</td>
              <td className="bj-num">{formatRupiah(item.netInterest)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="bj-num">{formatRupiah(preview.totals.grossInterest)}</td>
            <td className="bj-num">{formatRupiah(preview.totals.tax)}</td>
            <td className="bj-num">{formatRupiah(preview.totals.netInterest)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
