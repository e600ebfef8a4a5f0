import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { GeographyDataset } from './geography-dataset';

/**
 * Fills the geo_* tables of migration 0011 from a dataset (geography-dataset.ts); migration 0015
 * runs it, on a fresh database and on one that holds 0011's older data alike, so both end
 * identical.
 *
 * Fast, because it runs on every fresh database (each `npm start` on a new DATA_DIR, each test
 * file): each table is one INSERT … SELECT over a single JSON array parameter (SQLite's
 * json_each, PostgreSQL's json_array_elements), and the indexes are built after the rows.
 */
export const GEO_TABLES = ['geo_provinces', 'geo_cities', 'geo_districts', 'geo_villages', 'geo_search_terms'] as const;

const GEO_INDEXES: Array<{ name: string; table: string; columns: string[] }> = [
  { name: 'geo_cities_province_idx', table: 'geo_cities', columns: ['province_id', 'name'] },
  { name: 'geo_districts_city_idx', table: 'geo_districts', columns: ['city_id', 'name'] },
  { name: 'geo_villages_district_idx', table: 'geo_villages', columns: ['district_id', 'name'] },
  { name: 'geo_villages_zip_idx', table: 'geo_villages', columns: ['zip_code', 'id'] },
  { name: 'geo_search_terms_idx', table: 'geo_search_terms', columns: ['level', 'term', 'area_id'] },
];

export async function createGeoIndexes(db: Kysely<unknown>): Promise<void> {
  for (const index of GEO_INDEXES) await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
}

/** Empties the geo tables and drops their indexes, so the rows that follow go in unindexed. */
export async function clearGeoTables(db: Kysely<unknown>, sqlite: boolean): Promise<void> {
  for (const index of GEO_INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  if (sqlite) {
    for (const table of [...GEO_TABLES].reverse()) await sql`delete from ${sql.table(table)}`.execute(db);
  } else {
    await sql`truncate ${sql.join(GEO_TABLES.map((table) => sql.table(table)))}`.execute(db);
  }
}

/** Inserts the dataset into empty, unindexed geo tables, then indexes them. */
export async function importGeoDataset(db: Kysely<unknown>, sqlite: boolean, dataset: GeographyDataset): Promise<void> {
  await insertJson(db, sqlite, 'geo_provinces', ['id', 'name'], [], dataset.provinces.map((row) => [row.id, row.name]));
  await insertJson(db, sqlite, 'geo_cities', ['id', 'province_id', 'name'], [], dataset.cities.map((row) => [row.id, row.provinceId, row.name]));
  await insertJson(db, sqlite, 'geo_districts', ['id', 'city_id', 'name'], [], dataset.districts.map((row) => [row.id, row.cityId, row.name]));
  await insertJson(
    db,
    sqlite,
    'geo_villages',
    ['id', 'district_id', 'name', 'zip_code', 'search_text'],
    ['zip_code'],
    dataset.villages.map((row) => [row.id, row.districtId, row.name, row.zipCode, row.searchText]),
  );
  await insertJson(db, sqlite, 'geo_search_terms', ['level', 'term', 'area_id'], ['level'], dataset.terms.map((row) => [row.level, row.term, row.areaId]));
  await createGeoIndexes(db);
  // Fresh statistics, so PostgreSQL's planner knows 83,762 villages from a handful of rows.
  if (!sqlite) for (const table of GEO_TABLES) await sql`analyze ${sql.table(table)}`.execute(db);
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
