import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { ARO_PLUS_REFERENCE } from '../../machines/deposit-rules';

/**
 * What the journal is derived from, read per bank and business-date range [from, to]: the
 * deposits' first periods (placements), their installments (accrual, posting, ARO+), their
 * payouts (breaks, maturities). Plain reads: the ledger writes nothing of its own but the
 * bank's chart of accounts.
 */

type Db = Kysely<Database>;

/** Deposits that ran: a placement is booked when its money became the bank's. */
const RAN = ['active', 'breakRequested', 'matured', 'disbursing', 'closed'] as const;

export interface PlacementRow {
  deposit_id: string;
  deposit_number: string;
  customer_name: string;
  product_id: string;
  date: string;
  amount: number;
}

/**
 * First periods that started in the range (the value date: the position counts a deposit from
 * it), of deposits that ran; a deposit moved in from the bank's old system (Impor Deposito) was on
 * the bank's books already and is no placement.
 */
export async function placementsIn(db: Db, bankId: string, from: string, to: string): Promise<PlacementRow[]> {
  const rows = await db
    .selectFrom('deposit_periods as p')
    .innerJoin('deposits as d', 'd.id', 'p.deposit_id')
    .where('d.bank_id', '=', bankId)
    .where('d.status', 'in', RAN)
    .where('p.period_number', '=', 1)
    .where('p.period_start', '>=', from)
    .where('p.period_start', '<=', to)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('deposit_audit as a').select('a.id').whereRef('a.deposit_id', '=', 'd.id').where('a.event', '=', 'deposit.import'))))
    .select(['d.id as deposit_id', 'd.deposit_number', 'd.customer_name', 'd.product_id', 'p.period_start as date', 'p.amount'])
    .orderBy('p.period_start')
    .orderBy('d.deposit_number')
    .execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

export interface PostedRow {
  installment_id: string;
  deposit_id: string;
  deposit_number: string;
  customer_name: string;
  product_id: string;
  date: string;
  gross: number;
  tax: number;
  net: number;
  aroPlus: boolean;
}

/**
 * Installments that left the accrued payable in the range: posted on their pay date (due or
 * paid), or capitalised by an ARO+ rollover on its maturity (paid with ARO_PLUS_REFERENCE).
 * Cancelled ones are settled by their break instead.
 */
export async function postedIn(db: Db, bankId: string, from: string, to: string): Promise<PostedRow[]> {
  const base = db
    .selectFrom('interest_installments as i')
    .innerJoin('deposits as d', 'd.id', 'i.deposit_id')
    .where('i.bank_id', '=', bankId)
    .select(['i.id as installment_id', 'i.deposit_id', 'd.deposit_number', 'd.customer_name', 'd.product_id', 'i.gross_interest', 'i.tax', 'i.net_interest']);
  const [posted, capitalised] = await Promise.all([
    base
      .where('i.pay_date', '>=', from)
      .where('i.pay_date', '<=', to)
      .where('i.status', 'in', ['due', 'paid'])
      .where((eb) => eb.or([eb('i.reference', 'is', null), eb('i.reference', '<>', ARO_PLUS_REFERENCE)]))
      .select('i.pay_date as date')
      .execute(),
    base.where('i.status', '=', 'paid').where('i.reference', '=', ARO_PLUS_REFERENCE).where('i.paid_at', '>=', from).where('i.paid_at', '<=', to).select('i.paid_at as date').execute(),
  ]);
  const rows = (list: typeof posted, aroPlus: boolean): PostedRow[] =>
    list.map((row) => ({
      installment_id: row.installment_id,
      deposit_id: row.deposit_id,
      deposit_number: row.deposit_number,
      customer_name: row.customer_name,
      product_id: row.product_id,
      date: row.date!,
      gross: Number(row.gross_interest),
      tax: Number(row.tax),
      net: Number(row.net_interest),
      aroPlus,
    }));
  return [...rows(posted, false), ...rows(capitalised as typeof posted, true)];
}

