import type { Kysely } from 'kysely';
import type { BankRow, Database, NewBank } from '../platform/db/schema';

export async function insertBank(db: Kysely<Database>, bank: NewBank): Promise<void> {
  await db.insertInto('banks').values(bank).execute();
}

export async function findBankById(db: Kysely<Database>, id: string): Promise<BankRow | undefined> {
  return db.selectFrom('banks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findBankByName(db: Kysely<Database>, name: string): Promise<BankRow | undefined> {
  return db.selectFrom('banks').selectAll().where('name', '=', name).orderBy('created_at').executeTakeFirst();
}

export async function setBankLogo(db: Kysely<Database>, bankId: string, fileId: string, now: string): Promise<void> {
  await db.updateTable('banks').set({ logo_file_id: fileId, updated_at: now }).where('id', '=', bankId).execute();
}

export async function countBanks(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('banks').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
