import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/**
 * What the bank owes its depositors at the end of a day, as its balance sheet's "Deposito" line:
 * the principal of every period running that day (started on or before it, maturing after it) of
 * deposits that were approved, less those broken by then. A matured deposit waiting for its
 * payout is no longer a time deposit: it is an obligation due at once.
 */
export async function depositBalanceAt(db: Kysely<Database>, bankId: string, date: string): Promise<number> {
  const row = await db
    .selectFrom('deposit_periods')
    .innerJoin('deposits', 'deposits.id', 'deposit_periods.deposit_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('deposit_periods.amount'), eb.lit(0)).as('total'))
    .where('deposits.bank_id', '=', bankId)
    .where('deposits.status', 'not in', ['pending', 'rejected', 'cancelled'])
    .where('deposit_periods.period_start', '<=', date)
    .where('deposit_periods.maturity_date', '>', date)
    .where((eb) => eb.or([eb('deposits.break_date', 'is', null), eb('deposits.break_date', '>', date)]))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
