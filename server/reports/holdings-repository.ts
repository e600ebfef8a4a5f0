import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { heldStatuses } from '../../machines/deposit';
import { placedPrincipalOf } from '../deposits/deposit-service';
import type { LpsRate } from '../../machines/deposit-rules';
import type { Database } from '../platform/db/schema';
import type { ExportSource } from '../platform/xlsx/keyset';
import { keysetBatches } from '../platform/xlsx/xlsx-stream';

/**
 * What the bank held on a day (the position of Posisi Deposito, Profil Jatuh Tempo, Eksposur LPS
 * and Nasabah Terbesar), taken from the deposits and their periods as they stand today:
 *
 * A deposit counts on day D from its value date until its money is paid out — rejected, cancelled
 * and still-pending deposits never count — with the principal, rate, tenor and maturity of its
 * period running on D: the latest period that started on or before D. It is "running" while that
 * period has not matured (and, for a broken deposit, until its break date); after that it waits
 * for its payout and still counts, due now.
 *
 * Most deposits are in their current period, whose figures the deposits row carries (part A); a
 * deposit rolled over or extended after D takes the earlier period from deposit_periods (part B).
 * Payouts are dated by their transfer (disbursements.paid_at); a payout after D leaves the deposit
 * held on D. In the running month D is today, when nothing is paid out after D and no period has
 * begun after it, so only part A is asked, without the payout check.
 */

type Db = Kysely<Database>;

export interface HoldingScope {
  bankId: string;
  /** The day of the position. */
  asOf: string;
  /** Today: a position on today or later reads only the current periods. */
  today: string;
}

/** Statuses that may have been held on a past day: held now, or closed since. */
const HELD_OR_CLOSED = [...heldStatuses, 'closed'] as const;

const isPast = (scope: HoldingScope) => scope.asOf < scope.today;

/** A closed deposit counts on D only when its payout was transferred after D. */
const notPaidOutBy = (asOf: string) =>
  sql<SqlBool>`(d.status <> 'closed' or exists (select 1 from disbursements b where b.deposit_id = d.id and b.status = 'paid' and b.paid_at > ${asOf}))`;

const currentColumns = (asOf: string) =>
  [
    'd.id as deposit_id',
    'd.deposit_number',
    'd.customer_id',
    'd.customer_name',
    'd.customer_nik',
    'd.product_id',
    'd.tenor_months',
    'd.rate_bps',
    'd.amount',
    'd.period_start',
    'd.maturity_date',
    // Spelled with CASE over nullable columns: NULL conditions simply do not match.
    sql<number>`case when d.maturity_date <= ${asOf} then 0 when (d.disbursement_reason = 'broken' or d.close_reason = 'broken') and d.break_date <= ${asOf} then 0 else 1 end`.as('running'),
  ] as const;

/** Part A: deposits held today whose current period (the row's own figures) had started by D. */
function currentPeriods(db: Db, scope: HoldingScope) {
  return db
    .selectFrom('deposits as d')
    .where('d.bank_id', '=', scope.bankId)
    .where('d.status', 'in', [...heldStatuses])
    // Implied by the period's start (a value date never follows it), and what the (bank, status,
    // deposit_date) index can seek on: a month long past reads only the deposits placed by then.
    .where('d.deposit_date', '<=', scope.asOf)
    .where('d.period_start', '<=', scope.asOf)
    .select([...currentColumns(scope.asOf)]);
}

/**
 * Part A of the closed: deposits paid out after D, found from their payouts (the payouts of a few
 * days or months) rather than by reading every deposit ever closed.
 */
function closedSince(db: Db, scope: HoldingScope) {
  return db
    .selectFrom('disbursements as b')
    .innerJoin('deposits as d', 'd.id', 'b.deposit_id')
    .where('b.bank_id', '=', scope.bankId)
    .where('b.status', '=', 'paid')
    .where('b.paid_at', '>', scope.asOf)
    .where('d.status', '=', 'closed')
    .where('d.period_start', '<=', scope.asOf)
    .select([...currentColumns(scope.asOf)]);
}

/**
 * Part B: deposits whose current period began after D, with the earlier period running on D —
 * found from the periods that began after D (the period_start index), each paired with the one
 * before it: a deposit rolled over twice since has one such pair whose earlier half began by D.
 */
