import type { Kysely } from 'kysely';
import type { BankAddress } from '../../contract/geography';
import type { Database, NewUser, UserRow, UserUpdate } from '../platform/db/schema';
import { findBankAddress, NO_BANK_ADDRESS } from './bank-repository';

export interface UserWithBank extends UserRow {
  bank_name: string;
  bank_logo_file_id: string | null;
  /** The bank's street line and the areas picked for it, with their names. */
  bank_address: BankAddress;
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
  const row = await db
    .selectFrom('users')
    .innerJoin('banks', 'banks.id', 'users.bank_id')
    .selectAll('users')
    .select(['banks.name as bank_name', 'banks.logo_file_id as bank_logo_file_id'])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const address = await findBankAddress(db, row.bank_id);
  return { ...row, bank_address: address ?? NO_BANK_ADDRESS };
}

export async function updateUser(db: Kysely<Database>, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** What a request's session check needs, in one query: the user's state and whether the token was logged out. */
export async function findSessionState(
  db: Kysely<Database>,
  userId: string,
  jti: string,
): Promise<{ role: UserRow['role']; active: number; session_version: number; revoked: boolean } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['role', 'active', 'session_version'])
    .select((eb) => eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)).as('revoked'))
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? { role: row.role, active: Number(row.active), session_version: Number(row.session_version), revoked: Boolean(Number(row.revoked)) } : undefined;
}

/** Ends every session issued so far: tokens carry the version they were issued under. */
export async function raiseSessionVersion(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}
