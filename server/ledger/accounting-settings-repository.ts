import type { Kysely } from 'kysely';
import type { AccountingSettingsTable, Database } from '../platform/db/schema';

type Db = Kysely<Database>;

/** The bank's chart-of-accounts mapping, with the name of who last changed it; undefined until set. */
export async function findAccountingSettings(db: Db, bankId: string): Promise<(AccountingSettingsTable & { updated_by_name: string | null }) | undefined> {
  return db
    .selectFrom('accounting_settings as s')
    .leftJoin('users as u', 'u.id', 's.updated_by')
    .selectAll('s')
    .select('u.name as updated_by_name')
    .where('s.bank_id', '=', bankId)
    .executeTakeFirst();
}

export async function saveAccountingSettings(db: Db, row: AccountingSettingsTable): Promise<void> {
  await db
    .insertInto('accounting_settings')
    .values(row)
    .onConflict((conflict) => conflict.column('bank_id').doUpdateSet({ accounts: row.accounts, by_product: row.by_product, updated_at: row.updated_at, updated_by: row.updated_by }))
    .execute();
}
