import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../platform/db/schema';

export interface UserWithBank extends UserRow {
  bank_name: string;
  bank_logo_file_id: string | null;
  /** The bank's street line and the areas picked for it, with their names (null where none). */
  bank_address: string | null;
  bank_province_id: string | null;
  bank_province: string | null;
  bank_city_id: string | null;
  bank_city: string | null;
  bank_district_id: string | null;
  bank_district: string | null;
  bank_village_id: string | null;
  bank_village: string | null;
  bank_zip_code: string | null;
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
    // The areas' names in the same query: the profile answers on every page load and login.
    .leftJoin('geo_provinces as gp', 'gp.id', 'banks.province_id')
    .leftJoin('geo_cities as gc', 'gc.id', 'banks.city_id')
    .leftJoin('geo_districts as gd', 'gd.id', 'banks.district_id')
    .leftJoin('geo_villages as gv', 'gv.id', 'banks.village_id')
    .selectAll('users')
    .select([
      'banks.name as bank_name',
      'banks.logo_file_id as bank_logo_file_id',
      'banks.address as bank_address',
      'banks.province_id as bank_province_id',
      'gp.name as bank_province',
      'banks.city_id as bank_city_id',
      'gc.name as bank_city',
      'banks.district_id as bank_district_id',
      'gd.name as bank_district',
      'banks.village_id as bank_village_id',
      'gv.name as bank_village',
      'banks.zip_code as bank_zip_code',
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
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
