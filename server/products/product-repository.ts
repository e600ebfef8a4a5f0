import type { Kysely } from 'kysely';
import type { Updateable } from 'kysely';
import type { LpsRate, RateSchedule } from '../../machines/deposit-rules';
import { DEFAULT_RATIO_THRESHOLDS, RATIO_NAMES, type RatioName, type RatioThreshold } from '../../machines/bank-rules';
import type { BankSettingsRow, Database, NewProduct, ProductRateRow, ProductRow, ProductsTable } from '../platform/db/schema';
import { NATIONAL_HOLIDAYS, type NamedHoliday } from '../../contract/national-holidays';
import type { BilyetNumbering } from '../../contract/product-settings';
import { isSqlite } from '../platform/db/dialect';

type Db = Kysely<Database>;

/** A stored schedule: the machine's RateSchedule plus who set it. */
export interface StoredRateSchedule extends RateSchedule {
  createdAt: string;
  createdBy: string;
}

export interface ProductWithRates extends ProductRow {
  /** Ascending by effectiveFrom; each schedule's tenors ascending. */
  rates: StoredRateSchedule[];
}

/** Rows of product_rates (any order) → schedules ascending by date, tenors ascending. */
function schedulesOf(rows: readonly ProductRateRow[]): StoredRateSchedule[] {
  const byDate = new Map<string, StoredRateSchedule & { tenors: Array<{ tenorMonths: number; rateBps: number }> }>();
  for (const row of rows) {
    let schedule = byDate.get(row.effective_from);
    if (!schedule) {
      schedule = { effectiveFrom: row.effective_from, tenors: [], createdAt: row.created_at, createdBy: row.created_by };
      byDate.set(row.effective_from, schedule);
    }
    schedule.tenors.push({ tenorMonths: row.tenor_months, rateBps: row.rate_bps });
  }
  const schedules = [...byDate.values()].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  for (const schedule of schedules) schedule.tenors.sort((a, b) => a.tenorMonths - b.tenorMonths);
  return schedules;
}

/** A new product with its first tenor table, effective from `effectiveFrom`. */
export async function insertProduct(
  db: Db,
  product: NewProduct,
  tenors: ReadonlyArray<{ tenorMonths: number; rateBps: number }>,
  schedule: { effectiveFrom: string; createdBy: string },
): Promise<void> {
  await db.insertInto('products').values(product).execute();
  await insertRateSchedule(db, product.id, schedule.effectiveFrom, tenors, product.created_at, schedule.createdBy);
}

/** Sets the tenor table in force from `effectiveFrom`, replacing one already set for that day. */
export async function insertRateSchedule(
  db: Db,
  productId: string,
  effectiveFrom: string,
  tenors: ReadonlyArray<{ tenorMonths: number; rateBps: number }>,
  createdAt: string,
  createdBy: string,
): Promise<void> {
  await db.deleteFrom('product_rates').where('product_id', '=', productId).where('effective_from', '=', effectiveFrom).execute();
  if (tenors.length === 0) return;
  await db
    .insertInto('product_rates')
    .values(tenors.map((tenor) => ({ product_id: productId, effective_from: effectiveFrom, tenor_months: tenor.tenorMonths, rate_bps: tenor.rateBps, created_at: createdAt, created_by: createdBy })))
    .execute();
}

export async function updateProductRow(db: Db, bankId: string, id: string, changes: Updateable<ProductsTable>): Promise<void> {
  await db.updateTable('products').set(changes).where('id', '=', id).where('bank_id', '=', bankId).execute();
}

export async function findProductByName(db: Db, bankId: string, name: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('bank_id', '=', bankId).where('name', '=', name).executeTakeFirst();
}

export async function findProductByCode(db: Db, bankId: string, code: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('bank_id', '=', bankId).where('code', '=', code).executeTakeFirst();
}

/** A product of this bank with every rate schedule (findProductWhere). */
export async function findProduct(db: Db, bankId: string, id: string): Promise<ProductWithRates | undefined> {
  return findProductWhere(db, bankId, { id });
}

/** A product of the bank by its code (a partner names products so), with its rates. */
export async function findProductWithRatesByCode(db: Db, bankId: string, code: string): Promise<ProductWithRates | undefined> {
  return findProductWhere(db, bankId, { code });
}

/**
 * A product with its rates: every deposit detail, transition and partner placement reads one. On
 * PostgreSQL in one statement, since two were two round trips; on SQLite in two, since the join
 * repeats the product's columns on each of its rate rows and building those rows took 65–90 µs
 * against 15 for the two statements.
 */
