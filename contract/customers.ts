import { z } from 'zod';
import { changeRequestSchema, depositSummarySchema } from './deposit-api';
import { limitSchema, pageSchema } from './paging';
import { documentSchema } from './documents';
import { optionalText, printableCode, requiredCode, requiredText } from './fields';
import { bankAddressFieldsSchema } from './geography';

/** API.md "Bank, users, settings": the bank's customers (Nasabah) with their LPS exposure. */


export const customerTypeSchema = z.enum(['INDIVIDUAL', 'ENTITY'], { error: 'Jenis nasabah harus perorangan (INDIVIDUAL) atau badan (ENTITY).' });
export type CustomerType = z.infer<typeof customerTypeSchema>;

/** GET /bpr/customers: by name, NIK (prefix) or phone, and by kind. */
export const customerListQuerySchema = z.object({ q: printableCode('Pencarian', 100).optional(), type: customerTypeSchema.optional(), page: pageSchema, limit: limitSchema });
export const customerTypeLabels: Record<CustomerType, string> = { INDIVIDUAL: 'Perorangan', ENTITY: 'Badan' };

const genderSchema = z.enum(['MALE', 'FEMALE'], { error: 'Jenis kelamin harus laki-laki (MALE) atau perempuan (FEMALE).' });
export const genderLabels: Record<z.infer<typeof genderSchema>, string> = { MALE: 'Laki-laki', FEMALE: 'Perempuan' };

const legalFormSchema = z.enum(['PT', 'CV', 'KOPERASI', 'YAYASAN', 'PEMDA', 'BANK', 'OTHER'], { error: 'Bentuk badan harus salah satu dari PT, CV, koperasi, yayasan, pemda, bank atau lainnya.' });
export const legalFormLabels: Record<z.infer<typeof legalFormSchema>, string> = { PT: 'PT', CV: 'CV', KOPERASI: 'Koperasi', YAYASAN: 'Yayasan', PEMDA: 'Pemerintah daerah', BANK: 'Bank', OTHER: 'Lainnya' };

/** Staff set it; HIGH makes every placement of the customer a supervisor's decision (DOMAIN.md). */
const riskLevelSchema = z.enum(['LOW', 'MEDIUM', 'HIGH'], { error: 'Tingkat risiko harus LOW, MEDIUM atau HIGH.' });
export const riskLevelLabels: Record<z.infer<typeof riskLevelSchema>, string> = { LOW: 'Rendah', MEDIUM: 'Sedang', HIGH: 'Tinggi' };

