import { z } from 'zod';
import { isoDateSchema } from './deposit';
import { requiredText } from './fields';

/**
 * Pengaturan Produk (API.md "Bank, users, settings": /bpr/product-setting; DOMAIN.md "Products,
 * rates and settings"): what every deposit figure of the bank is computed with.
 */

/** A real calendar day, not only the shape (2026-02-30 is refused). */
const calendarDate = isoDateSchema.refine((value) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}, { error: 'Tanggal tidak ada di kalender.' });

const namedHolidaySchema = z.object({ date: calendarDate, name: requiredText('Nama hari libur', 100) });
const lpsRateSchema = z.object({
  effectiveFrom: calendarDate,
  rateBps: z
    .number({ error: 'Tingkat bunga penjaminan LPS harus berupa angka.' })
    .int({ error: 'Tingkat bunga penjaminan LPS paling banyak dua angka desimal.' })
    .min(0, { error: 'Tingkat bunga penjaminan LPS tidak boleh negatif.' })
    .max(2500, { error: 'Tingkat bunga penjaminan LPS paling tinggi 25%.' }),
});

/** A ratio threshold in percent, up to three decimals (1,215%). */
const thresholdPercent = (label: string) =>
  z
    .number({ error: `Batas ${label} harus berupa angka persen.` })
    .min(0, { error: `Batas ${label} tidak boleh negatif.` })
    .max(1000, { error: `Batas ${label} paling tinggi 1.000%.` })
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, { error: `Batas ${label} paling banyak tiga angka desimal.` });

/** The health thresholds of Neraca Keuangan's ratios, in percent; which side is healthy is fixed by DOMAIN.md. */
const ratioThresholdsInputSchema = z
  .object({
    kpmm: thresholdPercent('KPMM'),
    nplGross: thresholdPercent('NPL'),
    ldr: thresholdPercent('LDR'),
    roa: thresholdPercent('ROA'),
    bopo: thresholdPercent('BOPO'),
    cashRatio: thresholdPercent('rasio kas'),
  })
  .partial()
  .strict();

/**
 * Where a printed bilyet's number comes from: `FORM`, the number pre-printed on the bank's blank
 * (staff type it when printing); `SERIES`, the bank's own series, `prefix` + `nextNumber` padded
 * to `digits` (machines/bilyet.ts seriesBilyetNumber), taken by Berjangka at the print.
 */
export const bilyetNumberSources = ['FORM', 'SERIES'] as const;
export type BilyetNumberSource = (typeof bilyetNumberSources)[number];
const BILYET_SERIES_LIMITS = { maxPrefix: 20, maxNext: 999_999_999, minDigits: 1, maxDigits: 12 } as const;
export const bilyetNumberingInputSchema = z
  .object({
    source: z.enum(bilyetNumberSources, { error: 'Sumber nomor bilyet harus FORM (formulir bernomor) atau SERIES (seri bank).' }),
    prefix: z
      .string({ error: 'Awalan nomor bilyet harus berupa teks.' })
      .trim()
      .max(BILYET_SERIES_LIMITS.maxPrefix, { error: `Awalan nomor bilyet paling banyak ${BILYET_SERIES_LIMITS.maxPrefix} karakter.`, abort: true })
      .regex(/^[A-Za-z0-9./-]*$/, { error: 'Awalan nomor bilyet hanya boleh berisi huruf, angka, titik, garis miring dan tanda hubung.' }),
    nextNumber: z
      .number({ error: 'Nomor urut berikutnya harus berupa angka.' })
      .int({ error: 'Nomor urut berikutnya harus bilangan bulat.' })
      .min(1, { error: 'Nomor urut berikutnya paling kecil 1.' })
      .max(BILYET_SERIES_LIMITS.maxNext, { error: 'Nomor urut berikutnya terlalu besar.' }),
    digits: z
      .number({ error: 'Jumlah digit nomor urut harus berupa angka.' })
      .int({ error: 'Jumlah digit nomor urut harus bilangan bulat.' })
      .min(BILYET_SERIES_LIMITS.minDigits, { error: `Jumlah digit nomor urut paling sedikit ${BILYET_SERIES_LIMITS.minDigits}.` })
      .max(BILYET_SERIES_LIMITS.maxDigits, { error: `Jumlah digit nomor urut paling banyak ${BILYET_SERIES_LIMITS.maxDigits}.` }),
  })
  .strict();
export type BilyetNumbering = z.infer<typeof bilyetNumberingInputSchema>;

