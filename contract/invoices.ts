import { z } from 'zod';
import { periodSchema } from './deposit-api';
import { limitSchema, pageSchema } from './paging';

/**
 * API.md "Reports and invoices": the platform's monthly invoices to a BPR (DOMAIN.md "Platform
 * invoices"). The list, one invoice and its PDF are on /api-v1 (raw token); the month's lines as
 * xlsx on /api-v2-bpr.
 */

const INVOICE_STATUSES = ['unpaid', 'paid', 'overdue'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatusName = z.infer<typeof invoiceStatusSchema>;

/** How a status reads on screens, in the PDF and in Excel. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatusName, string> = {
  unpaid: 'Belum dibayar',
  paid: 'Lunas',
  overdue: 'Lewat jatuh tempo',
};

/** GET /bpr-invoice/my-invoice: newest period first; `status` as invoiceStatus derives it today. */
export const invoiceListQuerySchema = z.object({
  status: z.enum(INVOICE_STATUSES, { error: 'Status tagihan harus unpaid, paid atau overdue.' }).optional(),
  page: pageSchema,
  limit: limitSchema,
});

/** GET /bpr-invoice/invoice and /bpr-invoice-doc/my-invoice/pdf */
export const invoiceIdQuerySchema = z.object({
  id: z
    .string({ error: 'ID tagihan wajib diisi.' })
    .trim()
    .min(1, { error: 'ID tagihan wajib diisi.', abort: true })
    .max(64, { error: 'ID tagihan tidak valid.', abort: true })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'ID tagihan tidak valid.' }),
});

/** GET /report/invoice/xlsx: the month the invoice bills (not the month it was issued). */
export const invoiceReportQuerySchema = z.object({
  period: z.string({ error: 'Periode wajib diisi (YYYY-MM).' }).pipe(periodSchema),
});

/** One line: a deposit's days at one principal and one fee rate within the month. */
export const invoiceLineSchema = z.object({
  depositNumber: z.string(),
  /** The channel partner's code as the deposit carries it. */
  channel: z.string(),
  channelName: z.string(),
  principal: z.number().int(),
  /** 'YYYY-MM-DD', the first and the last day of the month the line counts. */
  activeFrom: z.string(),
  activeTo: z.string(),
  days: z.number().int(),
  feeBps: z.number().int(),
  fee: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** An invoice in the list: its figures without the lines. */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  /** 'YYYY-MM': the month billed. */
  period: z.string(),
  /** 'YYYY-MM-DD': the 1st of the month after the period. */
  issuedAt: z.string(),
  dueDate: z.string(),
  status: invoiceStatusSchema,
  statusLabel: z.string(),
  /** ISO timestamp, or null while unpaid. */
  paidAt: z.string().nullable(),
  lineCount: z.number().int(),
  subtotal: z.number().int(),
  dpp: z.number().int(),
  ppn: z.number().int(),
  total: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** Who bills and who is billed, as the invoice was issued (later changes do not rewrite it). */
const invoicePartySchema = z.object({ name: z.string(), npwp: z.string().nullable(), address: z.string().nullable() });

const invoicePaymentSchema = z.object({ bankName: z.string(), accountNumber: z.string(), accountName: z.string() });

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  seller: invoicePartySchema,
  buyer: invoicePartySchema,
  payment: invoicePaymentSchema,
  /** The total in Indonesian words ("… rupiah"), as the PDF writes it. */
  totalInWords: z.string(),
  lines: z.array(invoiceLineSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
