import type { Kysely } from 'kysely';
import type { BankAddress } from '../../contract/geography';
import type { BankRow, Database, NewBank } from '../platform/db/schema';

export async function insertBank(db: Kysely<Database>, bank: NewBank): Promise<void> {
  await db.insertInto('banks').values(bank).execute();
}

export async function findBankById(db: Kysely<Database>, id: string): Promise<BankRow | undefined> {
  return db.selectFrom('banks').selectAll().where('id', '=', id).executeTakeFirst();
}

export const NO_BANK_ADDRESS: BankAddress = {
  street: null,
  provinceId: null,
  province: null,
  cityId: null,
  city: null,
  districtId: null,
  district: null,
  villageId: null,
  village: null,
  zipCode: null,
};

/** The bank's street line and picked areas with their names, in one query. */
export async function findBankAddress(db: Kysely<Database>, bankId: string): Promise<BankAddress | undefined> {
  return db
    .selectFrom('banks')
    .leftJoin('geo_provinces as gp', 'gp.id', 'banks.province_id')
    .leftJoin('geo_cities as gc', 'gc.id', 'banks.city_id')
    .leftJoin('geo_districts as gd', 'gd.id', 'banks.district_id')
    .leftJoin('geo_villages as gv', 'gv.id', 'banks.village_id')
    .select([
      'banks.address as street',
      'banks.province_id as provinceId',
      'gp.name as province',
      'banks.city_id as cityId',
      'gc.name as city',
      'banks.district_id as districtId',
      'gd.name as district',
      'banks.village_id as villageId',
      'gv.name as village',
      'banks.zip_code as zipCode',
    ])
    .where('banks.id', '=', bankId)
    .executeTakeFirst();
}

export async function findBankByName(db: Kysely<Database>, name: string): Promise<BankRow | undefined> {
  return db.selectFrom('banks').selectAll().where('name', '=', name).orderBy('created_at').executeTakeFirst();
}

export async function setBankLogo(db: Kysely<Database>, bankId: string, fileId: string, now: string): Promise<void> {
  await db.updateTable('banks').set({ logo_file_id: fileId, updated_at: now }).where('id', '=', bankId).execute();
}

/** The street line (when given) and the picked areas (when given, all five together). */
export async function setBankAddress(
  db: Kysely<Database>,
  bankId: string,
  change: { street: string | undefined; picked: { provinceId: string | null; cityId: string | null; districtId: string | null; villageId: string | null; zipCode: string | null } | null },
  now: string,
): Promise<void> {
  const { street, picked } = change;
  await db
    .updateTable('banks')
    .set({
      ...(street !== undefined ? { address: street } : {}),
      ...(picked
        ? { province_id: picked.provinceId, city_id: picked.cityId, district_id: picked.districtId, village_id: picked.villageId, zip_code: picked.zipCode }
        : {}),
      updated_at: now,
    })
    .where('id', '=', bankId)
    .execute();
}

export async function countBanks(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('banks').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
