import { z } from 'zod';
import { interestPaymentSchema, isoDateSchema, maturityInstructionSchema } from './deposit';
import { printableCode, requiredText } from './fields';

/**
 * Products and their dated rates (API.md "Products (v1, raw token)", DOMAIN.md "Products, rates
 * and settings"). Rates are basis points (650 = 6,50%); a rate change is a whole tenor table in
 * force from a date.
 */

/** The product families of /api-v1/{product}/… ; today only deposits. */
export const productFamilySchema = z.enum(['deposito']);

/**
 * The limits on a product (issue 10): tenors 1–60 months, rates above 0 up to 25% (a 0% deposit
 * would earn nothing, and the rollover refuses a rate of 0), penalty 0–100%.
 */
export const PRODUCT_LIMITS = {
  minTenorMonths: 1,
  maxTenorMonths: 60,
  maxRateBps: 2500,
  maxPenaltyBps: 10_000,
  /** A special rate at most 5 points above the LPS rate: beyond it the deposit is a risk LPS will not carry. */
  maxSpecialRateCeilingBps: 500,
  maxTenors: 24,
  /** Rp 1 trillion: above any BPR's balance sheet, so a slip of the keyboard is caught. */
  maxAmountRupiah: 1_000_000_000_000,
} as const;

export const productTenorSchema = z.object({ tenorMonths: z.number().int(), rateBps: z.number().int() });
export type ProductTenor = z.infer<typeof productTenorSchema>;

const rateScheduleSchema = z.object({
  effectiveFrom: z.string(),
  tenors: z.array(productTenorSchema),
  /** Who set it and when (null for the opening rates carried over from before the history was kept). */
  setBy: z.string().nullable(),
  setAt: z.string(),
});

/** A product as every answer shows it: its tenors and rates in force today. */
export const productSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  visible: z.boolean(),
  interestPayment: interestPaymentSchema,
  minAmount: z.number().int(),
  maxAmount: z.number().int().nullable(),
  instructions: z.array(maturityInstructionSchema),
  breakPenaltyBps: z.number().int(),
  forfeitAccruedInterest: z.boolean(),
  /** How far above the LPS guaranteed rate a counter placement's special rate may go (bps); null: no special rate. */
  specialRateCeilingBps: z.number().int().nullable(),
  /** In force today, ascending by tenor. */
  tenors: z.array(productTenorSchema),
  /** The day today's tenor table took effect. */
  rateEffectiveFrom: z.string(),
  /** A rate change already set for a later date, or null. */
  nextRates: z.object({ effectiveFrom: z.string(), tenors: z.array(productTenorSchema) }).nullable(),
  /** True when a tenor's rate today is above the LPS guaranteed rate in force today ("Tidak dijamin LPS"). */
  lpsFlag: z.boolean(),
  /** Deposits of this product the bank holds (from approval until paid out or closed). */
  runningDeposits: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

/** Kept for the lists that only need the row. */
export const productListItemSchema = productSchema;
export type ProductListItem = Product;

/** GET /{product}?id: the product with every schedule, newest first. */
export const productDetailSchema = productSchema.extend({ rates: z.array(rateScheduleSchema) });
export type ProductDetail = z.infer<typeof productDetailSchema>;

const booleanQuery = (label: string) => z.enum(['true', 'false'], { error: `${label} harus true atau false.` });

/** GET /{product}/all-product */
export const productListQuerySchema = z.object({
  active: booleanQuery('Status aktif').optional(),
  visible: booleanQuery('Tampil di platform').optional(),
  q: printableCode('Pencarian', 100).optional(),
});

const rupiah = (label: string) =>
  z
    .number({ error: `${label} harus berupa angka rupiah.` })
    .int({ error: `${label} harus rupiah utuh.` })
    .min(1, { error: `${label} harus lebih dari Rp 0.` })
    .max(PRODUCT_LIMITS.maxAmountRupiah, { error: `${label} terlalu besar.` });

const tenorRowSchema = z.object({
  tenorMonths: z
    .number({ error: 'Tenor harus berupa angka bulan.' })
    .int({ error: 'Tenor harus bulan utuh.' })
    .min(PRODUCT_LIMITS.minTenorMonths, { error: 'Tenor paling singkat 1 bulan.' })
    .max(PRODUCT_LIMITS.maxTenorMonths, { error: 'Tenor paling lama 60 bulan.' }),
  rateBps: z
    .number({ error: 'Suku bunga harus berupa angka.' })
    .int({ error: 'Suku bunga paling banyak dua angka desimal.' })
    .min(1, { error: 'Suku bunga harus lebih dari 0%.' })
    .max(PRODUCT_LIMITS.maxRateBps, { error: 'Suku bunga paling tinggi 25%.' }),
});

/** The tenor table: at least one tenor, each once. */
const tenorTableSchema = z
  .array(tenorRowSchema, { error: 'Daftar tenor dan suku bunga wajib diisi.' })
  .min(1, { error: 'Isi paling sedikit satu tenor dengan suku bunganya.' })
  .max(PRODUCT_LIMITS.maxTenors, { error: `Paling banyak ${PRODUCT_LIMITS.maxTenors} tenor.` })
  .refine((tenors) => new Set(tenors.map((tenor) => tenor.tenorMonths)).size === tenors.length, { error: 'Setiap tenor hanya boleh muncul sekali.' });

