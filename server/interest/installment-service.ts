import type { Kysely } from 'kysely';
import { addDays, isBefore, movedPayDates, taxInterest, type Actor, type IsoDate, type ScheduledInstallment, type TaxContext } from '../../machines/deposit-rules';
import { decideInstallment, installmentStatusLabels, restoreInstallment, type InstallmentContext, type InstallmentEvent } from '../../machines/interest-installment';
import { insertInChunks } from '../platform/db/bulk-inserts';
import type { Database, InstallmentRow, InstallmentRowStatus, NewInstallment } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { newRowId } from '../platform/row-id';
import {
  deleteScheduledInstallments,
  dueInstallmentsOf,
  insertInstallments,
  listInstallmentsOfDeposit,
  movePayDates,
  openInstallmentsOf,
  scheduledEndingBetween,
  updateInstallmentsIf,
  writePostings,
} from './installment-repository';

/**
 * Installments as the other areas use them: the schedule a deposit's transitions write (approval,
 * date change, rollover, extension), what those transitions do to the open ones — a payout posts
 * and pays them, a rejection or a break cancels them, each installment through
 * machines/interest-installment — and the shape an installment has on the wire. The daily job's
 * postings (falling due, ARO+) are in posting-service.ts.
 */

type Db = Kysely<Database>;

export const STALE_INSTALLMENTS = 'Data telah berubah, muat ulang.';

const installmentLabel = (status: InstallmentRow['status']): string => installmentStatusLabels[status];

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

/** The installment machine's context from a row. */
export function installmentContext(row: InstallmentRow, interestHold: string | null = null): InstallmentContext {
  return {
    interestHold: interestHold === null ? null : { label: interestHold },
    installmentId: row.id,
    depositId: row.deposit_id,
    sequence: row.sequence,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    payDate: row.pay_date,
    grossInterest: Number(row.gross_interest),
    tax: Number(row.tax),
    netInterest: Number(row.net_interest),
    reference: row.reference,
    paidAt: row.paid_at,
    paidBy: row.paid_by,
  };
}

/** The machine's decision for one installment, or the refusal as a ServiceError (403, 409, 400). */
export function decideOrRefuse(row: InstallmentRow, event: InstallmentEvent): { status: InstallmentRowStatus; context: InstallmentContext } {
  const decision = decideInstallment(restoreInstallment(row.status, installmentContext(row)), event);
  if (!decision.ok) throw new ServiceError(decision.refusal.category, decision.refusal.message);
  return { status: decision.status, context: decision.context };
}

/** A deposit's installments, every period, in order (cancelled ones included). */
export function installmentsOfDeposit(db: Db, depositId: string): Promise<InstallmentRow[]> {
  return listInstallmentsOfDeposit(db, depositId);
}

/** The deposit's period whose installments an operation writes. */
interface DepositPeriod {
  bankId: string;
  depositId: string;
  periodNumber: number;
}

/**
 * Writes a period's schedule (machines' scheduleFor): each installment scheduled, taxed as an
 * estimate with the customer's standing now (the posting decides the tax: posting-service.ts).
 * Held back to its group's commit in the daily job (platform/db/held-back-inserts.ts).
 */
export async function scheduleInstallments(trx: Db, period: DepositPeriod, schedule: readonly ScheduledInstallment[], tax: TaxContext, now: string): Promise<void> {
  await insertInstallments(trx, schedule.map((item) => scheduledInstallmentRow(period, item, taxInterest(item.grossInterest, tax), now)));
}

/** One installment of a period's schedule, scheduled, with its tax as estimated (`taxed`). */
export function scheduledInstallmentRow(period: DepositPeriod, item: ScheduledInstallment, taxed: { tax: number; net: number }, now: string, id: string = newRowId()): InstallmentRow {
  return {
    id,
    bank_id: period.bankId,
    deposit_id: period.depositId,
    period_number: period.periodNumber,
    sequence: item.sequence,
    period_start: item.periodStart,
    period_end: item.periodEnd,
    pay_date: item.payDate,
    gross_interest: item.grossInterest,
    tax: taxed.tax,
    net_interest: taxed.net,
    status: 'scheduled',
    paid_at: null,
    paid_by: null,
    reference: null,
    created_at: now,
    updated_at: now,
  };
}

/** The reference of an installment the bank's old system paid before the cut-over (Impor Deposito). */
const PAID_BY_OLD_SYSTEM = 'Dibayar oleh sistem lama';

/**
 * Impor Deposito: the current periods' schedules of deposits taken over from the bank's old
 * system, written in bulk when the caller's batch is (platform/db/bulk-inserts.ts). An
 * installment whose pay date is before the cut-over date was paid there: it is recorded paid as
 * the old system left it — its history, not a transition — by whoever imports, with
 * PAID_BY_OLD_SYSTEM as its reference; the rest are scheduled, taxed as `scheduleInstallments` does.
 */
export function importedSchedules(cutOver: { date: IsoDate; by: string }, now: string) {
  let rows: NewInstallment[] = [];
  return {
    /** Adds one deposit's period; answers how many of its installments were paid before the cut-over. */
    add(period: DepositPeriod, schedule: readonly ScheduledInstallment[], tax: TaxContext): number {
      let paid = 0;
      for (const item of schedule) {
        const taxed = taxInterest(item.grossInterest, tax);
        const paidBefore = isBefore(item.payDate, cutOver.date);
        if (paidBefore) paid += 1;
        const row = scheduledInstallmentRow(period, item, taxed, now);
        rows.push(paidBefore ? { ...row, status: 'paid', paid_at: item.payDate, paid_by: cutOver.by, reference: PAID_BY_OLD_SYSTEM } : row);
      }
      return paid;
    },
    /** Writes what was added since the last write, in the caller's transaction. */
    async write(trx: Db): Promise<void> {
      const batch = rows;
      rows = [];
      await insertInChunks(trx, 'interest_installments', batch);
    },
  };
}

