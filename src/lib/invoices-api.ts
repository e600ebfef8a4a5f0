import type { InvoiceDetail, InvoiceStatusName, InvoiceSummary } from '@contract/invoices';
import { api, type ApiClients, type Envelope } from './api-client';
import { cleanQuery, type Page, type Query } from './deposit-api';

/**
 * Typed calls of API.md "Reports and invoices" for Tagihan: the list and one invoice on /api-v1
 * (the raw token, which the v1 client sends), the PDF on /api-v1 and the lines' xlsx on
 * /api-v2-bpr as downloads (lib/download.ts picks each base's header form).
 */

export type { InvoiceDetail, InvoiceStatusName, InvoiceSummary };

function createInvoicesApi(clients: ApiClients) {
  const v1 = clients.v1;
  return {
    list: (query: Query, signal?: AbortSignal) => v1<Page<InvoiceSummary>>('/bpr-invoice/my-invoice', { query: cleanQuery(query), signal }),
    detail: async (id: string, signal?: AbortSignal) => (await v1<Envelope<InvoiceDetail>>('/bpr-invoice/invoice', { query: { id }, signal })).data,
  };
}

type InvoicesApi = ReturnType<typeof createInvoicesApi>;

export const invoicesApi: InvoicesApi = createInvoicesApi(api);

/** The downloads: the PDF (v1, `id`) and the month's lines (v2-bpr, `period`). */
export const INVOICE_DOWNLOADS = {
  pdf: { base: 'v1', path: '/bpr-invoice-doc/my-invoice/pdf' },
  lines: { base: 'v2Bpr', path: '/report/invoice/xlsx' },
} as const;
