import { sql, type Kysely } from 'kysely';
import { placedPrincipalOf } from '../deposits/deposit-service';
import type { Database, DisbursementRow } from '../platform/db/schema';
import { afterRow, type ExportSource } from '../platform/xlsx/keyset';
import { keysetBatches } from '../platform/xlsx/xlsx-stream';

/**
 * The month's movements (Mutasi Deposito): placements by value date, rollovers and extensions by
 * the new period's start, early withdrawals by their break date, payouts by their transfer date.
 * Lists are keyset walks in the order of an index, so a month of 200,000 placements streams.
 */

type Db = Kysely<Database>;

/** Deposits never placed (as GET /bpr/deposit-months leaves them out). */
const NEVER_PLACED = ['rejected', 'cancelled'] as const;

export interface MonthRange {
  bankId: string;
  /** First and last day of the month. */
  from: string;
  to: string;
}

export interface PlacementRow {
  id: string;
  deposit_date: string;
  deposit_number: string;
  customer_name: string;
  product_id: string;
  status: string;
  channel: string | null;
  maturity_instruction: string;
  tenor_months: number;
  rate_bps: number;
  amount: number;
}

/** Deposits whose value date falls in the month, with their first period's figures, by value date. */
export function placements({ db, reads }: ExportSource, range: MonthRange, batchSize = 1000): AsyncIterable<PlacementRow[]> {
  return keysetBatches<PlacementRow, readonly unknown[]>(
    (after, limit) => {
      // The first period's figures, looked up only for a deposit past it (placedPrincipalOf).
      const first = (column: string) =>
        sql`case when d.period_number = 1 then ${sql.ref(`d.${column}`)} else coalesce((select ${sql.ref(`p1.${column}`)} from deposit_periods p1 where p1.deposit_id = d.id and p1.period_number = 1), ${sql.ref(`d.${column}`)}) end`;
      let query = db
        .selectFrom('deposits as d')
        .where('d.bank_id', '=', range.bankId)
        .where('d.status', 'not in', NEVER_PLACED)
        .where('d.deposit_date', '>=', range.from)
        .where('d.deposit_date', '<=', range.to)
        .select([
          'd.id',
          'd.deposit_date',
          'd.deposit_number',
          'd.customer_name',
          'd.product_id',
          'd.status',
          'd.channel',
          sql<string>`${first('maturity_instruction')}`.as('maturity_instruction'),
          sql<number>`${first('tenor_months')}`.as('tenor_months'),
          sql<number>`${first('rate_bps')}`.as('rate_bps'),
          placedPrincipalOf('d').as('amount'),
        ]);
      if (after) query = query.where((eb) => afterRow(eb, ['d.deposit_date', 'd.id'], after, 'asc'));
      return reads.rows(query.orderBy('d.deposit_date').orderBy('d.id').limit(limit));
    },
    (row) => [row.deposit_date, row.id],
    batchSize,
  );
}

export interface RenewalRow {
  deposit_id: string;
  period_number: number;
  period_start: string;
  maturity_date: string;
  started_by: 'rollover' | 'extension';
  maturity_instruction: string;
  tenor_months: number;
  rate_bps: number;
  amount: number;
  deposit_number: string;
  customer_name: string;
  product_id: string;
}

/** Periods begun in the month by a rollover (ARO, ARO+) or an extension, by their start. */
export function renewals({ db, reads }: ExportSource, range: MonthRange, batchSize = 1000): AsyncIterable<RenewalRow[]> {
  return keysetBatches<RenewalRow, readonly unknown[]>(
    (after, limit) => {
      let query = renewalsQuery(db, range).select([
        'p.deposit_id',
        'p.period_number',
        'p.period_start',
        'p.maturity_date',
        'p.started_by',
        'p.maturity_instruction',
        'p.tenor_months',
        'p.rate_bps',
        'p.amount',
        'd.deposit_number',
        'd.customer_name',
        'd.product_id',
      ]);
      if (after) query = query.where((eb) => afterRow(eb, ['p.period_start', 'p.deposit_id', 'p.period_number'], after, 'asc'));
      return reads.rows(query.orderBy('p.period_start').orderBy('p.deposit_id').orderBy('p.period_number').limit(limit)) as Promise<RenewalRow[]>;
    },
    (row) => [row.period_start, row.deposit_id, row.period_number],
    batchSize,
  );
}

function renewalsQuery(db: Db, range: MonthRange) {
  return db
    .selectFrom('deposit_periods as p')
    .innerJoin('deposits as d', 'd.id', 'p.deposit_id')
    .where('p.period_start', '>=', range.from)
    .where('p.period_start', '<=', range.to)
    .where('p.started_by', 'in', ['rollover', 'extension'])
    .where('d.bank_id', '=', range.bankId)
    .where('d.status', 'not in', NEVER_PLACED);
}

/** Count and principal of the month's renewals per kind (rollover under ARO or ARO+, extension). */
export async function renewalSums({ db, reads }: ExportSource, range: MonthRange): Promise<Array<{ startedBy: string; instruction: string; count: number; amount: number }>> {
  const rows = await reads.rows(
    renewalsQuery(db, range)
      .select(['p.started_by', 'p.maturity_instruction', sql<number>`count(*)`.as('count'), sql<number>`coalesce(sum(p.amount), 0)`.as('amount')])
      .groupBy(['p.started_by', 'p.maturity_instruction']),
  );
  return rows.map((row) => ({ startedBy: row.started_by, instruction: row.maturity_instruction, count: Number(row.count), amount: Number(row.amount) }));
}

