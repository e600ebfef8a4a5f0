import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { BALANCE_SHEET_LINE_LABELS, type BalanceSheet } from '@contract/balance-sheet';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { ErrorState, LoadingState } from '../../components/DataState';
import { DownloadButton } from '../../components/DownloadButton';
import { FileField } from '../../components/FileField';
import { SubmitButton, SubmitForm } from '../../components/Form';
import { Notice } from '../../components/Notice';
import { RupiahField } from '../../components/NumberFields';
import { PageHeading } from '../../components/PageHeading';
import { BALANCE_SHEET_TEMPLATE_PATH, balanceSheetApi, type BalanceSheetMonth } from '../../lib/balance-sheet-api';
import { formatDateTime, formatRupiah, lastTwelveMonths } from '../../lib/format';
import { periodLabel } from '../../lib/period-label';
import { useQueryState } from '../../lib/use-query-state';
import type { JournalSummary } from '../../lib/ledger-api';
import { useServerData, type ServerKey, type ServerData } from '../../lib/server-data';
import { rupiahToText } from '../../lib/number-input';
import { draftOf, emptyDraft, LINE_GROUPS, readLines, type LinesDraft } from './balance-sheet-form';
import { JournalPayableOffer, useJournalSummary } from './JournalPayableOffer';
import { RatioCards } from './RatioCards';
import { RatioTrend } from './RatioTrend';
import { mayAct } from '@machines/deposit-rules';
import '../../styles/lists.css';
import '../../styles/balance-sheet.css';

const monthKey = (period: string): ServerKey => ['balance-sheet', 'month', period];

/** /bank/neraca: a month's balance sheet and ratios, the 12-month trend; an ADMIN enters or imports a month. */
export default function BalanceSheetScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const admin = mayAct(role, 'ADMIN');
  const recentMonths = lastTwelveMonths();
  const [state, update] = useQueryState({ period: recentMonths[1] ?? '' });
  const months = useServerData(['balance-sheet', 'months'], (signal) => balanceSheetApi.months(signal));
  const onFile = new Set((months.data ?? []).map((month) => month.period));
  const month = useServerData(onFile.has(state.period) ? monthKey(state.period) : null, (signal) => balanceSheetApi.month(state.period, signal));
  const choices = [...new Set([...recentMonths, ...onFile])].sort().reverse();
  // Outside the form, which is drawn again when the month's data arrives: one request per month.
  const journal = useJournalSummary(state.period, admin);

  return (
    <div className="bj-page bj-stack">
      <PageHeading title="Neraca Keuangan" />
      <label className="bj-filters__field bj-month-picker">
        <span>Bulan</span>
        <select className="bj-field__input" value={state.period} onChange={(event) => update({ period: event.target.value })}>
          {choices.map((period) => (
            <option key={period} value={period}>
              {periodLabel(period)}
              {onFile.has(period) ? '' : ' — belum diisi'}
            </option>
          ))}
        </select>
      </label>
      {months.status === 'error' ? (
        <ErrorState title="Neraca tidak dapat dimuat." error={months.error} onRetry={months.reload} />
      ) : !months.data ? (
        <LoadingState />
      ) : (
        <>
          {month.data ? <MonthView sheet={month.data} /> : month.status === 'error' ? <ErrorState title="Neraca bulan ini tidak dapat dimuat." error={month.error} onRetry={month.reload} /> : onFile.has(state.period) ? <LoadingState /> : (
            <Notice tone="info" title={`Neraca ${periodLabel(state.period)} belum diisi.`}>
              {admin ? 'Isi baris-barisnya di bawah, atau impor dari template Excel.' : 'Neraca diisi oleh Admin bank.'}
            </Notice>
          )}
          {admin ? <EntryForm key={`${state.period}-${month.data?.enteredAt ?? ''}`} period={state.period} current={month.data ?? null} journal={journal} /> : null}
          {months.data.length > 0 ? <RatioTrend months={months.data as BalanceSheetMonth[]} /> : null}
        </>
      )}
    </div>
  );
}

