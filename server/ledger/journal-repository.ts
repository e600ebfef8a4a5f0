import { sql, type Kysely } from 'kysely';
import { addDays, ARO_PLUS_REFERENCE } from '../../machines/deposit-rules';
import type { Database } from '../platform/db/schema';
import { afterRow, type ExportSource } from '../platform/xlsx/keyset';
import { keysetBatches } from '../platform/xlsx/xlsx-stream';

/**
 * What the journal is derived from, per bank and business-date range [from, to]: the deposits'
 * first periods (placements), their installments (accrual, posting, ARO+), their payouts (breaks,
 * maturities). Summed per day and product in the database, read on the offloaded connection
 * (a long read never holds up the requests), and the deposit-level detail walked in keyset
 * batches only for the files: a million deposits' month never sits in memory.
 */

type Db = Kysely<Database>;

/** Deposits that ran: a placement is booked when its money became the bank's. */
const RAN = ['active', 'breakRequested', 'matured', 'disbursing', 'closed'] as const;
const num = (value: unknown) => Number(value ?? 0);

/**
 * First periods that started in the range (the value date: the position counts a deposit from
 * it), of deposits that ran; one moved in from the bank's old system (Impor Deposito) was on the
 * bank's books already and is no placement.
 */
function placementsQuery(db: Db, bankId: string, from: string, to: string) {
  return db
    .selectFrom('deposit_periods as p')
    .innerJoin('deposits as d', 'd.id', 'p.deposit_id')
    .where('d.bank_id', '=', bankId)
    .where('d.status', 'in', RAN)
    .where('p.period_number', '=', 1)
    .where('p.period_start', '>=', from)
    .where('p.period_start', '<=', to)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('deposit_audit as a').select('a.id').whereRef('a.deposit_id', '=', 'd.id').where('a.event', '=', 'deposit.import'))));
}

/** Installments posted on their pay date (due or paid; an ARO+ one is capitalised instead). */
function postedQuery(db: Db, bankId: string, from: string, to: string) {
  return db
    .selectFrom('interest_installments as i')
    .innerJoin('deposits as d', 'd.id', 'i.deposit_id')
    .where('i.bank_id', '=', bankId)
    .where('i.pay_date', '>=', from)
    .where('i.pay_date', '<=', to)
    .where('i.status', 'in', ['due', 'paid'])
    .where((eb) => eb.or([eb('i.reference', 'is', null), eb('i.reference', '<>', ARO_PLUS_REFERENCE)]));
}

/** Installments capitalised by an ARO+ rollover, on its maturity. */
function capitalisedQuery(db: Db, bankId: string, from: string, to: string) {
  return db
    .selectFrom('interest_installments as i')
    .innerJoin('deposits as d', 'd.id', 'i.deposit_id')
    .where('i.bank_id', '=', bankId)
    .where('i.status', '=', 'paid')
    .where('i.reference', '=', ARO_PLUS_REFERENCE)
    .where('i.paid_at', '>=', from)
    .where('i.paid_at', '<=', to);
}

/** Payouts transferred in the range. */
function transfersQuery(db: Db, bankId: string, from: string, to: string) {
  return db
    .selectFrom('disbursements as b')
    .innerJoin('deposits as d', 'd.id', 'b.deposit_id')
    .where('b.bank_id', '=', bankId)
    .where('b.status', '=', 'paid')
    .where('b.paid_at', '>=', from)
    .where('b.paid_at', '<=', to);
}

/** Breaks whose break date is in the range (their interest is settled then). */
function breaksQuery(db: Db, bankId: string, from: string, to: string) {
  return db
    .selectFrom('disbursements as b')
    .innerJoin('deposits as d', 'd.id', 'b.deposit_id')
    .where('b.bank_id', '=', bankId)
    .where('b.kind', '=', 'break')
    .where('d.break_date', '>=', from)
    .where('d.break_date', '<=', to);
}

interface DaySum {
  date: string;
  product_id: string;
  count: number;
  amount: number;
  tax: number;
  net: number;
}

/** Placements summed per value date and product. */
export async function placementSums({ db, reads }: ExportSource, bankId: string, from: string, to: string): Promise<DaySum[]> {
  const rows = await reads.rows(
    placementsQuery(db, bankId, from, to)
      .select(['p.period_start as date', 'd.product_id', sql<number>`count(*)`.as('count'), sql<number>`sum(p.amount)`.as('amount')])
      .groupBy(['p.period_start', 'd.product_id']),
  );
  return rows.map((row) => ({ date: row.date, product_id: row.product_id, count: num(row.count), amount: num(row.amount), tax: 0, net: 0 }));
}