/** A period's schedule written again (its value date moved before activation): the scheduled ones go, the new schedule comes. */
export async function rescheduleInstallments(trx: Db, period: DepositPeriod, schedule: readonly ScheduledInstallment[], tax: TaxContext, now: string): Promise<void> {
  await deleteScheduledInstallments(trx, period.depositId, period.periodNumber);
  await scheduleInstallments(trx, period, schedule, tax, now);
}

/** Writes one machine decision for a set of rows that were all in `from`; a row that moved meanwhile is a conflict. */
async function writeDecided(trx: Db, ids: readonly string[], from: InstallmentRowStatus, changes: Parameters<typeof updateInstallmentsIf>[3]): Promise<void> {
  if (ids.length === 0) return;
  if ((await updateInstallmentsIf(trx, ids, from, changes)) !== ids.length) throw new ServiceError('conflict', STALE_INSTALLMENTS);
}

/**
 * A deposit ended without paying these (rejected, cancelled, withdrawn: every period, `null`; an
 * approved break: its current period, which the settlement counted): each open installment is
 * cancelled through the installment machine, compare-and-set on its status. Answers how many.
 */
export async function cancelOpenInstallments(trx: Db, depositId: string, periodNumber: number | null, by: { actor: Actor; today: IsoDate; now: string }): Promise<number> {
  const open = await openInstallmentsOf(trx, depositId, periodNumber);
  const byFrom = new Map<InstallmentRowStatus, string[]>();
  for (const row of open) {
    decideOrRefuse(row, { type: 'installment.cancel', actor: by.actor, today: by.today });
    byFrom.set(row.status, [...(byFrom.get(row.status) ?? []), row.id]);
  }
  for (const [from, ids] of byFrom) await writeDecided(trx, ids, from, { status: 'cancelled', updated_at: by.now });
  return open.length;
}

/**
 * A payout counts these scheduled installments (a maturity payout, or a break's earlier periods):
 * each is posted now, before its pay date, with the figures the payout fixed, so what the payout
 * marks paid is what it counted. A row no longer scheduled is a conflict.
 */
export async function postInstallmentsForPayout(
  trx: Db,
  postings: ReadonlyArray<{ row: InstallmentRow; tax: number; netInterest: number }>,
  by: { actor: Actor; today: IsoDate; now: string },
): Promise<void> {
  if (postings.length === 0) return;
  const decided = postings.map(({ row, tax, netInterest }) => ({ row, decision: decideOrRefuse(row, { type: 'installment.postForPayout', actor: by.actor, today: by.today, tax, netInterest }) }));
  const byStatus = new Map<InstallmentRowStatus, Array<{ id: string; tax: number; net: number }>>();
  for (const { row, decision } of decided) {
    byStatus.set(decision.status, [...(byStatus.get(decision.status) ?? []), { id: row.id, tax: decision.context.tax, net: decision.context.netInterest }]);
  }
  for (const [status, items] of byStatus) {
    if ((await writePostings(trx, items, status, by.now)) !== items.length) throw new ServiceError('conflict', STALE_INSTALLMENTS);
  }
}

/**
 * The deposit's payout transfer pays its due installments (README "Pembayaran saat jatuh tempo"),
 * each through the installment machine, compare-and-set on the status (one statement: the same
 * transfer pays them all). Answers the rows as they were, so the caller checks they are the ones
 * the payout counted; none when one of them moved meanwhile.
 */
export async function settleInstallmentsWithPayout(
  trx: Db,
  depositId: string,
  payment: { reference: string; paidAt: IsoDate },
  by: { actor: Actor; today: IsoDate; now: string },
): Promise<InstallmentRow[]> {
  const due = await dueInstallmentsOf(trx, depositId);
  const event: InstallmentEvent = { type: 'installment.settleWithPayout', actor: by.actor, today: by.today, reference: payment.reference, paidAt: payment.paidAt };
  const decided = due.map((row) => decideOrRefuse(row, event));
  const [paid] = decided;
  if (!paid) return [];
  const changes = { status: paid.status, reference: paid.context.reference, paid_at: paid.context.paidAt, paid_by: paid.context.paidBy, updated_at: by.now };
  if ((await updateInstallmentsIf(trx, due.map((row) => row.id), 'due', changes)) !== due.length) return [];
  return due;
}

/** A run of days off is never longer than this, so only periods ending this close before a changed day can move. */
const LONGEST_DAYS_OFF = 31;

/**
 * A bank's holidays changed (Pengaturan Produk): the pay date of each of its installments not yet
 * due that the changed days touch moves to the next business day of the new calendar, in the
 * caller's transaction; how many moved. The interest area writes its own rows; the settings only
 * say which days changed.
 */
export async function moveScheduledPayDates(trx: Db, bankId: string, changedDays: readonly string[], holidays: readonly string[], now: string): Promise<number> {
  if (changedDays.length === 0) return 0;
  const rows = await scheduledEndingBetween(trx, bankId, addDays(changedDays[0]!, -LONGEST_DAYS_OFF), changedDays[changedDays.length - 1]!);
  const moved = movedPayDates(rows.map((row) => ({ id: row.id, periodEnd: row.period_end, payDate: row.pay_date })), holidays);
  const byDate = new Map<string, string[]>();
  for (const item of moved) byDate.set(item.newPayDate, [...(byDate.get(item.newPayDate) ?? []), item.id]);
  for (const [payDate, ids] of byDate) await movePayDates(trx, ids, payDate, now);
  return moved.length;
}
