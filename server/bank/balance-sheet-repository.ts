import type { Kysely } from 'kysely';
import type { BalanceSheetRow, Database } from '../platform/db/schema';

type Db = Kysely<Database>;

export async function findBalanceSheet(db: Db, bankId: string, period: string): Promise<BalanceSheetRow | undefined> {
  return db.selectFrom('balance_sheets').selectAll().where('bank_id', '=', bankId).where('period', '=', period).executeTakeFirst();
}

/** The bank's months on file, newest first. */
export async function listBalanceSheets(db: Db, bankId: string): Promise<BalanceSheetRow[]> {
  return db.selectFrom('balance_sheets').selectAll().where('bank_id', '=', bankId).orderBy('period', 'desc').execute();
}

/** The months of `year` up to and including `period`, oldest first (ROA's average assets). */
export async function balanceSheetsOfYearThrough(db: Db, bankId: string, period: string): Promise<BalanceSheetRow[]> {
  return db
    .selectFrom('balance_sheets')
    .selectAll()
    .where('bank_id', '=', bankId)
    .where('period', '>=', `${period.slice(0, 4)}-01`)
    .where('period', '<=', period)
    .orderBy('period')
    .execute();
}

/** Enters a month, replacing what was on file for it. */
export async function saveBalanceSheet(db: Db, row: BalanceSheetRow): Promise<void> {
  const { bank_id: _bank, period: _period, ...values } = row;
  await db
    .insertInto('balance_sheets')
    .values(row)
    .onConflict((oc) => oc.columns(['bank_id', 'period']).doUpdateSet(values))
    .execute();
}

export async function ratioThresholdsOf(db: Db, bankId: string): Promise<string | undefined> {
  return (await db.selectFrom('bank_settings').select('ratio_thresholds').where('bank_id', '=', bankId).executeTakeFirst())?.ratio_thresholds;
}