function earlierPeriods(db: Db, scope: HoldingScope) {
  const { asOf } = scope;
  // CROSS JOIN keeps SQLite's loop order (PostgreSQL plans it as any join): the periods begun
  // after D first, straight from the index and only those past a first period, rather than every
  // period begun by D (most of them, for a month long past) looking for its successor.
  return db
    .selectFrom('deposit_periods as n')
    .crossJoin('deposit_periods as p')
    .crossJoin('deposits as d')
    .where(sql<SqlBool>`p.deposit_id = n.deposit_id and p.period_number = n.period_number - 1 and d.id = n.deposit_id`)
    .where('n.period_start', '>', asOf)
    .where('n.period_number', '>', 1)
    .where('p.period_start', '<=', asOf)
    .where('d.bank_id', '=', scope.bankId)
    .where('d.status', 'in', [...HELD_OR_CLOSED])
    .where(notPaidOutBy(asOf))
    .select([
      'd.id as deposit_id',
      'd.deposit_number',
      'd.customer_id',
      'd.customer_name',
      'd.customer_nik',
      'd.product_id',
      'p.tenor_months',
      'p.rate_bps',
      'p.amount',
      'p.period_start',
      'p.maturity_date',
      sql<number>`case when p.maturity_date <= ${asOf} then 0 else 1 end`.as('running'),
    ]);
}

type HeldPart = 'current' | 'closedSince' | 'earlier';

/** The parts a day's position is made of: on today or later only the current periods. */
const partsOf = (scope: HoldingScope): HeldPart[] => (isPast(scope) ? ['current', 'closedSince', 'earlier'] : ['current']);

function partQuery(db: Db, scope: HoldingScope, part: HeldPart) {
  return part === 'current' ? currentPeriods(db, scope) : part === 'closedSince' ? closedSince(db, scope) : earlierPeriods(db, scope);
}

/** Every deposit held on D, one row each (a derived table: `selectFrom(heldOn(...).as('h'))`). */
export function heldOn(db: Db, scope: HoldingScope) {
  const [first, ...rest] = partsOf(scope).map((part) => partQuery(db, scope, part));
  return rest.reduce((union, part) => union.unionAll(part), first!);
}

export type HeldRow = {
  deposit_id: string;
  deposit_number: string;
  customer_id: string;
  customer_name: string;
  customer_nik: string;
  product_id: string;
  tenor_months: number;
  rate_bps: number;
  amount: number;
  period_start: string;
  maturity_date: string;
  running: number;
};

const count = () => sql<number>`count(*)`;
const total = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;

/**
 * The guaranteed rate (TBP) in force on `column`'s date, as SQL: the latest rate whose date is on
 * or before it, the first before them all — lpsRateOn of machines/deposit-rules, written as one
 * CASE so the database judges a million periods in its scan.
 */
export function lpsRateOnSql(rates: readonly LpsRate[], date: string | Expression<unknown>): Expression<number> {
  if (rates.length === 0) throw new RangeError('lpsRateOnSql: at least one LPS rate');
  const column = typeof date === 'string' ? sql.ref(date) : date;
  const newestFirst = [...rates].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1));
  // Rates are whole basis points from the settings, written as literals: PostgreSQL types a CASE
  // of bare parameters as text, which it will not compare with an integer column.
  const rate = (bps: number) => sql.lit(Math.trunc(bps));
  const first = rate(newestFirst[newestFirst.length - 1]!.rateBps);
  if (newestFirst.length === 1) return sql<number>`${first}`;
  const branches = newestFirst.slice(0, -1).map((entry) => sql`when ${column} >= ${entry.effectiveFrom} then ${rate(entry.rateBps)}`);
  return sql<number>`(case ${sql.join(branches, sql` `)} else ${first} end)`;
}

// --- Sums over the position ------------------------------------------------------------------

export interface PositionGroup {
  productId: string;
  tenorMonths: number;
  rateBps: number;
  running: boolean;
  count: number;
  amount: number;
}

