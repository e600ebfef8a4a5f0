import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DocumentWorkFilter } from '../../machines/document-work';
import { heldStatuses } from '../../machines/deposit';
import { depositStatusSchema, type DepositStatus, type ShipmentStatus } from '../../contract/deposit';
import { isSqlite } from '../platform/db/dialect';
import { escapeLike } from '../platform/db/like';
import { insertOrHoldBack } from '../platform/db/held-back-inserts';
import { insertInChunks } from '../platform/db/bulk-inserts';
import type { Database, DepositPeriodRow, DepositRow, DepositUpdate, NewDeposit, NewDepositPeriod } from '../platform/db/schema';

/**
 * Deposits: one row per deposit with its current period, plus `deposit_status_counts`.
 *
 * Every write that creates a deposit or changes its status goes through `insertDeposit` or
 * `saveDeposit`, which move the per-(bank, status) counter in the same transaction — so the
 * status tabs and the list's total are a primary-key read instead of a count over a million rows.
 * Bulk loaders that insert rows directly (benchmarks, demo data) call `rebuildStatusCounts` after.
 */

export const DEPOSIT_STATUSES: readonly DepositStatus[] = depositStatusSchema.options;

/** Statuses whose principal counts as "active" for the tax threshold (DOMAIN.md "Tax"). */
export const TAX_ACTIVE_STATUSES: readonly DepositStatus[] = ['active', 'breakRequested'];
/** Statuses whose principal the bank still holds, for the LPS ceiling. */
export const HELD_STATUSES: readonly DepositStatus[] = heldStatuses;

type Db = Kysely<Database>;

/** Counter moves held back for one write (statusCountsHeldBack), by bank and status. */
export type StatusCountMoves = Map<string, { bankId: string; status: DepositStatus; delta: number }>;

const heldBack = new AsyncLocalStorage<StatusCountMoves>();

export async function adjustStatusCount(db: Db, bankId: string, status: DepositStatus, delta: number): Promise<void> {
  const moves = heldBack.getStore();
  if (moves) {
    const key = `${bankId}\u0000${status}`;
    const move = moves.get(key) ?? { bankId, status, delta: 0 };
    move.delta += delta;
    moves.set(key, move);
    return;
  }
  await writeStatusCount(db, bankId, status, delta);
}

async function writeStatusCount(db: Db, bankId: string, status: DepositStatus, delta: number): Promise<void> {
  await db
    .insertInto('deposit_status_counts')
    .values({ bank_id: bankId, status, total: delta })
    .onConflict((oc) => oc.columns(['bank_id', 'status']).doUpdateSet((eb) => ({ total: eb('deposit_status_counts.total', '+', delta) })))
    .execute();
}

/**
 * Runs `work` with the status-counter moves it makes collected into `moves` instead of written.
 * The caller writes them with writeStatusCounts in the same transaction before it commits: the
 * daily job's groups write one move per (bank, status) instead of two statements per deposit that
 * changes status, and hold the counter rows' locks only for the end of the transaction. Nothing
 * in that transaction reads the counters in between.
 */
export function statusCountsHeldBack<T>(moves: StatusCountMoves, work: () => Promise<T>): Promise<T> {
  return heldBack.run(moves, work);
}

/** Adds `from`'s moves into `into` (a deposit's moves join its group's once its savepoint is released). */
export function mergeStatusCountMoves(into: StatusCountMoves, from: StatusCountMoves): void {
  for (const [key, move] of from) {
    const total = into.get(key) ?? { ...move, delta: 0 };
    total.delta += move.delta;
    into.set(key, total);
  }
}

/** Writes held-back moves, in (bank, status) order — the order saveDeposit locks them in, so no deadlock. */
export async function writeStatusCounts(db: Db, moves: StatusCountMoves): Promise<void> {
  const ordered = [...moves.values()].sort((a, b) => (a.bankId === b.bankId ? (a.status < b.status ? -1 : 1) : a.bankId < b.bankId ? -1 : 1));
  for (const move of ordered) if (move.delta !== 0) await writeStatusCount(db, move.bankId, move.status, move.delta);
}

