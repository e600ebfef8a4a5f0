import type { CreateCustomerInput, CustomerDetail, CustomerSummary, UpdateCustomerInput } from '@contract/customers';
import type { ChangeRequest } from '@contract/deposit-api';
import type { DocumentAnswer } from '@contract/documents';
import { api, type ApiClients, type Envelope } from './api-client';
import { idempotencyHeaders } from './idempotency';
import { cleanQuery, type Page, type Query } from './deposit-api';

/** Typed calls of API.md "Bank, users, settings" for customers (Nasabah) and their ARO letters, on /api-v2-bpr. */

export type { CustomerDetail, CustomerSummary };

/** What a change to a customer did: saved at once (contact), or waiting for another supervisor (identity, payout account). */
type CustomerUpdateResult = { kind: 'saved'; customer: CustomerDetail } | { kind: 'waiting'; customer: CustomerDetail; changeRequests: ChangeRequest[] };

export interface AroLetter {
  depositId: string;
  depositNumber: string;
  periodNumber: number;
  issuedAt: string;
  document: DocumentAnswer | null;
}

function createCustomersApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  return {
    list: (query: Query, signal?: AbortSignal) => bpr<Page<CustomerSummary>>('/bpr/customers', { query: cleanQuery(query), signal }),
    detail: async (id: string, signal?: AbortSignal) => (await bpr<Envelope<CustomerDetail>>(`/bpr/customers/${encodeURIComponent(id)}`, { signal })).data,
    /** A new customer; the same NIK (NPWP) at this bank is refused with the kept customer's id in `data.existingId`. */
    create: async (input: CreateCustomerInput, key: string) => (await bpr<Envelope<CustomerDetail>>('/bpr/customers', { method: 'POST', body: input, headers: idempotencyHeaders(key) })).data,
    /** PATCH from the version read: 200 the customer, or 202 with the change requests raised. */
    update: async (id: string, input: UpdateCustomerInput, key: string): Promise<CustomerUpdateResult> => {
      const { data } = await bpr<Envelope<CustomerDetail | { changeRequest: ChangeRequest; changeRequests: ChangeRequest[]; customer: CustomerDetail }>>(`/bpr/customers/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
        headers: idempotencyHeaders(key),
      });
      return 'changeRequest' in data ? { kind: 'waiting', customer: data.customer, changeRequests: data.changeRequests } : { kind: 'saved', customer: data };
    },
    aroLetters: async (customerId: string, signal?: AbortSignal) => (await bpr<Envelope<AroLetter[]>>('/deposito/aro-doc-by-cust-id', { query: { customerId }, signal })).data,
  };
}

type CustomersApi = ReturnType<typeof createCustomersApi>;

export const customersApi: CustomersApi = createCustomersApi(api);
