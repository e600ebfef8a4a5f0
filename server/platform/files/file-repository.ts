import type { Kysely } from 'kysely';
import type { Database, StoredFileRow } from '../db/schema';

export async function insertStoredFile(db: Kysely<Database>, file: StoredFileRow): Promise<void> {
  await db.insertInto('stored_files').values(file).execute();
}

export async function findStoredFile(db: Kysely<Database>, id: string): Promise<StoredFileRow | undefined> {
  return db.selectFrom('stored_files').selectAll().where('id', '=', id).executeTakeFirst();
}
