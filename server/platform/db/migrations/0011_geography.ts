import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isSqlite } from '../dialect';
import { loadGeographyDataset } from '../geography-dataset';

/**
 * Geography master data (API.md "Master data"): provinces, cities/regencies, districts and
 * villages with their Kemendagri codes as ids, each village's postal code, and a table of search
 * terms; imported from the registry packages (geography-dataset.ts), never typed in.
 *
 * Fast, because it runs on every fresh database (each `npm start` on a new DATA_DIR, each test
 * file): each table is one INSERT … SELECT over a single JSON array parameter (SQLite's
 * json_each, PostgreSQL's json_array_elements), and the indexes are built after the rows.
 *
 * - geo_villages.zip_code is an integer, so "starts with 401" is the range 40100–40199 on the
 *   (zip_code, id) index in both dialects (a text LIKE prefix needs pattern ops on PostgreSQL).
 * - geo_search_terms holds every word-start suffix of each village, district and city name
 *   ("kebon kelapa", "kelapa"), lower-cased and without punctuation (placeSearchKey), so a place
 *   name is a range scan of (level, term); the level orders the results (SearchLevel). On PostgreSQL the column is COLLATE "C": a range of
 *   byte strings, as on SQLite, and one a btree walks.
 * - geo_villages.search_text ("village district city province", same key) lets the other words
 *   of a query narrow the rows the first found.
 *
 * Banks and registrations gain the picked areas and the postal code beside their street line.
 * No foreign keys to the geo tables: a future dataset update may retire a code that an address
 * still names, and the address must survive it (the service checks codes when they are saved).
 *
 * Kysely runs SQLite migrations outside a transaction; this one takes its own there, so an
 * interrupted import leaves nothing behind and the next start runs it again.
 */
const GEO_TABLES = ['geo_provinces', 'geo_cities', 'geo_districts', 'geo_villages', 'geo_search_terms'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const dataset = await loadGeographyDataset();
  const sqlite = isSqlite(db);
  const run = async (trx: Kysely<unknown>) => {
    await createTables(trx, sqlite);
    await insertJson(trx, sqlite, 'geo_provinces', ['id', 'name'], [], dataset.provinces.map((row) => [row.id, row.name]));
    await insertJson(trx, sqlite, 'geo_cities', ['id', 'province_id', 'name'], [], dataset.cities.map((row) => [row.id, row.provinceId, row.name]));
    await insertJson(trx, sqlite, 'geo_districts', ['id', 'city_id', 'name'], [], dataset.districts.map((row) => [row.id, row.cityId, row.name]));
    await insertJson(
      trx,
      sqlite,
      'geo_villages',
      ['id', 'district_id', 'name', 'zip_code', 'search_text'],
      ['zip_code'],
      dataset.villages.map((row) => [row.id, row.districtId, row.name, row.zipCode, row.searchText]),
    );
    await insertJson(trx, sqlite, 'geo_search_terms', ['level', 'term', 'area_id'], ['level'], dataset.terms.map((row) => [row.level, row.term, row.areaId]));
    await createIndexes(trx);
    // Fresh statistics, so PostgreSQL's planner knows 83,763 villages from a handful of rows.
    if (!sqlite) for (const table of GEO_TABLES) await sql`analyze ${sql.table(table)}`.execute(trx);
    for (const table of ['banks', 'registrations']) {
      for (const column of ['province_id', 'city_id', 'district_id', 'village_id', 'zip_code']) {
        await trx.schema.alterTable(table).addColumn(column, 'text').execute();
      }
    }
  };
  if (sqlite) await db.transaction().execute(run);
  else await run(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['banks', 'registrations']) {
    for (const column of ['province_id', 'city_id', 'district_id', 'village_id', 'zip_code']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  for (const table of [...GEO_TABLES].reverse()) {
    await db.schema.dropTable(table).execute();
  }
}

async function createTables(db: Kysely<unknown>, sqlite: boolean): Promise<void> {
  await db.schema.createTable('geo_provinces').addColumn('id', 'text', (col) => col.primaryKey()).addColumn('name', 'text', (col) => col.notNull()).execute();
  await db.schema
    .createTable('geo_cities')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('province_id', 'text', (col) => col.notNull().references('geo_provinces.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('geo_districts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('city_id', 'text', (col) => col.notNull().references('geo_cities.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('geo_villages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('district_id', 'text', (col) => col.notNull().references('geo_districts.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('zip_code', 'integer')
    .addColumn('search_text', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('geo_search_terms')
    .addColumn('level', 'integer', (col) => col.notNull())
    .addColumn('term', sqlite ? 'text' : sql`text collate "C"`, (col) => col.notNull())
    .addColumn('area_id', 'text', (col) => col.notNull())
    .execute();
}

async function createIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('geo_cities_province_idx').on('geo_cities').columns(['province_id', 'name']).execute();
  await db.schema.createIndex('geo_districts_city_idx').on('geo_districts').columns(['city_id', 'name']).execute();
  await db.schema.createIndex('geo_villages_district_idx').on('geo_villages').columns(['district_id', 'name']).execute();
  await db.schema.createIndex('geo_villages_zip_idx').on('geo_villages').columns(['zip_code', 'id']).execute();
  await db.schema.createIndex('geo_search_terms_idx').on('geo_search_terms').columns(['level', 'term', 'area_id']).execute();
}

/**
 * INSERT … SELECT from one JSON array of rows (each row an array in `columns` order). JSON values
 * come out as text on PostgreSQL (`->>`); `integers` are cast back.
 */
async function insertJson(db: Kysely<unknown>, sqlite: boolean, table: string, columns: string[], integers: string[], rows: unknown[][]): Promise<void> {
  const json = JSON.stringify(rows);
  const values: RawBuilder<unknown>[] = columns.map((column, index) => {
    const value = sql`row_value ->> ${sql.lit(index)}`;
    return !sqlite && integers.includes(column) ? sql`(${value})::integer` : value;
  });
  const source = sqlite ? sql`(select value as row_value from json_each(${json}))` : sql`(select value as row_value from json_array_elements(${json}::json) as elements(value))`;
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.id(column)))}) select ${sql.join(values)} from ${source} as source`.execute(db);
}
