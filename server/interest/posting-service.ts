import type { Kysely } from 'kysely';
import type { Actor, IsoDate } from '../../machines/deposit-rules';
import { decideInstallment, restoreInstallment } from '../../machines/interest-installment';
import type { Database, DepositRow, InstallmentRow, InstallmentRowStatus } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { scheduledInstallmentsThrough, updateInstallmentIf, writePostings } from './installment-repository';
import { decideOrRefuse, installmentContext } from './installment-service';
import { taxAtPosting, type TaxSettingsOf } from './posting-tax-service';

/**
 * The daily job's postings (DOMAIN.md "Tax": the tax is decided when an installment is posted),
 * each installment through machines/interest-installment: scheduled installments falling due on
 * their pay date, and an ARO+ rollover's capitalisation of the ending period's interest.
 */

type Db = Kysely<Database>;

/** The daily job acts as SYSTEM. */
const JOB: Actor = { id: 'SYSTEM', role: 'SYSTEM' };

/** Installments read per keyset batch. */
const BATCH = 500;

/**
 * Scheduled installments whose pay date is ≤ D become due, batch by batch (each batch one
 * transaction; each UPDATE re-checks 'scheduled', so a rerun or a second instance never counts
 * one twice). The installment machine confirms each (SYSTEM, pay date reached). Posting is when
 * the tax is decided (posting-tax-service.ts): the customers' active totals are read with one
 * grouped query per batch, inside the batch's transaction, and the tax and net are stored with
 * the status — the schedule-time figures were the estimate shown until now. `afterBatch` is told
 * the running count after each batch commits. Answers how many fell due.
 */
export async function postInstallmentsFallingDue(
  db: Db,
  businessDate: IsoDate,
  now: string,
  settingsOf: TaxSettingsOf,
  afterBatch: (count: number) => void | Promise<void>,
): Promise<number> {
  let count = 0;
  let after: { payDate: string; id: string } | null = null;
  for (;;) {
    const rows = await scheduledInstallmentsThrough(db, businessDate, after, BATCH);
    const falling = rows.flatMap((row) => {
      const decision = decideInstallment(restoreInstallment('scheduled', installmentContext(row)), { type: 'installment.fallDue', actor: JOB, today: businessDate });
      return decision.ok ? [{ row, status: decision.status as InstallmentRowStatus }] : [];
    });
    if (falling.length > 0) {
      // Settings first, on `db`: inside the transaction SQLite's single connection is taken.
      await Promise.all([...new Set(falling.map(({ row }) => row.bank_id))].map(settingsOf));
      const posted = await db.transaction().execute(async (trx) => {
        const figures = await taxAtPosting(
          trx,
          falling.map(({ row }) => ({
            bankId: row.bank_id,
            customerId: row.customer_id,
            depositId: row.deposit_id,
            depositAmount: Number(row.deposit_amount),
            depositStatus: row.deposit_status,
            grossInterest: Number(row.gross_interest),
          })),
          settingsOf,
        );
        const byStatus = new Map<InstallmentRowStatus, Array<{ id: string; tax: number; net: number }>>();
        falling.forEach(({ row, status }, index) => byStatus.set(status, [...(byStatus.get(status) ?? []), { id: row.id, tax: figures[index]!.tax, net: figures[index]!.net }]));
        let written = 0;
        for (const [status, postings] of byStatus) written += await writePostings(trx, postings, status, now);
        return written;
      });
      count += posted;
      await afterBatch(count);
    }
    if (rows.length < BATCH) return count;
    const last = rows[rows.length - 1]!;
    after = { payDate: last.pay_date, id: last.id };
  }
}

interface AroPlusCapitalisation {
  /** The ending period's net interest, which joins the principal. */
  netInterest: number;
  /** Marks those installments paid (capitalised) in the rollover's transaction, before the deposit is written. */
  capitalise(trx: Db, now: string): Promise<void>;
}

const ARO_PLUS_CHANGED = 'Bunga periode ini sudah berubah; perpanjangan ARO+ diulang pada proses berikutnya.';

/**
 * ARO+ at maturity: the ending period's final installments — their interest not yet transferred —
 * are capitalised: their net joins the principal and each is closed as paid with the ARO+
 * reference on the maturity date (installment.capitalise), in the rollover's transaction, so it
 * never also lands in the transfer template. Capitalising is their posting, so their tax follows
 * the same posting-date rule as an installment falling due, stored with the paid status.
 * `installments`: the deposit's, as its transition loaded them.
 */
export async function aroPlusCapitalisation(
  trx: Db,
  deposit: Pick<DepositRow, 'id' | 'bank_id' | 'customer_id' | 'amount' | 'status' | 'period_number' | 'maturity_date'>,
  installments: readonly InstallmentRow[],
  settingsOf: TaxSettingsOf,
  today: IsoDate,
): Promise<AroPlusCapitalisation> {
  const ending = installments.filter(
    (item) => item.period_number === deposit.period_number && item.period_end === deposit.maturity_date && (item.status === 'scheduled' || item.status === 'due'),
  );
  const figures = await taxAtPosting(
    trx,
    ending.map((item) => ({
      bankId: deposit.bank_id,
      customerId: deposit.customer_id,
      depositId: deposit.id,
      depositAmount: Number(deposit.amount),
      depositStatus: deposit.status,
      grossInterest: Number(item.gross_interest),
    })),
    settingsOf,
  );
  return {
    netInterest: figures.reduce((sum, item) => sum + item.net, 0),
    async capitalise(write, now) {
      for (const [index, row] of ending.entries()) {
        const { status, context } = decideOrRefuse(row, {
          type: 'installment.capitalise',
          actor: JOB,
          today,
          paidAt: deposit.maturity_date,
          tax: figures[index]!.tax,
          netInterest: figures[index]!.net,
        });
        const closed = await updateInstallmentIf(write, row.id, row.status, {
          status,
          tax: context.tax,
          net_interest: context.netInterest,
          paid_at: context.paidAt,
          paid_by: context.paidBy,
          reference: context.reference,
          updated_at: now,
        });
        if (!closed) throw new ServiceError('conflict', ARO_PLUS_CHANGED);
      }
    },
  };
}
