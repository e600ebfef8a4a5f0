import type { Insertable, Kysely } from 'kysely';
import type { Database, DepositImportsTable } from '../platform/db/schema';
import { partialIndexValue } from '../platform/db/partial-index';

/**
 * The import's reads and its deposits' own rows; every area writes its rows in bulk through
 * platform/db/bulk-inserts.ts (multi-row INSERTs inside the caller's transaction).
 */

type Db = Kysely<Database>;

const IN_LIST = 500;

/** Runs `read` on `values` in IN lists of at most IN_LIST and gathers the answers. */
async function inLists<V, R>(values: readonly V[], read: (part: V[]) => Promise<R[]>): Promise<R[]> {
  const found: R[] = [];
  for (let from = 0; from < values.length; from += IN_LIST) found.push(...(await read(values.slice(from, from + IN_LIST))));
  return found;
}

/** Which of these deposit numbers this bank already has. */
export async function existingDepositNumbers(db: Db, bankId: string, numbers: readonly string[]): Promise<Set<string>> {
  const rows = await inLists(numbers, (part) => db.selectFrom('deposits').select('deposit_number').where('bank_id', '=', bankId).where('deposit_number', 'in', part).execute());
  return new Set(rows.map((row) => row.deposit_number));
}

/** Which of these bilyet numbers this bank already issued (to a deposit or in its register). */
export async function existingBilyetNumbers(db: Db, bankId: string, numbers: readonly string[]): Promise<Set<string>> {
  const [onDeposits, issued] = await Promise.all([
    inLists(numbers, (part) => db.selectFrom('deposits').select('bilyet_number as number').where('bank_id', '=', bankId).where('bilyet_number', 'in', part).execute()),
    inLists(numbers, (part) => db.selectFrom('bilyet_numbers').select('number').where('bank_id', '=', bankId).where('number', 'in', part).execute()),
  ]);
  return new Set([...onDeposits, ...issued].map((row) => row.number!));
}

/** The customers these NIKs (individuals) and NPWPs (entities) already name at this bank. */
export async function customersByIdentity(db: Db, bankId: string, niks: readonly string[], npwps: readonly string[]) {
  const [individuals, entities] = await Promise.all([
    inLists(niks, (part) => db.selectFrom('customers').select(['id', 'name', 'nik', 'npwp', 'kind']).where('bank_id', '=', bankId).where('kind', '=', partialIndexValue('INDIVIDUAL')).where('nik', 'in', part).execute()),
    inLists(npwps, (part) => db.selectFrom('customers').select(['id', 'name', 'nik', 'npwp', 'kind']).where('bank_id', '=', bankId).where('kind', '=', partialIndexValue('ENTITY')).where('npwp', 'in', part).execute()),
  ]);
  return [...individuals, ...entities];
}

/** The bank's products as the import looks them up (by code or name). */
export async function productsOfBank(db: Db, bankId: string) {
  return db.selectFrom('products').select(['id', 'code', 'name']).where('bank_id', '=', bankId).execute();
}

export async function insertImport(db: Db, row: Insertable<DepositImportsTable>): Promise<void> {
  await db.insertInto('deposit_imports').values(row).execute();
}

/** A page of the bank's imports, newest first, with the name of the admin who committed each. */
export async function listImports(db: Db, bankId: string, page: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('deposit_imports')
      .leftJoin('users', 'users.id', 'deposit_imports.created_by')
      .select(['deposit_imports.id', 'deposit_imports.file_name', 'deposit_imports.rows', 'deposit_imports.principal', 'deposit_imports.cut_over_date', 'deposit_imports.created_at', 'users.name as by_name'])
      .where('deposit_imports.bank_id', '=', bankId)
      .orderBy('deposit_imports.created_at', 'desc')
      .orderBy('deposit_imports.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db.selectFrom('deposit_imports').select((eb) => eb.fn.countAll<number>().as('total')).where('bank_id', '=', bankId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
