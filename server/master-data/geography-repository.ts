import type { ExpressionBuilder, Kysely } from 'kysely';
import type { GeographyLevel } from '../../contract/geography';
import type { Database } from '../platform/db/schema';

/** All SQL over the geo_* tables of migration 0011. Read-only: the data changes only by migration. */

interface AreaRow {
  id: string;
  name: string;
  zip_code?: number | null;
}

/** The areas of one level under `parentId` (none for provinces), by name. */
export async function listAreas(db: Kysely<Database>, level: GeographyLevel, parentId: string | undefined): Promise<AreaRow[]> {
  switch (level) {
    case 'province':
      return db.selectFrom('geo_provinces').select(['id', 'name']).orderBy('name').orderBy('id').execute();
    case 'city':
      return db.selectFrom('geo_cities').select(['id', 'name']).where('province_id', '=', parentId!).orderBy('name').orderBy('id').execute();
    case 'district':
      return db.selectFrom('geo_districts').select(['id', 'name']).where('city_id', '=', parentId!).orderBy('name').orderBy('id').execute();
    case 'village':
      return db.selectFrom('geo_villages').select(['id', 'name', 'zip_code']).where('district_id', '=', parentId!).orderBy('name').orderBy('id').execute();
  }
}

/** Whether an area of `level` with this code exists. */
export async function areaExists(db: Kysely<Database>, level: GeographyLevel, id: string): Promise<boolean> {
  const table = ({ province: 'geo_provinces', city: 'geo_cities', district: 'geo_districts', village: 'geo_villages' } as const)[level];
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A village with its district, city and province, as a search answers it. */
export interface PlaceRow {
  village_id: string;
  village: string;
  zip_code: number | null;
  district_id: string;
  district: string;
  city_id: string;
  city: string;
  province_id: string;
  province: string;
}

function placesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('geo_villages as v')
    .innerJoin('geo_districts as d', 'd.id', 'v.district_id')
    .innerJoin('geo_cities as c', 'c.id', 'd.city_id')
    .innerJoin('geo_provinces as p', 'p.id', 'c.province_id')
    .select([
      'v.id as village_id',
      'v.name as village',
      'v.zip_code',
      'd.id as district_id',
      'd.name as district',
      'c.id as city_id',
      'c.name as city',
      'p.id as province_id',
      'p.name as province',
    ]);
}

/** Villages whose postal code lies in [from, to), by code then Kemendagri code: a walk of (zip_code, id). */
export async function placesByZipRange(db: Kysely<Database>, from: number, to: number, limit: number): Promise<PlaceRow[]> {
  return placesQuery(db).where('v.zip_code', '>=', from).where('v.zip_code', '<', to).orderBy('v.zip_code').orderBy('v.id').limit(limit).execute();
}

/** Villages with the exact ids given, in no particular order. */
export async function placesByVillageIds(db: Kysely<Database>, ids: string[]): Promise<PlaceRow[]> {
  if (ids.length === 0) return [];
  return placesQuery(db).where('v.id', 'in', ids).execute();
}

interface TermMatch {
  /** 1, 2: the village's own name matched (its start, a later word); 3, 4: its district's; 5, 6: its city's. */
  level: 1 | 2 | 3 | 4 | 5 | 6;
  /** The first search key, as a range [from, to) of terms. */
  from: string;
  to: string;
  /** Further words each of which must start a word of the village's search_text. */
  alsoContains: string[];
  limit: number;
}

/**
 * Ids of villages matched at one level, in the order of the matched term (then area, then
 * village): each level joins down from the (level, term) index range, so the first `limit` rows
 * come without sorting every match. A village can match through two terms of its name; the
 * caller drops repeats.
 */
export async function villageIdsByTerm(db: Kysely<Database>, match: TermMatch): Promise<string[]> {
  const terms = db
    .selectFrom('geo_search_terms as t')
    .where('t.level', '=', match.level)
    .where('t.term', '>=', match.from)
    .where('t.term', '<', match.to);
  const words = match.alsoContains;
  // Each further word must start a word of the full name: "wetan" is Bandung Wetan, not Kebawetan.
  const containsAll = (eb: ExpressionBuilder<Database & { v: Database['geo_villages'] }, 'v'>) =>
    eb.and(words.map((word) => eb.or([eb('v.search_text', 'like', `${word}%`), eb('v.search_text', 'like', `% ${word}%`)])));
  let rows: Array<{ id: string }>;
  if (match.level <= 2) {
    rows = await terms
      .innerJoin('geo_villages as v', 'v.id', 't.area_id')
      .select('v.id')
      .$if(words.length > 0, (query) => query.where(containsAll))
      .orderBy('t.term')
      .orderBy('t.area_id')
      .limit(match.limit)
      .execute();
  } else if (match.level <= 4) {
    rows = await terms
      .innerJoin('geo_villages as v', 'v.district_id', 't.area_id')
      .select('v.id')
      .$if(words.length > 0, (query) => query.where(containsAll))
      .orderBy('t.term')
      .orderBy('t.area_id')
      .orderBy('v.name')
      .limit(match.limit)
      .execute();
  } else {
    rows = await terms
      .innerJoin('geo_districts as d', 'd.city_id', 't.area_id')
      .innerJoin('geo_villages as v', 'v.district_id', 'd.id')
      .select('v.id')
      .$if(words.length > 0, (query) => query.where(containsAll))
      .orderBy('t.term')
      .orderBy('t.area_id')
      .orderBy('d.name')
      .orderBy('v.name')
      .limit(match.limit)
      .execute();
  }
  return rows.map((row) => row.id);
}
