import { jakartaDate } from '../business-date';
import { formatJakartaTime } from '../clock';

/**
 * Dates as a letter or a bilyet writes them ("31 Januari 2026"): screens use the short
 * DD-MMM-YYYY form (machines/deposit-rules/format.ts), a document spells the month out.
 * By hand rather than Intl: the runtime's locale data must not decide what a bilyet says.
 */
const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];

/** 'YYYY-MM-DD' → '31 Januari 2026' (the day without a leading zero). */
export function longDateId(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new RangeError(`longDateId: expected YYYY-MM-DD, got ${date}`);
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** An instant as Jakarta's wall clock: '31 Januari 2026 pukul 10.30 WIB'. */
export function longDateTimeWib(instant: Date | string): string {
  const when = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(when.getTime())) throw new RangeError(`longDateTimeWib: not a timestamp: ${String(instant)}`);
  return `${longDateId(jakartaDate(when))} pukul ${formatJakartaTime(when)}`;
}
