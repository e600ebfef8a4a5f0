import type { Kysely } from 'kysely';
import { addDays, type IsoDate } from '../../machines/deposit-rules';
import { dailyAccruals, payableAt, postingLines, UNITS_PER_RUPIAH, type AccruingInstallment, type LedgerEvent } from '../../machines/ledger-rules';
import type { Database } from '../platform/db/schema';
import { accruingIn, payoutsIn, placementsIn, postedIn, type AccruingRow } from './journal-repository';

/**
 * The journal of a bank over [from, to], derived from the deposits (DOMAIN.md "The bank's ledger";
 * README "Decisions on the domain"): each day's placements, installments posted, ARO+ rollovers
 * and maturity payouts summed per product, each break of its own, and the day's accrual per
 * product — the posting rules are machines/ledger-rules; this only gathers their amounts.
 */

export type EntryKind = LedgerEvent['kind'];

/** One deposit's part in an entry (the detail behind a summed line). */
export interface EntryDeposit {
  depositId: string;
  depositNumber: string;
  customerName: string;
  amounts: Record<string, number>;
}

export interface DerivedEntry {
  date: IsoDate;
  event: LedgerEvent;
  productId: string;
  /** Set for an entry of one deposit (a break). */
  depositNumber: string | null;
  deposits: EntryDeposit[];
}

export interface DerivedJournal {
  from: IsoDate;
  to: IsoDate;
  entries: DerivedEntry[];
  /** The accrued payable per product at the end of the day before `from` and of `to`. */
  payableOpening: Map<string, number>;
  payableClosing: Map<string, number>;
  /** Each accruing installment's interest accrued within the range (rupiah, rounded per installment): the accrual's detail. */
  accrualDetail: Array<{ depositId: string; depositNumber: string; customerName: string; productId: string; amount: number }>;
}

const ORDER: EntryKind[] = ['placement', 'accrual', 'installmentPosted', 'aroPlusRollover', 'breakSettled', 'breakTransferred', 'maturityPaid'];

/** Adds `amounts` to the group of (date, product) of `kind`, creating it on first sight. */
function grouped(groups: Map<string, DerivedEntry>, date: IsoDate, productId: string, make: () => LedgerEvent, add: (event: LedgerEvent) => void, deposit: EntryDeposit): void {
  const key = `${date}\u0000${productId}\u0000${make().kind}`;
  let entry = groups.get(key);
  if (!entry) {
    entry = { date, event: make(), productId, depositNumber: null, deposits: [] };
    groups.set(key, entry);
  }
  add(entry.event);
  entry.deposits.push(deposit);
}

export function accruingInstallment(row: AccruingRow): AccruingInstallment {
  // A break ends the earning at its break date (never before the period began).
  const end = row.break_date && row.break_date < row.period_end ? (row.break_date > row.period_start ? row.break_date : row.period_start) : row.period_end;
  return { productId: row.product_id, principal: row.principal, rateBps: row.rate_bps, accrualStart: row.period_start, accrualEnd: end, leaves: row.leaves };
}

function overlapDays(item: AccruingInstallment, from: IsoDate, to: IsoDate): number {
  const start = item.accrualStart > from ? item.accrualStart : from;
  const ends = [item.accrualEnd, addDays(to, 1), ...(item.leaves ? [item.leaves] : [])];
  const end = ends.reduce((a, b) => (a < b ? a : b));
  return end > start ? Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) : 0;
}

export async function deriveJournal(db: Kysely<Database>, bankId: string, from: IsoDate, to: IsoDate): Promise<DerivedJournal> {
  const dayBefore = addDays(from, -1);
  const [placements, posted, payouts, accruing] = await Promise.all([
    placementsIn(db, bankId, from, to),
    postedIn(db, bankId, from, to),
    payoutsIn(db, bankId, from, to),
    accruingIn(db, bankId, dayBefore, to),
  ]);
  const groups = new Map<string, DerivedEntry>();
  const single: DerivedEntry[] = [];
  const outflows = new Map<string, Map<IsoDate, number>>();
  const outflow = (productId: string, date: IsoDate, amount: number) => {
    const days = outflows.get(productId) ?? new Map<IsoDate, number>();
    days.set(date, (days.get(date) ?? 0) + amount);
    outflows.set(productId, days);
  };
  const who = (row: { deposit_id: string; deposit_number: string; customer_name: string }, amounts: Record<string, number>): EntryDeposit => ({
    depositId: row.deposit_id,
    depositNumber: row.deposit_number,
    customerName: row.customer_name,
    amounts,
  });

  for (const row of placements) {
    grouped(groups, row.date, row.product_id, () => ({ kind: 'placement', principal: 0 }), (event) => ((event as { principal: number }).principal += row.amount), who(row, { principal: row.amount }));
  }
  for (const row of posted) {
    const kind = row.aroPlus ? 'aroPlusRollover' : 'installmentPosted';
    grouped(
      groups,
      row.date,
      row.product_id,
      () => ({ kind, gross: 0, tax: 0, net: 0 }),
      (event) => {
        const sums = event as { gross: number; tax: number; net: number };
        sums.gross += row.gross;
        sums.tax += row.tax;
        sums.net += row.net;
      },
      who(row, { gross: row.gross, tax: row.tax, net: row.net }),
    );
    outflow(row.product_id, row.date, row.gross);
  }
  for (const row of payouts) {
    if (row.kind === 'maturity') {
      grouped(groups, row.date, row.product_id, () => ({ kind: 'maturityPaid', principal: 0 }), (event) => ((event as { principal: number }).principal += row.principal), who(row, { principal: row.principal }));
    } else if (row.part === 'settlement') {
      single.push({ date: row.date, event: { kind: 'breakSettled', interest: row.interest, forfeited: row.forfeited, tax: row.tax }, productId: row.product_id, depositNumber: row.deposit_number, deposits: [who(row, { interest: row.interest, forfeited: row.forfeited, tax: row.tax })] });
      outflow(row.product_id, row.date, row.interest + row.forfeited);
    } else {
      single.push({ date: row.date, event: { kind: 'breakTransferred', principal: row.principal, penalty: row.penalty }, productId: row.product_id, depositNumber: row.deposit_number, deposits: [who(row, { principal: row.principal, penalty: row.penalty })] });
    }
  }

  const items = accruing.map(accruingInstallment);
  const accruals = dailyAccruals(items, outflows, from, to);
  const accrualEntries: DerivedEntry[] = accruals.map((day) => ({ date: day.date, event: { kind: 'accrual', amount: day.amount }, productId: day.productId, depositNumber: null, deposits: [] }));
  const accrualDetail = accruing.flatMap((row, index) => {
    const item = items[index]!;
    const units = BigInt(item.principal) * BigInt(item.rateBps) * BigInt(overlapDays(item, from, to));
    const amount = Number((units * 2n + UNITS_PER_RUPIAH) / (UNITS_PER_RUPIAH * 2n));
    return amount > 0 ? [{ depositId: row.deposit_id, depositNumber: row.deposit_number, customerName: row.customer_name, productId: row.product_id, amount }] : [];
  });

  const entries = [...groups.values(), ...single, ...accrualEntries].filter((entry) => postingLines(entry.event).length > 0);
  entries.sort((a, b) => a.date.localeCompare(b.date) || ORDER.indexOf(a.event.kind) - ORDER.indexOf(b.event.kind) || a.productId.localeCompare(b.productId) || (a.depositNumber ?? '').localeCompare(b.depositNumber ?? ''));
  return { from, to, entries, payableOpening: payableAt(items, dayBefore), payableClosing: payableAt(items, to), accrualDetail };
}
