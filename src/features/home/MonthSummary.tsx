import { Link } from 'react-router-dom';
import { DEFAULT_RATIO_THRESHOLDS, RATIO_NAMES, type RatioName } from '@machines/bank-rules';
import { ErrorState } from '../../components/DataState';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate, formatRate, formatRupiah } from '../../lib/format';
import { periodLabel } from '../../lib/period-label';
import { reportsApi, type LatestRatios, type RatioResultData } from '../../lib/reports-api';
import { useServerData } from '../../lib/server-data';
import '../../styles/reports.css';

const RATIO_LABELS: Record<RatioName, string> = { kpmm: 'KPMM (CAR)', nplGross: 'NPL gross', ldr: 'LDR', roa: 'ROA', bopo: 'BOPO', cashRatio: 'Rasio kas' };

const percent = (value: number, digits = 2) => `${value.toLocaleString('id-ID', { minimumFractionDigits: digits, maximumFractionDigits: 3 })}%`;
const count = (value: number) => value.toLocaleString('id-ID');

/** A ratio's health in words: the badge never relies on its colour alone. */
function healthBadge(result: RatioResultData) {
  if (result.healthy === null) return <StatusBadge label="Tidak dapat dihitung" tone="neutral" />;
  return result.healthy ? <StatusBadge label="Sehat" tone="success" /> : <StatusBadge label="Tidak sehat" tone="danger" />;
}

function Ratios({ ratios }: { ratios: LatestRatios }) {
  return (
    <>
      <h3 className="bj-card__title" id="home-ratios">
        Rasio keuangan {periodLabel(ratios.period)}
      </h3>
      <ul className="bj-ratios" aria-labelledby="home-ratios">
        {RATIO_NAMES.map((name) => {
          const result = ratios[name];
          const sign = DEFAULT_RATIO_THRESHOLDS[name].healthyWhen === 'atLeast' ? '≥' : '≤';
          return (
            <li key={name} className="bj-ratio" data-testid={`ratio-${name}`}>
              <span className="bj-ratio__name">{RATIO_LABELS[name]}</span>
              <span className="bj-ratio__value">{result.value === null ? '–' : percent(result.value)}</span>
              {healthBadge(result)}
              <span className="bj-ratio__threshold">{result.note ?? `batas ${sign} ${percent(result.threshold, 2)}`}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * Beranda's figures of the month (GET /report/list-summary): what the bank holds, the month's
 * placements, maturities, interest and tax, and the ratios of the latest balance sheet when one is
 * on file. Each figure links to the list or report it comes from.
 */
export function MonthSummary({ period }: { period: string }) {
  const summary = useServerData(['home', 'month-summary', period], (signal) => reportsApi.summary(period, signal));
  const data = summary.data;
  const value = (text: string | null | undefined) => (data ? text : summary.status === 'error' ? '-' : '…');
  const report = (type: string) => `/bank/laporan?type=${type}&period=${period}`;
  return (
    <section className="bj-card" aria-labelledby="home-summary">
      <h2 id="home-summary" className="bj-card__title">
        Ringkasan {periodLabel(period)}
      </h2>
      {summary.status === 'error' ? (
        <ErrorState error={summary.error} onRetry={summary.reload} title="Ringkasan tidak dapat dimuat." />
      ) : (
        <>
          <p className="bj-summary__lead">{data ? `Posisi per ${formatDate(data.asOf)}; angka bulan berjalan masih dapat berubah.` : 'Memuat ringkasan…'}</p>
          <div className="bj-stats bj-summary__stats">
            <Link className="bj-stat" to={report('posisi-deposito')} data-testid="summary-balance">
              <span className="bj-stat__value">{value(data && formatRupiah(data.balances.amount))}</span>
              <span className="bj-stat__label">
                saldo deposito ({value(data && count(data.balances.count))} rekening
                {data?.balances.averageRateBps != null ? `, rata-rata ${formatRate(data.balances.averageRateBps)}` : ''})
              </span>
            </Link>
            <Link className="bj-stat" to={report('mutasi-deposito')} data-testid="summary-placements">
              <span className="bj-stat__value">{value(data && formatRupiah(data.placements.amount))}</span>
              <span className="bj-stat__label">penempatan bulan ini ({value(data && count(data.placements.count))} deposito)</span>
            </Link>
            <Link className="bj-stat" to={report('profil-jatuh-tempo')} data-testid="summary-maturities">
              <span className="bj-stat__value">{value(data && formatRupiah(data.maturities.amount))}</span>
              <span className="bj-stat__label">jatuh tempo bulan ini ({value(data && count(data.maturities.count))} periode)</span>
            </Link>
            <Link className="bj-stat" to={`/deposito/bunga?period=${period}&status=all`} data-testid="summary-interest">
              <span className="bj-stat__value">{value(data && formatRupiah(data.interest.gross))}</span>
              <span className="bj-stat__label">
                bunga bruto bulan ini ({value(data && count(data.interest.count))} angsuran, neto <span className="bj-nowrap">{value(data && formatRupiah(data.interest.net))}</span>)
              </span>
            </Link>
            <Link className="bj-stat" to={report('bunga-pajak')} data-testid="summary-tax">
              <span className="bj-stat__value">{value(data && formatRupiah(data.interest.tax))}</span>
              <span className="bj-stat__label">PPh Pasal 4 ayat (2) atas bunga bulan ini</span>
            </Link>
          </div>
          {data?.ratios ? <Ratios ratios={data.ratios} /> : data ? <p className="bj-muted" data-testid="summary-no-ratios">Rasio keuangan tampil setelah neraca keuangan bulanan diisi.</p> : null}
        </>
      )}
    </section>
  );
}
