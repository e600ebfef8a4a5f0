import { PageHeading } from '../../components/PageHeading';
import { DownloadButton } from '../../components/DownloadButton';
import { ErrorState, LoadingState } from '../../components/DataState';
import { lastTwelveMonths } from '../../lib/format';
import { periodLabel } from '../../lib/period-label';
import { REPORT_PATH, reportsApi, type ReportFormat } from '../../lib/reports-api';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import '../../styles/lists.css';
import '../../styles/reports.css';

const FORMATS: ReadonlyArray<{ value: ReportFormat; label: string }> = [
  { value: 'xlsx', label: 'Excel (.xlsx)' },
  { value: 'pdf', label: 'PDF' },
];

/**
 * /bank/laporan (UI.md: pick a report and a month, xlsx or PDF): the reports the server offers,
 * the last twelve months, the format, and the download with its progress. The choice lives in the
 * URL, so a link opens the same report. The last complete month is offered first: the running
 * month is taken on today and still moves.
 */
export default function ReportsScreen() {
  const months = lastTwelveMonths();
  const [state, update] = useQueryState({ type: '', period: months[1] ?? months[0] ?? '', format: 'xlsx' });
  const catalogue = useServerData(['reports', 'catalogue'], (signal) => reportsApi.catalogue(signal));
  const reports = catalogue.data ?? [];
  const chosen = reports.find((report) => report.type === state.type) ?? reports[0];
  const period = months.includes(state.period) ? state.period : (months[1] ?? months[0] ?? '');
  const formats = FORMATS.filter((format) => chosen?.formats.includes(format.value) ?? true);
  const format = formats.find((option) => option.value === state.format)?.value ?? formats[0]?.value ?? 'xlsx';
  const running = period === months[0];

  return (
    <div className="bj-page">
      <PageHeading title="Laporan" />
      <p className="bj-report-intro">
        Pilih laporan dan bulannya, lalu unduh sebagai Excel atau PDF. Bulan yang sudah lewat dihitung pada hari terakhirnya; bulan berjalan sampai hari ini.
      </p>
      {catalogue.status === 'error' ? (
        <ErrorState error={catalogue.error} onRetry={catalogue.reload} title="Daftar laporan tidak dapat dimuat." />
      ) : !chosen ? (
        <LoadingState label="Memuat daftar laporan…" />
      ) : (
        <div className="bj-report-form">
          <fieldset className="bj-report-list">
            <legend className="bj-field__label">Jenis laporan</legend>
            {reports.map((report) => (
              <label key={report.type} className={`bj-report-option${report.type === chosen.type ? ' bj-report-option--chosen' : ''}`}>
                <input type="radio" name="type" value={report.type} checked={report.type === chosen.type} onChange={() => update({ type: report.type })} />
                <span>
                  <span className="bj-report-option__name">{report.name}</span>
                  <span className="bj-report-option__description">{report.description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="bj-card bj-report-panel">
            <h2 className="bj-card__title">{chosen.name}</h2>
            <label className="bj-field">
              <span className="bj-field__label">Periode</span>
              <select className="bj-field__input" value={period} onChange={(event) => update({ period: event.target.value })}>
                {months.map((month, index) => (
                  <option key={month} value={month}>
                    {periodLabel(month)}
                    {index === 0 ? ' (berjalan)' : ''}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="bj-segmented bj-report-formats">
              <legend className="bj-field__label">Format</legend>
              {formats.map((option) => (
                <label key={option.value} className="bj-segmented__option">
                  <input type="radio" name="format" value={option.value} checked={option.value === format} onChange={() => update({ format: option.value })} /> {option.label}
                </label>
              ))}
            </fieldset>
            <p className="bj-muted bj-report-note">
              {running ? `Bulan berjalan: angka ${periodLabel(period)} dihitung sampai hari ini dan masih dapat berubah.` : `Posisi per akhir ${periodLabel(period)}.`}
            </p>
            <DownloadButton
              primary
              path={REPORT_PATH}
              query={{ type: chosen.type, period, format }}
              fallbackName={`${chosen.type}-${period}.${format}`}
              label="Unduh laporan"
            />
          </div>
        </div>
      )}
    </div>
  );
}
