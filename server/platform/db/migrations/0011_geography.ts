import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect';
import { createGeoIndexes, GEO_TABLES } from '../geography-import';

/**
 * Geography master data (API.md "Master data"): provinces, cities/regencies, districts and
 * villages with their Kemendagri codes as ids, each village's postal code, and a table of search
 * terms; imported from the registry packages (geography-dataset.ts), never typed in.
 *
 * The rows: as released, this migration imported idn-area-data 3 (2022 codes), and databases
 * created then hold that data. Since migration 0015 (2025 codes) empties these tables and imports
 * the current dataset, every database that runs this migration from now on runs 0015 in the same
 * migrateToLatest, so this one creates the tables and indexes empty: importing rows that 0015
 * throws away a moment later would double the cost of every fresh database.
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
 * No foreign keys to the geo tables: a dataset update may retire a code that an address still
 * names, and the address must survive it (the service checks codes when they are saved; 0015
 * moves stored codes to the new ones).
 *
 * Kysely runs SQLite migrations outside a transaction; this one takes its own there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  const run = async (trx: Kysely<unknown>) => {
    await createTables(trx, sqlite);
    await createGeoIndexes(trx);
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
