import { sql, type Kysely } from 'kysely';

/**
 * Customers as the bank's CIF (issue 18, DOMAIN.md "Customers (CIF)"): individuals and entities
 * with every field the counter form asks, the address picked from the geography, the payout
 * account's bank by its sandi bank, a risk level and a version for stale edits.
 *
 * One NIK is one individual at a bank, one NPWP one entity: the unique (bank, NIK) index becomes
 * two partial ones. An entity has no NIK; SQLite cannot drop the column's NOT NULL without
 * rebuilding the table the deposits reference, so an entity's `nik` is '' (the API answers null).
 * Customers kept before stay individuals at LOW risk, version 1; what they lack stays empty.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema of its own day, not today's Database type
type AnyDb = Kysely<any>;

const TEXT_COLUMNS = [
  'birth_place',
  'birth_date',
  'gender',
  'mother_maiden_name',
  'rt_rw',
  'province_id',
  'city_id',
  'district_id',
  'village_id',
  'zip_code',
  'occupation',
  'source_of_funds',
  'account_purpose',
  'legal_form',
  'nib',
  'established_on',
  'payout_bank_code',
  'created_by',
] as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('customers').addColumn('kind', 'text', (col) => col.notNull().defaultTo('INDIVIDUAL')).execute();
  for (const column of TEXT_COLUMNS) await db.schema.alterTable('customers').addColumn(column, 'text').execute();
  await db.schema.alterTable('customers').addColumn('representatives', 'text', (col) => col.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('customers').addColumn('risk_level', 'text', (col) => col.notNull().defaultTo('LOW')).execute();
  await db.schema.alterTable('customers').addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.dropIndex('customers_bank_nik_idx').execute();
  await db.schema.createIndex('customers_bank_nik_idx').on('customers').columns(['bank_id', 'nik']).unique().where(sql.ref('kind'), '=', 'INDIVIDUAL').execute();
  await db.schema.createIndex('customers_bank_npwp_idx').on('customers').columns(['bank_id', 'npwp']).unique().where(sql.ref('kind'), '=', 'ENTITY').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('customers_bank_npwp_idx').execute();
  await db.schema.dropIndex('customers_bank_nik_idx').execute();
  await db.deleteFrom('customers').where('kind', '=', 'ENTITY').execute();
  await db.schema.createIndex('customers_bank_nik_idx').on('customers').columns(['bank_id', 'nik']).unique().execute();
  for (const column of ['version', 'risk_level', 'representatives', ...TEXT_COLUMNS, 'kind']) await db.schema.alterTable('customers').dropColumn(column).execute();
}
