import type { Kysely } from 'kysely';
import type { Database, DisbursementRow, NewDisbursement } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { newRowId } from '../platform/row-id';
import { findPendingDisbursement, insertDisbursement, listDisbursementsOfDeposit, markDisbursementPaid } from './disbursement-repository';

/**
 * Payouts as the deposit lifecycle uses them: a break approval or a disbursement request opens
 * one with the figures the event fixed, marking the deposit paid settles it, and a deposit's
 * detail lists them in this shape.
 */

type Db = Kysely<Database>;

const PAYOUT_NOT_PENDING = 'Pencairan deposito ini tidak ditemukan atau sudah dibayar.';

export function toDisbursement(row: DisbursementRow) {
  return {
    id: row.id,
    depositId: row.deposit_id,
    kind: row.kind,
    principal: Number(row.principal),
    interest: Number(row.interest),
    tax: Number(row.tax),
    penalty: Number(row.penalty),
    amount: Number(row.amount),
    status: row.status,
    reference: row.reference,
    paidAt: row.paid_at,
    proofFileId: row.proof_file_id,
    createdAt: row.created_at,
  };
}

/** The payout figures an event fixed. */
type PayoutFigures = Pick<NewDisbursement, 'principal' | 'interest' | 'tax' | 'penalty' | 'amount'>;

/** Opens a payout to make for the deposit: the figures the event fixed, pending until its transfer is recorded. */
export async function openPayout(trx: Db, deposit: { id: string; bankId: string }, kind: NewDisbursement['kind'], figures: PayoutFigures, now: string): Promise<void> {
  await insertDisbursement(trx, pendingPayoutRow(deposit, kind, figures, now));
}

/** The row of a payout opened with these figures, pending until its transfer is recorded. */
export function pendingPayoutRow(deposit: { id: string; bankId: string }, kind: DisbursementRow['kind'], figures: PayoutFigures, now: string, id: string = newRowId()): DisbursementRow {
  return {
    id,
    bank_id: deposit.bankId,
    deposit_id: deposit.id,
    kind,
    principal: figures.principal,
    interest: figures.interest,
    tax: figures.tax,
    penalty: figures.penalty,
    amount: figures.amount,
    status: 'pending',
    reference: null,
    paid_at: null,
    paid_by: null,
    proof_file_id: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The deposit's pending payout is paid with this transfer (compare-and-set on its status); 409
 * when there is none or another request paid it first. Answers the payout as it was opened, so
 * the caller checks the installments it settles against the figures it fixed.
 */
export async function settlePayout(
  trx: Db,
  depositId: string,
  payment: { reference: string; paidAt: string; paidBy: string; proofFileId: string; now: string },
): Promise<DisbursementRow> {
  const pending = await findPendingDisbursement(trx, depositId);
  if (!pending || !(await markDisbursementPaid(trx, pending.id, payment))) throw new ServiceError('conflict', PAYOUT_NOT_PENDING);
  return pending;
}

/** The deposit's payouts, oldest first. */
export function payoutsOfDeposit(db: Db, depositId: string): Promise<DisbursementRow[]> {
  return listDisbursementsOfDeposit(db, depositId);
}