/** Inserts a deposit and counts it under its status (call inside the caller's transaction). */
export async function insertDeposit(db: Db, deposit: NewDeposit): Promise<void> {
  await insertInChunks(db, 'deposits', [deposit]);
  await adjustStatusCount(db, deposit.bank_id, deposit.status, 1);
}

/** True when this bank already has a deposit under this number. */
export async function depositNumberTaken(db: Db, bankId: string, depositNumber: string): Promise<boolean> {
  return (await db.selectFrom('deposits').select('id').where('bank_id', '=', bankId).where('deposit_number', '=', depositNumber).executeTakeFirst()) !== undefined;
}

/** Recounts the status counters from the rows (after a bulk load that bypassed insertDeposit). */
export async function rebuildStatusCounts(db: Db, bankId?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let del = trx.deleteFrom('deposit_status_counts');
    if (bankId) del = del.where('bank_id', '=', bankId);
    await del.execute();
    let select = trx.selectFrom('deposits').select(['bank_id', 'status', (eb) => eb.fn.countAll<number>().as('total')]).groupBy(['bank_id', 'status']);
    if (bankId) select = select.where('bank_id', '=', bankId);
    const rows = await select.execute();
    if (rows.length > 0) {
      await trx
        .insertInto('deposit_status_counts')
        .values(rows.map((row) => ({ bank_id: row.bank_id, status: row.status, total: Number(row.total) })))
        .execute();
    }
  });
}

/** A deposit of this bank (another bank's deposit is "not found", never "forbidden"). */
export async function findDeposit(db: Db, bankId: string, id: string): Promise<DepositRow | undefined> {
  return db.selectFrom('deposits').selectAll().where('id', '=', id).where('bank_id', '=', bankId).executeTakeFirst();
}

/** Deposits of this bank by id (others' ids are simply absent), in no particular order. */
export async function findDeposits(db: Db, bankId: string, ids: readonly string[]): Promise<DepositRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('deposits').selectAll().where('bank_id', '=', bankId).where('id', 'in', [...new Set(ids)]).execute();
}

/** Any bank's deposit: for the daily job, which works across banks. */
/** The deposit a partner placed under its own reference (deposits.channel is the partner's code). */
export async function findDepositByPartnerReference(db: Db, channel: string, partnerReferenceNo: string): Promise<DepositRow | undefined> {
  return db.selectFrom('deposits').selectAll().where('channel', '=', channel).where('partner_reference_no', '=', partnerReferenceNo).executeTakeFirst();
}

/** How many of a deposit's installments there are and how many are paid (cancelled ones left out). */
export async function installmentProgress(db: Db, depositId: string): Promise<{ paid: number; total: number }> {
  const rows = await db.selectFrom('interest_installments').select(['status']).where('deposit_id', '=', depositId).where('status', '!=', 'cancelled').execute();
  return { paid: rows.filter((row) => row.status === 'paid').length, total: rows.length };
}

