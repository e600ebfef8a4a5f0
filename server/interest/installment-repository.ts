import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { insertOrHoldBack } from '../platform/db/held-back-inserts';
import type { Database, InstallmentRow, InstallmentRowStatus, NewInstallment } from '../platform/db/schema';

type Db = Kysely<Database>;

const writeInstallments = async (db: Db, installments: NewInstallment[]) => {
  await db.insertInto('interest_installments').values(installments).execute();
};

/** Inserts a schedule (held back to its group's commit in the daily job: platform/db/held-back-inserts.ts). */
export async function insertInstallments(db: Db, installments: NewInstallment[]): Promise<void> {
  await insertOrHoldBack(db, installments, writeInstallments);
}

export async function listInstallmentsOfDeposit(db: Db, depositId: string): Promise<InstallmentRow[]> {
  return db.selectFrom('interest_installments').selectAll().where('deposit_id', '=', depositId).orderBy('period_number').orderBy('sequence').execute();
}

/** Installments of this bank by id (others' ids are simply absent). */
export async function findInstallments(db: Db, bankId: string, ids: readonly string[]): Promise<InstallmentRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('interest_installments').selectAll().where('bank_id', '=', bankId).where('id', 'in', [...ids]).execute();
}

/** Deletes the not-yet-paid schedule of a period (changeDate recomputes it before activation). */
export async function deleteScheduledInstallments(db: Db, depositId: string, periodNumber: number): Promise<void> {
  await db
    .deleteFrom('interest_installments')
    .where('deposit_id', '=', depositId)
    .where('period_number', '=', periodNumber)
    .where('status', '=', 'scheduled')
    .execute();
}

/** The deposit's installments not paid yet (scheduled or due): of one period, or of every period (`null`). */
export async function openInstallmentsOf(db: Db, depositId: string, periodNumber: number | null): Promise<InstallmentRow[]> {
  let query = db.selectFrom('interest_installments').selectAll().where('deposit_id', '=', depositId).where('status', 'in', ['scheduled', 'due']);
  if (periodNumber !== null) query = query.where('period_number', '=', periodNumber);
  return query.orderBy('period_number').orderBy('sequence').execute();
}

/** The deposit's installments due for payment. */
export async function dueInstallmentsOf(db: Db, depositId: string): Promise<InstallmentRow[]> {
  return db.selectFrom('interest_installments').selectAll().where('deposit_id', '=', depositId).where('status', '=', 'due').execute();
}

const UPDATE_CHUNK = 500;

/**
 * Gives these installments the same changes, each only if it is still in `from`
 * (compare-and-set); answers how many were changed.
 */
export async function updateInstallmentsIf(
  db: Db,
  ids: readonly string[],
  from: InstallmentRowStatus,
  changes: Partial<Pick<InstallmentRow, 'status' | 'paid_at' | 'paid_by' | 'reference' | 'updated_at'>>,
): Promise<number> {
  let updated = 0;
  for (let start = 0; start < ids.length; start += UPDATE_CHUNK) {
    const result = await db
      .updateTable('interest_installments')
      .set(changes)
      .where('id', 'in', ids.slice(start, start + UPDATE_CHUNK))
      .where('status', '=', from)
      .executeTakeFirst();
    updated += Number(result.numUpdatedRows);
  }
  return updated;
}

/**
 * Moves one installment from `from` to `changes.status` only if it is still in `from`
 * (compare-and-set): false when another request got there first.
 */
