import { placeSearchKey } from '../../../contract/geography';

/**
 * Where a village stored under the 2022 Kemendagri codes (idn-area-data 3) is under the 2025
 * codes (idn-area-data 4), for migration 0015. Kemendagri keeps a code when it corrects a name
 * ("Rantai Langsat" -> "Rantau Langsat"), and gives a new code when a village moves to another
 * (often new) district ("Tolisu" 72.01.09.2015 -> 72.01.24.2001) or is renumbered within its
 * district ("Klafma" 96.01.05.1011 -> 96.01.05.1013). Names are compared as compact keys
 * (placeSearchKey without spaces: "Tohiti Sari" is "Tohitisari"); cities never change code
 * between the two releases, so a moved village is looked for in its old city.
 *
 * In order:
 * 1. the same code with the same name, or one at most two letters off: unchanged or respelled;
 * 2. the one village of the city (one of its old district, if the city has several) with the
 *    same name under another code, unless that code held the same name before (a namesake
 *    village, not this one): moved or renumbered;
 * 3. the same code under another name: renamed in place (the name is the code's, not the
 *    other way round);
 * 4. the one village of the city, under a code the old data did not have, whose name is at most
 *    two letters off ("Kwawor Besar Ena" -> "Kwamor Besar Ena"): moved and respelled;
 * 5. otherwise none: the village was merged away or left the list, and the address keeps its
 *    province, city and district (those codes all survive) without a village.
 */

export interface VillageRow {
  id: string;
  name: string;
  districtId: string;
}

interface VillageIndex {
  byId: Map<string, VillageRow>;
  byCity: Map<string, VillageRow[]>;
}

/** The new dataset's villages, indexed once for many lookups. */
export function indexVillages(villages: VillageRow[]): VillageIndex {
  const byId = new Map<string, VillageRow>();
  const byCity = new Map<string, VillageRow[]>();
  for (const village of villages) {
    byId.set(village.id, village);
    const city = cityOf(village.id);
    const list = byCity.get(city);
    if (list) list.push(village);
    else byCity.set(city, [village]);
  }
  return { byId, byCity };
}

/**
 * The new code of each of `codes`, or null where none maps (a code the old data does not have
 * keeps itself if the new data has it). `old` holds the old data's villages of at least the
 * cities of `codes`: their names, and which codes were taken before.
 */
export function remapVillages(codes: string[], old: VillageIndex, next: VillageIndex): Map<string, string | null> {
  const result = new Map<string, string | null>();
  for (const code of codes) {
    const village = old.byId.get(code);
    result.set(code, village ? remapVillage(village, old, next) : next.byId.has(code) ? code : null);
  }
  return result;
}

function remapVillage(village: VillageRow, old: VillageIndex, next: VillageIndex): string | null {
  const key = compactKey(village.name);
  const same = next.byId.get(village.id);
  // Respelled in place, even if another village of the city now has the old spelling.
  if (same && editDistance(key, compactKey(same.name), MAX_TYPOS + 1) <= MAX_TYPOS) return village.id;
  const inCity = next.byCity.get(cityOf(village.id)) ?? [];
  const namesake = (candidate: VillageRow) => {
    const before = old.byId.get(candidate.id);
    return before !== undefined && compactKey(before.name) === key;
  };
  const named = inCity.filter((candidate) => compactKey(candidate.name) === key && !namesake(candidate));
  const inDistrict = named.filter((candidate) => candidate.districtId === village.districtId);
  if (named.length === 1) return named[0]!.id;
  if (inDistrict.length === 1) return inDistrict[0]!.id;
  if (same) return village.id;
  let best: VillageRow[] = [];
  let bestDistance = MAX_TYPOS;
  for (const candidate of inCity) {
    if (old.byId.has(candidate.id)) continue;
    const distance = editDistance(key, compactKey(candidate.name), bestDistance + 1);
    if (distance > bestDistance) continue;
    if (distance < bestDistance) {
      best = [candidate];
      bestDistance = distance;
    } else if (distance === bestDistance) best.push(candidate);
  }
  return best.length === 1 ? best[0]!.id : null;
}

/** How many letters a moved village's name may be off (rule 4). */
const MAX_TYPOS = 2;

/** "32.73.09.1003" -> "32.73". */
export function cityOf(code: string): string {
  return code.slice(0, 5);
}

function compactKey(name: string): string {
  return placeSearchKey(name).replace(/ /g, '');
}

/** Levenshtein distance, or `limit` once it is certain to be at least that. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin >= limit) return limit;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit);
}

/** The picked areas of a stored address (banks, registrations), any of them null. */
export interface StoredAreas {
  provinceId: string | null;
  cityId: string | null;
  districtId: string | null;
  villageId: string | null;
}

/** The codes of each level in the new dataset. */
interface AreaCodes {
  provinces: Set<string>;
  cities: Set<string>;
  districts: Set<string>;
  villages: Set<string>;
}

/**
 * A stored address under the new codes: a village that maps takes its new code and the
 * province, city and district its code nests in (a moved village changes district); otherwise
 * each level keeps its code while the new data has it, and from the first level that it lacks
 * down the address names nothing (the stored postal code and street line stay as they are).
 */
export function remapAddress(address: StoredAreas, villages: Map<string, string | null>, next: AreaCodes): StoredAreas {
  const moved = address.villageId ? villages.get(address.villageId) : undefined;
  if (moved) return { provinceId: moved.slice(0, 2), cityId: moved.slice(0, 5), districtId: moved.slice(0, 8), villageId: moved };
  const kept: StoredAreas = { provinceId: null, cityId: null, districtId: null, villageId: null };
  const levels: Array<[keyof StoredAreas, Set<string>]> = [
    ['provinceId', next.provinces],
    ['cityId', next.cities],
    ['districtId', next.districts],
    ['villageId', next.villages],
  ];
  for (const [field, codes] of levels) {
    const code = address[field];
    // A village with no new code (villages.get gave null) is gone even if the code is reused.
    if (!code || !codes.has(code) || (field === 'villageId' && moved === null)) break;
    kept[field] = code;
  }
  return kept;
}
