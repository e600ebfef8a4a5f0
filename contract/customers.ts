import { z } from 'zod';
import { depositSummarySchema, limitSchema, pageSchema } from './deposit-api';
import { documentSchema } from './documents';
import { printableCode } from './fields';

/** API.md "Bank, users, settings": the bank's customers (Nasabah) with their LPS exposure. */

/** GET /bpr/customers: by name, NIK (prefix) or phone. */
export const customerListQuerySchema = z.object({ q: printableCode('Pencarian', 100).optional(), page: pageSchema, limit: limitSchema });

export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  nik: z.string(),
  phone: z.string().nullable(),
  /** Principal the bank holds for the customer (deposits approved up to the payout). */
  totalActivePrincipal: z.number().int(),
  depositCount: z.number().int(),
  /** What LPS guarantees of it: at or below the guaranteed rate, up to the ceiling per customer. */
  guaranteedAmount: z.number().int(),
  unguaranteedAmount: z.number().int(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** GET /bpr/customers/{id} */
export const customerDetailSchema = customerSummarySchema.extend({
  email: z.string().nullable(),
  address: z.string().nullable(),
  npwp: z.string().nullable(),
  payoutAccount: z.object({ bankName: z.string(), accountNumber: z.string(), accountName: z.string() }).nullable(),
  deposits: z.array(depositSummarySchema),
  documents: z.array(documentSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
