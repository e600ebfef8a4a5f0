import type { CreateCustomerInput, CustomerDetail, CustomerSummary } from '@contract/customers';
import type { DocumentAnswer } from '@contract/documents';
import { api, type ApiClients, type Envelope } from './api-client';
import { idempotencyHeaders } from './idempotency';
import { cleanQuery, type Page, type Query } from './deposit-api';

/** Typed calls of API.md "Bank, users, settings" for customers (Nasabah) and their ARO letters, on /api-v2-bpr. */

export type { CreateCustomerInput, CustomerDetail, CustomerSummary };

export interface AroLetter {
  depositId: string;
  depositNumber: string;
  periodNumber: number;
  issuedAt: string;
  document: DocumentAnswer | null;
}

export function createCustomersApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  return {
    list: (query: Query, signal?: AbortSignal) => bpr<Page<CustomerSummary>>('/bpr/customers', { query: cleanQuery(query), signal }),
    detail: async (id: string, signal?: AbortSignal) => (await bpr<Envelope<CustomerDetail>>(`/bpr/customers/${encodeURIComponent(id)}`, { signal })).data,
    /** A new customer; the same NIK (NPWP) at this bank is refused with the kept customer's id in `data.existingId`. */
    create: async (input: CreateCustomerInput, key: string) => (await bpr<Envelope<CustomerDetail>>('/bpr/customers', { method: 'POST', body: input, headers: idempotencyHeaders(key) })).data,
    aroLetters: async (customerId: string, signal?: AbortSignal) => (await bpr<Envelope<AroLetter[]>>('/deposito/aro-doc-by-cust-id', { query: { customerId }, signal })).data,
  };
}

export type CustomersApi = ReturnType<typeof createCustomersApi>;

export const customersApi: CustomersApi = createCustomersApi(api);
