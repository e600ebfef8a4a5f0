import type { Kysely } from 'kysely';
import type { BilyetRow, Database } from '../platform/db/schema';

type Db = Kysely<Database>;

export async function findBilyet(db: Db, depositId: string): Promise<BilyetRow | undefined> {
  return db.selectFrom('bilyets').selectAll().where('deposit_id', '=', depositId).executeTakeFirst();
}

/** Writes the row unless the deposit has one (two first prints at once: the key decides, no 500). */
export async function insertBilyet(db: Db, row: BilyetRow): Promise<void> {
  await db.insertInto('bilyets').values(row).onConflict((oc) => oc.column('deposit_id').doNothing()).execute();
}

export async function updateBilyet(db: Db, depositId: string, changes: Partial<Omit<BilyetRow, 'deposit_id' | 'bank_id' | 'verification_code'>>): Promise<void> {
  await db.updateTable('bilyets').set(changes).where('deposit_id', '=', depositId).execute();
}

/**
 * True when the bank has never given this number to a paper (issued on any deposit, lost ones
 * included, or printed and awaiting issue) other than `depositId`'s own printed one.
 */
export async function bilyetNumberIsFree(db: Db, bankId: string, number: string, depositId?: string): Promise<boolean> {
  const row = await db.selectFrom('bilyet_numbers').select(['deposit_id', 'issued_at']).where('bank_id', '=', bankId).where('number', '=', number).executeTakeFirst();
  return row === undefined || (depositId !== undefined && row.deposit_id === depositId && row.issued_at === null);
}

/** Records a number given to a paper; false when another request took it first (the primary key). */
export async function claimBilyetNumber(
  db: Db,
  row: { bank_id: string; number: string; deposit_id: string; verification_code: string; issued_at: string | null; printed_at?: string | null },
): Promise<boolean> {
  const result = await db.insertInto('bilyet_numbers').values(row).onConflict((oc) => oc.columns(['bank_id', 'number']).doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The paper printed for a deposit's next issue whose scan is not uploaded yet (at most one). */
export async function findPrintedNumber(db: Db, depositId: string): Promise<{ number: string; verification_code: string; printed_at: string | null } | undefined> {
  return db.selectFrom('bilyet_numbers').select(['number', 'verification_code', 'printed_at']).where('deposit_id', '=', depositId).where('issued_at', 'is', null).executeTakeFirst();
}

/** A printed paper replaced by another print before its upload: its number is free again and its QR unknown. */
export async function releasePrintedNumber(db: Db, depositId: string): Promise<void> {
  await db.deleteFrom('bilyet_numbers').where('deposit_id', '=', depositId).where('issued_at', 'is', null).execute();
}

/** The upload of the printed paper's scan: the printed number becomes the issued one; false when there was none. */
export async function issuePrintedNumber(db: Db, row: { bank_id: string; number: string; deposit_id: string; verification_code: string; issued_at: string }): Promise<boolean> {
  const result = await db
    .updateTable('bilyet_numbers')
    .set({ issued_at: row.issued_at })
    .where('bank_id', '=', row.bank_id)
    .where('number', '=', row.number)
    .where('deposit_id', '=', row.deposit_id)
    .where('verification_code', '=', row.verification_code)
    .where('issued_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** True when a code was ever given to an issued paper (a print's code is not, until its upload). */
export async function verificationCodeIsBound(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('bilyet_numbers').select('number').where('verification_code', '=', code).where('issued_at', 'is not', null).executeTakeFirst()) !== undefined;
}

/** The public verification: the printed or issued paper behind a code, with what the verification page may show. */
export async function findIssuedBilyetByCode(db: Db, code: string) {
  return db
    .selectFrom('bilyet_numbers as n')
    .innerJoin('deposits as d', 'd.id', 'n.deposit_id')
    .innerJoin('banks as k', 'k.id', 'd.bank_id')
    .select(['n.number', 'n.issued_at', 'd.bilyet_number as current_number', 'd.bilyet_status', 'd.status', 'd.customer_name', 'd.amount', 'd.maturity_date', 'd.hold_label', 'k.name as bank_name'])
    .where('n.verification_code', '=', code)
    .executeTakeFirst();
}