export const customerSummarySchema = z.object({
  id: z.string(),
  type: customerTypeSchema,
  name: z.string(),
  /** The NIK of an individual (an entity has none: its key is the NPWP). */
  nik: z.string().nullable(),
  phone: z.string().nullable(),
  /** Principal the bank holds for the customer (deposits approved up to the payout). */
  totalActivePrincipal: z.number().int(),
  depositCount: z.number().int(),
  /** What LPS guarantees of it: at or below the guaranteed rate, up to the ceiling per customer. */
  guaranteedAmount: z.number().int(),
  unguaranteedAmount: z.number().int(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

const representativeSchema = z.object({ name: z.string(), nik: z.string(), position: z.string() });

/** GET /bpr/customers/{id}: every field of DOMAIN.md "Customers (CIF)", unmasked. Customers kept before the CIF have only some. */
export const customerDetailSchema = customerSummarySchema.extend({
  email: z.string().nullable(),
  /** The street line (with RT/RW when given) and the areas picked from the geography. */
  address: z.string().nullable(),
  rtRw: z.string().nullable(),
  provinceId: z.string().nullable(),
  cityId: z.string().nullable(),
  districtId: z.string().nullable(),
  villageId: z.string().nullable(),
  zipCode: z.string().nullable(),
  npwp: z.string().nullable(),
  birthPlace: z.string().nullable(),
  birthDate: z.string().nullable(),
  gender: genderSchema.nullable(),
  motherMaidenName: z.string().nullable(),
  occupation: z.string().nullable(),
  sourceOfFunds: z.string().nullable(),
  accountPurpose: z.string().nullable(),
  legalForm: legalFormSchema.nullable(),
  nib: z.string().nullable(),
  establishedOn: z.string().nullable(),
  representatives: z.array(representativeSchema),
  riskLevel: riskLevelSchema,
  /** For PATCH: a change made from an older reading is refused. */
  version: z.number().int(),
  payoutAccount: z.object({ bankCode: z.string().nullable(), bankName: z.string(), accountNumber: z.string(), accountName: z.string() }).nullable(),
  deposits: z.array(depositSummarySchema),
  documents: z.array(documentSchema),
  /** Changes of this customer still waiting for a supervisor (identity, payout account, instruction). */
  changeRequests: z.array(changeRequestSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A date of the past century or this one (a birth, an establishment); the service refuses one in the future. */
const pastDateSchema = (label: string) =>
  z
    .string({ error: `${label} wajib diisi (YYYY-MM-DD).` })
    .regex(ISO_DATE, { error: `${label} harus berformat YYYY-MM-DD.` })
    .refine((value) => value >= '1900-01-01' && value <= '2099-12-31', { error: `${label} harus antara tahun 1900 dan hari ini.` });

/** The payout account: a bank from the list (its sandi bank), the number and the holder's name. */
const payoutAccountInputSchema = z.object(
  {
    bankCode: requiredCode('Bank rekening pencairan', 3),
    accountNumber: requiredCode('Nomor rekening pencairan', 30),
    accountName: requiredText('Nama pemilik rekening pencairan', 100),
  },
  { error: 'Rekening pencairan harus berisi bank, nomor rekening dan nama pemilik.' },
);

/** Who signs for an entity: one to five people with their NIK. */
const representativesInputSchema = z
  .array(z.object({ name: requiredText('Nama perwakilan', 100), nik: requiredCode('NIK perwakilan', 30), position: requiredText('Jabatan perwakilan', 100) }), {
    error: 'Perwakilan harus berupa daftar.',
  })
  .min(1, { error: 'Badan harus punya sedikitnya satu perwakilan yang menandatangani.' })
  .max(5, { error: 'Paling banyak 5 perwakilan.' });

/** What every customer has: a name, the address (street line and the areas), contact, payout account, risk level. */
const customerCommonFields = {
  name: requiredText('Nama', 100),
  npwp: printableCode('NPWP', 30).optional(),
  address: requiredText('Alamat', 255),
  rtRw: printableCode('RT/RW', 10).optional(),
  ...bankAddressFieldsSchema.shape,
  phone: requiredCode('Nomor telepon', 30),
  email: printableCode('Email', 254).optional(),
  payoutAccount: payoutAccountInputSchema.optional(),
  riskLevel: riskLevelSchema.default('LOW'),
};

/** POST /bpr/customers: an individual (KTP holder) or an entity; NIK, phone, NPWP and the rest are checked by the rules (machines/customer-rules). */
export const createCustomerSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('INDIVIDUAL'),
      ...customerCommonFields,
      name: requiredText('Nama sesuai KTP', 100),
      nik: requiredCode('NIK', 30),
      birthPlace: requiredText('Tempat lahir', 100),
      birthDate: pastDateSchema('Tanggal lahir'),
      gender: genderSchema,
      motherMaidenName: requiredText('Nama ibu kandung', 100),
      occupation: requiredText('Pekerjaan', 100),
      sourceOfFunds: requiredText('Sumber dana', 100),
      accountPurpose: requiredText('Tujuan pembukaan rekening', 200),
    }),
    z.object({
      type: z.literal('ENTITY'),
      ...customerCommonFields,
      name: requiredText('Nama badan', 150),
      legalForm: legalFormSchema,
      npwp: requiredCode('NPWP', 30),
      nib: printableCode('NIB', 20).optional(),
      establishedOn: pastDateSchema('Tanggal pendirian'),
      representatives: representativesInputSchema,
      accountPurpose: optionalText('Tujuan pembukaan rekening', 200),
    }),
  ],
  { error: 'Jenis nasabah harus perorangan (INDIVIDUAL) atau badan (ENTITY).' },
);
export type CreateCustomerInput = z.input<typeof createCustomerSchema>;
export type CreateCustomer = z.infer<typeof createCustomerSchema>;

/**
 * PATCH /bpr/customers/{id}: `version` (the one read) and only the fields that change. Contact
 * fields apply at once; identity fields and the payout account become a change request; the risk
 * level is a supervisor's to set.
 */
export const updateCustomerSchema = z.object({
  version: z.coerce.number({ error: 'Versi data nasabah wajib dikirim (dari data yang terakhir dibaca).' }).int({ error: 'Versi data nasabah tidak valid.' }).min(1, { error: 'Versi data nasabah tidak valid.' }),
  phone: requiredCode('Nomor telepon', 30).optional(),
  email: printableCode('Email', 254).optional(),
  address: requiredText('Alamat', 255).optional(),
  rtRw: printableCode('RT/RW', 10).optional(),
  ...bankAddressFieldsSchema.shape,
  occupation: requiredText('Pekerjaan', 100).optional(),
  sourceOfFunds: requiredText('Sumber dana', 100).optional(),
  accountPurpose: optionalText('Tujuan pembukaan rekening', 200),
  name: requiredText('Nama', 150).optional(),
  nik: requiredCode('NIK', 30).optional(),
  birthPlace: requiredText('Tempat lahir', 100).optional(),
  birthDate: pastDateSchema('Tanggal lahir').optional(),
  gender: genderSchema.optional(),
  motherMaidenName: requiredText('Nama ibu kandung', 100).optional(),
  npwp: printableCode('NPWP', 30).optional(),
  legalForm: legalFormSchema.optional(),
  nib: printableCode('NIB', 20).optional(),
  establishedOn: pastDateSchema('Tanggal pendirian').optional(),
  representatives: representativesInputSchema.optional(),
  payoutAccount: payoutAccountInputSchema.optional(),
  riskLevel: riskLevelSchema.optional(),
});
export type UpdateCustomerInput = z.input<typeof updateCustomerSchema>;
export type UpdateCustomer = z.infer<typeof updateCustomerSchema>;
