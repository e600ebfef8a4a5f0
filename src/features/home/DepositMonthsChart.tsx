import { formatDate, formatRupiah } from '../../lib/format';
import type { DepositMonth } from './use-deposit-months';

const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];
/** 'YYYY-MM' as "Mar 26", short enough for twelve months side by side. */
const monthShort = (month: string) => `${SHORT[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(2, 4)}`;

/** The two series, each with its own colour in the bars, the legend and nowhere else. */
const SERIES = [
  { key: 'placements', label: 'Penempatan', color: 'var(--bj-color-brand)' },
  { key: 'maturities', label: 'Jatuh tempo', color: 'var(--bj-color-warning)' },
] as const;

const WIDTH = 720;
const HEIGHT = 200;
const LABEL_ROOM = 24;

/**
 * Placements (by value date) and maturities (by period maturity date) per month, oldest left: two
 * bars side by side per month in SVG with a title and description, a legend, and the same figures
 * with their Rupiah amounts in a table for screen readers and exact reading.
 */
export function DepositMonthsChart({ months }: { months: readonly DepositMonth[] }) {
  const max = Math.max(1, ...months.flatMap((entry) => SERIES.map((series) => entry[series.key].count)));
  const group = WIDTH / Math.max(1, months.length);
  const bar = Math.min(28, (group - 12) / SERIES.length);
  const title = `Penempatan dan jatuh tempo deposito per bulan, ${months.length} bulan terakhir`;
  return (
    <figure className="bj-chart-figure" aria-labelledby="deposit-months-title">
      <div className="bj-chart__legend" data-testid="deposit-months-legend">
        {SERIES.map((series) => (
          <span key={series.key}>
            <span className="bj-chart__swatch" style={{ background: series.color }} aria-hidden="true" />
            {series.label}
          </span>
        ))}
      </div>
      <svg className="bj-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL_ROOM}`} role="img" aria-labelledby="deposit-months-title deposit-months-desc">
        <title id="deposit-months-title">{title}</title>
        <desc id="deposit-months-desc">
          {months.map((entry) => `${monthShort(entry.month)}: ${entry.placements.count} penempatan, ${entry.maturities.count} jatuh tempo`).join('; ')}
        </desc>
        {months.map((entry, index) => {
          const left = index * group + (group - bar * SERIES.length) / 2;
          return (
            <g key={entry.month} data-month={entry.month}>
              {SERIES.map((series, at) => {
                const count = entry[series.key].count;
                const h = Math.round((count / max) * (HEIGHT - 20));
                const x = left + at * bar;
                return (
                  <g key={series.key} data-series={series.key}>
                    <rect x={x + 1} y={HEIGHT - h} width={bar - 2} height={h} rx={2} fill={series.color} />
                    <text x={x + bar / 2} y={HEIGHT - h - 4} textAnchor="middle" fontSize="10" fill="var(--bj-color-text)">
                      {count}
                    </text>
                  </g>
                );
              })}
              <text x={index * group + group / 2} y={HEIGHT + 16} textAnchor="middle" fontSize="11" fill="var(--bj-color-text-muted)">
                {monthShort(entry.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="bj-chart__table">
        <summary>Lihat sebagai tabel</summary>
        <table className="bj-table">
          <caption className="bj-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Bulan</th>
              <th scope="col" className="bj-num">Penempatan</th>
              <th scope="col" className="bj-num">Nominal penempatan</th>
              <th scope="col" className="bj-num">Jatuh tempo</th>
              <th scope="col" className="bj-num">Nominal jatuh tempo</th>
            </tr>
          </thead>
          <tbody>
            {months.map((entry) => (
              <tr key={entry.month}>
                <th scope="row">{formatDate(`${entry.month}-01`).slice(3)}</th>
                <td className="bj-num">{entry.placements.count.toLocaleString('id-ID')}</td>
                <td className="bj-num">{formatRupiah(entry.placements.amount)}</td>
                <td className="bj-num">{entry.maturities.count.toLocaleString('id-ID')}</td>
                <td className="bj-num">{formatRupiah(entry.maturities.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
