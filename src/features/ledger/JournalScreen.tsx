import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { accountRoleLabels } from '@machines/ledger-rules';
import { DateField } from '../../components/DateField';
import { EmptyState, ErrorState, LoadingState } from '../../components/DataState';
import { DownloadButton } from '../../components/DownloadButton';
import { Notice } from '../../components/Notice';
import { PageHeading } from '../../components/PageHeading';
import { Pagination } from '../../components/Pagination';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate, formatRupiah, jakartaToday } from '../../lib/format';
import { JOURNAL_PATH, ledgerApi, type JournalAnswer, type JournalEntry, type JournalSummary } from '../../lib/ledger-api';
import { periodLabel } from '../../lib/period-label';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import { entriesPage, eventChoices, isRunningMonth, JOURNAL_CHECKS, journalChoice, journalMonths, rangeOf, readableDetail, sharedMemo, type JournalChoice } from './journal-view';
import '../../styles/lists.css';
import '../../styles/ledger.css';

/** The last day of a month 'YYYY-MM' as 'YYYY-MM-DD'. */
function lastDayOf(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return `${period}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * /bank/jurnal (UI.md: a day or a month of journal entries, the four checks, downloads): the
 * journal Berjangka derives for the bank's ledger. A month shows DOMAIN.md's checks with their
 * figures and where they fail, and each account's opening, debit, credit and closing; a day shows
 * its entries. The month or day, the event filter and the page live in the URL.
 */
export default function JournalScreen() {
  const today = jakartaToday();
  const [state, update] = useQueryState({ period: '', date: '', event: '', page: '1' });
  const choice = journalChoice(state, today);
  const range = rangeOf(choice);
  // The day or month shown, as the downloads name their files.
  const key = choice.mode === 'day' ? choice.date : choice.period;
  const journal = useServerData(['ledger', 'journal', range], (signal) => ledgerApi.journal(range, signal));
  const summaryPeriod = choice.mode === 'month' ? choice.period : null;
  const summary = useServerData(summaryPeriod ? ['ledger', 'summary', summaryPeriod] : null, (signal) => ledgerApi.summary(summaryPeriod ?? '', signal));
  const rangeLabel = choice.mode === 'day' ? formatDate(choice.date) : periodLabel(choice.period);

  return (
    <div className="bj-page bj-stack">
      <PageHeading title="Jurnal" />
      <p className="bj-ledger-intro">
        Jurnal yang dibentuk Berjangka dari penempatan, akrual dan pembayaran bunga, serta pencairan deposito, untuk dibukukan ke buku besar bank. Kode akunnya mengikuti{' '}
        <Link to="/bank/pemetaan-akun">Pemetaan Akun</Link>.
      </p>
      <RangePicker choice={choice} today={today} onChange={update}>
        <span className="bj-row-actions bj-journal-downloads">
          <DownloadButton path={JOURNAL_PATH} query={{ ...range, format: 'xlsx' }} fallbackName={`jurnal-${key}.xlsx`} label="Unduh Excel" />
          <DownloadButton path={JOURNAL_PATH} query={{ ...range, format: 'csv' }} fallbackName={`jurnal-${key}.csv`} label="Unduh CSV" />
          <DownloadButton path={JOURNAL_PATH} query={{ ...range, format: 'csv', detail: 'true' }} fallbackName={`jurnal-${key}-rincian.csv`} label="Unduh CSV rincian" />
        </span>
      </RangePicker>
      {choice.mode === 'month' ? (
        summary.status === 'error' ? (
          <ErrorState title="Pemeriksaan jurnal tidak dapat dimuat." error={summary.error} onRetry={summary.reload} />
        ) : summary.data ? (
          <div className="bj-stack" aria-busy={summary.status === 'loading'}>
            <Checks summary={summary.data} />
            <Accounts summary={summary.data} />
          </div>
        ) : (
          <LoadingState label="Memuat pemeriksaan jurnal…" />
        )
      ) : (
        <Notice tone="info" title="Pemeriksaan dan saldo akun dihitung per bulan.">
          <p>
            <button type="button" className="bj-button bj-button--secondary bj-journal-month-link" onClick={() => update({ date: '', period: choice.period })}>
              Lihat pemeriksaan {periodLabel(choice.period)}
            </button>
          </p>
        </Notice>
      )}
      {journal.status === 'error' ? (
        <ErrorState title="Jurnal tidak dapat dimuat." error={journal.error} onRetry={journal.reload} />
      ) : journal.data ? (
        <Entries journal={journal.data} busy={journal.status === 'loading'} rangeLabel={rangeLabel} page={Number(state.page) || 1} event={state.event} onChange={update} />
      ) : (
        <LoadingState label="Memuat jurnal…" />
      )}
    </div>
  );
}

function RangePicker({ choice, today, onChange, children }: { choice: JournalChoice; today: string; onChange: (changes: { period?: string; date?: string }) => void; children: ReactNode }) {
  const months = journalMonths(choice.period, today);
  const running = choice.mode === 'month' && isRunningMonth(choice.period, today);
  return (
    <section className="bj-card bj-journal-range" aria-label="Rentang jurnal">
      <fieldset className="bj-segmented">
        <legend className="bj-field__label">Rentang</legend>
        <label className="bj-segmented__option">
          <input type="radio" name="journal-range" value="month" checked={choice.mode === 'month'} onChange={() => onChange({ date: '', period: choice.period })} /> Satu bulan
        </label>
        <label className="bj-segmented__option">
          <input
            type="radio"
            name="journal-range"
            value="day"
            checked={choice.mode === 'day'}
            onChange={() => onChange({ period: '', date: isRunningMonth(choice.period, today) ? today : lastDayOf(choice.period) })}
          />{' '}
          Satu hari
        </label>
      </fieldset>
      {choice.mode === 'month' ? (
        <label className="bj-filters__field">
          <span>Bulan</span>
          <select className="bj-field__input" value={choice.period} onChange={(event) => onChange({ period: event.target.value })}>
            {months.map((month, index) => (
              <option key={month} value={month}>
                {periodLabel(month)}
                {index === 0 ? ' (berjalan)' : ''}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <DateField className="bj-filters__field" labelClassName="" label="Tanggal" value={choice.date} max={today} onChange={(date) => (date ? onChange({ date, period: '' }) : undefined)} />
      )}
      {children}
      {running ? <p className="bj-muted bj-journal-note bj-journal-range__note">Bulan berjalan: {periodLabel(choice.period)} sampai hari ini ({formatDate(today)}); angkanya masih bertambah.</p> : null}
    </section>
  );
}

function Checks({ summary }: { summary: JournalSummary }) {
  const failed = JOURNAL_CHECKS.filter((check) => !summary.checks[check.name].ok).length;
  return (
    <section aria-labelledby="journal-checks">
      <div className="bj-toolbar bj-journal-heading">
        <h2 id="journal-checks" className="bj-card__title">
          Pemeriksaan {periodLabel(summary.period)}
        </h2>
        <span role="status" className={failed > 0 ? 'bj-text-danger' : 'bj-muted'}>
          {failed > 0 ? `${failed} dari ${JOURNAL_CHECKS.length} pemeriksaan tidak sesuai.` : `Keempat pemeriksaan sesuai, ${formatDate(summary.from)} – ${formatDate(summary.to)}.`}
        </span>
      </div>
      <ul className="bj-journal-checks">
        {JOURNAL_CHECKS.map((check) => {
          const result = summary.checks[check.name];
          return (
            <li key={check.name} className={`bj-card bj-journal-check bj-journal-check--${result.ok ? 'ok' : 'failed'}`} data-testid={`check-${check.name}`} aria-labelledby={`check-${check.name}`}>
              <div className="bj-journal-check__head">
                <h3 id={`check-${check.name}`} className="bj-journal-check__title">
                  {check.title}
                </h3>
                <StatusBadge label={result.ok ? 'Sesuai' : 'Tidak sesuai'} tone={result.ok ? 'success' : 'danger'} />
              </div>
              <dl className="bj-details bj-details--money">
                <dt>{check.expected}</dt>
                <dd>{formatRupiah(result.expected)}</dd>
                <dt>{check.actual}</dt>
                <dd>{formatRupiah(result.actual)}</dd>
                <dt className="bj-details__total">Selisih</dt>
                <dd className={`bj-details__total${result.difference !== 0 ? ' bj-text-danger' : ''}`}>{formatRupiah(result.difference)}</dd>
              </dl>
              <p className={`bj-journal-check__detail${result.ok ? '' : ' bj-text-danger'}`}>{readableDetail(result.detail)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Accounts({ summary }: { summary: JournalSummary }) {
  const debit = summary.accounts.reduce((sum, account) => sum + account.debit, 0);
  const credit = summary.accounts.reduce((sum, account) => sum + account.credit, 0);
  return (
    <section aria-labelledby="journal-accounts">
      <h2 id="journal-accounts" className="bj-card__title">
        Saldo akun {periodLabel(summary.period)}
      </h2>
      <p className="bj-muted bj-journal-note">
        Saldo awal kewajiban deposito dan BYMHD adalah saldonya pada akhir bulan sebelumnya; akun lain mencatat mutasi bulan ini saja. Saldo akhir per {formatDate(summary.to)}.
      </p>
      <div className="bj-table-wrap">
        <table className="bj-table">
          <caption className="bj-visually-hidden">Saldo akun {periodLabel(summary.period)}</caption>
          <thead>
            <tr>
              <th scope="col">Akun</th>
              <th scope="col" className="bj-num">
                Saldo awal
              </th>
              <th scope="col" className="bj-num">
                Debit
              </th>
              <th scope="col" className="bj-num">
                Kredit
              </th>
              <th scope="col" className="bj-num">
                Saldo akhir
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.accounts.map((account) => (
              <tr key={account.role} data-testid={`account-${account.role}`}>
                <th scope="row" className="bj-journal-account">
                  <span className="bj-lines">
                    <span>{account.account}</span>
                    <span className="bj-lines__quiet">{account.label}</span>
                  </span>
                </th>
                <td className="bj-num">{formatRupiah(account.opening)}</td>
                <td className="bj-num">{formatRupiah(account.debit)}</td>
                <td className="bj-num">{formatRupiah(account.credit)}</td>
                <td className="bj-num">{formatRupiah(account.closing)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Jumlah mutasi
              </th>
              <td className="bj-num">
                <strong>{formatRupiah(debit)}</strong>
              </td>
              <td className="bj-num">
                <strong>{formatRupiah(credit)}</strong>
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function Entries({
  journal,
  busy,
  rangeLabel,
  page,
  event,
  onChange,
}: {
  journal: JournalAnswer;
  busy: boolean;
  rangeLabel: string;
  page: number;
  event: string;
  onChange: (changes: { page?: string; event?: string }) => void;
}) {
  const events = eventChoices(journal.entries);
  const shown = entriesPage(journal.entries, { page, event });
  const unmapped = journal.entries.some((entry) => entry.lines.some((line) => line.account === line.role));
  return (
    <section aria-labelledby="journal-entries">
      <div className="bj-toolbar bj-journal-heading">
        <h2 id="journal-entries" className="bj-card__title">
          Entri jurnal
        </h2>
        {events.length > 1 ? (
          <label className="bj-filters__field bj-filters__field--inline">
            <span>Peristiwa</span>
            <select className="bj-field__input" value={event} onChange={(change) => onChange({ event: change.target.value })}>
              <option value="">Semua peristiwa</option>
              {events.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {journal.entries.length === 0 ? (
        <EmptyState title={`Tidak ada jurnal pada ${rangeLabel}.`}>Tidak ada penempatan, akrual bunga, pembayaran bunga atau pencairan pada rentang ini.</EmptyState>
      ) : (
        <>
          <p className="bj-muted bj-journal-note" data-testid="journal-totals">
            {journal.entries.length.toLocaleString('id-ID')} entri, {journal.from === journal.to ? formatDate(journal.from) : `${formatDate(journal.from)} – ${formatDate(journal.to)}`} · debit {formatRupiah(journal.totals.debit)} · kredit {formatRupiah(journal.totals.credit)}
          </p>
          {unmapped ? (
            <Notice tone="warning" title="Sebagian akun belum dipetakan.">
              <p>
                Jurnal memakai nama perannya (misalnya depositLiability) sebagai kode akun. Atur kode akun bank di <Link to="/bank/pemetaan-akun">Pemetaan Akun</Link>.
              </p>
            </Notice>
          ) : null}
          {/* The entries scroll inside their frame (a month is long): a tab stop, so the keyboard scrolls it too. */}
          <div className="bj-table-wrap" aria-busy={busy} tabIndex={0} role="region" aria-label={`Entri jurnal ${rangeLabel}`}>
            <table className="bj-table bj-journal-table">
              <caption className="bj-visually-hidden">Entri jurnal {rangeLabel}</caption>
              <thead>
                <tr>
                  <th scope="col">Akun</th>
                  <th scope="col" className="bj-num">
                    Debit
                  </th>
                  <th scope="col" className="bj-num">
                    Kredit
                  </th>
                  <th scope="col">Keterangan</th>
                </tr>
              </thead>
              {shown.rows.map((entry, index) => (
                <EntryRows key={`${entry.entryId}-${index}`} entry={entry} />
              ))}
            </table>
          </div>
          <Pagination meta={shown.meta} onPage={(next) => onChange({ page: String(next) })} />
        </>
      )}
    </section>
  );
}

/** One entry: a head row with its date, event, reference, deposits and id, then its lines. */
function EntryRows({ entry }: { entry: JournalEntry }) {
  const memo = sharedMemo(entry);
  return (
    <tbody className="bj-journal-entry" data-testid="journal-entry">
      <tr className="bj-journal-entry__head">
        <th scope="rowgroup" colSpan={4}>
          <span className="bj-journal-entry__what">
            <span>{formatDate(entry.date)}</span>
            <strong>{entry.eventLabel}</strong>
            <span>{entry.reference}</span>
            {entry.deposits > 0 ? <span>{entry.deposits.toLocaleString('id-ID')} deposito</span> : null}
          </span>
          <span className="bj-journal-entry__id">{entry.entryId}</span>
        </th>
      </tr>
      {entry.lines.map((line, index) => (
        <tr key={index}>
          <td>
            <span className="bj-lines">
              <span>{line.account}</span>
              <span className="bj-lines__quiet">{accountRoleLabels[line.role]}</span>
            </span>
          </td>
          <td className="bj-num">{line.debit > 0 ? formatRupiah(line.debit) : ''}</td>
          <td className="bj-num">{line.credit > 0 ? formatRupiah(line.credit) : ''}</td>
          {memo === null ? (
            <td className="bj-wrap">{line.memo}</td>
          ) : index === 0 ? (
            <td rowSpan={entry.lines.length} className="bj-wrap bj-journal-memo">
              {memo}
            </td>
          ) : null}
        </tr>
      ))}
    </tbody>
  );
}
