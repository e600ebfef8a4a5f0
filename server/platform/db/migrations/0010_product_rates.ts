import type { Kysely } from 'kysely';
import { NATIONAL_HOLIDAYS } from '../../../../contract/national-holidays';

/**
 * Products and rates (issue 10, DOMAIN.md "Products, rates and settings"):
 * - products.code: the bank's own short code for a product, unique per bank. Existing products
 *   get one from their name's initials.
 * - product_rates: every tenor table a product has had, each from the date it took effect, so a
 *   rate change announced ahead and the history both live here. It replaces product_tenors (the
 *   one undated table): each product's tenors become its first schedule, effective from the
 *   earliest day any of its deposits started (or the day it was created), so every running period
 *   finds the rate it started with.
 * - bank_settings: the cut-off time; the LPS guaranteed rate (TBP) with its effective dates
 *   (lps_rates, replacing the single lps_max_rate_bps); holidays as { date, name } (they were bare
 *   dates), named from the national list where it knows the day.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema of its own day, not today's Database type
type AnyDb = Kysely<any>;

/** An unknown old date keeps a plain name: the bank entered it itself. */
const OWN_HOLIDAY_NAME = 'Hari libur bank';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, '').charAt(0).toUpperCase())
    .join('');
  return letters || 'PRD';
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').addColumn('code', 'text', (col) => col.notNull().defaultTo('')).execute();
  const products = (await db.selectFrom('products').select(['id', 'bank_id', 'name', 'created_at']).orderBy('created_at').orderBy('id').execute()) as Array<{ id: string; bank_id: string; name: string; created_at: string }>;
  const taken = new Set<string>();
  for (const product of products) {
    const base = initials(product.name);
    let code = base;
    for (let n = 2; taken.has(`${product.bank_id}\u0000${code}`); n += 1) code = `${base}${n}`;
    taken.add(`${product.bank_id}\u0000${code}`);
    await db.updateTable('products').set({ code }).where('id', '=', product.id).execute();
  }
  await db.schema.createIndex('products_bank_code_idx').on('products').columns(['bank_id', 'code']).unique().execute();

  await db.schema
    .createTable('product_rates')
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id'))
    /** 'YYYY-MM-DD': periods starting on or after it take these rates. */
    .addColumn('effective_from', 'text', (col) => col.notNull())
    .addColumn('tenor_months', 'integer', (col) => col.notNull())
    .addColumn('rate_bps', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    /** Who set this schedule: a user id, or 'SYSTEM' for the migrated first schedule. */
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_rates_pk', ['product_id', 'effective_from', 'tenor_months'])
    .execute();
  for (const product of products) {
    const earliest = (await db
      .selectFrom('deposit_periods')
      .innerJoin('deposits', 'deposits.id', 'deposit_periods.deposit_id')
      .select((eb) => eb.fn.min('deposit_periods.period_start').as('first'))
      .where('deposits.product_id', '=', product.id)
      .executeTakeFirst()) as { first: string | null } | undefined;
    const placed = (await db
      .selectFrom('deposits')
      .select((eb) => eb.fn.min('deposit_date').as('first'))
      .where('product_id', '=', product.id)
      .executeTakeFirst()) as { first: string | null } | undefined;
    const candidates = [product.created_at.slice(0, 10), earliest?.first, placed?.first].filter((value): value is string => typeof value === 'string' && value.length >= 10);
    const effectiveFrom = candidates.map((value) => value.slice(0, 10)).sort()[0]!;
    const tenors = (await db.selectFrom('product_tenors').select(['tenor_months', 'rate_bps']).where('product_id', '=', product.id).execute()) as Array<{ tenor_months: number; rate_bps: number }>;
    if (tenors.length === 0) continue;
    await db
      .insertInto('product_rates')
      .values(tenors.map((tenor) => ({ product_id: product.id, effective_from: effectiveFrom, tenor_months: tenor.tenor_months, rate_bps: tenor.rate_bps, created_at: product.created_at, created_by: 'SYSTEM' })))
      .execute();
  }
  await db.schema.dropTable('product_tenors').execute();

  await db.schema.alterTable('bank_settings').addColumn('cut_off_time', 'text', (col) => col.notNull().defaultTo('15:00')).execute();
  await db.schema.alterTable('bank_settings').addColumn('lps_rates', 'text', (col) => col.notNull().defaultTo('[]')).execute();
  const names = new Map(NATIONAL_HOLIDAYS.map((holiday) => [holiday.date, holiday.name]));
  const settings = (await db.selectFrom('bank_settings').select(['bank_id', 'holidays', 'lps_max_rate_bps']).execute()) as Array<{ bank_id: string; holidays: string; lps_max_rate_bps: number }>;
  for (const row of settings) {
    const days = JSON.parse(row.holidays) as string[];
    const holidays = days.map((date) => ({ date, name: names.get(date) ?? OWN_HOLIDAY_NAME }));
    // The rate the bank had is taken as in force since long before any deposit it holds.
    const lpsRates = [{ effectiveFrom: '2000-01-01', rateBps: row.lps_max_rate_bps }];
    await db.updateTable('bank_settings').set({ holidays: JSON.stringify(holidays), lps_rates: JSON.stringify(lpsRates) }).where('bank_id', '=', row.bank_id).execute();
  }
  await db.schema.alterTable('bank_settings').dropColumn('lps_max_rate_bps').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('bank_settings').addColumn('lps_max_rate_bps', 'integer', (col) => col.notNull().defaultTo(600)).execute();
  await db.schema.alterTable('bank_settings').dropColumn('lps_rates').execute();
  await db.schema.alterTable('bank_settings').dropColumn('cut_off_time').execute();
  await db.schema
    .createTable('product_tenors')
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id'))
    .addColumn('tenor_months', 'integer', (col) => col.notNull())
    .addColumn('rate_bps', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_tenors_pk', ['product_id', 'tenor_months'])
    .execute();
  await db.schema.dropTable('product_rates').execute();
  await db.schema.dropIndex('products_bank_code_idx').execute();
  await db.schema.alterTable('products').dropColumn('code').execute();
}