export async function findDepositById(db: Db, id: string): Promise<DepositRow | undefined> {
  return db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Writes `changes` only if the row still has `expected.version` (compare-and-set) and bumps the
 * version; moves the status counter when the status changes. False = someone else changed the
 * deposit since it was read: nothing is written and the caller answers 409. Inside a transaction
 * on PostgreSQL a concurrent writer waits for the row lock and then finds the version moved.
 */
export async function saveDeposit(
  db: Db,
  expected: Pick<DepositRow, 'id' | 'bank_id' | 'status' | 'version'>,
  changes: Omit<DepositUpdate, 'id' | 'bank_id' | 'version'>,
): Promise<boolean> {
  const result = await db
    .updateTable('deposits')
    .set({ ...changes, version: expected.version + 1 })
    .where('id', '=', expected.id)
    .where('version', '=', expected.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (changes.status !== undefined && changes.status !== expected.status) {
    // Always lock the two counter rows in one (alphabetical) order: two transitions moving in
    // opposite directions (active → breakRequested and back) can then never deadlock on PostgreSQL.
    const moves: Array<[DepositStatus, number]> = [
      [expected.status, -1],
      [changes.status, 1],
    ];
    moves.sort(([a], [b]) => (a < b ? -1 : 1));
    for (const [status, delta] of moves) await adjustStatusCount(db, expected.bank_id, status, delta);
  }
  return true;
}

const writePeriods = async (db: Db, periods: NewDepositPeriod[]) => {
  await insertInChunks(db, 'deposit_periods', periods);
};

/** Inserts a period (held back to its group's commit in the daily job: platform/db/held-back-inserts.ts). */
export async function insertPeriod(db: Db, period: NewDepositPeriod): Promise<void> {
  await insertOrHoldBack(db, [period], writePeriods);
}

/** Rewrites the first period after the value date moved (changeDate before activation). */
export async function updatePeriod(db: Db, depositId: string, periodNumber: number, changes: Partial<Pick<DepositPeriodRow, 'period_start' | 'maturity_date'>>): Promise<void> {
  await db.updateTable('deposit_periods').set(changes).where('deposit_id', '=', depositId).where('period_number', '=', periodNumber).execute();
}

export async function listPeriods(db: Db, depositId: string): Promise<DepositPeriodRow[]> {
  return db.selectFrom('deposit_periods').selectAll().where('deposit_id', '=', depositId).orderBy('period_number').execute();
}

// --- Lists and counts ------------------------------------------------------------------------

export interface DepositFilters {
  bankId: string;
  status?: DepositStatus | undefined;
  /** Customer name or deposit number (contains), or NIK (prefix); case-insensitive. */
  q?: string | undefined;
  productId?: string | undefined;
  /** Value date (deposit_date) range, inclusive. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** The sortable columns: each has a (bank_id, col, id) and a (bank_id, status, col, id) index. */
export const DEPOSIT_SORT_COLUMNS = {
  createdAt: 'created_at',
  depositDate: 'deposit_date',
  maturityDate: 'maturity_date',
  amount: 'amount',
} as const;
export type DepositSortField = keyof typeof DEPOSIT_SORT_COLUMNS;

interface DepositSort {
  field: DepositSortField;
  direction: 'asc' | 'desc';
}

interface MatchingOptions {
  withStatus: boolean;
  /**
   * SQLite: find `q` through the trigram table (migration 0003) instead of reading the bank's
   * deposits. Worth it when the query runs once (counts, one page): it costs about one row read
   * per match, however many rows are asked for. A keyset walk re-running the query per batch
   * (the Excel export) would pay that per batch — matches × batches, minutes for a `q` that most
   * deposits match ("DEP-") — so it stays off there by default. PostgreSQL's planner picks its
   * indexes itself and ignores this.
   */
  searchIndex?: boolean;
}

/**
 * The list's WHERE over `deposits` (bank, status, product, value-date range, and q: customer name
 * or deposit number containing it, or NIK starting with it; case-insensitive). Exported so the
 * Excel export of the list selects exactly the same rows.
 */
export function depositsMatching(db: Db, filters: DepositFilters, options: MatchingOptions = { withStatus: true }) {
  let query = db.selectFrom('deposits').where('bank_id', '=', filters.bankId);
  if (options.withStatus && filters.status) query = query.where('status', '=', filters.status);
  if (filters.productId) query = query.where('product_id', '=', filters.productId);
  if (filters.dateFrom) query = query.where('deposit_date', '>=', filters.dateFrom);
  if (filters.dateTo) query = query.where('deposit_date', '<=', filters.dateTo);
  const match = depositSearchCondition(db, filters.q, { table: 'deposits', searchIndex: options.searchIndex ?? false });
  if (match) query = query.where(match);
  return query;
}

/**
 * The deposit search `q` as a condition on the deposits table named `table` (its name or alias in
 * the caller's FROM), for lists of other rows joined to their deposit (bunga bulanan, pencairan):
 * the same meaning and the same indexes as the deposit list's. Null when `q` is blank. With
 * `searchIndex` (SQLite only; see MatchingOptions) the trigram table narrows the deposits first.
 */
export function depositSearchCondition(db: Db, q: string | undefined, options: { table: string; searchIndex: boolean }) {
  const needle = q?.trim().toLowerCase();
  return needle ? searchMatches(db, needle, options.searchIndex, options.table) : null;
}

/** FTS5's trigram tokenizer indexes every 3 characters: a shorter query has no trigram to look up. */
const TRIGRAM_LENGTH = 3;

/**
 * `q` (already lowercased): customer name or deposit number containing it, or NIK starting with
 * it; `%` and `_` typed by staff are plain characters. The LIKE below is the meaning on both
 * dialects. PostgreSQL answers it from the pg_trgm and NIK indexes itself (migration 0003).
 * SQLite cannot, so there the rows are first narrowed by indexes — the trigram table
 * `deposits_search` for name and number, the customer_nik NOCASE index for the NIK —
 * and the same LIKE then decides: the trigram match folds Unicode case where SQLite's lower() folds
 * only ASCII, so it may offer a row the LIKE refuses, never miss one. A query of one or two
 * characters has no trigram: it reads the bank's deposits as before.
 */
function searchMatches(db: Db, q: string, searchIndex: boolean, table: string) {
  // PostgreSQL text cannot hold U+0000 (it rejects the parameter) and FTS5 ends its query at one.
  if (q.includes('\u0000')) return sql<boolean>`1 = 0`;
  const contains = `%${escapeLike(q)}%`;
  const prefix = `${escapeLike(q)}%`;
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const nik = sql<boolean>`${column('customer_nik')} like ${prefix} escape '\\'`;
  const like = sql<boolean>`(lower(${column('customer_name')}) like ${contains} escape '\\' or lower(${column('deposit_number')}) like ${contains} escape '\\' or ${nik})`;
  if (!searchIndex || [...q].length < TRIGRAM_LENGTH || !isSqlite(db)) return like;
  // Deposits written since the indexer last ran (deposit-search-index.ts) are candidates too.
  const trigram = sql<boolean>`${column('rowid')} in (select rowid from deposits_search where deposits_search match ${ftsPhrase(q)})`;
  const pending = sql<boolean>`${column('rowid')} in (select deposit_rowid from deposits_search_pending)`;
  return sql<boolean>`((${trigram} or ${pending} or ${nik}) and ${like})`;
}

/**
 * `q` as one FTS5 phrase: inside double quotes every character is text (`*`, `(`, `-`, `:`, `^`,
 * AND/OR/NOT, NEAR), and a double quote is written twice. With the trigram tokenizer a phrase
 * matches wherever it occurs inside a column's text.
 */
function ftsPhrase(q: string): string {
  return `"${q.replaceAll('"', '""')}"`;
}

const hasOnlyStatusFilter = (filters: DepositFilters): boolean => !filters.q?.trim() && !filters.productId && !filters.dateFrom && !filters.dateTo;

async function counterTotals(db: Db, bankId: string): Promise<Map<DepositStatus, number>> {
  const rows = await db.selectFrom('deposit_status_counts').select(['status', 'total']).where('bank_id', '=', bankId).execute();
  return new Map(rows.map((row) => [row.status, Number(row.total)]));
}

/** Deposits per status for these filters (status itself ignored); every status present, 0 when none. */
export async function countDepositsByStatus(db: Db, filters: DepositFilters): Promise<Record<DepositStatus, number>> {
  const counts = Object.fromEntries(DEPOSIT_STATUSES.map((status) => [status, 0])) as Record<DepositStatus, number>;
  if (hasOnlyStatusFilter(filters)) {
    for (const [status, total] of await counterTotals(db, filters.bankId)) counts[status] = total;
    return counts;
  }
  const rows = await depositsMatching(db, filters, { withStatus: false, searchIndex: true })
    .select(['status', (eb) => eb.fn.countAll<number>().as('total')])
    .groupBy('status')
    .execute();
  for (const row of rows) counts[row.status] = Number(row.total);
  return counts;
}

export async function countDeposits(db: Db, filters: DepositFilters): Promise<number> {
  if (hasOnlyStatusFilter(filters)) {
    const totals = await counterTotals(db, filters.bankId);
    if (filters.status) return totals.get(filters.status) ?? 0;
    let sum = 0;
    for (const total of totals.values()) sum += total;
    return sum;
  }
  const row = await depositsMatching(db, filters, { withStatus: true, searchIndex: true })
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * One page of deposits and the total.
 *
 * Why it stays fast on deep pages: the order is always (sort column, id), which an index of
 * (bank_id[, status], column, id) serves, so no page sorts. Page p is offset (p−1)·limit from the
 * start; past the middle the same rows are offset (total − p·limit) from the END, so we read the
 * reversed order and flip the rows: the first and the last page each walk `limit` index entries
 * and the worst page is the middle one (total/2 entries). The offset walk reads only ids
 * (covered by the index); the full rows of the page are fetched by id afterwards ("deferred
 * join"). The total comes from the status counters when only the status filters, else from a
 * count over the same filters.
 */
export async function listDeposits(
  db: Db,
  filters: DepositFilters,
  sort: DepositSort,
  page: number,
  limit: number,
): Promise<{ rows: Array<DepositRow & { product_name: string | null }>; total: number }> {
  const total = await countDeposits(db, filters);
  const offset = (page - 1) * limit;
  if (offset >= total) return { rows: [], total };
  const column = DEPOSIT_SORT_COLUMNS[sort.field];
  const fromEnd = offset + limit / 2 > total / 2;
  const direction = fromEnd ? (sort.direction === 'asc' ? 'desc' : 'asc') : sort.direction;
  const take = fromEnd ? Math.min(limit, total - offset) : limit;
  const skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
  const searchIndex = Boolean(filters.q?.trim()) && isSqlite(db) && (await searchIndexPaysForPage(db, filters, total, skip + take));
  // The offset walk over the index (ids and sort keys only), then the page's rows by id with their
  // product's name, in one statement: two round trips fewer per page on PostgreSQL. The outer
  // ORDER BY puts the page in the asked order again (the walk may have read it from the end).
  const pageKeys = depositsMatching(db, filters, { withStatus: true, searchIndex })
    .select(['id as page_id', `${column} as page_key`])
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(take)
    .offset(skip)
    .as('page');
  const rows = await db
    .selectFrom(pageKeys)
    .innerJoin('deposits', 'deposits.id', 'page.page_id')
    .leftJoin('products', 'products.id', 'deposits.product_id')
    .selectAll('deposits')
    .select('products.name as product_name')
    .orderBy('page.page_key', sort.direction)
    .orderBy('page.page_id', sort.direction)
    .execute();
  return { rows, total };
}

/**
 * Whether a page of a search is cheaper through the trigram table (read every match, sort them)
 * than by walking the sort index from the nearer end and skipping non-matching rows. The walk
 * reads about `depth` × (rows under the index ÷ matches) rows: 320 for page 1 of a name that one
 * deposit in 16 carries, the whole bank for a name only one deposit carries.
 */
async function searchIndexPaysForPage(db: Db, filters: DepositFilters, matches: number, depth: number): Promise<boolean> {
  const totals = await counterTotals(db, filters.bankId);
  let walked = 0;
  for (const [status, count] of totals) if (!filters.status || status === filters.status) walked += count;
  return (depth * walked) / Math.max(matches, 1) > matches;
}

/** The customer's principal held in deposits of these statuses (tax threshold, LPS ceiling). */
export async function customerPrincipal(db: Db, customerId: string, statuses: readonly DepositStatus[], excludeDepositId?: string): Promise<number> {
  let query = db
    .selectFrom('deposits')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('customer_id', '=', customerId)
    .where('status', 'in', [...statuses]);
  if (excludeDepositId) query = query.where('id', '!=', excludeDepositId);
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The customer's deposits of these statuses, oldest first (what an account change touches). */
export async function listDepositsOfCustomer(db: Db, customerId: string, statuses: readonly DepositStatus[]): Promise<DepositRow[]> {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', 'in', [...statuses])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Deposits of these statuses maturing in [from, to], soonest first (due information, Beranda). */
export async function listMaturing(
  db: Db,
  bankId: string,
  range: { from: string; to: string },
  statuses: readonly DepositStatus[],
  page: number,
  limit: number,
): Promise<{ rows: DepositRow[]; total: number }> {
  const base = db
    .selectFrom('deposits')
    .where('bank_id', '=', bankId)
    .where('status', 'in', [...statuses])
    .where('maturity_date', '>=', range.from)
    .where('maturity_date', '<=', range.to);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('maturity_date').orderBy('id').limit(limit).offset((page - 1) * limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The rows of one Proses Dokumen filter (machines/document-work.ts), or of any of several. */
function documentWorkCondition(eb: ExpressionBuilder<Database, 'deposits'>, filter: DocumentWorkFilter): Expression<SqlBool> {
  const parts: Array<Expression<SqlBool>> = [eb('status', 'in', [...filter.depositStatuses])];
  if (filter.bilyetStatuses) parts.push(eb('bilyet_status', 'in', [...filter.bilyetStatuses]));
  if (filter.signatureStatuses) parts.push(eb('signature_status', 'in', [...filter.signatureStatuses]));
  if (filter.shipmentStatuses) {
    const named = filter.shipmentStatuses.filter((status): status is ShipmentStatus => status !== null);
    const alternatives: Array<Expression<SqlBool>> = [];
    if (named.length > 0) alternatives.push(eb('shipment_status', 'in', named));
    if (filter.shipmentStatuses.includes(null)) alternatives.push(eb('shipment_status', 'is', null));
    parts.push(eb.or(alternatives));
  }
  return eb.and(parts);
}

/** Deposits with open document work: in `filters` (any of them). */
function openDocumentsQuery(db: Db, bankId: string, filters: readonly DocumentWorkFilter[]) {
  return db
    .selectFrom('deposits')
    .where('bank_id', '=', bankId)
    .where((eb) => eb.or(filters.map((filter) => documentWorkCondition(eb, filter))));
}

/** Placements per channel partner with value date in [from, to]. */
export async function placementsByChannel(db: Db, bankId: string, range: { from: string; to: string }) {
  const rows = await db
    .selectFrom('deposits')
    .select(['channel', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('bank_id', '=', bankId)
    .where('placement_date', '>=', range.from)
    .where('placement_date', '<=', range.to)
    .where('status', 'not in', ['rejected', 'cancelled'])
    .groupBy('channel')
    .orderBy('channel')
    .execute();
  return rows.map((row) => ({ channel: row.channel, count: Number(row.count), amount: Number(row.amount ?? 0) }));
}

/** Proses Dokumen: the deposits of `filters` (one tab, or every tab), oldest work first. */
export async function listOpenDocuments(db: Db, bankId: string, filters: readonly DocumentWorkFilter[], page: number, limit: number): Promise<{ rows: DepositRow[]; total: number }> {
  const base = openDocumentsQuery(db, bankId, filters);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('updated_at', 'asc').orderBy('id', 'asc').limit(limit).offset((page - 1) * limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** How many deposits each filter holds, in one pass. */
export async function countDocumentWork<K extends string>(db: Db, bankId: string, filters: ReadonlyArray<{ id: K } & DocumentWorkFilter>): Promise<Record<K, number>> {
  const row = await db
    .selectFrom('deposits')
    .where('bank_id', '=', bankId)
    .select((eb) => filters.map((filter) => eb.fn.sum<number>(eb.case().when(documentWorkCondition(eb, filter)).then(1).else(0).end()).as(filter.id)))
    .executeTakeFirstOrThrow();
  const record = row as Record<string, unknown>;
  return Object.fromEntries(filters.map((filter) => [filter.id, Number(record[filter.id] ?? 0)])) as Record<K, number>;
}

/**
 * Each customer's total active principal, one grouped query for the whole batch (read through the
 * (customer_id, status, amount) index) rather than one query per installment.
 */
export async function activePrincipalOfCustomers(db: Db, customerIds: readonly string[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  const unique = [...new Set(customerIds)];
  if (unique.length === 0) return totals;
  const rows = await db
    .selectFrom('deposits')
    .select(['customer_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('customer_id', 'in', unique)
    .where('status', 'in', [...TAX_ACTIVE_STATUSES])
    .groupBy('customer_id')
    .execute();
  for (const row of rows) totals.set(row.customer_id, Number(row.total ?? 0));
  return totals;
}

/** The deposit numbers of those of `ids` that belong to the bank. */
export async function depositNumbersOf(db: Db, bankId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('deposits').select(['id', 'deposit_number']).where('bank_id', '=', bankId).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.deposit_number]));
}
