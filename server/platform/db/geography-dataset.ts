import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { placeSearchKey } from '../../../contract/geography';

/**
 * Reads the two registry datasets migration 0015 imports (README "Geography data"):
 *
 * - idn-area-data (pinned 4.0.1; its data ODbL): the hierarchy with official Kemendagri codes of
 *   Kepmendagri 300.2.2-2138/2025 — 38 provinces, 514 cities/regencies, 7,285 districts,
 *   83,762 villages.
 * - geografis (pinned 1.3.2, MIT): one row per village with its postal code, keyed by the same
 *   Kemendagri code ("32.73.01.1001"), but older (Permendagri 72/2019, before the 2022 Papua
 *   split). A village takes the postal code of the geografis row with its code; a village whose
 *   code geografis does not know (renumbered: the four new Papua provinces, some splits) takes the
 *   code of the one geografis row, among those whose code no longer exists, with the same city,
 *   district and village names, or else with the same city and village names (a village moved to
 *   a new district). What none finds keeps no postal code (about 0.8%).
 *
 * Only the packages' data files are read: geografis's main module parses both 30 MB files and
 * builds a search index on require, and idn-area-data's functions stream its CSV files through
 * a general CSV parser, which took longer than everything else this module does (its files are
 * plain: one row a line, a field quoted only when it holds a comma or a quote).
 */

export interface GeographyDataset {
  provinces: Array<{ id: string; name: string }>;
  cities: Array<{ id: string; provinceId: string; name: string }>;
  districts: Array<{ id: string; cityId: string; name: string }>;
  villages: Array<{ id: string; districtId: string; name: string; zipCode: number | null; searchText: string }>;
  /** Word-start search terms: every suffix of a name's words, with the level and id of the area named. */
  terms: Array<{ term: string; level: SearchLevel; areaId: string }>;
  coverage: { villages: number; zipByCode: number; zipByName: number; noZip: number };
}

/**
 * The order name-search results come in: villages (1 when the query starts the name, 2 when it
 * starts a later word: "Gambir" before "Lae Gambir"), then districts (3, 4), then cities (5, 6).
 */
export type SearchLevel = 1 | 2 | 3 | 4 | 5 | 6;

interface GeografisRow {
  code: string;
  postal: number;
  city: string;
  district: string;
  village: string;
}

/** A leading word that says what kind of city it is: searching "kota" should not list 98 cities. */
const CITY_KIND_WORDS = new Set(['kabupaten', 'kota', 'administrasi', 'adm']);
const MIN_TERM_LENGTH = 3;

/**
 * The dataset read in the last minute, if any: a test file migrates a SQLite and a PostgreSQL
 * database one after the other and need not read 35 MB twice. Dropped after that, so a server
 * does not keep ~100 MB it read once.
 */
let recent: { dataset: Promise<GeographyDataset>; timer: NodeJS.Timeout } | null = null;
const KEEP_MS = 60_000;

export function loadGeographyDataset(): Promise<GeographyDataset> {
  if (recent) clearTimeout(recent.timer);
  const dataset = recent?.dataset ?? readDataset();
  const forget = () => {
    if (recent !== entry) return;
    clearTimeout(entry.timer);
    recent = null;
  };
  const entry = { dataset, timer: setTimeout(forget, KEEP_MS).unref() };
  recent = entry;
  // A failed read is not kept: the next migration tries again.
  dataset.catch(forget);
  return dataset;
}

