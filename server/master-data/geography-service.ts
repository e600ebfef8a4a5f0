import type { Kysely } from 'kysely';
import {
  bankAddressFieldsSchema,
  geographyQuerySchema,
  levelLabels,
  parentLevel,
  placeSearchKey,
  zipSearchQuerySchema,
  type GeographyArea,
  type GeographyLevel,
  type ZipSearchResult,
} from '../../contract/geography';
import type { Database } from '../platform/db/schema';
import { ServiceError, ValidationError } from '../platform/errors';
import { parseFields, parseOrThrow } from '../platform/validation';
import { areaExists, listAreas, placesByVillageIds, placesByZipRange, villageIdsByTerm, type PlaceRow } from './geography-repository';

/** A bank's structured address as stored: the picked codes and postal code, all or none. */
export interface StructuredAddress {
  provinceId: string | null;
  cityId: string | null;
  districtId: string | null;
  villageId: string | null;
  zipCode: string | null;
}

/** The names of a stored address's areas, for the profile and the courier. */
interface AddressNames {
  province: string | null;
  city: string | null;
  district: string | null;
  village: string | null;
}

export function createGeographyService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  /**
   * Codes known to exist. The areas are reference data only a migration changes, before the
   * server serves; every customer checked or placed asks for the same few hundred districts, so a
   * code once found is not asked again (one statement fewer per level per placement). Codes not
   * found are asked each time.
   */
  const known = new Set<string>();
  const exists = async (level: GeographyLevel, id: string): Promise<boolean> => {
    const key = `${level}:${id}`;
    if (known.has(key)) return true;
    const found = await areaExists(db, level, id);
    if (found && known.size < 200_000) known.add(key);
    return found;
  };

  return {
    /** GET /geography: the areas of a level under their parent; an unknown parent is 404. */
    async list(query: Record<string, unknown>): Promise<GeographyArea[]> {
      const { level, parentId } = parseOrThrow(geographyQuerySchema, query);
      const parent = parentLevel[level];
      const rows = await listAreas(db, level, parentId || undefined);
      if (parent && rows.length === 0 && !(await exists(parent, parentId!))) {
        throw new ServiceError('not-found', `${levelLabels[parent]} dengan kode ${parentId} tidak ditemukan.`);
      }
      return rows.map((row) => (level === 'village' ? { id: row.id, name: row.name, zipCode: zipText(row.zip_code ?? null) } : { id: row.id, name: row.name }));
    },

    /**
     * GET /geography/zip-code/search: digits are a postal-code prefix; words are place names —
     * villages named so first (names starting with the word before names with it later), then
     * the villages of districts, then of cities named so (SearchLevel). The longest word finds
     * the rows through the term index; each other word must appear in the village's full name
     * ("sukajadi bandung" is the Sukajadi of Bandung).
     */
    async searchZip(query: Record<string, unknown>): Promise<ZipSearchResult[]> {
      const { q, limit } = parseOrThrow(zipSearchQuerySchema, query);
      const key = placeSearchKey(q);
      if (/^\d+$/.test(key.replace(/ /g, ''))) {
        const digits = key.replace(/ /g, '');
        if (digits.length > 5) throw new ValidationError(['Kode pos paling banyak 5 angka.']);
        const scale = 10 ** (5 - digits.length);
        const from = Number(digits) * scale;
        return (await placesByZipRange(db, from, from + scale, limit)).map(toResult);
      }
      const words = [...new Set(key.split(' ').filter(Boolean))].sort((a, b) => b.length - a.length);
      // Several words: the words as typed, one name ("bandung wetan"), come before rows that
      // only hold each word somewhere ("Cileunyi Wetan, KABUPATEN BANDUNG").
      const passes = words.length > 1 ? [{ first: key, others: [] }, { first: words[0]!, others: words.slice(1) }] : [{ first: key, others: [] }];
      const found: string[] = [];
      for (const { first, others } of passes) {
        for (const level of [1, 2, 3, 4, 5, 6] as const) {
          const missing = limit - found.length;
          if (missing <= 0) break;
          // A few more than missing: a village named twice over ("Kebon Kelapa" for "ke…") repeats.
          const ids = await villageIdsByTerm(db, { level, from: first, to: nextKey(first), alsoContains: others, limit: missing + 10 });
          for (const id of ids) if (!found.includes(id) && found.length < limit) found.push(id);
        }
      }
      const rows = new Map((await placesByVillageIds(db, found)).map((row) => [row.village_id, row]));
      return found.flatMap((id) => {
        const row = rows.get(id);
        return row ? [toResult(row)] : [];
      });
    },

    /**
     * Checks the structured part of an address form (bankAddressFieldsSchema): nothing sent is
     * no structured address; otherwise province, city and district are required, each must
     * exist and lie in the one above, and so must the village if one is sent.
     */
    async checkAddress(fields: Record<string, unknown>): Promise<{ ok: true; address: StructuredAddress } | { ok: false; messages: string[] }> {
      const parsed = parseFields(bankAddressFieldsSchema, fields);
      if (!parsed.success) return { ok: false, messages: parsed.messages };
      const blank = (value: string | undefined) => (value && value !== '' ? value : null);
      const address: StructuredAddress = {
        provinceId: blank(parsed.data.provinceId),
        cityId: blank(parsed.data.cityId),
        districtId: blank(parsed.data.districtId),
        villageId: blank(parsed.data.villageId),
        zipCode: blank(parsed.data.zipCode),
      };
      if (Object.values(address).every((value) => value === null)) return { ok: true, address };
      const messages: string[] = [];
      if (!address.provinceId) messages.push('Provinsi wajib dipilih.');
      if (!address.cityId) messages.push('Kota/kabupaten wajib dipilih.');
      if (!address.districtId) messages.push('Kecamatan wajib dipilih.');
      if (messages.length > 0) return { ok: false, messages };
      const chain: Array<[keyof StructuredAddress, 'province' | 'city' | 'district' | 'village', string]> = [
        ['provinceId', 'province', 'Provinsi'],
        ['cityId', 'city', 'Kota/kabupaten'],
        ['districtId', 'district', 'Kecamatan'],
        ['villageId', 'village', 'Kelurahan/desa'],
      ];
      let above: string | null = null;
      for (const [field, level, label] of chain) {
        const id = address[field];
        if (!id) continue;
        // Kemendagri codes nest: a district "32.73.01" lies in the city "32.73".
        if (above && !id.startsWith(`${above}.`)) {
          messages.push(`${label} yang dipilih tidak berada di wilayah di atasnya; pilih ulang dari daftar.`);
          break;
        }
        if (!(await exists(level, id))) {
          messages.push(`${label} dengan kode ${id} tidak ditemukan; pilih dari daftar wilayah.`);
          break;
        }
        above = id;
      }
      return messages.length > 0 ? { ok: false, messages } : { ok: true, address };
    },

    /** Whether an area of this level has this code (a NIK's district, for instance). */
    areaExists(level: 'province' | 'city' | 'district' | 'village', id: string): Promise<boolean> {
      return exists(level, id);
    },

    /** The names of a stored address's areas (null where none was picked or a code has since gone). */
    async namesOf(address: StructuredAddress): Promise<AddressNames> {
      const name = async (table: 'geo_provinces' | 'geo_cities' | 'geo_districts' | 'geo_villages', id: string | null) =>
        id ? ((await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())?.name ?? null) : null;
      return {
        province: await name('geo_provinces', address.provinceId),
        city: await name('geo_cities', address.cityId),
        district: await name('geo_districts', address.districtId),
        village: await name('geo_villages', address.villageId),
      };
    },
  };
}

export type GeographyService = ReturnType<typeof createGeographyService>;

function zipText(zip: number | null): string | null {
  return zip === null ? null : String(zip).padStart(5, '0');
}

function toResult(row: PlaceRow): ZipSearchResult {
  return {
    zipCode: zipText(row.zip_code),
    village: row.village,
    district: row.district,
    city: row.city,
    province: row.province,
    villageId: row.village_id,
    districtId: row.district_id,
    cityId: row.city_id,
    provinceId: row.province_id,
  };
}

/** The first key after every key that starts with `prefix` (keys are [a-z0-9 ]: the last character plus one). */
function nextKey(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}
