import type { ListMeta } from '@contract/envelope';
import { formatDate, lastTwelveMonths } from '../../lib/format';
import type { JournalEntry, JournalRange, JournalSummary } from '../../lib/ledger-api';

/**
 * Jurnal's rules, apart from the view: which day or month the URL asks for, the months offered,
 * what each of DOMAIN.md's checks compares, and one page of the entries (a month holds hundreds;
 * the journal comes whole, so the screen pages it, optionally for one kind of event).
 */

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The URL's state: a day when `date` is a date, else the month `period` (this month when absent or malformed). */
export type JournalChoice = { mode: 'day'; date: string; period: string } | { mode: 'month'; period: string };

export function journalChoice(state: { period: string; date: string }, today: string): JournalChoice {
  if (DATE.test(state.date)) return { mode: 'day', date: state.date, period: state.date.slice(0, 7) };
  return { mode: 'month', period: PERIOD.test(state.period) ? state.period : today.slice(0, 7) };
}

/** The query of the journal's request and its downloads. */
export function rangeOf(choice: JournalChoice): JournalRange {
  return choice.mode === 'day' ? { date: choice.date } : { period: choice.period };
}

/** The months offered, newest first: the last twelve, and the one the URL names when it is older. */
export function journalMonths(chosen: string, today: string): string[] {
  const months = lastTwelveMonths(today);
  return months.includes(chosen) || chosen > months[0]! ? months : [...months, chosen];
}

type CheckName = keyof JournalSummary['checks'];

/** Each check of DOMAIN.md: what it holds, and what its expected and actual figures are. */
export const JOURNAL_CHECKS: ReadonlyArray<{ name: CheckName; title: string; expected: string; actual: string }> = [
  { name: 'balanced', title: 'Jurnal seimbang', expected: 'Total debit', actual: 'Total kredit' },
  { name: 'liabilityEqualsPosition', title: 'Kewajiban deposito sama dengan Posisi Deposito', expected: 'Posisi Deposito', actual: 'Saldo kewajiban deposito' },
  { name: 'payableEqualsAccrued', title: 'BYMHD sama dengan bunga berjalan', expected: 'Bunga berjalan belum dibayar', actual: 'Saldo BYMHD' },
  { name: 'taxEqualsReport', title: 'Utang PPh sama dengan laporan Bunga dan PPh', expected: 'PPh laporan Bunga dan PPh', actual: 'Kredit utang PPh bulan ini' },
];

/** The server's sentence with its dates written as everywhere else on screen (`per 2026-10-31` → `per 31-Okt-2026`). */
export function readableDetail(detail: string): string {
  return detail.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (iso) => formatDate(iso));
}

const ENTRIES_PER_PAGE = 25;

/** The kinds of event the journal holds, in the order they first appear, as filter choices. */
export function eventChoices(entries: readonly JournalEntry[]): Array<{ value: string; label: string }> {
  return [...new Map(entries.map((entry) => [entry.event, entry.eventLabel])).entries()].map(([value, label]) => ({ value, label }));
}

/** One page of the entries, of one event when `event` is set; the page is kept within the pages there are. */
export function entriesPage(entries: readonly JournalEntry[], options: { page: number; event: string; perPage?: number }): { rows: JournalEntry[]; meta: ListMeta } {
  const perPage = options.perPage ?? ENTRIES_PER_PAGE;
  const kept = options.event === '' ? entries : entries.filter((entry) => entry.event === options.event);
  const totalPages = Math.max(1, Math.ceil(kept.length / perPage));
  const page = Math.min(Math.max(1, Math.trunc(options.page) || 1), totalPages);
  return { rows: kept.slice((page - 1) * perPage, page * perPage), meta: { page, limit: perPage, total: kept.length, totalPages } };
}

/** A line's memo once for its entry when every line says the same (the server's memo is per entry). */
export function sharedMemo(entry: JournalEntry): string | null {
  const [first] = entry.lines;
  return first && entry.lines.every((line) => line.memo === first.memo) ? first.memo : null;
}

/** Whether a month's figures still move: the running month is taken up to today. */
export function isRunningMonth(period: string, today: string): boolean {
  return period === today.slice(0, 7);
}
