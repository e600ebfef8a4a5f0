import type { Kysely } from 'kysely';
import type { AroLetterRow, Database } from '../platform/db/schema';

type Db = Kysely<Database>;

/** Records the surat ARO of a new period once (unique per deposit and period). */
export async function insertAroLetter(db: Db, letter: AroLetterRow): Promise<void> {
  await db.insertInto('aro_letters').values(letter).onConflict((oc) => oc.columns(['deposit_id', 'period_number']).doNothing()).execute();
}

export async function listAroLettersOfCustomer(db: Db, bankId: string, customerId: string): Promise<AroLetterRow[]> {
  return db.selectFrom('aro_letters').selectAll().where('bank_id', '=', bankId).where('customer_id', '=', customerId).orderBy('issued_date', 'desc').execute();
}
