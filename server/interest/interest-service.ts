import type { Kysely } from 'kysely';
import { interestHistoryQuerySchema, interestTemplateQuerySchema, markInterestPaidRequestSchema, monthlyInterestQuerySchema } from '../../contract/interest';
import { decideInstallment, restoreInstallment } from '../../machines/interest-installment';
import {
  depositStatusesOf,
  findInstallments,
  listInstallmentsOfMonth,
  listPaidInstallments,
  sumInstallmentsOfMonth,
  updateInstallmentIf,
  type InstallmentWithDeposit,
  type MonthFilters,
} from './installment-repository';
import type { Database, InstallmentRowStatus } from '../platform/db/schema';
import type { Clock } from '../platform/clock';
import { pageOf } from '../platform/paging';
import { parseOrThrow } from '../platform/validation';
import type { StaffActor } from '../platform/actor';
import { businessToday, refusalError } from '../deposits/transition-service';
import { depositSearchCondition } from '../deposits/deposit-service';
import { installmentContext, STALE_INSTALLMENTS, toInstallment } from './installment-service';
import { notifyPartnerOfInterestPaid, type PaidInstallment } from '../partner/partner-notification-service';
import { ServiceError } from '../platform/errors';

/**
 * Bunga bulanan: the installments of a month, the transfer template's size, and marking them
 * paid in bulk — each installment decided by machines/interest-installment, all or nothing in
 * one transaction.
 */

/** What Bunga Bulanan lists when no status is asked for (cancelled installments never are). */
const LISTED_STATUSES: readonly InstallmentRowStatus[] = ['scheduled', 'due', 'paid'];

/**
 * The one rule behind Bunga Bulanan's list, its summary, the transfer template and the template's
 * count: the month (this month by default), the status (every listed one when absent) and the
 * deposit search. The template passes the same parameters as the screen, so the file holds the
 * rows the screen lists, never others.
 */
export function monthFiltersOf(
  bankId: string,
  query: { period?: string | undefined; status?: InstallmentRowStatus | undefined },
  today: string,
  match: MonthFilters['match'],
): MonthFilters {
  return { bankId, period: query.period ?? today.slice(0, 7), statuses: query.status ? [query.status] : LISTED_STATUSES, match };
}

export const PAID_WITH_PAYOUT = 'Bunga ini dibayar bersama pencairan jatuh tempo depositonya (menu Pencairan), bukan lewat Bunga Bulanan.';

function toMonthlyInterestRow(row: InstallmentWithDeposit) {
  return {
    ...toInstallment(row),
    depositNumber: row.deposit_number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    principal: Number(row.amount),
    rateBps: row.rate_bps,
    payoutAccount: { bankName: row.payout_bank_name, accountNumber: row.payout_account_number, accountName: row.payout_account_name },
  };
}

export function createInterestService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  // A month's rows run once per request here, so SQLite may narrow them through the trigram table.
  const searchOf = (q: string | undefined) => depositSearchCondition(db, q, { table: 'd', searchIndex: true });

  return {
    /** GET /deposito/monthly-interest */
    async monthly(actor: StaffActor, query: Record<string, unknown>) {
      const parsed = parseOrThrow(monthlyInterestQuerySchema, query);
      const filters = monthFiltersOf(actor.bankId, parsed, businessToday(clock), searchOf(parsed.q));
      const [{ rows, total }, summary] = await Promise.all([listInstallmentsOfMonth(db, filters, parsed.page, parsed.limit), sumInstallmentsOfMonth(db, filters)]);
      return { ...pageOf(rows.map(toMonthlyInterestRow), parsed.page, parsed.limit, total), period: filters.period, summary };
    },

    /** GET /deposito/monthly-interest-disbursement: what was paid, newest transfer first. */
    async history(actor: StaffActor, query: Record<string, unknown>) {
      const parsed = parseOrThrow(interestHistoryQuerySchema, query);
      const { rows, total } = await listPaidInstallments(db, actor.bankId, { period: parsed.period, reference: parsed.reference }, parsed.page, parsed.limit);
      return pageOf(rows.map(toMonthlyInterestRow), parsed.page, parsed.limit, total);
    },

    /**
     * POST /deposito/monthly-interest-disbursement: every listed installment becomes paid with the
     * same transfer reference, or none does (the first refusal is the answer). Each write is a
     * compare-and-set on the status, so two supervisors marking the same rows cannot both win.
     */
    async markPaid(actor: StaffActor, body: Record<string, unknown>) {
      const parsed = parseOrThrow(markInterestPaidRequestSchema, body);
      const ids = [...new Set(parsed.installmentIds)];
      const today = businessToday(clock);
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const rows = await findInstallments(trx, actor.bankId, ids);
        const paidNow: PaidInstallment[] = [];
        const deposits = await depositStatusesOf(trx, rows.map((row) => row.deposit_id));
        for (const row of rows) {
          const deposit = deposits.get(row.deposit_id);
          if (row.status === 'cancelled') throw new ServiceError('conflict', 'Bunga ini sudah dibatalkan karena depositonya dicairkan lebih awal.');
          if (row.status !== 'paid' && deposit?.status === 'disbursing') throw new ServiceError('conflict', PAID_WITH_PAYOUT);
          const decision = decideInstallment(restoreInstallment(row.status, installmentContext(row, deposit?.interestHold ?? null)), {
            type: 'installment.markPaid',
            actor: { id: actor.userId, role: actor.role },
            today,
            reference: parsed.reference,
            paidAt: parsed.paidAt,
          });
          if (!decision.ok) throw refusalError(decision.refusal);
          const paid = decision.context;
          const updated = await updateInstallmentIf(trx, row.id, row.status, {
            status: decision.status as InstallmentRowStatus,
            paid_at: paid.paidAt,
            paid_by: paid.paidBy,
            reference: paid.reference,
            updated_at: now,
          });
          if (!updated) throw new ServiceError('conflict', STALE_INSTALLMENTS);
          if (row.status !== 'paid') paidNow.push({ ...row, paid_at: paid.paidAt, reference: paid.reference });
        }
        if (rows.length !== ids.length) throw new ServiceError('not-found', `${ids.length - rows.length} bunga tidak ditemukan.`);
        await notifyPartnerOfInterestPaid(trx, paidNow, new Date(now));
      });
      return { paid: ids.length, installmentIds: ids, reference: parsed.reference.trim(), paidAt: parsed.paidAt };
    },

    /** GET /deposito/monthly-interest-template/count */
    async templateCount(actor: StaffActor, query: Record<string, unknown>) {
      const parsed = parseOrThrow(interestTemplateQuerySchema, query);
      const filters = monthFiltersOf(actor.bankId, parsed, businessToday(clock), searchOf(parsed.q));
      const summary = await sumInstallmentsOfMonth(db, filters);
      return { period: filters.period, count: summary.count, totalNet: summary.net };
    },
  };
}

export type InterestService = ReturnType<typeof createInterestService>;