async function readDataset(): Promise<GeographyDataset> {
  const [provinceRows, regencyRows, districtRows, villageRows, geografis] = await Promise.all([
    readAreas('provinces', ['code', 'name']),
    readAreas('regencies', ['code', 'province_code', 'name']),
    readAreas('districts', ['code', 'regency_code', 'name']),
    readAreas('villages', ['code', 'district_code', 'name']),
    readGeografis(),
  ]);

  const provinces = provinceRows.map((row) => ({ id: row.code!, name: row.name! }));
  const provinceNames = new Map(provinces.map((row) => [row.id, row.name]));
  const cities = regencyRows.map((row) => ({ id: row.code!, provinceId: row.province_code!, name: row.name! }));
  const cityById = new Map(cities.map((row) => [row.id, row]));
  const districts = districtRows.map((row) => ({ id: row.code!, cityId: row.regency_code!, name: row.name! }));
  const districtById = new Map(districts.map((row) => [row.id, row]));

  const villageCodes = new Set(villageRows.map((row) => row.code!));
  const zipByCode = new Map<string, number>();
  const zipByNames = new Map<string, number | null>();
  const zipByCityVillage = new Map<string, number | null>();
  // Two such rows with the same names: ambiguous, so neither is used.
  const once = (map: Map<string, number | null>, key: string, postal: number) => map.set(key, map.has(key) ? null : postal);
  for (const row of geografis) {
    if (!Number.isInteger(row.postal) || row.postal < 10000) continue;
    zipByCode.set(row.code, row.postal);
    if (villageCodes.has(row.code)) continue;
    once(zipByNames, namesKey(row.city, row.district, row.village), row.postal);
    once(zipByCityVillage, namesKey(row.city, '', row.village), row.postal);
  }

  const coverage = { villages: villageRows.length, zipByCode: 0, zipByName: 0, noZip: 0 };
  const villages = villageRows.map((row) => {
    const district = districtById.get(row.district_code!);
    const city = district ? cityById.get(district.cityId) : undefined;
    if (!district || !city) throw new Error(`idn-area-data: village ${row.code} has no district or city`);
    let zipCode = zipByCode.get(row.code!) ?? null;
    if (zipCode !== null) coverage.zipByCode += 1;
    else {
      zipCode = zipByNames.get(namesKey(city.name, district.name, row.name!)) ?? zipByCityVillage.get(namesKey(city.name, '', row.name!)) ?? null;
      if (zipCode !== null) coverage.zipByName += 1;
      else coverage.noZip += 1;
    }
    const searchText = placeSearchKey([row.name, district.name, city.name, provinceNames.get(city.provinceId) ?? ''].join(' '));
    return { id: row.code!, districtId: row.district_code!, name: row.name!, zipCode, searchText };
  });

  const terms: GeographyDataset['terms'] = [];
  const addTerms = (name: string, startLevel: 1 | 3 | 5, areaId: string, skipLeading?: Set<string>) => {
    const words = placeSearchKey(name).split(' ').filter(Boolean);
    let first = true;
    for (let start = 0; start < words.length; start += 1) {
      if (first && skipLeading?.has(words[start]!)) continue;
      const term = words.slice(start).join(' ');
      const level = (first ? startLevel : startLevel + 1) as SearchLevel;
      first = false;
      if (term.length >= MIN_TERM_LENGTH) terms.push({ term, level, areaId });
    }
  };
  for (const village of villages) addTerms(village.name, 1, village.id);
  for (const district of districts) addTerms(district.name, 3, district.id);
  for (const city of cities) addTerms(city.name, 5, city.id, CITY_KIND_WORDS);

  return { provinces, cities, districts, villages, terms, coverage };
}

/**
 * One of idn-area-data's CSV files (data/<level>.csv), checked to have the header `columns`:
 * a changed layout in a later release fails the migration instead of importing wrong columns.
 */
async function readAreas(level: string, columns: string[]): Promise<Array<Record<string, string>>> {
  const require = createRequire(import.meta.url);
  const [header, ...lines] = (await readFile(require.resolve(`idn-area-data/data/${level}.csv`), 'utf8')).split(/\r?\n/);
  if (header?.replace(/^\uFEFF/, '') !== columns.join(',')) throw new Error(`idn-area-data: data/${level}.csv starts "${header}", not "${columns.join(',')}"`);
  return lines
    .filter((line) => line !== '')
    .map((line) => {
      const fields = splitCsvLine(line);
      if (fields.length !== columns.length) throw new Error(`idn-area-data: data/${level}.csv: ${line}`);
      return Object.fromEntries(columns.map((column, index) => [column, fields[index]!]));
    });
}

/** RFC 4180 fields of one line ("Soka""an" is Soka"an; "Lubuk Pakam I,II" one field). */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

async function readGeografis(): Promise<GeografisRow[]> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('geografis/data/json/data.json');
  return JSON.parse(await readFile(file, 'utf8')) as GeografisRow[];
}

/** City names differ in kind words between the datasets ("Kabupaten Merauke" / "KABUPATEN MERAUKE"). */
function namesKey(city: string, district: string, village: string): string {
  const cityKey = placeSearchKey(city)
    .split(' ')
    .filter((word) => !CITY_KIND_WORDS.has(word))
    .join('');
  return [cityKey, placeSearchKey(district).replace(/ /g, ''), placeSearchKey(village).replace(/ /g, '')].join('|');
}
