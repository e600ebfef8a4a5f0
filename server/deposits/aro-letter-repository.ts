import type { Kysely } from 'kysely';
import { insertOrHoldBack } from '../platform/db/held-back-inserts';
import type { AroLetterRow, Database } from '../platform/db/schema';

type Db = Kysely<Database>;

const writeAroLetters = async (db: Db, letters: AroLetterRow[]) => {
  await db.insertInto('aro_letters').values(letters).onConflict((oc) => oc.columns(['deposit_id', 'period_number']).doNothing()).execute();
};

/** Records the surat ARO of a new period once (unique per deposit and period); held back in the daily job's groups. */
export async function insertAroLetter(db: Db, letter: AroLetterRow): Promise<void> {
  await insertOrHoldBack(db, [letter], writeAroLetters);
}

export async function listAroLettersOfCustomer(db: Db, bankId: string, customerId: string): Promise<AroLetterRow[]> {
  return db.selectFrom('aro_letters').selectAll().where('bank_id', '=', bankId).where('customer_id', '=', customerId).orderBy('issued_date', 'desc').execute();
}

/**
 * Letters whose PDF is not drawn yet, oldest first: issued on or after `issuedSince` (the daily
 * job's recent rollovers), or of one customer of a bank (drawn when staff open them).
 */
export async function listAroLettersWithoutFile(db: Db, limit: number, scope: { issuedSince?: string; bankId?: string; customerId?: string } = {}): Promise<AroLetterRow[]> {
  let query = db.selectFrom('aro_letters').selectAll().where('file_id', 'is', null);
  if (scope.issuedSince) query = query.where('issued_date', '>=', scope.issuedSince);
  if (scope.bankId) query = query.where('bank_id', '=', scope.bankId);
  if (scope.customerId) query = query.where('customer_id', '=', scope.customerId);
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** Attaches the drawn letter's stored file (its ARO_LETTER document holds the same file); false when another instance drew it first. */
export async function attachAroLetterFile(db: Db, letterId: string, fileId: string): Promise<boolean> {
  const result = await db.updateTable('aro_letters').set({ file_id: fileId }).where('id', '=', letterId).where('file_id', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
