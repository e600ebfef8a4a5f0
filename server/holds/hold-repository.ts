import { sql, type Kysely } from 'kysely';
import type { HoldReason, HoldStatus } from '../../contract/holds';
import type { Database, HoldRow, HoldsTable } from '../platform/db/schema';
import type { Insertable, Updateable } from 'kysely';
import { containsPattern } from '../platform/db/like';

type Db = Kysely<Database>;

/** A hold with what its lists show of the deposit and the names of who acted. */
export interface HoldWithDeposit extends HoldRow {
  deposit_number: string;
  customer_name: string;
  bilyet_number: string | null;
  placed_by_name: string | null;
  release_requested_by_name: string | null;
  released_by_name: string | null;
}

function holdsWithDeposit(db: Db) {
  return db
    .selectFrom('holds as h')
    .innerJoin('deposits as d', 'd.id', 'h.deposit_id')
    .leftJoin('users as p', 'p.id', 'h.placed_by')
    .leftJoin('users as r', 'r.id', 'h.release_requested_by')
    .leftJoin('users as x', 'x.id', 'h.released_by')
    .selectAll('h')
    .select(['d.deposit_number', 'd.customer_name', 'd.bilyet_number', 'p.name as placed_by_name', 'r.name as release_requested_by_name', 'x.name as released_by_name']);
}

export async function insertHold(db: Db, row: Insertable<HoldsTable>): Promise<void> {
  await db.insertInto('holds').values(row).execute();
}

export async function findHold(db: Db, bankId: string, holdId: string): Promise<HoldRow | undefined> {
  return db.selectFrom('holds').selectAll().where('id', '=', holdId).where('bank_id', '=', bankId).executeTakeFirst();
}

/** Any bank's hold (the daily job's expiry). */
export async function findHoldById(db: Db, holdId: string): Promise<HoldRow | undefined> {
  return db.selectFrom('holds').selectAll().where('id', '=', holdId).executeTakeFirst();
}

export async function findHoldView(db: Db, bankId: string, holdId: string): Promise<HoldWithDeposit | undefined> {
  return holdsWithDeposit(db).where('h.id', '=', holdId).where('h.bank_id', '=', bankId).executeTakeFirst();
}

/** Compare-and-set on `version`: false when someone else changed the hold meanwhile. */
export async function saveHold(db: Db, expected: Pick<HoldRow, 'id' | 'version'>, changes: Omit<Updateable<HoldsTable>, 'id' | 'version'>): Promise<boolean> {
  const result = await db
    .updateTable('holds')
    .set({ ...changes, version: expected.version + 1 })
    .where('id', '=', expected.id)
    .where('version', '=', expected.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The deposit's holds still in force, oldest first: the first names the deposit's refusals. */
export async function holdsInForceOf(db: Db, depositId: string, statuses: readonly HoldStatus[]): Promise<HoldRow[]> {
  return db.selectFrom('holds').selectAll().where('deposit_id', '=', depositId).where('status', 'in', statuses).orderBy('placed_at').orderBy('id').execute();
}

/** Every hold of a deposit, newest first (its page). */
export async function listHoldsOfDeposit(db: Db, bankId: string, depositId: string): Promise<HoldWithDeposit[]> {
  return holdsWithDeposit(db).where('h.deposit_id', '=', depositId).where('h.bank_id', '=', bankId).orderBy('h.placed_at', 'desc').orderBy('h.id', 'desc').execute();
}

interface HoldFilters {
  bankId: string;
  status?: HoldStatus | undefined;
  reason?: HoldReason | undefined;
  depositId?: string | undefined;
  q?: string | undefined;
}

function matching(db: Db, filters: HoldFilters) {
  let query = holdsWithDeposit(db).where('h.bank_id', '=', filters.bankId);
  if (filters.status) query = query.where('h.status', '=', filters.status);
  if (filters.reason) query = query.where('h.reason', '=', filters.reason);
  if (filters.depositId) query = query.where('h.deposit_id', '=', filters.depositId);
  const q = filters.q?.trim().toLowerCase();
  if (q) {
    const like = containsPattern(q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(h.reference)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(d.deposit_number)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(d.customer_name)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(coalesce(d.bilyet_number, ''))`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** A page of the bank's holds, newest first. */
export async function listHolds(db: Db, filters: HoldFilters, page: number, limit: number): Promise<{ rows: HoldWithDeposit[]; total: number }> {
  const counted = await matching(db, filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.total);
  const rows = await matching(db, filters)
    .orderBy('h.placed_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { rows, total };
}

/** How many holds of each status match the filters other than status (the list's tabs). */
export async function countHoldsByStatus(db: Db, filters: Omit<HoldFilters, 'status'>): Promise<Record<HoldStatus, number>> {
  const rows = await matching(db, filters)
    .clearSelect()
    .select(['h.status', (eb) => eb.fn.countAll<number | string>().as('total')])
    .groupBy('h.status')
    .execute();
  const counts: Record<HoldStatus, number> = { active: 0, releaseRequested: 0, released: 0 };
  for (const row of rows) counts[row.status] = Number(row.total);
  return counts;
}

/** Holds in force whose end date has come by `today`, across banks (the daily job). */
export async function listHoldsEnding(db: Db, today: string, statuses: readonly HoldStatus[]): Promise<HoldRow[]> {
  return db
    .selectFrom('holds')
    .selectAll()
    .where('status', 'in', statuses)
    .where('until', 'is not', null)
    .where('until', '<=', today)
    .orderBy('until')
    .orderBy('id')
    .execute();
}
