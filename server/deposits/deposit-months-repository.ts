import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

interface MonthTallyRow {
  /** 'YYYY-MM' */
  month: string;
  count: number;
  amount: number;
}

/**
 * Deposits never placed: a rejected deposit was refused before its money counted, a cancelled one
 * was withdrawn before approval. Neither placed money nor has a period that can mature.
 */
const NEVER_PLACED = ['rejected', 'cancelled'] as const;

/** 'YYYY-MM' of a 'YYYY-MM-DD' text column; substr is the same in SQLite and PostgreSQL. */
const monthOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

/** PostgreSQL answers count() and sum(bigint) as strings; SQLite as numbers. */
export const tally = (rows: Array<{ month: string; count: unknown; amount: unknown }>): MonthTallyRow[] =>
  rows.map((row) => ({ month: row.month, count: Number(row.count), amount: Number(row.amount ?? 0) }));

/**
 * The principal a deposit was placed with: its first period's. An ARO+ deposit grows at every
 * rollover, and a month's placements must not grow with it; the deposits row holds the current
 * period, so only a deposit past its first period looks its first one up (a correlated lookup
 * for those rows alone: joining every placement to its period made the month ~7× slower).
 */
export const placedAmount = (table: string) =>
  sql<number>`case when ${sql.ref(`${table}.period_number`)} = 1 then ${sql.ref(`${table}.amount`)} else coalesce((select p1.amount from deposit_periods p1 where p1.deposit_id = ${sql.ref(`${table}.id`)} and p1.period_number = 1), ${sql.ref(`${table}.amount`)}) end`;

/**
 * Placements per month of a bank: deposits by the month of their value date (deposit_date), count
 * and principal placed, for value dates from `fromMonth`-01 to the end of `toMonth` ('YYYY-MM',
 * inclusive). The query itself, for callers that run it elsewhere (the reports read off-thread).
 */
export function placementsByMonthQuery(db: Kysely<Database>, bankId: string, fromMonth: string, toMonth: string) {
  return db
    .selectFrom('deposits as d')
    .select([monthOf('d.deposit_date').as('month'), sql<number>`count(*)`.as('count'), sql<number>`sum(${placedAmount('d')})`.as('amount')])
    .where('d.bank_id', '=', bankId)
    .where('d.status', 'not in', NEVER_PLACED)
    .where('d.deposit_date', '>=', `${fromMonth}-01`)
    .where('d.deposit_date', '<=', `${toMonth}-31`)
    .groupBy(monthOf('d.deposit_date'));
}

export async function placementsByMonth(db: Kysely<Database>, bankId: string, fromMonth: string, toMonth: string): Promise<MonthTallyRow[]> {
  return tally(await placementsByMonthQuery(db, bankId, fromMonth, toMonth).execute());
}

/**
 * Maturities per month of a bank: one per deposit period whose maturity date falls in the month,
 * with the period's principal. Each period is its own row, so a deposit rolled over (ARO, ARO+)
 * counts once for every period that ended and once more for the running period when its date
 * comes; a month not yet over also counts the maturities still ahead in it. Left out: periods of
 * deposits never placed (rejected, cancelled) and the last period of a broken deposit, which
 * ended at the break, not at maturity.
 */
export function maturitiesByMonthQuery(db: Kysely<Database>, bankId: string, fromMonth: string, toMonth: string) {
  return db
    .selectFrom('deposit_periods as p')
    .innerJoin('deposits as d', 'd.id', 'p.deposit_id')
    .select([monthOf('p.maturity_date').as('month'), sql<number>`count(*)`.as('count'), sql<number>`sum(p.amount)`.as('amount')])
    .where('d.bank_id', '=', bankId)
    .where('d.status', 'not in', NEVER_PLACED)
    .where('p.maturity_date', '>=', `${fromMonth}-01`)
    .where('p.maturity_date', '<=', `${toMonth}-31`)
    // Spelled without NOT over nullable columns: NOT (x = 'broken') is NULL, not true, when x is NULL.
    .where((eb) =>
      eb.or([
        eb('p.period_number', '<>', eb.ref('d.period_number')),
        eb.and([
          eb.or([eb('d.close_reason', 'is', null), eb('d.close_reason', '<>', 'broken')]),
          eb.or([eb('d.disbursement_reason', 'is', null), eb('d.disbursement_reason', '<>', 'broken')]),
        ]),
      ]),
    )
    .groupBy(monthOf('p.maturity_date'));
}

export async function maturitiesByMonth(db: Kysely<Database>, bankId: string, fromMonth: string, toMonth: string): Promise<MonthTallyRow[]> {
  return tally(await maturitiesByMonthQuery(db, bankId, fromMonth, toMonth).execute());
}