/** Installments posted (`aroPlus`: capitalised) summed per day and product: gross as `amount`. */
export async function postedSums({ db, reads }: ExportSource, bankId: string, from: string, to: string, aroPlus: boolean): Promise<DaySum[]> {
  const query = aroPlus
    ? capitalisedQuery(db, bankId, from, to).select(['i.paid_at as date', 'd.product_id']).groupBy(['i.paid_at', 'd.product_id'])
    : postedQuery(db, bankId, from, to).select(['i.pay_date as date', 'd.product_id']).groupBy(['i.pay_date', 'd.product_id']);
  const rows = await reads.rows(
    query.select([sql<number>`count(*)`.as('count'), sql<number>`sum(i.gross_interest)`.as('amount'), sql<number>`sum(i.tax)`.as('tax'), sql<number>`sum(i.net_interest)`.as('net')]),
  );
  return rows.map((row) => ({ date: row.date as string, product_id: row.product_id, count: num(row.count), amount: num(row.amount), tax: num(row.tax), net: num(row.net) }));
}

/** Maturity payouts transferred, summed per day and product. */
export async function maturitySums({ db, reads }: ExportSource, bankId: string, from: string, to: string): Promise<DaySum[]> {
  const rows = await reads.rows(
    transfersQuery(db, bankId, from, to)
      .where('b.kind', '=', 'maturity')
      .select(['b.paid_at as date', 'd.product_id', sql<number>`count(*)`.as('count'), sql<number>`sum(b.principal)`.as('amount')])
      .groupBy(['b.paid_at', 'd.product_id']),
  );
  return rows.map((row) => ({ date: row.date!, product_id: row.product_id, count: num(row.count), amount: num(row.amount), tax: 0, net: 0 }));
}

export interface BreakRow {
  deposit_number: string;
  customer_name: string;
  product_id: string;
  /** The break date (its settlement) or the transfer's date. */
  date: string;
  part: 'settlement' | 'transfer';
  principal: number;
  interest: number;
  tax: number;
  penalty: number;
  forfeited: number;
}

/**
 * Breaks, each of its own: its interest settled on the break date (as Bunga dan PPh counts its
 * tax), its principal and penalty when the payout is transferred (until then the position still
 * holds the deposit).
 */
export async function breaksIn({ db, reads }: ExportSource, bankId: string, from: string, to: string): Promise<BreakRow[]> {
  const columns = ['d.deposit_number', 'd.customer_name', 'd.product_id', 'b.principal', 'b.interest', 'b.tax', 'b.penalty', 'd.settlement', 'd.break_date', 'b.paid_at'] as const;
  const [settled, transferred] = await Promise.all([
    reads.rows(breaksQuery(db, bankId, from, to).select([...columns])),
    reads.rows(transfersQuery(db, bankId, from, to).where('b.kind', '=', 'break').select([...columns])),
  ]);
  const forfeitedOf = (settlement: string | null) => (settlement ? num((JSON.parse(settlement) as { forfeitedInterest?: number }).forfeitedInterest) : 0);
  return [
    ...settled.map((row): BreakRow => ({ deposit_number: row.deposit_number, customer_name: row.customer_name, product_id: row.product_id, date: row.break_date!, part: 'settlement', principal: 0, interest: num(row.interest), tax: num(row.tax), penalty: 0, forfeited: forfeitedOf(row.settlement) })),
    ...transferred.map((row): BreakRow => ({ deposit_number: row.deposit_number, customer_name: row.customer_name, product_id: row.product_id, date: row.paid_at!, part: 'transfer', principal: num(row.principal), interest: 0, tax: 0, penalty: num(row.penalty), forfeited: 0 })),
  ];
}

export interface AccruingRow {
  installment_id: string;
  deposit_number: string;
  customer_name: string;
  product_id: string;
  principal: number;
  rate_bps: number;
  period_start: string;
  period_end: string;
  /** The day it leaves the payable, or null while it waits (scheduled). */
  leaves: string | null;
  /** Its accrual stops at the break date when a break cancelled it. */
  break_date: string | null;
}

