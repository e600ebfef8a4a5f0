/**
 * Daily balances and their monthly averages (DOMAIN.md "Reports": monthly average balances for
 * the LPS premium, which LPS reckons on the average of a month's daily balances). A balance
 * changes only on the days money moves: a placement's value date, a period whose principal differs
 * from the one before (ARO+ adds its interest), a payout's transfer date. So the series is the
 * position on the day before it starts plus each day's changes, summed as they come.
 */
import { addDays, type IsoDate } from '../deposit-rules/dates';

interface BalanceChange {
  date: IsoDate;
  /** Rupiah in (positive) or out (negative) on that day. */
  delta: number;
}

export interface DailyBalance {
  date: IsoDate;
  balance: number;
}

/** The balance at the end of each day from `from` to `to` (inclusive), given the balance the day before `from`. */
export function dailyBalances(opening: number, changes: readonly BalanceChange[], from: IsoDate, to: IsoDate): DailyBalance[] {
  const byDate = new Map<IsoDate, number>();
  for (const change of changes) {
    if (change.date < from || change.date > to) throw new RangeError(`dailyBalances: a change on ${change.date} lies outside ${from}..${to}`);
    byDate.set(change.date, (byDate.get(change.date) ?? 0) + change.delta);
  }
  const series: DailyBalance[] = [];
  let balance = opening;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    balance += byDate.get(date) ?? 0;
    series.push({ date, balance });
  }
  return series;
}

export interface MonthAverage {
  period: string;
  /** Days of the month counted: every calendar day, or up to today in the running month. */
  days: number;
  /** Sum of the daily balances ÷ days, half up to whole rupiah. */
  average: number;
  /** The balance on the last day counted. */
  closing: number;
}

/**
 * Per month of the series: the average daily balance (half up to whole rupiah) and the last
 * day's balance. Months appear in the series' order; a month's days are those the series holds.
 */
export function monthlyAverages(series: readonly DailyBalance[]): MonthAverage[] {
  const months: MonthAverage[] = [];
  let current: { period: string; days: number; sum: bigint; closing: number } | null = null;
  const close = () => {
    if (!current) return;
    const days = BigInt(current.days);
    months.push({ period: current.period, days: current.days, average: Number((2n * current.sum + days) / (2n * days)), closing: current.closing });
  };
  for (const day of series) {
    const period = day.date.slice(0, 7);
    if (!current || current.period !== period) {
      close();
      current = { period, days: 0, sum: 0n, closing: 0 };
    }
    current.days += 1;
    current.sum += BigInt(day.balance);
    current.closing = day.balance;
  }
  close();
  return months;
}
