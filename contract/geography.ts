import { z } from 'zod';
import { printableCode } from './fields';

/**
 * API.md "Master data (v2-general)": Indonesia's administrative areas with their official
 * Kemendagri codes (province "32", city/regency "32.73", district "32.73.01", village
 * "32.73.01.1001") and the postal code of each village, and the bank address built from them.
 * Public: the registration form reads them before anyone has signed in.
 */

const geographyLevels = ['province', 'city', 'district', 'village'] as const;
export const geographyLevelSchema = z.enum(geographyLevels, { error: 'Tingkat wilayah harus salah satu dari: province, city, district, village.' });
export type GeographyLevel = z.infer<typeof geographyLevelSchema>;

/** The code of each level: two digits, then groups of two, two and four. */
const areaCodePatterns: Record<GeographyLevel, RegExp> = {
  province: /^\d{2}$/,
  city: /^\d{2}\.\d{2}$/,
  district: /^\d{2}\.\d{2}\.\d{2}$/,
  village: /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/,
};

/** The level above each level, whose code a list of that level needs as `parentId`. */
export const parentLevel: Record<GeographyLevel, GeographyLevel | null> = { province: null, city: 'province', district: 'city', village: 'district' };

/** How a person names each level, for messages and labels. */
export const levelLabels: Record<GeographyLevel, string> = { province: 'Provinsi', city: 'Kota/kabupaten', district: 'Kecamatan', village: 'Kelurahan/desa' };

const PARENT_EXAMPLES: Record<GeographyLevel, string> = { province: '32', city: '32.73', district: '32.73.01', village: '32.73.01.1001' };

/** GET /geography: the areas of one level; every level but province needs the code of its parent. */
export const geographyQuerySchema = z
  .object({
    level: geographyLevelSchema,
    parentId: printableCode('Kode wilayah induk', 20).optional(),
  })
  .superRefine((query, ctx) => {
    const parent = parentLevel[query.level];
    const parentId = query.parentId === '' ? undefined : query.parentId;
    if (!parent) {
      if (parentId !== undefined) ctx.addIssue({ code: 'custom', path: ['parentId'], message: 'Provinsi tidak memiliki wilayah induk; kirim tanpa parentId.' });
      return;
    }
    if (parentId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['parentId'], message: `parentId wajib diisi untuk tingkat ${query.level}: kode ${levelLabels[parent].toLowerCase()}, contoh ${PARENT_EXAMPLES[parent]}.` });
    } else if (!areaCodePatterns[parent].test(parentId)) {
      ctx.addIssue({ code: 'custom', path: ['parentId'], message: `parentId untuk tingkat ${query.level} harus kode ${levelLabels[parent].toLowerCase()}, contoh ${PARENT_EXAMPLES[parent]}.` });
    }
  });

/** One area; villages also carry their postal code (null where the dataset has none). */
export const geographyAreaSchema = z.object({
  id: z.string(),
  name: z.string(),
  zipCode: z.string().nullable().optional(),
});
export type GeographyArea = z.infer<typeof geographyAreaSchema>;

export const ZIP_SEARCH_MIN_LENGTH = 3;
const ZIP_SEARCH_MAX_LIMIT = 50;
const ZIP_SEARCH_DEFAULT_LIMIT = 10;

/**
 * GET /geography/zip-code/search: `q` of digits is a postal-code prefix (3 to 5 digits);
 * anything else is a place name (village, district or city; several words narrow it down).
 */
export const zipSearchQuerySchema = z.object({
  q: printableCode('Kata pencarian', 100).refine((value) => placeSearchKey(value).replace(/ /g, '').length >= ZIP_SEARCH_MIN_LENGTH, {
    error: `Kata pencarian minimal ${ZIP_SEARCH_MIN_LENGTH} huruf atau angka: awal kode pos (contoh 401) atau nama tempat.`,
  }),
  limit: z.coerce
    .number({ error: 'Batas jumlah hasil harus berupa angka.' })
    .int({ error: 'Batas jumlah hasil harus bilangan bulat.' })
    .min(1, { error: 'Batas jumlah hasil minimal 1.' })
    .max(ZIP_SEARCH_MAX_LIMIT, { error: `Batas jumlah hasil paling banyak ${ZIP_SEARCH_MAX_LIMIT}.` })
    .default(ZIP_SEARCH_DEFAULT_LIMIT),
});

export const zipSearchResultSchema = z.object({
  /** Five digits, or null for the few villages the postal dataset does not cover. */
  zipCode: z.string().nullable(),
  village: z.string(),
  district: z.string(),
  city: z.string(),
  province: z.string(),
  villageId: z.string(),
  districtId: z.string(),
  cityId: z.string(),
  provinceId: z.string(),
});
export type ZipSearchResult = z.infer<typeof zipSearchResultSchema>;

/**
 * How names are compared in search: lower case, accents and apostrophes dropped (the dataset
 * writes "Soka\"an" and "Regapu’u"), anything else not a letter or digit a single space.
 */
export function placeSearchKey(text: string): string {
  // Most names are plain ASCII: Unicode normalisation was half the import's work on them.
  const plain = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return plain
    .toLowerCase()
    .replace(/['"`’‘]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A postal code: five digits, the first not 0 (Indonesia's run from 10110 to 99xxx). */
const ZIP_CODE_PATTERN = /^[1-9]\d{4}$/;

const optionalCode = (label: string, level: GeographyLevel) =>
  printableCode(label, 20)
    .refine((value) => value === '' || areaCodePatterns[level].test(value), { error: `${label} tidak valid; pilih dari daftar wilayah.` })
    .optional();

/**
 * The structured part of a bank's address, sent beside the street line (`address`) by the
 * registration and the profile update. Optional, so clients that send only the line still work;
 * when any is sent, province, city and district are required and must nest (the server checks
 * them against the geography tables). Empty strings count as not sent.
 */
export const bankAddressFieldsSchema = z.object({
  provinceId: optionalCode('Provinsi', 'province'),
  cityId: optionalCode('Kota/kabupaten', 'city'),
  districtId: optionalCode('Kecamatan', 'district'),
  villageId: optionalCode('Kelurahan/desa', 'village'),
  zipCode: printableCode('Kode pos', 10)
    .refine((value) => value === '' || ZIP_CODE_PATTERN.test(value), { error: 'Kode pos harus 5 angka, contoh 40115.' })
    .optional(),
});

/** A bank's address as the profile answers it: the street line and the picked areas with their names. */
export const bankAddressSchema = z.object({
  street: z.string().nullable(),
  provinceId: z.string().nullable(),
  province: z.string().nullable(),
  cityId: z.string().nullable(),
  city: z.string().nullable(),
  districtId: z.string().nullable(),
  district: z.string().nullable(),
  villageId: z.string().nullable(),
  village: z.string().nullable(),
  zipCode: z.string().nullable(),
});
export type BankAddress = z.infer<typeof bankAddressSchema>;

/** "Jl. Merdeka No. 1, Citarum, Bandung Wetan, KOTA BANDUNG, JAWA BARAT 40115": for letterheads and labels. */
export function formatBankAddress(address: Pick<BankAddress, 'street' | 'village' | 'district' | 'city' | 'province' | 'zipCode'>): string {
  const parts = [address.street, address.village, address.district, address.city].filter((part): part is string => Boolean(part && part.trim()));
  const last = [address.province, address.zipCode].filter(Boolean).join(' ');
  return [...parts, ...(last ? [last] : [])].join(', ');
}