function accruingQuery(db: Db, bankId: string, dayBefore: string, to: string) {
  return db
    .selectFrom('interest_installments as i')
    .innerJoin('deposits as d', 'd.id', 'i.deposit_id')
    .innerJoin('deposit_periods as p', (join) => join.onRef('p.deposit_id', '=', 'i.deposit_id').onRef('p.period_number', '=', 'i.period_number'))
    .where('i.bank_id', '=', bankId)
    .where('d.status', 'in', RAN)
    .where('i.period_start', '<=', to)
    .where((eb) =>
      eb.or([
        eb('i.status', '=', 'scheduled'),
        eb.and([eb('i.status', 'in', ['due', 'paid']), eb(sql<string>`case when i.reference = ${ARO_PLUS_REFERENCE} then i.paid_at else i.pay_date end`, '>=', dayBefore)]),
        eb.and([eb('i.status', '=', 'cancelled'), eb.or([eb('d.break_date', 'is', null), eb('d.break_date', '>=', dayBefore)])]),
      ]),
    );
}

/**
 * Installments that may hold accrued interest on some day of [from − 1, to]: of deposits that ran,
 * started by `to`, and not gone from the payable before `from − 1`. Walked in keyset batches.
 */
export async function* accruingIn({ db, reads }: ExportSource, bankId: string, dayBefore: string, to: string, batchSize = 5_000): AsyncGenerator<AccruingRow[]> {
  for await (const rows of keysetBatches(
    (after: readonly unknown[] | null, limit) => {
      let query = accruingQuery(db, bankId, dayBefore, to).select([
        'i.id as installment_id',
        'd.deposit_number',
        'd.customer_name',
        'd.product_id',
        'p.amount',
        'p.rate_bps',
        'i.period_start',
        'i.period_end',
        'i.status',
        'i.pay_date',
        'i.paid_at',
        'i.reference',
        'd.break_date',
      ]);
      if (after) query = query.where((eb) => afterRow(eb, ['i.id'], after, 'asc'));
      return reads.rows(query.orderBy('i.id').limit(limit));
    },
    (row) => [row.installment_id] as const,
    batchSize,
  )) {
    yield rows.map((row) => {
      const cancelled = row.status === 'cancelled';
      return {
        installment_id: row.installment_id,
        deposit_number: row.deposit_number,
        customer_name: row.customer_name,
        product_id: row.product_id,
        principal: num(row.amount),
        rate_bps: num(row.rate_bps),
        period_start: row.period_start,
        period_end: row.period_end,
        leaves: cancelled ? row.break_date : row.status === 'scheduled' ? null : row.reference === ARO_PLUS_REFERENCE ? row.paid_at : row.pay_date,
        break_date: cancelled ? row.break_date : null,
      };
    });
  }
}

/** One deposit's part in a summed line, for the files' detail. */
interface DetailRow {
  kind: 'placement' | 'installmentPosted' | 'aroPlusRollover' | 'maturityPaid';
  date: string;
  product_id: string;
  deposit_number: string;
  customer_name: string;
  amount: number;
  tax: number;
  net: number;
}