async function findProductWhere(db: Db, bankId: string, key: { id: string } | { code: string }): Promise<ProductWithRates | undefined> {
  if (isSqlite(db)) {
    const product = await db
      .selectFrom('products')
      .selectAll()
      .where('id' in key ? 'id' : 'code', '=', 'id' in key ? key.id : key.code)
      .where('bank_id', '=', bankId)
      .executeTakeFirst();
    if (!product) return undefined;
    const rates = await db.selectFrom('product_rates').selectAll().where('product_id', '=', product.id).execute();
    return { ...product, rates: schedulesOf(rates) };
  }
  const rows = await db
    .selectFrom('products')
    .leftJoin('product_rates', 'product_rates.product_id', 'products.id')
    .selectAll('products')
    .select([
      'product_rates.effective_from as rate_effective_from',
      'product_rates.tenor_months as rate_tenor_months',
      'product_rates.rate_bps as rate_rate_bps',
      'product_rates.created_at as rate_created_at',
      'product_rates.created_by as rate_created_by',
    ])
    .where('id' in key ? 'products.id' : 'products.code', '=', 'id' in key ? key.id : key.code)
    .where('products.bank_id', '=', bankId)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const { rate_effective_from: _e, rate_tenor_months: _t, rate_rate_bps: _r, rate_created_at: _a, rate_created_by: _b, ...product } = first;
  const rates = rows.flatMap((row) =>
    row.rate_effective_from === null || row.rate_tenor_months === null || row.rate_rate_bps === null
      ? []
      : [{ product_id: product.id, effective_from: row.rate_effective_from, tenor_months: row.rate_tenor_months, rate_bps: row.rate_rate_bps, created_at: row.rate_created_at ?? '', created_by: row.rate_created_by ?? 'SYSTEM' }],
  );
  return { ...product, rates: schedulesOf(rates) };
}

/** The bank's product names by id (lists show the name only): one query, no rates. */
export async function productNamesOf(db: Db, bankId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('products').select(['id', 'name']).where('bank_id', '=', bankId).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function listProducts(db: Db, bankId: string): Promise<ProductWithRates[]> {
  const products = await db.selectFrom('products').selectAll().where('bank_id', '=', bankId).orderBy('name').execute();
  if (products.length === 0) return [];
  const rows = await db
    .selectFrom('product_rates')
    .selectAll()
    .where(
      'product_id',
      'in',
      products.map((product) => product.id),
    )
    .execute();
  const byProduct = new Map<string, ProductRateRow[]>();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  return products.map((product) => ({ ...product, rates: schedulesOf(byProduct.get(product.id) ?? []) }));
}

/** How many deposits of each product the bank holds (from approval until paid out). */
export async function runningDepositCounts(db: Db, bankId: string, statuses: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('deposits')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('bank_id', '=', bankId)
    .where('status', 'in', statuses as never)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, Number(row.n)]));
}

// --- Bank settings ---------------------------------------------------------------------------

export interface DepositSettings {
  /** The holiday dates, ascending: what the rules read. */
  holidays: string[];
  /** The same days with their names, ascending: what Pengaturan Produk shows. */
  namedHolidays: NamedHoliday[];
  taxBps: number;
  taxThreshold: number;
  /** The LPS guaranteed rate (TBP) over time, ascending by effectiveFrom. */
  lpsRates: LpsRate[];
  /** The LPS guarantee per customer per bank. */
  lpsMaxBalance: number;
  /** 'HH:mm' WIB. */
  cutOffTime: string;
  /** Neraca Keuangan's health thresholds. */
  ratioThresholds: Record<RatioName, RatioThreshold>;
  /** Where a printed bilyet's number comes from (contract/product-settings.ts). */
  bilyetNumbering: BilyetNumbering;
}

/**
 * DOMAIN.md's defaults: PPh 20% above Rp 7.500.000; LPS 6,00% and Rp 2.000.000.000; the national
 * holidays and collective leave; cut-off 15:00 WIB. The LPS rate is taken as in force since long
 * before any deposit.
 */
export const DEFAULT_DEPOSIT_SETTINGS: DepositSettings = {
  holidays: NATIONAL_HOLIDAYS.map((holiday) => holiday.date),
  namedHolidays: [...NATIONAL_HOLIDAYS],
  taxBps: 2000,
  taxThreshold: 7_500_000,
  lpsRates: [{ effectiveFrom: '2000-01-01', rateBps: 600 }],
  lpsMaxBalance: 2_000_000_000,
  cutOffTime: '15:00',
  ratioThresholds: { ...DEFAULT_RATIO_THRESHOLDS },
  bilyetNumbering: { source: 'FORM', prefix: '', nextNumber: 1, digits: 6 },
};