const productCode = requiredText('Kode produk', 20).refine((value) => /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(value), {
  error: 'Kode produk hanya boleh berisi huruf, angka, tanda hubung dan garis bawah.',
});

const instructionList = z
  .array(maturityInstructionSchema, { error: 'Instruksi jatuh tempo harus ARO, ARO_PLUS atau PAYOUT.' })
  .min(1, { error: 'Pilih paling sedikit satu instruksi jatuh tempo.' })
  .refine((list) => new Set(list).size === list.length, { error: 'Setiap instruksi jatuh tempo hanya boleh dipilih sekali.' });

const productFields = {
  code: productCode,
  name: requiredText('Nama produk', 100),
  interestPayment: z.enum(interestPaymentSchema.options, { error: 'Pembayaran bunga harus MONTHLY atau AT_MATURITY.' }),
  minAmount: rupiah('Nominal minimum'),
  maxAmount: rupiah('Nominal maksimum').nullable(),
  instructions: instructionList,
  breakPenaltyBps: z
    .number({ error: 'Penalti pencairan awal harus berupa angka.' })
    .int({ error: 'Penalti pencairan awal paling banyak dua angka desimal.' })
    .min(0, { error: 'Penalti pencairan awal tidak boleh negatif.' })
    .max(PRODUCT_LIMITS.maxPenaltyBps, { error: 'Penalti pencairan awal paling tinggi 100%.' }),
  forfeitAccruedInterest: z.boolean({ error: 'Bunga berjalan hangus harus true atau false.' }),
  visible: z.boolean({ error: 'Tampil di platform harus true atau false.' }),
  specialRateCeilingBps: z
    .number({ error: 'Batas suku bunga khusus harus berupa angka.' })
    .int({ error: 'Batas suku bunga khusus paling banyak dua angka desimal.' })
    .min(0, { error: 'Batas suku bunga khusus tidak boleh negatif.' })
    .max(PRODUCT_LIMITS.maxSpecialRateCeilingBps, { error: 'Batas suku bunga khusus paling tinggi 5% di atas tingkat bunga LPS.' })
    .nullable(),
  tenors: tenorTableSchema,
  rateEffectiveFrom: isoDateSchema,
};

const minNotAboveMax = (value: { minAmount?: number; maxAmount?: number | null }) =>
  value.minAmount === undefined || value.maxAmount === undefined || value.maxAmount === null || value.minAmount <= value.maxAmount;
const minAboveMaxMessage = { error: 'Nominal minimum tidak boleh melebihi nominal maksimum.', path: ['maxAmount'] };

/** POST /{product}/create-product. The first rates take effect on `rateEffectiveFrom` (default today). */
export const createProductSchema = z
  .object({
    ...productFields,
    maxAmount: productFields.maxAmount.optional().default(null),
    forfeitAccruedInterest: productFields.forfeitAccruedInterest.optional().default(false),
    visible: productFields.visible.optional().default(true),
    specialRateCeilingBps: productFields.specialRateCeilingBps.optional().default(null),
    rateEffectiveFrom: productFields.rateEffectiveFrom.optional(),
  })
  .strict()
  .refine(minNotAboveMax, minAboveMaxMessage);

/**
 * PUT /{product}: any of the fields; new rates come as `tenors` with `rateEffectiveFrom` (today or
 * later): periods starting from that date take them, running periods keep theirs.
 */
export const updateProductSchema = z
  .object({
    id: requiredText('Produk', 64),
    code: productFields.code.optional(),
    name: productFields.name.optional(),
    interestPayment: productFields.interestPayment.optional(),
    minAmount: productFields.minAmount.optional(),
    maxAmount: productFields.maxAmount.optional(),
    instructions: productFields.instructions.optional(),
    breakPenaltyBps: productFields.breakPenaltyBps.optional(),
    forfeitAccruedInterest: productFields.forfeitAccruedInterest.optional(),
    visible: productFields.visible.optional(),
    specialRateCeilingBps: productFields.specialRateCeilingBps.optional(),
    tenors: productFields.tenors.optional(),
    rateEffectiveFrom: productFields.rateEffectiveFrom.optional(),
  })
  .strict()
  .refine((value) => value.tenors !== undefined || value.rateEffectiveFrom === undefined, { error: 'Isi tabel tenor dan suku bunga yang berlaku mulai tanggal tersebut.', path: ['tenors'] });

/** PATCH /{product}/deactivate-product */
export const deactivateProductSchema = z.object({ id: requiredText('Produk', 64) });

/** PATCH /{product}/{productId}/visibility */
export const productVisibilitySchema = z.object({ visible: productFields.visible });

export const PRODUCT_MESSAGES = {
  adminOnly: 'Hanya ADMIN yang dapat mengubah produk.',
  notFound: 'Produk tidak ditemukan.',
  codeTaken: 'Kode produk sudah dipakai produk lain di bank ini.',
  nameTaken: 'Nama produk sudah dipakai produk lain di bank ini.',
  pastRateDate: 'Tanggal berlaku suku bunga paling cepat hari ini.',
  rateDateRequired: 'Tanggal berlaku suku bunga baru wajib diisi.',
  inactive: 'Produk sudah tidak aktif; produk nonaktif tidak dapat diubah.',
  minAboveMax: 'Nominal minimum tidak boleh melebihi nominal maksimum.',
} as const;
