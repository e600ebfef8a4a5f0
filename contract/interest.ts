import { z } from 'zod';
import { printableCode, requiredCode } from './fields';
import { depositSearchSchema, installmentSchema, periodSchema } from './deposit-api';
import { limitSchema, pageSchema } from './paging';
import { isoDateSchema } from './deposit';

/** API.md "Interest and payouts": monthly interest (bunga bulanan). */

/** GET /deposito/monthly-interest: installments whose pay date falls in `period` (default this month). */
export const monthlyInterestQuerySchema = z.object({
  period: periodSchema.optional(),
  /** Customer name or deposit number containing it, or NIK starting with it (as the deposit list's `q`). */
  q: depositSearchSchema,
  status: z.enum(['scheduled', 'due', 'paid'], { error: 'Status bunga harus scheduled, due atau paid.' }).optional(),
  page: pageSchema,
  limit: limitSchema,
});

/** GET /deposito/monthly-interest-disbursement: installments marked paid, newest first; `period` = month of the transfer. */
export const interestHistoryQuerySchema = z.object({
  period: periodSchema.optional(),
  reference: printableCode('Nomor referensi', 100).optional(),
  page: pageSchema,
  limit: limitSchema,
});

/** POST /deposito/monthly-interest-disbursement (SUPERVISOR): all or nothing. */
export const markInterestPaidRequestSchema = z.object({
  installmentIds: z
    .array(z.string().trim().min(1, { error: 'Daftar bunga tidak valid.' }), { error: 'Pilih minimal satu bunga.' })
    .min(1, { error: 'Pilih minimal satu bunga.' })
    .max(1000, { error: 'Paling banyak 1.000 bunga sekali tandai.' }),
  paidAt: isoDateSchema,
  reference: requiredCode('Nomor referensi transfer', 100),
});

/**
 * GET /deposito/monthly-interest-template/count and /download: the Bunga Bulanan screen's own
 * filters (period, status, q), read by the same query as its list, so the file holds exactly the
 * rows the screen lists. Only installments due for payment can be transferred — a scheduled one
 * is not payable before its pay date, a paid one must never be transferred twice — so `status` is
 * `due` (the default: installments whose pay date is today or earlier, not yet paid).
 */
export const TEMPLATE_STATUS_ONLY_DUE =
  'Template transfer hanya memuat bunga berstatus Jatuh Tempo Bayar: bunga terjadwal belum boleh dibayar dan bunga yang sudah dibayar tidak ditransfer lagi.';
export const interestTemplateQuerySchema = z.object({
  period: periodSchema.optional(),
  status: z.enum(['due'], { error: TEMPLATE_STATUS_ONLY_DUE }).default('due'),
  q: depositSearchSchema,
});

/** An installment with what the transfer needs (customer, payout account). */
export const monthlyInterestRowSchema = installmentSchema.extend({
  depositNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  principal: z.number().int(),
  rateBps: z.number().int(),
  payoutAccount: z.object({ bankName: z.string().nullable(), accountNumber: z.string().nullable(), accountName: z.string().nullable() }),
});

export const markInterestPaidResultSchema = z.object({ paid: z.number().int(), installmentIds: z.array(z.string()), reference: z.string(), paidAt: z.string() });

/** GET /deposito/monthly-interest's totals of the whole month under the filters (every page, not only this one). */
export const monthlyInterestSummarySchema = z.object({ count: z.number().int().min(0), gross: z.number().int(), tax: z.number().int(), net: z.number().int() });
export type MonthlyInterestSummary = z.infer<typeof monthlyInterestSummarySchema>;

export const interestTemplateCountSchema = z.object({ period: z.string(), count: z.number().int(), totalNet: z.number().int() });
