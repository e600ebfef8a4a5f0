import { z } from 'zod';
import { requiredCode } from './fields';
import { depositActionsSchema, depositSearchSchema, disbursementSchema, periodSchema, versionSchema } from './deposit-api';
import { limitSchema, pageSchema } from './paging';
import { isoDateSchema } from './deposit';

/** API.md "Interest and payouts": payouts (pencairan) of broken and matured deposits. */

/** GET /deposito/disbursements[/count]: `period` = month the payout was decided. */
export const disbursementListQuerySchema = z.object({
  status: z.enum(['pending', 'paid'], { error: 'Status pencairan harus pending atau paid.' }).optional(),
  period: periodSchema.optional(),
  /** Customer name or deposit number containing it, or NIK starting with it (as the deposit list's `q`). */
  q: depositSearchSchema,
  page: pageSchema,
  limit: limitSchema,
});

/** POST /deposito/disbursement-paid (multipart, SUPERVISOR) with the proof file in `proof`. */
export const disbursementPaidFieldsSchema = z.object({
  depositId: z.string({ error: 'Deposito wajib diisi.' }).trim().min(1, { error: 'Deposito wajib diisi.' }),
  reference: requiredCode('Nomor referensi transfer', 100),
  paidAt: isoDateSchema,
  version: versionSchema,
});
export const DISBURSEMENT_PROOF_FIELD = 'proof';
export const DISBURSEMENT_PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** GET /deposito/due-information: deposits maturing from today to today + days. */
export const dueInformationQuerySchema = z.object({
  days: z.coerce.number({ error: 'Jumlah hari harus berupa angka.' }).int({ error: 'Jumlah hari harus bilangan bulat.' }).min(1, { error: 'Jumlah hari minimal 1.' }).max(366, { error: 'Jumlah hari paling banyak 366.' }).default(30),
  page: pageSchema,
  limit: limitSchema,
});

/** The answer's `range` beside its rows: the dates the list covers (today to today + days, WIB). */
export const dueRangeSchema = z.object({ from: z.string(), to: z.string(), days: z.number().int().min(1) });
export type DueRange = z.infer<typeof dueRangeSchema>;

export const disbursementRowSchema = disbursementSchema.extend({
  depositNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  maturityDate: z.string(),
  payoutAccount: z.object({ bankName: z.string().nullable(), accountNumber: z.string().nullable(), accountName: z.string().nullable() }),
  // The deposit's actions for this user today, as its detail gives them, so a payout whose
  // `deposit.markPaid` is refused (bilyet not back) says why before anyone fills in the form.
  ...depositActionsSchema.shape,
});

export const disbursementCountsSchema = z.object({ pending: z.number().int(), paid: z.number().int(), pendingAmount: z.number().int(), paidAmount: z.number().int() });

