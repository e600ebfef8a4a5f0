import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

export interface MonthTallyRow {
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
const tally = (rows: Array<{ month: string; count: unknown; amount: unknown }>): MonthTallyRow[] =>
  rows.map((row) => ({ month: row.month, count: Number(row.count), amount: Number(row.amount ?? 0) }));

/**
 * Placements per month of a bank: deposits by the month of their value date (deposit_date), count
 * and principal, for value dates from `fromMonth`-01 to the end of `toMonth` ('YYYY-MM', inclusive).
 * The principal is the one placed — the first period's — not today's: an ARO+ deposit grows at
 * every rollover, and a month's placements must not grow with it (the Mutasi Deposito report
 * lists the same amounts). A deposit without its first period row (bulk-loaded) counts its own.
 */
export async function placementsByMonth(db: Kysely<Database>, bankId: string, fromMonth: string, toMonth: string): Promise<MonthTallyRow[]> {
  const rows = await db
    .selectFrom('deposits as d')
    .leftJoin('deposit_periods as p', (join) => join.onRef('p.deposit_id', '=', 'd.id').on('p.period_number', '=', 1))
    .select([monthOf('d.deposit_date').as('month'), sql<number>`count(*)`.as('count'), sql<number>`sum(coalesce(p.amount, d.amount))`.as('amount')])
    .where('d.bank_id', '=', bankId)
    .where('d.status', 'not in', NEVER_PLACED)
    .where('d.deposit_date', '>=', `${fromMonth}-01`)
    .where('d.deposit_date', '<=', `${toMonth}-31`)
    .groupBy(monthOf('d.deposit_date'))
    .execute();
  return tally(rows);
}

/**
 * Maturities per month of a bank: one per deposit period whose maturity date falls in the month,
 * with the period's principal. Each period is its own row, so a deposit rolled over (ARO, ARO+)
 * counts once for every period that ended and once more for the running period when its date
 * comes; a month not yet over also counts the maturities still ahead in it. Left out: periods of
 * deposits never placed (rejected, cancelled) and the last period of a broken deposit, which
 * ended at the break, not at maturity.
 */
export async function maturitiesByMonth(db: Kysely<Database>, bankId: string, fromMonth: string, toMonth: string): Promise<MonthTallyRow[]> {
  const rows = await db
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
    .groupBy(monthOf('p.maturity_date'))
    .execute();
  return tally(rows);
}
