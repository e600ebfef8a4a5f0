import type { Kysely } from 'kysely';
import type { Database, DocumentRow } from '../platform/db/schema';

type Db = Kysely<Database>;

export interface DocumentWithUploader extends DocumentRow {
  uploader_name: string | null;
}

export async function insertDocument(db: Db, row: DocumentRow): Promise<void> {
  await db.insertInto('documents').values(row).execute();
}

const withUploader = (db: Db) =>
  db.selectFrom('documents as d').leftJoin('users as u', 'u.id', 'd.uploaded_by').selectAll('d').select('u.name as uploader_name');

/** A deposit's documents, newest first. */
export async function listDocumentsOfDeposit(db: Db, bankId: string, depositId: string): Promise<DocumentWithUploader[]> {
  return withUploader(db).where('d.bank_id', '=', bankId).where('d.deposit_id', '=', depositId).orderBy('d.uploaded_at', 'desc').orderBy('d.id', 'desc').execute();
}

/** A customer's documents: those filed on the customer and those of their deposits, newest first. */
export async function listDocumentsOfCustomer(db: Db, bankId: string, customerId: string): Promise<DocumentWithUploader[]> {
  return withUploader(db)
    .where('d.bank_id', '=', bankId)
    .where((eb) => eb.or([eb('d.customer_id', '=', customerId), eb('d.deposit_id', 'in', eb.selectFrom('deposits').select('id').where('customer_id', '=', customerId).where('bank_id', '=', bankId))]))
    .orderBy('d.uploaded_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

/** One document of this bank (another bank's is "not found"). */
export async function findDocumentOfBank(db: Db, bankId: string, documentId: string): Promise<DocumentWithUploader | undefined> {
  return withUploader(db).where('d.bank_id', '=', bankId).where('d.id', '=', documentId).executeTakeFirst();
}

export async function findDocumentsByIds(db: Db, ids: string[]): Promise<DocumentWithUploader[]> {
  if (ids.length === 0) return [];
  return withUploader(db).where('d.id', 'in', ids).execute();
}

/** The documents holding these stored files (an ARO letter names its file). */
export async function findDocumentsByFileIds(db: Db, bankId: string, fileIds: string[]): Promise<DocumentWithUploader[]> {
  if (fileIds.length === 0) return [];
  return withUploader(db).where('d.bank_id', '=', bankId).where('d.file_id', 'in', fileIds).execute();
}