export type PayoutRow = Pick<DisbursementRow, 'id' | 'kind' | 'principal' | 'interest' | 'tax' | 'penalty' | 'amount' | 'status' | 'paid_at' | 'reference'> & {
  deposit_number: string;
  customer_name: string;
  customer_nik: string;
  product_id: string;
  break_date: string | null;
};

const PAYOUT_COLUMNS = [
  'b.id',
  'b.kind',
  'b.principal',
  'b.interest',
  'b.tax',
  'b.penalty',
  'b.amount',
  'b.status',
  'b.paid_at',
  'b.reference',
  'd.deposit_number',
  'd.customer_name',
  'd.customer_nik',
  'd.product_id',
  'd.break_date',
] as const;

/** Early withdrawals approved with a break date in the month (their payout made or still to make). */
function breaksQuery(db: Db, range: MonthRange) {
  return db
    .selectFrom('disbursements as b')
    .innerJoin('deposits as d', 'd.id', 'b.deposit_id')
    .where('b.bank_id', '=', range.bankId)
    .where('b.kind', '=', 'break')
    .where('d.break_date', '>=', range.from)
    .where('d.break_date', '<=', range.to);
}

/** Payouts transferred in the month: the deposits closed then. */
function closuresQuery(db: Db, range: MonthRange) {
  return db
    .selectFrom('disbursements as b')
    .innerJoin('deposits as d', 'd.id', 'b.deposit_id')
    .where('b.bank_id', '=', range.bankId)
    .where('b.status', '=', 'paid')
    .where('b.paid_at', '>=', range.from)
    .where('b.paid_at', '<=', range.to);
}

/** The month's breaks by break date. A bank breaks a few hundred deposits a month: batches of 5,000. */
export function breaks({ db, reads }: ExportSource, range: MonthRange, batchSize = 5000): AsyncIterable<PayoutRow[]> {
  return keysetBatches<PayoutRow, readonly unknown[]>(
    (after, limit) => {
      let query = breaksQuery(db, range).select([...PAYOUT_COLUMNS]);
      if (after) query = query.where((eb) => afterRow(eb, ['d.break_date', 'b.id'], after, 'asc'));
      return reads.rows(query.orderBy('d.break_date').orderBy('b.id').limit(limit)) as Promise<PayoutRow[]>;
    },
    (row) => [row.break_date, row.id],
    batchSize,
  );
}

/** The month's closures by transfer date. */
export function closures({ db, reads }: ExportSource, range: MonthRange, batchSize = 5000): AsyncIterable<PayoutRow[]> {
  return keysetBatches<PayoutRow, readonly unknown[]>(
    (after, limit) => {
      let query = closuresQuery(db, range).select([...PAYOUT_COLUMNS]);
      if (after) query = query.where((eb) => afterRow(eb, ['b.paid_at', 'b.id'], after, 'asc'));
      return reads.rows(query.orderBy('b.paid_at').orderBy('b.id').limit(limit)) as Promise<PayoutRow[]>;
    },
    (row) => [row.paid_at, row.id],
    batchSize,
  );
}

export interface PayoutSums {
  count: number;
  principal: number;
  interest: number;
  tax: number;
  penalty: number;
  amount: number;
  /** Of them, the ones with tax withheld on their interest. */
  taxed: { count: number; interest: number; tax: number };
  /** Of them, the ones with interest but no tax withheld (a forfeited interest of 0 is neither). */
  exempt: { count: number; interest: number };
}

async function payoutSums(reads: ExportSource['reads'], query: ReturnType<typeof breaksQuery>): Promise<PayoutSums> {
  const [row] = await reads.rows(
    query.select([
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(b.principal), 0)`.as('principal'),
      sql<number>`coalesce(sum(b.interest), 0)`.as('interest'),
      sql<number>`coalesce(sum(b.tax), 0)`.as('tax'),
      sql<number>`coalesce(sum(b.penalty), 0)`.as('penalty'),
      sql<number>`coalesce(sum(b.amount), 0)`.as('amount'),
      sql<number>`coalesce(sum(case when b.tax > 0 then 1 else 0 end), 0)`.as('taxed_count'),
      sql<number>`coalesce(sum(case when b.tax > 0 then b.interest else 0 end), 0)`.as('taxed_interest'),
      sql<number>`coalesce(sum(case when b.tax = 0 and b.interest > 0 then 1 else 0 end), 0)`.as('exempt_count'),
      sql<number>`coalesce(sum(case when b.tax = 0 then b.interest else 0 end), 0)`.as('exempt_interest'),
    ]),
  );
  return {
    count: Number(row?.count ?? 0),
    principal: Number(row?.principal ?? 0),
    interest: Number(row?.interest ?? 0),
    tax: Number(row?.tax ?? 0),
    penalty: Number(row?.penalty ?? 0),
    amount: Number(row?.amount ?? 0),
    taxed: { count: Number(row?.taxed_count ?? 0), interest: Number(row?.taxed_interest ?? 0), tax: Number(row?.tax ?? 0) },
    exempt: { count: Number(row?.exempt_count ?? 0), interest: Number(row?.exempt_interest ?? 0) },
  };
}

export const breakSums = ({ db, reads }: ExportSource, range: MonthRange) => payoutSums(reads, breaksQuery(db, range));
export const closureSums = ({ db, reads }: ExportSource, range: MonthRange) => payoutSums(reads, closuresQuery(db, range));

/** The bank's name, for the reports' heading. */
export async function bankName(db: Db, bankId: string): Promise<string | undefined> {
  const row = await db.selectFrom('banks').select('name').where('id', '=', bankId).executeTakeFirst();
  return row?.name;
}
