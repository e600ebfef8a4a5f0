import type { Kysely } from 'kysely';
import type { BankSettingsRow, Database, NewProduct, ProductRow, ProductTenorRow } from '../platform/db/schema';

type Db = Kysely<Database>;

export interface ProductWithTenors extends ProductRow {
  tenors: ProductTenorRow[];
}

export async function insertProduct(db: Db, product: NewProduct, tenors: Array<{ tenorMonths: number; rateBps: number }>): Promise<void> {
  await db.insertInto('products').values(product).execute();
  if (tenors.length > 0) {
    await db
      .insertInto('product_tenors')
      .values(tenors.map((tenor) => ({ product_id: product.id, tenor_months: tenor.tenorMonths, rate_bps: tenor.rateBps })))
      .execute();
  }
}

export async function findProductByName(db: Db, bankId: string, name: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('bank_id', '=', bankId).where('name', '=', name).executeTakeFirst();
}

/**
 * A product of this bank with its tenors (ascending), in one statement: every deposit detail and
 * transition reads it, and two were two round trips on PostgreSQL.
 */
export async function findProduct(db: Db, bankId: string, id: string): Promise<ProductWithTenors | undefined> {
  const rows = await db
    .selectFrom('products')
    .leftJoin('product_tenors', 'product_tenors.product_id', 'products.id')
    .selectAll('products')
    .select(['product_tenors.tenor_months as tenor_months', 'product_tenors.rate_bps as rate_bps'])
    .where('products.id', '=', id)
    .where('products.bank_id', '=', bankId)
    .orderBy('product_tenors.tenor_months')
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const { tenor_months: _tenor, rate_bps: _rate, ...product } = first;
  const tenors = rows.flatMap((row) => (row.tenor_months === null || row.rate_bps === null ? [] : [{ product_id: product.id, tenor_months: row.tenor_months, rate_bps: row.rate_bps }]));
  return { ...product, tenors };
}

/** The bank's product names by id (lists show the name only): one query, no tenors. */
export async function productNamesOf(db: Db, bankId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('products').select(['id', 'name']).where('bank_id', '=', bankId).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function listProducts(db: Db, bankId: string): Promise<ProductWithTenors[]> {
  const products = await db.selectFrom('products').selectAll().where('bank_id', '=', bankId).orderBy('name').execute();
  if (products.length === 0) return [];
  const tenors = await db
    .selectFrom('product_tenors')
    .selectAll()
    .where(
      'product_id',
      'in',
      products.map((product) => product.id),
    )
    .orderBy('tenor_months')
    .execute();
  return products.map((product) => ({ ...product, tenors: tenors.filter((tenor) => tenor.product_id === product.id) }));
}

// --- Bank settings ---------------------------------------------------------------------------

export interface DepositSettings {
  holidays: string[];
  taxBps: number;
  taxThreshold: number;
  lpsMaxRateBps: number;
  lpsMaxBalance: number;
}

/** DOMAIN.md's defaults: PPh 20% above Rp 7.500.000; LPS 6,00% and Rp 2.000.000.000. */
export const DEFAULT_DEPOSIT_SETTINGS: DepositSettings = {
  holidays: [],
  taxBps: 2000,
  taxThreshold: 7_500_000,
  lpsMaxRateBps: 600,
  lpsMaxBalance: 2_000_000_000,
};

function toSettings(row: BankSettingsRow): DepositSettings {
  return {
    holidays: JSON.parse(row.holidays) as string[],
    taxBps: row.tax_bps,
    taxThreshold: Number(row.tax_threshold),
    lpsMaxRateBps: row.lps_max_rate_bps,
    lpsMaxBalance: Number(row.lps_max_balance),
  };
}

export async function hasDepositSettings(db: Db, bankId: string): Promise<boolean> {
  return (await db.selectFrom('bank_settings').select('bank_id').where('bank_id', '=', bankId).executeTakeFirst()) !== undefined;
}

/** The bank's settings, or the defaults when the bank has no row yet. */
export async function getDepositSettings(db: Db, bankId: string): Promise<DepositSettings> {
  const row = await db.selectFrom('bank_settings').selectAll().where('bank_id', '=', bankId).executeTakeFirst();
  return row ? toSettings(row) : { ...DEFAULT_DEPOSIT_SETTINGS, holidays: [] };
}

export async function saveDepositSettings(db: Db, bankId: string, settings: DepositSettings, now: string): Promise<void> {
  const values = {
    holidays: JSON.stringify([...settings.holidays].sort()),
    tax_bps: settings.taxBps,
    tax_threshold: settings.taxThreshold,
    lps_max_rate_bps: settings.lpsMaxRateBps,
    lps_max_balance: settings.lpsMaxBalance,
    updated_at: now,
  };
  await db
    .insertInto('bank_settings')
    .values({ bank_id: bankId, ...values })
    .onConflict((oc) => oc.column('bank_id').doUpdateSet(values))
    .execute();
}
