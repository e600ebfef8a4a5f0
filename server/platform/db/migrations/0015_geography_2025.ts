import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect';
import { loadGeographyDataset, type GeographyDataset } from '../geography-dataset';
import { clearGeoTables, importGeoDataset } from '../geography-import';
import { cityOf, indexVillages, remapAddress, remapVillages, type StoredAreas, type VillageRow } from '../geography-remap';

/**
 * The 2025 Kemendagri codes (idn-area-data 4, Kepmendagri 300.2.2-2138/2025) in place of the
 * 2022 ones (idn-area-data 3) that migration 0011 imported into databases created before this.
 *
 * 1. Before the old rows go, every area code that banks and registrations store is mapped to
 *    its new code from the old rows' names (geography-remap.ts): a village that moved district
 *    takes its new code and its new district; one that no longer exists is dropped from the
 *    address, which keeps its province, city and district (no such code left the data).
 * 2. The geo tables are emptied and filled with the current dataset, as on a fresh database, so
 *    a fresh database (whose 0011 created them empty) and an upgraded one end identical.
 * 3. The stored codes are rewritten.
 *
 * All in one transaction (Kysely runs SQLite migrations outside one; PostgreSQL's is Kysely's):
 * an interrupted run leaves the old data and codes, and the next start runs it again.
 * No `down`: the 2022 data left with its package; the tables keep 0011's shape either way.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work below the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const dataset = await loadGeographyDataset();
  const sqlite = isSqlite(db);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  const run = async (trx: Kysely<any>) => {
    const moves = await planMoves(trx, dataset);
    await clearGeoTables(trx, sqlite);
    await importGeoDataset(trx, sqlite, dataset);
    // By row: the new codes of one row may be the old codes of another (renumbered villages).
    for (const { table, id, to } of moves) {
      await trx.updateTable(table).set({ province_id: to.provinceId, city_id: to.cityId, district_id: to.districtId, village_id: to.villageId }).where('id', '=', id).execute();
    }
  };
  if (sqlite) await db.transaction().execute(run);
  else await run(db);
}

/**
 * Leaves the 2025 codes in place: codes moved forward cannot be moved back without the 2022
 * rows, and no earlier migration depends on them. It exists so that migrating down past 0015
 * (to replay an earlier migration) is possible at all: without it Kysely keeps 0015 recorded.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration signature
export async function down(_db: Kysely<any>): Promise<void> {}

const ADDRESS_TABLES = ['banks', 'registrations'] as const;

interface Move {
  table: (typeof ADDRESS_TABLES)[number];
  id: string;
  to: StoredAreas;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function planMoves(db: Kysely<any>, dataset: GeographyDataset): Promise<Move[]> {
  const stored: Array<{ table: Move['table']; id: string; from: StoredAreas }> = [];
  for (const table of ADDRESS_TABLES) {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'province_id as provinceId', 'city_id as cityId', 'district_id as districtId', 'village_id as villageId'])
      .where((eb) => eb.or(['province_id', 'city_id', 'district_id', 'village_id'].map((column) => eb(column, 'is not', null))))
      .execute();
    for (const { id, ...from } of rows as Array<StoredAreas & { id: string }>) stored.push({ table, id, from });
  }
  if (stored.length === 0) return [];

  const villageCodes = [...new Set(stored.flatMap(({ from }) => (from.villageId ? [from.villageId] : [])))];
  // The old rows of every city concerned: the stored villages' names, and which codes were taken.
  const oldVillages: VillageRow[] = [];
  for (const city of new Set(villageCodes.map(cityOf))) {
    const rows = await sql<VillageRow>`select id, name, district_id as "districtId" from geo_villages where id > ${`${city}.`} and id < ${`${city}/`}`.execute(db);
    oldVillages.push(...rows.rows);
  }
  const villages = remapVillages(villageCodes, indexVillages(oldVillages), indexVillages(dataset.villages));
  const next = {
    provinces: new Set(dataset.provinces.map((row) => row.id)),
    cities: new Set(dataset.cities.map((row) => row.id)),
    districts: new Set(dataset.districts.map((row) => row.id)),
    villages: new Set(dataset.villages.map((row) => row.id)),
  };
  const moves: Move[] = [];
  for (const { table, id, from } of stored) {
    const to = remapAddress(from, villages, next);
    if ((Object.keys(to) as Array<keyof StoredAreas>).some((field) => to[field] !== from[field])) moves.push({ table, id, to });
  }
  return moves;
}
