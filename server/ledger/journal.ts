import { addDays, type IsoDate } from '../../machines/deposit-rules';
import { accrualSweep, postingLines, UNITS_PER_RUPIAH, type AccruingInstallment, type LedgerEvent } from '../../machines/ledger-rules';
import type { ExportSource } from '../platform/xlsx/keyset';
import { accruingIn, breaksIn, maturitySums, placementSums, postedSums, type AccruingRow, type BreakRow } from './journal-repository';

/**
 * The journal of a bank over [from, to], derived from the deposits (DOMAIN.md "The bank's ledger";
 * README "Decisions on the domain"): each day's placements, installments posted, ARO+ rollovers
 * and maturity payouts summed per product, each break of its own, and the day's accrual per
 * product — the posting rules are machines/ledger-rules; this only gathers their amounts.
 */

type EntryKind = LedgerEvent['kind'];

export interface DerivedEntry {
  date: IsoDate;
  event: LedgerEvent;
  productId: string;
  /** Set for an entry of one deposit (a break), with its customer's name. */
  depositNumber: string | null;
  customerName: string | null;
  /** How many deposits the entry sums. */
  deposits: number;
}

interface DerivedJournal {
  from: IsoDate;
  to: IsoDate;
  entries: DerivedEntry[];
  /** The accrued payable per product at the end of the day before `from` and of `to`. */
  payableOpening: Map<string, number>;
  payableClosing: Map<string, number>;
}

const ORDER: EntryKind[] = ['placement', 'accrual', 'installmentPosted', 'aroPlusRollover', 'breakSettled', 'breakTransferred', 'maturityPaid'];

export function accruingInstallment(row: AccruingRow): AccruingInstallment {
  // A break ends the earning at its break date (never before the period began).
  const end = row.break_date && row.break_date < row.period_end ? (row.break_date > row.period_start ? row.break_date : row.period_start) : row.period_end;
  return { productId: row.product_id, principal: row.principal, rateBps: row.rate_bps, accrualStart: row.period_start, accrualEnd: end, leaves: row.leaves };
}

/** What an installment accrued on the days of [from, to], in whole rupiah (its line in the accrual's detail). */
export function accruedWithin(item: AccruingInstallment, from: IsoDate, to: IsoDate): number {
  const start = item.accrualStart > from ? item.accrualStart : from;
  const ends = [item.accrualEnd, addDays(to, 1), ...(item.leaves ? [item.leaves] : [])];
  const end = ends.reduce((a, b) => (a < b ? a : b));
  if (end <= start) return 0;
  const days = BigInt(Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000));
  const units = BigInt(item.principal) * BigInt(item.rateBps) * days;
  return Number((units * 2n + UNITS_PER_RUPIAH) / (UNITS_PER_RUPIAH * 2n));
}

/** A break's part (its settlement or its transfer) as the entry of its own deposit. */
export function breakEntry(row: BreakRow): DerivedEntry {
  const event: LedgerEvent = row.part === 'settlement' ? { kind: 'breakSettled', interest: row.interest, forfeited: row.forfeited, tax: row.tax } : { kind: 'breakTransferred', principal: row.principal, penalty: row.penalty };
  return { date: row.date, event, productId: row.product_id, depositNumber: row.deposit_number, customerName: row.customer_name, deposits: 1 };
}

export async function deriveJournal(source: ExportSource, bankId: string, from: IsoDate, to: IsoDate): Promise<DerivedJournal> {
  const dayBefore = addDays(from, -1);
  const [placed, posted, capitalised, matured, breaks] = await Promise.all([
    placementSums(source, bankId, from, to),
    postedSums(source, bankId, from, to, false),
    postedSums(source, bankId, from, to, true),
    maturitySums(source, bankId, from, to),
    breaksIn(source, bankId, from, to),
  ]);
  // Summed batch by batch as read: a million installments' month is never held at once.
  const sweep = accrualSweep(from, to);
  for await (const rows of accruingIn(source, bankId, dayBefore, to)) for (const row of rows) sweep.add(accruingInstallment(row));
  const payableOpening = sweep.payableOpening();
  const payableClosing = sweep.payableClosing();

  const entries: DerivedEntry[] = [];
  const outflows = new Map<string, Map<IsoDate, number>>();
  const outflow = (productId: string, date: IsoDate, amount: number) => {
    const days = outflows.get(productId) ?? new Map<IsoDate, number>();
    days.set(date, (days.get(date) ?? 0) + amount);
    outflows.set(productId, days);
  };
  const summed = (sum: { date: string; product_id: string; count: number }, event: LedgerEvent) => entries.push({ date: sum.date, event, productId: sum.product_id, depositNumber: null, customerName: null, deposits: sum.count });

  for (const sum of placed) summed(sum, { kind: 'placement', principal: sum.amount });
  for (const sum of posted) {
    summed(sum, { kind: 'installmentPosted', gross: sum.amount, tax: sum.tax, net: sum.net });
    outflow(sum.product_id, sum.date, sum.amount);
  }
  for (const sum of capitalised) {
    summed(sum, { kind: 'aroPlusRollover', gross: sum.amount, tax: sum.tax, net: sum.net });
    outflow(sum.product_id, sum.date, sum.amount);
  }
  for (const sum of matured) summed(sum, { kind: 'maturityPaid', principal: sum.amount });
  for (const row of breaks) {
    entries.push(breakEntry(row));
    if (row.part === 'settlement') outflow(row.product_id, row.date, row.interest + row.forfeited);
  }
  for (const day of sweep.accruals(outflows)) {
    entries.push({ date: day.date, event: { kind: 'accrual', amount: day.amount }, productId: day.productId, depositNumber: null, customerName: null, deposits: 0 });
  }

  const kept = entries.filter((entry) => postingLines(entry.event).length > 0);
  kept.sort((a, b) => a.date.localeCompare(b.date) || ORDER.indexOf(a.event.kind) - ORDER.indexOf(b.event.kind) || a.productId.localeCompare(b.productId) || (a.depositNumber ?? '').localeCompare(b.depositNumber ?? ''));
  return { from, to, entries: kept, payableOpening, payableClosing };
}
