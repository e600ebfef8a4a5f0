import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../platform/db/schema';

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

export interface LoginFailureColumns {
  failed_login_count: number;
  failed_login_window_start: string | null;
  locked_until: string | null;
}

/**
 * Writes new failure counters only if the stored ones are still `expected` (compare-and-set), so
 * concurrent failed logins cannot overwrite each other's count; false means read again and retry.
 */
export async function replaceLoginFailures(db: Kysely<Database>, id: string, expected: LoginFailureColumns, next: LoginFailureColumns): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(next)
    .where('id', '=', id)
    .where('failed_login_count', '=', expected.failed_login_count)
    .where((eb) =>
      expected.failed_login_window_start === null
        ? eb('failed_login_window_start', 'is', null)
        : eb('failed_login_window_start', '=', expected.failed_login_window_start),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
