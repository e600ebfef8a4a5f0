import { installmentStatusLabels } from '../../machines/interest-installment';
import type { InstallmentRow } from '../platform/db/schema';

/**
 * Installments as the other areas use them: the schedule a deposit's transitions write (approval,
 * date change, rollover) and cancel (rejection, break), the posting the daily job does, and the
 * shape an installment has on the wire.
 */
export {
  cancelOpenInstallments,
  deleteScheduledInstallments,
  insertInstallments,
  listInstallmentsOfDeposit,
  postInstallmentsDue,
  scheduledInstallmentsThrough,
  settleDueInstallments,
} from './installment-repository';

export const installmentLabel = (status: InstallmentRow['status']): string => (status === 'cancelled' ? 'Dibatalkan' : installmentStatusLabels[status]);

export function toInstallment(row: InstallmentRow) {
  return {
    id: row.id,
    depositId: row.deposit_id,
    periodNumber: row.period_number,
    sequence: row.sequence,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    payDate: row.pay_date,
    grossInterest: Number(row.gross_interest),
    tax: Number(row.tax),
    netInterest: Number(row.net_interest),
    status: row.status,
    statusLabel: installmentLabel(row.status),
    paidAt: row.paid_at,
    reference: row.reference,
  };
}
