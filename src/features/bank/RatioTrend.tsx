import { useState } from 'react';
import type { BalanceSheetMonth } from '@contract/balance-sheet';
import { periodLabel } from '../../lib/period-label';
import { formatPercent, RATIO_LABELS, RATIO_NAMES, thresholdText, type RatioName } from './ratio-view';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 48, right: 16, top: 16, bottom: 28 };

/** Short month for the axis: '2026-03' → 'Mar 26'. */
const shortMonth = (period: string) => `${periodLabel(period).slice(0, 3)} ${period.slice(2, 4)}`;

/**
 * The last 12 months on file of one ratio as a line against its threshold, and the table of all
 * six (the chart's alternative for screen readers and for reading exact figures).
 */
export function RatioTrend({ months }: { months: readonly BalanceSheetMonth[] }) {
  const [name, setName] = useState<RatioName>('kpmm');
  const recent = [...months].slice(0, 12).reverse();
  const points = recent.map((month) => ({ period: month.period, value: month.ratios[name].value }));
  const values = points.flatMap((point) => (point.value === null ? [] : [point.value]));
  const threshold = recent[0]?.ratios[name].threshold ?? 0;
  const low = Math.min(threshold, ...values, 0);
  const high = Math.max(threshold, ...values) * 1.1 || 1;
  const x = (index: number) => PAD.left + (recent.length <= 1 ? 0 : (index * (WIDTH - PAD.left - PAD.right)) / (recent.length - 1));
  const y = (value: number) => PAD.top + ((high - value) * (HEIGHT - PAD.top - PAD.bottom)) / (high - low || 1);
  const path = points
    .map((point, index) => (point.value === null ? null : `${x(index).toFixed(1)},${y(point.value).toFixed(1)}`))
    .filter((point): point is string => point !== null)
    .join(' ');
  return (
    <section className="bj-card" aria-labelledby="ratio-trend">
      <h2 id="ratio-trend" className="bj-card__title">
        Tren 12 bulan
      </h2>
      <label className="bj-filters__field bj-month-picker">
        <span>Rasio</span>
        <select className="bj-field__input" value={name} onChange={(event) => setName(event.target.value as RatioName)}>
          {RATIO_NAMES.map((option) => (
            <option key={option} value={option}>
              {RATIO_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      <svg className="bj-trend" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${RATIO_LABELS[name]} per bulan; rinciannya ada di tabel di bawah.`}>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(threshold)} y2={y(threshold)} className="bj-trend__threshold" />
        <text x={WIDTH - PAD.right} y={y(threshold) - 4} textAnchor="end" className="bj-trend__label">
          batas {thresholdText(name, threshold)}
        </text>
        {path ? <polyline points={path} className="bj-trend__line" /> : null}
        {points.map((point, index) =>
          point.value === null ? null : <circle key={point.period} cx={x(index)} cy={y(point.value)} r={3.5} className="bj-trend__point" />,
        )}
        {points.map((point, index) => (
          <text key={`${point.period}-axis`} x={x(index)} y={HEIGHT - 8} textAnchor="middle" className="bj-trend__label">
            {shortMonth(point.period)}
          </text>
        ))}
        <text x={PAD.left - 6} y={y(high) + 4} textAnchor="end" className="bj-trend__label">
          {formatPercent(Math.round(high * 100) / 100)}
        </text>
        <text x={PAD.left - 6} y={y(low) + 4} textAnchor="end" className="bj-trend__label">
          {formatPercent(Math.round(low * 100) / 100)}
        </text>
      </svg>
      <div className="bj-table-wrap">
        <table className="bj-table">
          <caption className="bj-visually-hidden">Rasio keuangan per bulan</caption>
          <thead>
            <tr>
              <th scope="col">Bulan</th>
              {RATIO_NAMES.map((option) => (
                <th key={option} scope="col" className="bj-num">
                  {RATIO_LABELS[option]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...recent].reverse().map((month) => (
              <tr key={month.period}>
                <th scope="row">{periodLabel(month.period)}</th>
                {RATIO_NAMES.map((option) => {
                  const ratio = month.ratios[option];
                  return (
                    <td key={option} className={`bj-num${ratio.healthy === false ? ' bj-ratio--unhealthy' : ''}`}>
                      {ratio.value === null ? '—' : formatPercent(ratio.value)}
                      {ratio.healthy === false ? <span className="bj-visually-hidden"> (perlu perhatian)</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