/** The position per product, tenor, rate and running or due. */
export async function positionGroups({ db, reads }: ExportSource, scope: HoldingScope): Promise<PositionGroup[]> {
  const rows = await reads.rows(
    db
      .selectFrom(heldOn(db, scope).as('h'))
      .select(['h.product_id', 'h.tenor_months', 'h.rate_bps', 'h.running', count().as('count'), total('h.amount').as('amount')])
      .groupBy(['h.product_id', 'h.tenor_months', 'h.rate_bps', 'h.running']),
  );
  return rows.map((row) => ({ productId: row.product_id, tenorMonths: Number(row.tenor_months), rateBps: Number(row.rate_bps), running: Number(row.running) === 1, count: Number(row.count), amount: Number(row.amount) }));
}

interface MaturityGroup {
  productId: string;
  maturityDate: string;
  running: boolean;
  count: number;
  amount: number;
}

/** The position per product, maturity date and running or due (a few hundred dates). */
export async function maturityGroups({ db, reads }: ExportSource, scope: HoldingScope): Promise<MaturityGroup[]> {
  const rows = await reads.rows(
    db
      .selectFrom(heldOn(db, scope).as('h'))
      .select(['h.product_id', 'h.maturity_date', 'h.running', count().as('count'), total('h.amount').as('amount')])
      .groupBy(['h.product_id', 'h.maturity_date', 'h.running']),
  );
  return rows.map((row) => ({ productId: row.product_id, maturityDate: row.maturity_date, running: Number(row.running) === 1, count: Number(row.count), amount: Number(row.amount) }));
}

/** The held total on D (what a day's balance is): deposits, their customers and principal. */
export async function heldTotal({ db, reads }: ExportSource, scope: HoldingScope): Promise<{ count: number; customers: number; amount: number }> {
  const [row] = await reads.rows(
    db.selectFrom(heldOn(db, scope).as('h')).select([count().as('count'), sql<number>`count(distinct h.customer_id)`.as('customers'), total('h.amount').as('amount')]),
  );
  return { count: Number(row?.count ?? 0), customers: Number(row?.customers ?? 0), amount: Number(row?.amount ?? 0) };
}

/**
 * Each customer's held deposits, their principal, the part of it at or below the TBP in force on
 * their periods' starts, and the deposits above it.
 */
function customerSums(db: Db, scope: HoldingScope, lpsRates: readonly LpsRate[]) {
  const above = sql<SqlBool>`h.rate_bps > ${lpsRateOnSql(lpsRates, 'h.period_start')}`;
  return db
    .selectFrom(heldOn(db, scope).as('h'))
    .select([
      'h.customer_id',
      count().as('deposits'),
      total('h.amount').as('total'),
      sql<number>`sum(case when ${above} then 0 else h.amount end)`.as('eligible'),
      sql<number>`sum(case when ${above} then 1 else 0 end)`.as('above_count'),
      sql<number>`sum(case when ${above} then h.amount else 0 end)`.as('above_amount'),
    ])
    .groupBy('h.customer_id');
}

export interface CustomerHolding {
  customerId: string;
  name: string;
  nik: string;
  deposits: number;
  total: number;
  eligible: number;
}

interface CustomerView {
  /** The position: held deposits, their customers and principal. */
  position: { count: number; customers: number; amount: number };
  /** Per customer min(eligible, ceiling) added up, as lpsGuaranteeOfTotals splits one customer. */
  guaranteed: number;
  /** Deposits whose rate is above the TBP in force on their period's start. */
  aboveRate: { count: number; amount: number };
  /** Customers whose total is above the guarantee ceiling, largest first (a handful even in a large bank). */
  aboveCeiling: CustomerHolding[];
  /** The `largest` customers holding the most, largest first (ties by id, so the list is stable). */
  largest: CustomerHolding[];
}

/**
 * The position seen per customer, in one pass over it: the per-customer sums are taken once (a
 * common table the database materialises, being read three times) and answer the totals, the
 * customers above the ceiling and the largest ones together — each used to be a pass of its own,
 * a few seconds each over a million deposits.
 */
