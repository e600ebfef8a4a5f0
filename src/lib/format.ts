import dayjs from 'dayjs';
import 'dayjs/locale/id';

/** Dates on screens, in PDFs and in Excel: `DD-MMM-YYYY` with dayjs's `id` month names ('15-Agt-2026'). */
const DATE_FORMAT = 'DD-MMM-YYYY';
const BUSINESS_TIME_ZONE = 'Asia/Jakarta';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date (`YYYY-MM-DD`) an instant falls on in Jakarta. */
function jakartaDate(instant: Date): string {
  // en-CA formats as YYYY-MM-DD; Intl carries the zone database, so no dayjs timezone plugin is needed.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Business "today" (`YYYY-MM-DD`) in Asia/Jakarta, whatever the browser's own zone is. */
export function jakartaToday(now: Date = new Date()): string {
  return jakartaDate(now);
}

/** A business date kept as `YYYY-MM-DD` parsed as that calendar day, never shifted by a time zone. */
function calendarDay(value: string | Date): dayjs.Dayjs | null {
  const text = value instanceof Date ? (Number.isNaN(value.getTime()) ? '' : jakartaDate(value)) : value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [, year, month, day] = dateOnly.map(Number) as [number, number, number, number];
    const parsed = dayjs(new Date(year, month - 1, day));
    return parsed.isValid() && parsed.date() === day ? parsed : null;
  }
  // Timestamps (ISO-8601 UTC from the server) show the day they fall on in Jakarta.
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : calendarDay(jakartaDate(instant));
}

/**
 * `DD-MMM-YYYY` in Indonesian ('15-Agt-2026', '03-Mei-2026'). Takes a business date `YYYY-MM-DD`, an
 * ISO timestamp or a Date (both read in Asia/Jakarta). Empty or unreadable input gives '-'.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const day = calendarDay(value);
  return day ? day.locale('id').format(DATE_FORMAT) : '-';
}

/**
 * The last 12 months as `YYYY-MM`, newest first, starting with the month of `today` (a business
 * date `YYYY-MM-DD`, default Jakarta today): '2026-02' gives ['2026-02', '2026-01', …, '2025-03'].
 * The current month is included because staff pick it most (interest of the running month).
 */
export function lastTwelveMonths(today: string = jakartaToday()): string[] {
  const match = /^(\d{4})-(\d{2})/.exec(today);
  if (!match) throw new Error(`Tanggal tidak valid: ${today}`);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  return Array.from({ length: 12 }, (_, back) => {
    const total = year * 12 + monthIndex - back;
    const y = Math.floor(total / 12);
    const m = (total % 12) + 1;
    return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
  });
}

/**
 * The months Bunga Bulanan offers, newest first: next month, this month and the eleven before.
 * Next month is there because a holiday moves a pay date forward to the next working day, which
 * can carry this month's last installments into it (due 31 Dec, paid 2 Jan); staff also prepare
 * its transfers ahead. This month stays the default.
 */
export function interestMonths(today: string = jakartaToday()): { months: string[]; thisMonth: string } {
  const [nextMonth] = lastTwelveMonths(addOneMonth(today));
  const past = lastTwelveMonths(today);
  return { months: [nextMonth!, ...past], thisMonth: past[0]! };
}

/** The first day of the month after `today`'s ('YYYY-MM-DD' in, 'YYYY-MM-01' out). */
function addOneMonth(today: string): string {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${today.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
}

// Fraction digits set explicitly: engines disagree on IDR's default (0 or 2).
const rupiah = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Whole rupiah with dots for thousands: 1500000 → 'Rp 1.500.000'; -2500 → '-Rp 2.500'. */
export function formatRupiah(amount: number): string {
  if (!Number.isFinite(amount)) return '-';
  // `|| 0` turns -0 (from rounding -0.4) into 0 so it never shows as '-Rp 0'.
  // Intl puts a no-break space (U+00A0) after 'Rp'; UI.md's form has a plain space.
  return rupiah.format(Math.round(amount) || 0).replace(/\u00a0/g, ' ');
}

const percent = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A rate in basis points as an Indonesian percentage: 600 → '6,00%', 575 → '5,75%'. */
export function formatRate(basisPoints: number): string {
  if (!Number.isFinite(basisPoints)) return '-';
  return `${percent.format(basisPoints / 100)}%`;
}

const LOCAL_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
const jakartaTime = new Intl.DateTimeFormat('id-ID', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * A moment as `DD-MMM-YYYY HH.mm WIB` (the time as Indonesians write it, as the timeline does). A
 * UTC instant is read in Jakarta; a provider's local timestamp without a zone (the courier's
 * tracking) is Jakarta time already and shown as written; a date alone stays a date.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (DATE_ONLY.test(value)) return formatDate(value);
  const local = LOCAL_TIMESTAMP.exec(value);
  if (local) return `${formatDate(local[1] ?? '')} ${local[2]}.${local[3]} WIB`;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '-';
  return `${formatDate(instant)} ${jakartaTime.format(instant).replace(':', '.')} WIB`;
}

const oneDecimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/** A file's size as staff read it: '850 B', '120 KB', '1,2 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}