function MonthView({ sheet }: { sheet: BalanceSheet }) {
  return (
    <>
      <RatioCards ratios={sheet.ratios} />
      <section className="bj-card" aria-labelledby="balance-lines">
        <h2 id="balance-lines" className="bj-card__title">
          Pos neraca {periodLabel(sheet.period)}
        </h2>
        <p className="bj-muted">
          Diisi {sheet.source === 'xlsx' ? 'dari template Excel ' : ''}oleh {sheet.enteredBy}, {formatDateTime(sheet.enteredAt)}. Total aset {formatRupiah(sheet.totalAssets)}.
        </p>
        <div className="bj-balance-groups">
          {LINE_GROUPS.map((group) => (
            <div key={group.title} className="bj-balance-group">
              <h3 className="bj-balance-group__title">{group.title}</h3>
              <dl className="bj-balance-group__lines">
                {group.lines.map((line) => (
                  <div key={line} className="bj-balance-line">
                    <dt>{BALANCE_SHEET_LINE_LABELS[line]}</dt>
                    <dd>
                      {formatRupiah(sheet.lines[line] ?? 0)}
                      {line === 'deposito' && sheet.depositoFromBerjangka ? <span className="bj-muted"> (data Berjangka)</span> : null}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}

function EntryForm({ period, current, journal }: { period: string; current: BalanceSheet | null; journal: ServerData<JournalSummary | null> }) {
  const app = useAppActors();
  // The entry and the import: one save at a time, their problems above the buttons.
  const save = useSubmit();
  const [draft, setDraft] = useState<LinesDraft>(() => (current ? draftOf(current.lines, current.depositoFromBerjangka) : emptyDraft()));
  const [file, setFile] = useState<File | null>(null);

  const run = async (payload: unknown, request: (key: string) => Promise<BalanceSheet>, success: string) => {
    // The save answers the month as it is now (kept, not fetched again); the months and their ratios are read again.
    const done = await save.submit(payload, request, { answered: (sheet) => [{ key: monthKey(period), data: sheet }] });
    if (!done.ok) return;
    app.notify({ type: 'success', title: success });
  };

  const submit = () => {
    const read = readLines(draft);
    if (!read.ok) return save.invalid({ problems: read.problems });
    const entry = { period, lines: read.lines };
    void run(entry, (key) => balanceSheetApi.enter(entry, key), `Neraca ${periodLabel(period)} disimpan.`);
  };

  const importFile = () => {
    if (save.pending) return;
    if (!file) return save.invalid({ problems: ['Pilih berkas template Neraca Keuangan (xlsx).'] });
    void run({ import: period, name: file.name, size: file.size }, (key) => balanceSheetApi.importTemplate(period, file, key), `Neraca ${periodLabel(period)} diimpor dari Excel.`);
  };

  return (
    <SubmitForm
      className="bj-card bj-stack"
      aria-labelledby="balance-entry"
      submission={save}
      onSubmit={submit}
      actions={
        <>
          <div className="bj-form-actions">
            <SubmitButton label="Simpan neraca" />
          </div>
          <div className="bj-balance-import">
            <h3 className="bj-balance-group__title">Atau dari Excel</h3>
            <DownloadButton path={BALANCE_SHEET_TEMPLATE_PATH} query={{ period }} fallbackName={`neraca-keuangan-${period}.xlsx`} label="Unduh template" />
            <FileField label="Template yang sudah diisi" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onFilesChange={(files) => setFile(files[0] ?? null)} />
            <button type="button" className="bj-button bj-button--secondary" aria-disabled={save.pending || undefined} onClick={importFile}>
              Impor dari Excel
            </button>
          </div>
        </>
      }
    >
      <h2 id="balance-entry" className="bj-card__title">
        {current ? 'Ubah' : 'Isi'} neraca {periodLabel(period)}
      </h2>
      <p className="bj-muted">Rupiah utuh. Pendapatan, beban dan laba: jumlah sejak Januari. Laba rugi boleh negatif (rugi), misalnya -150.000.000.</p>
      <div className="bj-balance-groups">
        {LINE_GROUPS.map((group) => (
          <fieldset key={group.title} className="bj-balance-group">
            <legend className="bj-balance-group__title">{group.title}</legend>
            {group.lines.map((line) => {
              const field = (
                <RupiahField
                  key={line}
                  label={BALANCE_SHEET_LINE_LABELS[line]}
                  value={draft[line]}
                  onChange={(text) => setDraft((before) => ({ ...before, [line]: text }))}
                  required={line !== 'deposito'}
                  hint={line === 'deposito' ? 'Kosongkan untuk memakai saldo deposito Berjangka per akhir bulan.' : undefined}
                />
              );
              return line === 'utangBunga' ? (
                <div key={line} className="bj-balance-journal-line">
                  {field}
                  <JournalPayableOffer summary={journal} onFill={(amount) => setDraft((before) => ({ ...before, utangBunga: rupiahToText(amount) }))} />
                </div>
              ) : (
                field
              );
            })}
          </fieldset>
        ))}
      </div>
    </SubmitForm>
  );
}
