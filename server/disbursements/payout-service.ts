import type { DisbursementRow } from '../platform/db/schema';

/**
 * Payouts as the deposit lifecycle uses them: a break approval or a disbursement request creates
 * one, marking it paid settles it, and a deposit's detail lists them in this shape.
 */
export { findPendingDisbursement, insertDisbursement, listDisbursementsOfDeposit, markDisbursementPaid } from './disbursement-repository';

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