export async function customerView({ db, reads }: ExportSource, scope: HoldingScope, lps: { rates: readonly LpsRate[]; ceiling: number }, largest: number): Promise<CustomerView> {
  // A whole-rupiah setting as a literal, so both dialects type the CASE as the sums' type.
  const ceiling = sql.lit(Math.trunc(lps.ceiling));
  const columns = (kind: string) => [sql.lit(kind).as('kind'), 'c.customer_id', 'c.deposits', 'c.total', 'c.eligible', sql<number>`0`.as('above_count'), sql<number>`0`.as('above_amount'), sql<number>`0`.as('customers')] as const;
  const rows = await reads.rows(
    db
      .with('c', () => customerSums(db, scope, lps.rates))
      .selectFrom('c')
      .select([
        sql.lit('totals').as('kind'),
        sql<string>`null`.as('customer_id'),
        sql<number>`coalesce(sum(c.deposits), 0)`.as('deposits'),
        sql<number>`coalesce(sum(c.total), 0)`.as('total'),
        sql<number>`coalesce(sum(case when c.eligible > ${ceiling} then ${ceiling} else c.eligible end), 0)`.as('eligible'),
        sql<number>`coalesce(sum(c.above_count), 0)`.as('above_count'),
        sql<number>`coalesce(sum(c.above_amount), 0)`.as('above_amount'),
        count().as('customers'),
      ])
      .unionAll((eb) => eb.selectFrom('c').select([...columns('above')]).where('c.total', '>', ceiling))
      .unionAll((eb) =>
        eb
          .selectFrom((inner) => inner.selectFrom('c').selectAll().orderBy('c.total', 'desc').orderBy('c.customer_id').limit(largest).as('c'))
          .select([...columns('largest')]),
      ),
  );
  const totals = rows.find((row) => row.kind === 'totals');
  const of = (kind: string) =>
    rows
      .filter((row) => row.kind === kind)
      .sort((a, b) => Number(b.total) - Number(a.total) || (String(a.customer_id) < String(b.customer_id) ? -1 : 1)) as Array<{ customer_id: string; deposits: unknown; total: unknown; eligible: unknown }>;
  const [aboveCeiling, top] = await Promise.all([withCustomers(db, reads, scope.bankId, of('above')), withCustomers(db, reads, scope.bankId, of('largest'))]);
  return {
    position: { count: Number(totals?.deposits ?? 0), customers: Number(totals?.customers ?? 0), amount: Number(totals?.total ?? 0) },
    guaranteed: Number(totals?.eligible ?? 0),
    aboveRate: { count: Number(totals?.above_count ?? 0), amount: Number(totals?.above_amount ?? 0) },
    aboveCeiling,
    largest: top,
  };
}

async function withCustomers(db: Db, reads: ExportSource['reads'], bankId: string, rows: Array<{ customer_id: string; deposits: unknown; total: unknown; eligible: unknown }>): Promise<CustomerHolding[]> {
  if (rows.length === 0) return [];
  const customers = await reads.rows(db.selectFrom('customers').select(['id', 'name', 'nik']).where('bank_id', '=', bankId).where('id', 'in', rows.map((row) => row.customer_id)));
  const byId = new Map(customers.map((customer) => [customer.id, customer]));
  return rows.map((row) => ({
    customerId: row.customer_id,
    name: byId.get(row.customer_id)?.name ?? '',
    nik: byId.get(row.customer_id)?.nik ?? '',
    deposits: Number(row.deposits),
    total: Number(row.total),
    eligible: Number(row.eligible ?? 0),
  }));
}

// --- Held deposits one by one ----------------------------------------------------------------

/** Up to this many rows a list of held deposits is read whole (~2 MB), not walked. */
const ONE_PASS_ROWS = 10_000;

/**
 * Held deposits matching `where` (a condition on the part's columns), by deposit number, in
 * batches. Each part is walked on its own in deposit-number order — a keyset over the union would
 * re-read it whole for every batch — and the parts are merged.
 */
