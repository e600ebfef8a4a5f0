import type { Kysely } from 'kysely';
import { addDays, movedPayDates } from '../../machines/deposit-rules';
import { installmentStatusLabels } from '../../machines/interest-installment';
import type { Database, InstallmentRow } from '../platform/db/schema';

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

/** A run of days off is never longer than this, so only periods ending this close before a changed day can move. */
const LONGEST_DAYS_OFF = 31;
const UPDATE_CHUNK = 500;

/**
 * A bank's holidays changed (Pengaturan Produk): the pay date of each of its installments not yet
 * due that the changed days touch moves to the next business day of the new calendar, in the
 * caller's transaction; how many moved. The interest area writes its own rows; the settings only
 * say which days changed.
 */
export async function moveScheduledPayDates(trx: Kysely<Database>, bankId: string, changedDays: readonly string[], holidays: readonly string[], now: string): Promise<number> {
  if (changedDays.length === 0) return 0;
  const rows = await trx
    .selectFrom('interest_installments')
    .select(['id', 'period_end', 'pay_date'])
    .where('bank_id', '=', bankId)
    .where('status', '=', 'scheduled')
    .where('period_end', '>=', addDays(changedDays[0]!, -LONGEST_DAYS_OFF))
    .where('period_end', '<=', changedDays[changedDays.length - 1]!)
    .execute();
  const moved = movedPayDates(rows.map((row) => ({ id: row.id, periodEnd: row.period_end, payDate: row.pay_date })), holidays);
  const byDate = new Map<string, string[]>();
  for (const item of moved) byDate.set(item.newPayDate, [...(byDate.get(item.newPayDate) ?? []), item.id]);
  for (const [payDate, ids] of byDate) {
    for (let start = 0; start < ids.length; start += UPDATE_CHUNK) {
      await trx
        .updateTable('interest_installments')
        .set({ pay_date: payDate, updated_at: now })
        .where('id', 'in', ids.slice(start, start + UPDATE_CHUNK))
        .where('status', '=', 'scheduled')
        .execute();
    }
  }
  return moved.length;
}
