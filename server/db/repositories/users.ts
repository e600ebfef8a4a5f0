import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../schema';

export interface UserWithBank extends UserRow {
  bank_name: string;
  bank_logo_file_id: string | null;
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserWithBank(db: Kysely<Database>, id: string): Promise<UserWithBank | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('banks', 'banks.id', 'users.bank_id')
    .selectAll('users')
    .select(['banks.name as bank_name', 'banks.logo_file_id as bank_logo_file_id'])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export async function updateUser(db: Kysely<Database>, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}