/** The bank's own thresholds over the defaults ({} stored = all defaults). */
function ratioThresholdsFrom(json: string | undefined): Record<RatioName, RatioThreshold> {
  const own = json ? (JSON.parse(json) as Partial<Record<RatioName, RatioThreshold>>) : {};
  return Object.fromEntries(RATIO_NAMES.map((name) => [name, own[name] ?? DEFAULT_RATIO_THRESHOLDS[name]])) as Record<RatioName, RatioThreshold>;
}

/** Settings whose holidays are these named days (sorted, the dates derived). */
export function withHolidays(settings: DepositSettings, named: readonly NamedHoliday[]): DepositSettings {
  const namedHolidays = [...named].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { ...settings, namedHolidays, holidays: namedHolidays.map((holiday) => holiday.date) };
}

function numberingOf(row: Pick<BankSettingsRow, 'bilyet_number_source' | 'bilyet_series_prefix' | 'bilyet_series_next' | 'bilyet_series_digits'>): BilyetNumbering {
  return { source: row.bilyet_number_source, prefix: row.bilyet_series_prefix, nextNumber: Number(row.bilyet_series_next), digits: row.bilyet_series_digits };
}

function toSettings(row: BankSettingsRow): DepositSettings {
  const lpsRates = (JSON.parse(row.lps_rates) as LpsRate[]).sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  return withHolidays(
    {
      holidays: [],
      namedHolidays: [],
      taxBps: row.tax_bps,
      taxThreshold: Number(row.tax_threshold),
      lpsRates: lpsRates.length > 0 ? lpsRates : DEFAULT_DEPOSIT_SETTINGS.lpsRates,
      lpsMaxBalance: Number(row.lps_max_balance),
      cutOffTime: row.cut_off_time,
      ratioThresholds: ratioThresholdsFrom(row.ratio_thresholds),
      bilyetNumbering: numberingOf(row),
    },
    JSON.parse(row.holidays) as NamedHoliday[],
  );
}

export async function hasDepositSettings(db: Db, bankId: string): Promise<boolean> {
  return (await db.selectFrom('bank_settings').select('bank_id').where('bank_id', '=', bankId).executeTakeFirst()) !== undefined;
}

/** The bank's settings, or the defaults when the bank has no row yet. */
export async function getDepositSettings(db: Db, bankId: string): Promise<DepositSettings> {
  const row = await db.selectFrom('bank_settings').selectAll().where('bank_id', '=', bankId).executeTakeFirst();
  return row ? toSettings(row) : structuredClone(DEFAULT_DEPOSIT_SETTINGS);
}

export async function saveDepositSettings(db: Db, bankId: string, settings: DepositSettings, now: string): Promise<void> {
  const values = {
    holidays: JSON.stringify(withHolidays(settings, settings.namedHolidays).namedHolidays),
    tax_bps: settings.taxBps,
    tax_threshold: settings.taxThreshold,
    lps_rates: JSON.stringify([...settings.lpsRates].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1))),
    lps_max_balance: settings.lpsMaxBalance,
    cut_off_time: settings.cutOffTime,
    ratio_thresholds: JSON.stringify(settings.ratioThresholds),
    bilyet_number_source: settings.bilyetNumbering.source,
    bilyet_series_prefix: settings.bilyetNumbering.prefix,
    bilyet_series_next: settings.bilyetNumbering.nextNumber,
    bilyet_series_digits: settings.bilyetNumbering.digits,
    updated_at: now,
  };
  await db
    .insertInto('bank_settings')
    .values({ bank_id: bankId, ...values })
    .onConflict((oc) => oc.column('bank_id').doUpdateSet(values))
    .execute();
}

/**
 * The bank's bilyet numbering, read for a print inside its transaction; on PostgreSQL the settings
 * row stays locked until the print commits, so two prints from the series never take one number
 * (SQLite runs one writing transaction at a time anyway).
 */
export async function lockBilyetNumbering(db: Db, bankId: string): Promise<BilyetNumbering> {
  const query = db.selectFrom('bank_settings').select(['bilyet_number_source', 'bilyet_series_prefix', 'bilyet_series_next', 'bilyet_series_digits']).where('bank_id', '=', bankId);
  const row = await (isSqlite(db) ? query : query.forUpdate()).executeTakeFirst();
  return row ? numberingOf(row) : { ...DEFAULT_DEPOSIT_SETTINGS.bilyetNumbering };
}

/** Moves the series on past a number a print took. */
export async function advanceBilyetSeries(db: Db, bankId: string, nextNumber: number): Promise<void> {
  await db.updateTable('bank_settings').set({ bilyet_series_next: nextNumber }).where('bank_id', '=', bankId).where('bilyet_series_next', '<', nextNumber).execute();
}
