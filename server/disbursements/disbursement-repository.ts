import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Database, DisbursementRow, NewDisbursement } from '../platform/db/schema';

type Db = Kysely<Database>;

export async function insertDisbursement(db: Db, disbursement: NewDisbursement): Promise<void> {
  await db.insertInto('disbursements').values(disbursement).execute();
}

export async function findPendingDisbursement(db: Db, depositId: string): Promise<DisbursementRow | undefined> {
  return db.selectFrom('disbursements').selectAll().where('deposit_id', '=', depositId).where('status', '=', 'pending').executeTakeFirst();
}

export async function listDisbursementsOfDeposit(db: Db, depositId: string): Promise<DisbursementRow[]> {
  return db.selectFrom('disbursements').selectAll().where('deposit_id', '=', depositId).orderBy('created_at').execute();
}

/** Closes a pending disbursement; false when it is no longer pending. */
export async function markDisbursementPaid(
  db: Db,
  id: string,
  payment: { reference: string; paidAt: string; paidBy: string; proofFileId: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('disbursements')
    .set({ status: 'paid', reference: payment.reference, paid_at: payment.paidAt, paid_by: payment.paidBy, proof_file_id: payment.proofFileId, updated_at: payment.now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface DisbursementFilters {
  bankId: string;
  status?: 'pending' | 'paid' | undefined;
  /** 'YYYY-MM': the month the disbursement was decided (created_at, UTC). */
  period?: string | undefined;
  /** A condition on the joined deposit `d` (the deposit search), or null for every deposit. */
  match?: Expression<SqlBool> | null | undefined;
}

/** Disbursements joined with their deposit and the customer's payout account. */
export function disbursementsQuery(db: Db, filters: DisbursementFilters) {
  let query = db
    .selectFrom('disbursements as b')
    .innerJoin('deposits as d', 'd.id', 'b.deposit_id')
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .where('b.bank_id', '=', filters.bankId);
  if (filters.status) query = query.where('b.status', '=', filters.status);
  if (filters.period) query = query.where('b.created_at', '>=', `${filters.period}-01`).where('b.created_at', '<', `${filters.period}-32`);
  if (filters.match) query = query.where(filters.match);
  return query;
}

export const DISBURSEMENT_WITH_DEPOSIT_COLUMNS = [
  'b.id',
  'b.bank_id',
  'b.deposit_id',
  'b.kind',
  'b.principal',
  'b.interest',
  'b.tax',
  'b.penalty',
  'b.amount',
  'b.status',
  'b.reference',
  'b.paid_at',
  'b.paid_by',
  'b.proof_file_id',
  'b.created_at',
  'b.updated_at',
  'd.deposit_number',
  'd.customer_id',
  'd.customer_name',
  'd.maturity_date',
  'c.payout_bank_name',
  'c.payout_account_number',
  'c.payout_account_name',
] as const;

export type DisbursementWithDeposit = DisbursementRow & {
  deposit_number: string;
  customer_id: string;
  customer_name: string;
  maturity_date: string;
  payout_bank_name: string | null;
  payout_account_number: string | null;
  payout_account_name: string | null;
};

export async function listDisbursements(db: Db, filters: DisbursementFilters, page: number, limit: number): Promise<{ rows: DisbursementWithDeposit[]; total: number }> {
  const base = disbursementsQuery(db, filters);
  const [rows, count] = await Promise.all([
    base
      .select([...DISBURSEMENT_WITH_DEPOSIT_COLUMNS])
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as DisbursementWithDeposit[], total: Number(count.total) };
}

export async function countDisbursements(db: Db, filters: Omit<DisbursementFilters, 'status'>): Promise<{ pending: number; paid: number; pendingAmount: number; paidAmount: number }> {
  const rows = await disbursementsQuery(db, filters)
    .select(['b.status', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('b.amount').as('amount')])
    .groupBy('b.status')
    .execute();
  const result = { pending: 0, paid: 0, pendingAmount: 0, paidAmount: 0 };
  for (const row of rows) {
    if (row.status === 'pending') Object.assign(result, { pending: Number(row.count), pendingAmount: Number(row.amount ?? 0) });
    if (row.status === 'paid') Object.assign(result, { paid: Number(row.count), paidAmount: Number(row.amount ?? 0) });
  }
  return result;
}

/** The proof file of one of this bank's disbursements (id and media type), if it is one. */
export async function findProofOfBank(db: Db, bankId: string, fileId: string): Promise<{ id: string; media_type: string } | undefined> {
  return db
    .selectFrom('disbursements as b')
    .innerJoin('stored_files as f', 'f.id', 'b.proof_file_id')
    .select(['f.id', 'f.media_type'])
    .where('b.bank_id', '=', bankId)
    .where('f.id', '=', fileId)
    .executeTakeFirst();
}