export function heldDepositsWhere(
  source: ExportSource,
  scope: HoldingScope,
  where: (column: (name: keyof HeldRow) => Expression<unknown>) => Expression<SqlBool>,
  options: { batchSize?: number; expected: number },
): AsyncIterable<HeldRow[]> {
  const { db, reads } = source;
  const batchSize = options.batchSize ?? 1000;
  const matching = (part: HeldPart) => {
    const ref = (name: keyof HeldRow) => {
      const fromPeriod = part === 'earlier' && ['tenor_months', 'rate_bps', 'amount', 'period_start', 'maturity_date'].includes(name);
      return sql.ref(`${fromPeriod ? 'p' : 'd'}.${name}`);
    };
    return partQuery(db, scope, part).where(where(ref));
  };
  // A few thousand rows (the usual case: the caller has counted them) are read in one pass per
  // part; a keyset walk visits every deposit of the bank in number order to find them.
  const walk = (part: HeldPart): AsyncIterable<HeldRow[]> =>
    options.expected <= ONE_PASS_ROWS
      ? (async function* () {
          yield (await reads.rows(matching(part).orderBy('d.deposit_number'))) as HeldRow[];
        })()
      : keysetBatches<HeldRow, string>(
          (after, limit) => {
            let query = matching(part);
            if (after !== null) query = query.where('d.deposit_number', '>', after);
            return reads.rows(query.orderBy('d.deposit_number').limit(limit)) as Promise<HeldRow[]>;
          },
          (row) => row.deposit_number,
          batchSize,
        );
  if (options.expected === 0) return (async function* () {})();
  return partsOf(scope)
    .map(walk)
    .reduce((merged, next) => mergeByNumber(merged, next, batchSize));
}

/** Two streams each ordered by deposit number, as one (a deposit is in exactly one part). */
async function* mergeByNumber(left: AsyncIterable<HeldRow[]>, right: AsyncIterable<HeldRow[]>, batchSize: number): AsyncGenerator<HeldRow[]> {
  const a = rowsOf(left);
  const b = rowsOf(right);
  let x = await a.next();
  let y = await b.next();
  let out: HeldRow[] = [];
  while (!x.done || !y.done) {
    if (!x.done && (y.done || x.value.deposit_number <= y.value.deposit_number)) {
      out.push(x.value);
      x = await a.next();
    } else if (!y.done) {
      out.push(y.value);
      y = await b.next();
    }
    if (out.length >= batchSize) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

async function* rowsOf(batches: AsyncIterable<HeldRow[]>): AsyncGenerator<HeldRow> {
  for await (const batch of batches) yield* batch;
}

// --- Balance changes of a stretch of days (the LPS average balances) --------------------------

/**
 * Every change of the held total from `from` to `to`, per day: placements on their value date
 * (the first period's principal), a period whose principal differs from the one before it on its
 * start (ARO+), payouts on their transfer date — the same events that move a deposit in or out of
 * heldOn, so opening + changes up to D equals heldOn(D)'s total.
 */
export async function balanceChanges({ db, reads }: ExportSource, bankId: string, from: string, to: string): Promise<Array<{ date: string; delta: number }>> {
  const [placed, grown, paid] = await Promise.all([
    reads.rows(
      db
        .selectFrom('deposits as d')
        .where('d.bank_id', '=', bankId)
        .where('d.status', 'in', [...HELD_OR_CLOSED])
        .where('d.deposit_date', '>=', from)
        .where('d.deposit_date', '<=', to)
        .select(['d.deposit_date as date', sql<number>`sum(${placedPrincipalOf('d')})`.as('delta')])
        .groupBy('d.deposit_date'),
    ),
    reads.rows(
      db
        .selectFrom('deposit_periods as p')
        .innerJoin('deposit_periods as q', (join) => join.onRef('q.deposit_id', '=', 'p.deposit_id').on(sql<SqlBool>`q.period_number = p.period_number - 1`))
        .innerJoin('deposits as d', 'd.id', 'p.deposit_id')
        .where('d.bank_id', '=', bankId)
        .where('d.status', 'in', [...HELD_OR_CLOSED])
        .where('p.period_start', '>=', from)
        .where('p.period_start', '<=', to)
        .where('p.period_number', '>', 1)
        .where(sql<SqlBool>`p.amount <> q.amount`)
        .select(['p.period_start as date', sql<number>`sum(p.amount - q.amount)`.as('delta')])
        .groupBy('p.period_start'),
    ),
    reads.rows(
      db
        .selectFrom('disbursements as b')
        .innerJoin('deposits as d', 'd.id', 'b.deposit_id')
        .where('b.bank_id', '=', bankId)
        .where('b.status', '=', 'paid')
        .where('b.paid_at', '>=', from)
        .where('b.paid_at', '<=', to)
        .where('d.status', '=', 'closed')
        .select(['b.paid_at as date', sql<number>`-sum(d.amount)`.as('delta')])
        .groupBy('b.paid_at'),
    ),
  ]);
  return [...placed, ...grown, ...paid].map((row) => ({ date: String(row.date), delta: Number(row.delta) }));
}