export interface PayoutRow {
  deposit_id: string;
  deposit_number: string;
  customer_name: string;
  product_id: string;
  kind: 'break' | 'maturity';
  /** A break's settlement is booked on its break date, its principal on the transfer; a maturity on the transfer. */
  date: string;
  part: 'settlement' | 'transfer';
  principal: number;
  interest: number;
  tax: number;
  penalty: number;
  forfeited: number;
}

/**
 * Payouts in the range. A break books in two steps: its interest settled on the break date (as
 * Bunga dan PPh counts its tax), its principal and penalty when the payout is transferred (until
 * then the position still holds the deposit). A maturity payout books on its transfer.
 */
export async function payoutsIn(db: Db, bankId: string, from: string, to: string): Promise<PayoutRow[]> {
  const base = db
    .selectFrom('disbursements as b')
    .innerJoin('deposits as d', 'd.id', 'b.deposit_id')
    .where('b.bank_id', '=', bankId)
    .select(['b.deposit_id', 'd.deposit_number', 'd.customer_name', 'd.product_id', 'b.kind', 'b.principal', 'b.interest', 'b.tax', 'b.penalty', 'd.settlement', 'd.break_date', 'b.paid_at']);
  const [settled, transferred] = await Promise.all([
    base.where('b.kind', '=', 'break').where('d.break_date', '>=', from).where('d.break_date', '<=', to).execute(),
    base.where('b.status', '=', 'paid').where('b.paid_at', '>=', from).where('b.paid_at', '<=', to).execute(),
  ]);
  const forfeitedOf = (settlement: string | null) => (settlement ? Number((JSON.parse(settlement) as { forfeitedInterest?: number }).forfeitedInterest ?? 0) : 0);
  const common = (row: (typeof settled)[number]) => ({ deposit_id: row.deposit_id, deposit_number: row.deposit_number, customer_name: row.customer_name, product_id: row.product_id, kind: row.kind });
  return [
    ...settled.map((row): PayoutRow => ({ ...common(row), date: row.break_date!, part: 'settlement', principal: 0, interest: Number(row.interest), tax: Number(row.tax), penalty: 0, forfeited: forfeitedOf(row.settlement) })),
    ...transferred.map((row): PayoutRow => ({ ...common(row), date: row.paid_at!, part: 'transfer', principal: Number(row.principal), interest: 0, tax: 0, penalty: row.kind === 'break' ? Number(row.penalty) : 0, forfeited: 0 })),
  ];
}

export interface AccruingRow {
  installment_id: string;
  deposit_id: string;
  deposit_number: string;
  customer_name: string;
  product_id: string;
  principal: number;
  rate_bps: number;
  period_start: string;
  period_end: string;
  /** The day it leaves the payable, or null while it waits (scheduled; cancelled by a break not yet dated). */
  leaves: string | null;
  /** Its accrual stops at the break date when a break cancelled it. */
  break_date: string | null;
}

/**
 * Installments that may hold accrued interest on some day of [from − 1, to]: of deposits that ran,
 * started by `to`, and not gone from the payable before `from − 1`.
 */
export async function accruingIn(db: Db, bankId: string, dayBefore: string, to: string): Promise<AccruingRow[]> {
  const rows = await db
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
    )
    .select([
      'i.id as installment_id',
      'i.deposit_id',
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
    ])
    .execute();
  return rows.map((row) => {
    const cancelled = row.status === 'cancelled';
    const leaves = cancelled ? row.break_date : row.status === 'scheduled' ? null : row.reference === ARO_PLUS_REFERENCE ? row.paid_at : row.pay_date;
    return {
      installment_id: row.installment_id,
      deposit_id: row.deposit_id,
      deposit_number: row.deposit_number,
      customer_name: row.customer_name,
      product_id: row.product_id,
      principal: Number(row.amount),
      rate_bps: Number(row.rate_bps),
      period_start: row.period_start,
      period_end: row.period_end,
      leaves,
      break_date: cancelled ? row.break_date : null,
    };
  });
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