const unique = <T>(key: (item: T) => string) => (items: readonly T[]) => new Set(items.map(key)).size === items.length;

/** PUT /bpr/product-setting: any of the settings; what is not sent stays. */
export const productSettingsInputSchema = z
  .object({
    cutOffTime: z
      .string({ error: 'Jam batas transaksi wajib diisi.' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Jam batas transaksi harus berformat JJ:MM (WIB), misalnya 15:00.' }),
    holidays: z
      .array(namedHolidaySchema, { error: 'Daftar hari libur tidak valid.' })
      .max(400, { error: 'Daftar hari libur paling banyak 400 tanggal.' })
      .refine(unique((holiday: { date: string }) => holiday.date), { error: 'Setiap tanggal libur hanya boleh tercantum sekali.' }),
    taxBps: z
      .number({ error: 'Tarif pajak bunga harus berupa angka.' })
      .int({ error: 'Tarif pajak bunga paling banyak dua angka desimal.' })
      .min(0, { error: 'Tarif pajak bunga tidak boleh negatif.' })
      .max(10_000, { error: 'Tarif pajak bunga paling tinggi 100%.' }),
    taxThresholdRupiah: z
      .number({ error: 'Batas bebas pajak harus berupa angka rupiah.' })
      .int({ error: 'Batas bebas pajak harus rupiah utuh.' })
      .min(0, { error: 'Batas bebas pajak tidak boleh negatif.' })
      .max(1_000_000_000_000, { error: 'Batas bebas pajak terlalu besar.' }),
    lpsRates: z
      .array(lpsRateSchema, { error: 'Daftar tingkat bunga penjaminan LPS tidak valid.' })
      .min(1, { error: 'Isi paling sedikit satu tingkat bunga penjaminan LPS.' })
      .max(100, { error: 'Paling banyak 100 tingkat bunga penjaminan LPS.' })
      .refine(unique((rate: { effectiveFrom: string }) => rate.effectiveFrom), { error: 'Setiap tanggal berlaku LPS hanya boleh tercantum sekali.' }),
    lpsCoverageRupiah: z
      .number({ error: 'Batas penjaminan LPS harus berupa angka rupiah.' })
      .int({ error: 'Batas penjaminan LPS harus rupiah utuh.' })
      .min(1, { error: 'Batas penjaminan LPS harus lebih dari Rp 0.' })
      .max(1_000_000_000_000, { error: 'Batas penjaminan LPS terlalu besar.' }),
    ratioThresholds: ratioThresholdsInputSchema,
    bilyetNumbering: bilyetNumberingInputSchema,
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: 'Kirim paling sedikit satu pengaturan yang diubah.' });
export type ProductSettingsInput = z.infer<typeof productSettingsInputSchema>;

/** GET /bpr/product-setting */
export const productSettingsSchema = z.object({
  cutOffTime: z.string(),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  taxBps: z.number().int(),
  taxThresholdRupiah: z.number().int(),
  /** Ascending by effectiveFrom. */
  lpsRates: z.array(z.object({ effectiveFrom: z.string(), rateBps: z.number().int() })),
  /** The one in force today. */
  lpsRateTodayBps: z.number().int(),
  lpsCoverageRupiah: z.number().int(),
  /** Neraca Keuangan's health thresholds in percent. */
  ratioThresholds: z.object({ kpmm: z.number(), nplGross: z.number(), ldr: z.number(), roa: z.number(), bopo: z.number(), cashRatio: z.number() }),
  /** The decree each year of the default holiday list comes from. */
  holidayDecrees: z.record(z.string(), z.string()),
  /** How a printed bilyet gets its number; `nextPreview` is the series' next number as printed. */
  bilyetNumbering: z.object({ source: z.enum(bilyetNumberSources), prefix: z.string(), nextNumber: z.number().int(), digits: z.number().int(), nextPreview: z.string() }),
  updatedAt: z.string().nullable(),
});
export type ProductSettings = z.infer<typeof productSettingsSchema>;

/** PUT answer: the settings and how many installments not yet due moved to another pay date. */
export const productSettingsSavedSchema = productSettingsSchema.extend({ movedInstallments: z.number().int() });
export type ProductSettingsSaved = z.infer<typeof productSettingsSavedSchema>;

export const PRODUCT_SETTINGS_MESSAGES = {
  adminOnly: 'Hanya ADMIN yang dapat mengubah pengaturan produk.',
} as const;