export async function updateInstallmentIf(
  db: Db,
  id: string,
  from: InstallmentRowStatus,
  changes: Partial<Pick<InstallmentRow, 'status' | 'paid_at' | 'paid_by' | 'reference' | 'tax' | 'net_interest' | 'updated_at'>>,
): Promise<boolean> {
  const result = await db.updateTable('interest_installments').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The lifecycle status of each of these deposits (Bunga Bulanan leaves a deposit being paid out to
 * its payout), and the hold that stops its interest payouts, if one is in force.
 */
export async function depositStatusesOf(db: Db, depositIds: readonly string[]): Promise<Map<string, { status: string; interestHold: string | null }>> {
  if (depositIds.length === 0) return new Map();
  const rows = await db.selectFrom('deposits').select(['id', 'status', 'hold_label', 'hold_stops_interest']).where('id', 'in', [...new Set(depositIds)]).execute();
  return new Map(rows.map((row) => [row.id, { status: row.status, interestHold: Number(row.hold_stops_interest) === 1 ? row.hold_label : null }]));
}

/**
 * Posts scheduled installments: each moves to `status` (the machine's decision: due) with the tax
 * and net worked out on its posting date (replacing the schedule-time estimate), only if it is
 * still scheduled (compare-and-set per row). One statement for the whole batch — the daily job
 * posts thousands, and one UPDATE per installment was a round trip each on PostgreSQL. Answers
 * how many were posted.
 */
export async function writePostings(db: Db, postings: ReadonlyArray<{ id: string; tax: number; net: number }>, status: InstallmentRowStatus, now: string): Promise<number> {
  if (postings.length === 0) return 0;
  // UPDATE … FROM (VALUES …): both SQLite (3.33+) and PostgreSQL name the VALUES columns column1…;
  // the casts give PostgreSQL the parameters' types (untyped VALUES parameters would be text).
  const values = sql.join(postings.map((posting) => sql`(${posting.id}, cast(${posting.tax} as bigint), cast(${posting.net} as bigint))`));
  const result = await sql`
    update interest_installments
       set status = ${status}, tax = posting.column2, net_interest = posting.column3, updated_at = ${now}
      from (values ${values}) as posting
     where interest_installments.id = posting.column1 and interest_installments.status = 'scheduled'`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A bank's scheduled installments whose period ends between these days (a holiday change may move their pay date). */
export async function scheduledEndingBetween(db: Db, bankId: string, from: string, to: string): Promise<Array<Pick<InstallmentRow, 'id' | 'period_end' | 'pay_date'>>> {
  return db
    .selectFrom('interest_installments')
    .select(['id', 'period_end', 'pay_date'])
    .where('bank_id', '=', bankId)
    .where('status', '=', 'scheduled')
    .where('period_end', '>=', from)
    .where('period_end', '<=', to)
    .execute();
}

/** Gives these installments, still scheduled, a new pay date. */
export async function movePayDates(db: Db, ids: readonly string[], payDate: string, now: string): Promise<void> {
  for (let start = 0; start < ids.length; start += UPDATE_CHUNK) {
    await db
      .updateTable('interest_installments')
      .set({ pay_date: payDate, updated_at: now })
      .where('id', 'in', ids.slice(start, start + UPDATE_CHUNK))
      .where('status', '=', 'scheduled')
      .execute();
  }
}

/**
 * Scheduled installments with a pay date ≤ D after the keyset (pay_date, id), with what the tax at
 * posting needs from their deposit (customer, principal, status).
 */
export async function scheduledInstallmentsThrough(db: Db, businessDate: string, after: { payDate: string; id: string } | null, limit: number) {
  let query = db
    .selectFrom('interest_installments as i')
    .innerJoin('deposits as d', 'd.id', 'i.deposit_id')
    .selectAll('i')
    .select(['d.customer_id', 'd.amount as deposit_amount', 'd.status as deposit_status'])
    .where('i.status', '=', 'scheduled')
    .where('i.pay_date', '<=', businessDate);
  if (after) {
    const { payDate, id } = after;
    query = query.where((eb) => eb.or([eb('i.pay_date', '>', payDate), eb.and([eb('i.pay_date', '=', payDate), eb('i.id', '>', id)])]));
  }
  return query.orderBy('i.pay_date').orderBy('i.id').limit(limit).execute();
}

export interface InstallmentWithDeposit extends InstallmentRow {
  deposit_number: string;
  customer_id: string;
  customer_name: string;
  deposit_status: string;
  amount: number;
  rate_bps: number;
  payout_bank_name: string | null;
  payout_account_number: string | null;
  payout_account_name: string | null;
}

/** Installments of a bank joined with their deposit and the customer's payout account. */
function installmentsQuery(db: Db, bankId: string) {
  return db
    .selectFrom('interest_installments as i')
    .innerJoin('deposits as d', 'd.id', 'i.deposit_id')
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .where('i.bank_id', '=', bankId);
}

export const INSTALLMENT_WITH_DEPOSIT_COLUMNS = [
  'i.id',
  'i.bank_id',
  'i.deposit_id',
  'i.period_number',
  'i.sequence',
  'i.period_start',
  'i.period_end',
  'i.pay_date',
  'i.gross_interest',
  'i.tax',
  'i.net_interest',
  'i.status',
  'i.paid_at',
  'i.paid_by',
  'i.reference',
  'i.created_at',
  'i.updated_at',
  'd.deposit_number',
  'd.customer_id',
  'd.customer_name',
  'd.status as deposit_status',
  'd.amount',
  'd.rate_bps',
  'c.payout_bank_name',
  'c.payout_account_number',
  'c.payout_account_name',
] as const;

export interface MonthFilters {
  bankId: string;
  /** 'YYYY-MM': the month the pay date falls in. */
  period: string;
  statuses: readonly InstallmentRowStatus[];
  /** A condition on the joined deposit `d` (the deposit search), or null for every deposit. */
  match?: Expression<SqlBool> | null | undefined;
}

/**
 * Installments of a month in these statuses (cancelled ones are never listed), joined as
 * installmentsQuery. An unpaid installment of a deposit whose maturity payout is decided
 * (`disbursing`) is not here: the payout pays it (Pencairan), so it must never also reach the
 * transfer template.
 */
export function installmentsOfMonth(db: Db, filters: MonthFilters) {
  let query = installmentsQuery(db, filters.bankId)
    .where('i.pay_date', '>=', `${filters.period}-01`)
    .where('i.pay_date', '<=', `${filters.period}-31`)
    .where('i.status', 'in', [...filters.statuses])
    .where((eb) => eb.or([eb('d.status', '<>', 'disbursing'), eb('i.status', '=', 'paid')]));
  if (filters.match) query = query.where(filters.match);
  return query;
}

/** One page of a month's installments, ordered by pay date, customer, id; and how many there are. */
export async function listInstallmentsOfMonth(db: Db, filters: MonthFilters, page: number, limit: number): Promise<{ rows: InstallmentWithDeposit[]; total: number }> {
  const base = installmentsOfMonth(db, filters);
  const [rows, count] = await Promise.all([
    base
      .select([...INSTALLMENT_WITH_DEPOSIT_COLUMNS])
      .orderBy('i.pay_date')
      .orderBy('d.customer_name')
      .orderBy('i.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as InstallmentWithDeposit[], total: Number(count.total) };
}

export async function sumInstallmentsOfMonth(db: Db, filters: MonthFilters) {
  const row = await installmentsOfMonth(db, filters)
    .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('i.net_interest').as('net'), (eb) => eb.fn.sum<number>('i.gross_interest').as('gross'), (eb) => eb.fn.sum<number>('i.tax').as('tax')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), gross: Number(row.gross ?? 0), tax: Number(row.tax ?? 0), net: Number(row.net ?? 0) };
}

/** Installments marked paid, newest transfer first; `period` 'YYYY-MM' of the transfer date. */
export async function listPaidInstallments(
  db: Db,
  bankId: string,
  filters: { period?: string | undefined; reference?: string | undefined },
  page: number,
  limit: number,
): Promise<{ rows: InstallmentWithDeposit[]; total: number }> {
  let base = installmentsQuery(db, bankId).where('i.status', '=', 'paid');
  if (filters.period) base = base.where('i.paid_at', '>=', `${filters.period}-01`).where('i.paid_at', '<=', `${filters.period}-31`);
  if (filters.reference) base = base.where('i.reference', '=', filters.reference);
  const [rows, count] = await Promise.all([
    base
      .select([...INSTALLMENT_WITH_DEPOSIT_COLUMNS])
      .orderBy('i.paid_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as InstallmentWithDeposit[], total: Number(count.total) };
}
