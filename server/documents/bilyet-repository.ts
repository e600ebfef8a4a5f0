import type { Kysely } from 'kysely';
import type { BilyetRow, Database } from '../platform/db/schema';
import { isUniqueViolation } from '../platform/db/unique-violation';

type Db = Kysely<Database>;

export async function findBilyet(db: Db, depositId: string): Promise<BilyetRow | undefined> {
  return db.selectFrom('bilyets').selectAll().where('deposit_id', '=', depositId).executeTakeFirst();
}

export async function findBilyetsOfDeposits(db: Db, depositIds: string[]): Promise<BilyetRow[]> {
  if (depositIds.length === 0) return [];
  return db.selectFrom('bilyets').selectAll().where('deposit_id', 'in', depositIds).execute();
}

/** Inserts the deposit's bilyet row; false when another request inserted it first (its primary key). */
export async function insertBilyet(db: Db, row: BilyetRow): Promise<boolean> {
  try {
    await db.insertInto('bilyets').values(row).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error, /bilyets_pkey|bilyets\.deposit_id/)) return false;
    throw error;
  }
}

export async function updateBilyet(db: Db, depositId: string, changes: Partial<Omit<BilyetRow, 'deposit_id' | 'bank_id' | 'verification_code'>>): Promise<void> {
  await db.updateTable('bilyets').set(changes).where('deposit_id', '=', depositId).execute();
}

/** True when the bank has never issued this number (on any deposit, lost ones included). */
export async function bilyetNumberIsFree(db: Db, bankId: string, number: string): Promise<boolean> {
  const row = await db.selectFrom('bilyet_numbers').select('number').where('bank_id', '=', bankId).where('number', '=', number).executeTakeFirst();
  return row === undefined;
}

/** Records an issued number; false when another request took it first (the primary key). */
export async function claimBilyetNumber(db: Db, row: { bank_id: string; number: string; deposit_id: string; verification_code: string; issued_at: string }): Promise<boolean> {
  const result = await db.insertInto('bilyet_numbers').values(row).onConflict((oc) => oc.columns(['bank_id', 'number']).doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** True when a code was ever given to an issued paper (a print's fresh code is not, until its upload). */
export async function verificationCodeIsBound(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('bilyet_numbers').select('number').where('verification_code', '=', code).executeTakeFirst()) !== undefined;
}

/** The public verification: the issued paper behind a code, with what the verification page may show. */
export async function findIssuedBilyetByCode(db: Db, code: string) {
  return db
    .selectFrom('bilyet_numbers as n')
    .innerJoin('deposits as d', 'd.id', 'n.deposit_id')
    .innerJoin('banks as k', 'k.id', 'd.bank_id')
    .select(['n.number', 'd.bilyet_number as current_number', 'd.bilyet_status', 'd.status', 'd.customer_name', 'd.amount', 'd.maturity_date', 'k.name as bank_name'])
    .where('n.verification_code', '=', code)
    .executeTakeFirst();
}
