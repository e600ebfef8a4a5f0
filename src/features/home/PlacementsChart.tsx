import { formatDate } from '../../lib/format';

export interface MonthCount {
  /** 'YYYY-MM' */
  month: string;
  count: number;
}

const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];
export const monthShort = (month: string) => `${SHORT[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(2, 4)}`;

/**
 * Bars of the deposits placed per month (value date), oldest left, drawn in SVG with a title and
 * description; the same figures are in a table below for screen readers and exact reading.
 */
export function PlacementsChart({ months }: { months: readonly MonthCount[] }) {
  const max = Math.max(1, ...months.map((entry) => entry.count));
  const width = 600;
  const height = 200;
  const bar = width / Math.max(1, months.length);
  return (
    <figure className="bj-chart-figure" aria-labelledby="placements-chart-title">
      <svg className="bj-chart" viewBox={`0 0 ${width} ${height + 24}`} role="img" aria-labelledby="placements-chart-title placements-chart-desc">
        <title id="placements-chart-title">Penempatan deposito per bulan, 12 bulan terakhir</title>
        <desc id="placements-chart-desc">{months.map((entry) => `${monthShort(entry.month)}: ${entry.count}`).join(', ')}</desc>
        {months.map((entry, index) => {
          const h = Math.round((entry.count / max) * (height - 20));
          return (
            <g key={entry.month}>
              <rect x={index * bar + 6} y={height - h} width={bar - 12} height={h} rx={3} fill="var(--bj-color-brand)" />
              <text x={index * bar + bar / 2} y={height - h - 4} textAnchor="middle" fontSize="11" fill="var(--bj-color-text)">
                {entry.count}
              </text>
              <text x={index * bar + bar / 2} y={height + 16} textAnchor="middle" fontSize="11" fill="var(--bj-color-text-muted)">
                {monthShort(entry.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="bj-chart__table">
        <summary>Lihat sebagai tabel</summary>
        <table className="bj-table">
          <thead>
            <tr>
              <th scope="col">Bulan</th>
              <th scope="col" className="bj-num">Deposito ditempatkan</th>
            </tr>
          </thead>
          <tbody>
            {months.map((entry) => (
              <tr key={entry.month}>
                <td>{formatDate(`${entry.month}-01`).slice(3)}</td>
                <td className="bj-num">{entry.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
