import { StatusBadge } from '../../components/StatusBadge';
import { formatDate, formatDateTime } from '../../lib/format';
import type { ProductDetail } from '../../lib/products-api';
import { scheduleStanding } from './product-rules';
import { TenorRates } from './TenorRates';

/**
 * Every rate schedule of a product, newest first: when it takes effect, its tenors and rates, who
 * set it and when. The one in force today and one still to come are marked.
 */
export function RateHistory({ product, today }: { product: ProductDetail; today: string }) {
  return (
    <section className="bj-card" aria-labelledby="rate-history">
      <h2 id="rate-history" className="bj-card__title">
        Riwayat suku bunga
      </h2>
      <div className="bj-table-wrap">
        <table className="bj-table">
          <caption className="bj-visually-hidden">Riwayat suku bunga {product.name}</caption>
          <thead>
            <tr>
              <th scope="col">Berlaku mulai</th>
              <th scope="col">Tenor &amp; suku bunga</th>
              <th scope="col">Ditetapkan oleh</th>
              <th scope="col">Ditetapkan pada</th>
            </tr>
          </thead>
          <tbody>
            {product.rates.map((schedule) => {
              const standing = scheduleStanding(schedule.effectiveFrom, product.rateEffectiveFrom, today);
              return (
                <tr key={schedule.effectiveFrom}>
                  <td className="bj-rate-history__from">
                    <span className="bj-lines">
                      <span>{formatDate(schedule.effectiveFrom)}</span>
                      {standing === 'future' ? (
                        <span>
                          <StatusBadge label="Akan berlaku" tone="warning" />
                        </span>
                      ) : null}
                      {standing === 'current' ? (
                        <span>
                          <StatusBadge label="Berlaku sekarang" tone="success" />
                        </span>
                      ) : null}
                    </span>
                  </td>
                  <td className="bj-wrap">
                    <TenorRates tenors={schedule.tenors} />
                  </td>
                  <td className="bj-wrap">{schedule.setBy ?? <span className="bj-muted">Data awal</span>}</td>
                  <td>{formatDateTime(schedule.setAt)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