/** The days of [from, to]. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The deposits behind each summed line of the range, kind by kind, in keyset batches. */
export async function* detailIn({ db, reads }: ExportSource, bankId: string, from: string, to: string, batchSize = 5_000): AsyncGenerator<DetailRow[]> {
  const walks: Array<{ kind: DetailRow['kind']; query: (after: readonly unknown[] | null, limit: number) => Promise<DetailRow[]> }> = [
    {
      kind: 'placement',
      query: (after, limit) => {
        // Keyed on the period's own columns: (period_start, deposit_id) is an index of deposit_periods,
        // so each batch seeks to where the last one stopped (keyed on d.id, every batch rescanned the month).
        let query = placementsQuery(db, bankId, from, to).select(['p.period_start as date', 'd.product_id', 'd.deposit_number', 'd.customer_name', 'p.amount', 'p.deposit_id']);
        if (after) query = query.where((eb) => afterRow(eb, ['p.period_start', 'p.deposit_id'], after, 'asc'));
        return reads.rows(query.orderBy('p.period_start').orderBy('p.deposit_id').limit(limit)).then((rows) => rows.map((row) => ({ kind: 'placement' as const, date: row.date, product_id: row.product_id, deposit_number: row.deposit_number, customer_name: row.customer_name, amount: num(row.amount), tax: 0, net: 0, key: [row.date, row.deposit_id] })));
      },
    },
    // Installments day by day, each day's keyed on its id: an index leads with (bank_id, pay_date) and
    // one with (bank_id, paid_at), so a day is one seek and only its own rows are ever sorted
    // (keyed on (date, id) across the month, every batch sorted the rest of the month again).
    ...([false, true] as const).flatMap((aroPlus) =>
      daysOf(from, to).map((day) => ({
        kind: aroPlus ? ('aroPlusRollover' as const) : ('installmentPosted' as const),
        query: (after: readonly unknown[] | null, limit: number) => {
          let query = (aroPlus ? capitalisedQuery(db, bankId, day, day) : postedQuery(db, bankId, day, day)).select(['d.product_id', 'd.deposit_number', 'd.customer_name', 'i.gross_interest', 'i.tax', 'i.net_interest', 'i.id']);
          if (after) query = query.where('i.id', '>', after[0] as string);
          return reads.rows(query.orderBy('i.id').limit(limit)).then((rows) =>
            rows.map((row) => ({ kind: aroPlus ? ('aroPlusRollover' as const) : ('installmentPosted' as const), date: day, product_id: row.product_id, deposit_number: row.deposit_number, customer_name: row.customer_name, amount: num(row.gross_interest), tax: num(row.tax), net: num(row.net_interest), key: [row.id] })),
          );
        },
      })),
    ),
    {
      kind: 'maturityPaid',
      query: (after, limit) => {
        let query = transfersQuery(db, bankId, from, to).where('b.kind', '=', 'maturity').select(['b.paid_at as date', 'd.product_id', 'd.deposit_number', 'd.customer_name', 'b.principal', 'b.id']);
        if (after) query = query.where((eb) => afterRow(eb, ['b.paid_at', 'b.id'], after, 'asc'));
        return reads.rows(query.orderBy('b.paid_at').orderBy('b.id').limit(limit)).then((rows) => rows.map((row) => ({ kind: 'maturityPaid' as const, date: row.date!, product_id: row.product_id, deposit_number: row.deposit_number, customer_name: row.customer_name, amount: num(row.principal), tax: 0, net: 0, key: [row.date, row.id] })));
      },
    },
  ];
  for (const walk of walks) {
    for await (const rows of keysetBatches((after: readonly unknown[] | null, limit) => walk.query(after, limit) as Promise<Array<DetailRow & { key: readonly unknown[] }>>, (row) => row.key, batchSize)) {
      yield rows.map(({ key: _key, ...row }) => row);
    }
  }
}

/**
 * ARO+ installments capitalised on one side of the range's edge and due to be paid (their pay date,
 * a holiday later) on the other: the journal books their tax on the capitalisation, Bunga dan PPh
 * on the pay date — where the tax check's difference comes from.
 */
export async function aroPlusAcrossEdge(db: Db, bankId: string, from: string, to: string): Promise<Array<{ deposit_number: string; pay_date: string; paid_at: string; tax: number }>> {
  const rows = await db
    .selectFrom('interest_installments as i')
    .innerJoin('deposits as d', 'd.id', 'i.deposit_id')
    .where('i.bank_id', '=', bankId)
    .where('i.reference', '=', ARO_PLUS_REFERENCE)
    .where('i.tax', '>', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('i.paid_at', '>=', from), eb('i.paid_at', '<=', to), eb.or([eb('i.pay_date', '<', from), eb('i.pay_date', '>', to)])]),
        eb.and([eb('i.pay_date', '>=', from), eb('i.pay_date', '<=', to), eb.or([eb('i.paid_at', '<', from), eb('i.paid_at', '>', to)])]),
      ]),
    )
    .select(['d.deposit_number', 'i.pay_date', 'i.paid_at', 'i.tax'])
    .orderBy('i.pay_date')
    .execute();
  return rows.map((row) => ({ deposit_number: row.deposit_number, pay_date: row.pay_date, paid_at: row.paid_at!, tax: Number(row.tax) }));
}

/** The bank's products by id: their code names their entries, their name their lines. */
export async function productsOf(db: Db, bankId: string): Promise<Array<{ id: string; code: string | null; name: string }>> {
  return db.selectFrom('products').select(['id', 'code', 'name']).where('bank_id', '=', bankId).orderBy('name').execute();
}
