import type { z } from 'zod';
import type { ListMeta } from '@contract/envelope';
import type {
  BlockedEvent,
  changeRequestSchema,
  DepositDetail,
  DepositSummary,
  depositStatusCountsSchema,
  unprocessedCountsSchema,
} from '@contract/deposit-api';
import type { BreakPreviewData, DepositEventRequest } from '@contract/deposit';
import type { interestTemplateCountSchema, markInterestPaidResultSchema, monthlyInterestRowSchema, MonthlyInterestSummary } from '@contract/interest';
import type { disbursementCountsSchema, disbursementRowSchema, DueRange } from '@contract/disbursement';
import type { ProductListItem } from '@contract/product';
import { api, type ApiClients, type Envelope } from './api-client';
import { idempotencyHeaders } from './idempotency';
import type { PlacementPreviewData, PlacementRequest } from '@contract/placement';
import type { BulkApproval, RaiseChangeRequest } from '@contract/deposit-api';

/**
 * Typed calls of API.md "Deposits" and "Interest and payouts" (on /api-v2-bpr, Bearer), and the
 * deposit products list (on /api-v1, raw token).
 */

export type { BlockedEvent, DepositDetail, DepositSummary };
type StatusCounts = z.infer<typeof depositStatusCountsSchema>;
type UnprocessedCounts = z.infer<typeof unprocessedCountsSchema>;
export type MonthlyInterestRow = z.infer<typeof monthlyInterestRowSchema>;
type InterestTemplateCount = z.infer<typeof interestTemplateCountSchema>;
type MarkInterestPaidResult = z.infer<typeof markInterestPaidResultSchema>;
export type DisbursementRow = z.infer<typeof disbursementRowSchema>;
type DisbursementCounts = z.infer<typeof disbursementCountsSchema>;
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

/** A page of rows with the list meta (and whatever extra the route adds). */
export interface Page<T> {
  data: T[];
  meta: ListMeta;
}

interface MonthlyInterestPage extends Page<MonthlyInterestRow> {
  period: string;
  summary: MonthlyInterestSummary;
}

interface DueInformationPage extends Page<DepositSummary> {
  range: DueRange;
}

/** Query values as the URL holds them; empty ones are left out of the request. */
export type Query = Record<string, string | number | undefined | null>;

export function cleanQuery(query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/** Every state-changing call carries the key src/lib/idempotency.ts chose for its payload. */

/** The deposit event as the staff send it, with the version they last read. */
export type StaffEvent = Exclude<DepositEventRequest, { type: 'deposit.markPaid' }>;

interface MarkDisbursementPaid {
  depositId: string;
  reference: string;
  paidAt: string;
  proof: File;
  version?: number;
}

/** The terms a placement preview asks about (the request without its funding). */
export type PlacementTerms = Omit<PlacementRequest, 'funding'>;

export function createDepositApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  return {
    /** The bank's deposit products, sorted by name (GET /api-v1/deposito/all-product). */
    products: async (signal?: AbortSignal) => (await clients.v1<Envelope<ProductListItem[]>>('/deposito/all-product', { signal })).data,
    list: (query: Query, signal?: AbortSignal) => bpr<Page<DepositSummary>>('/invoice/all-deposito', { query: cleanQuery(query), signal }),
    statusCounts: async (query: Query, signal?: AbortSignal) =>
      (await bpr<Envelope<StatusCounts>>('/invoice/list-count-all-deposito', { query: cleanQuery(query), signal })).data,
    unprocessed: async (signal?: AbortSignal) => (await bpr<Envelope<UnprocessedCounts>>('/bpr/count-unprocessed-deposito', { signal })).data,
    detail: async (id: string, signal?: AbortSignal) => (await bpr<Envelope<DepositDetail>>(`/deposito/${encodeURIComponent(id)}`, { signal })).data,
    breakPreview: async (depositId: string, date: string, signal?: AbortSignal) =>
      (await bpr<Envelope<BreakPreviewData>>('/invoice/deposito/break', { query: { depositId, date }, signal })).data,
    /** Every staff event through POST /deposito/{id}/events (the dedicated paths do the same). */
    /** GET /deposito/placement/preview: the deposit as it would be; nothing written. */
    placementPreview: async (terms: PlacementTerms, signal?: AbortSignal) =>
      (await bpr<Envelope<PlacementPreviewData>>('/deposito/placement/preview', { query: { ...terms }, signal })).data,
    /** POST /deposito/placement: a pending COUNTER deposit that another supervisor approves. */
    place: async (request: PlacementRequest, key: string) =>
      (await bpr<Envelope<DepositDetail>>('/deposito/placement', { method: 'POST', body: request, headers: idempotencyHeaders(key) })).data,
    act: async (depositId: string, event: StaffEvent, version: number, key: string) =>
      (
        await bpr<Envelope<DepositDetail>>(`/deposito/${encodeURIComponent(depositId)}/events`, {
          method: 'POST',
          body: { ...event, version },
          headers: idempotencyHeaders(key),
        })
      ).data,
    /** POST /deposito/approve-deposito with depositIds: each approved on its own, each answered. */
    approveMany: async (depositIds: readonly string[], key: string) =>
      (await bpr<Envelope<BulkApproval>>('/deposito/approve-deposito', { method: 'POST', body: { depositIds }, headers: idempotencyHeaders(key) })).data,
    markDisbursementPaid: async (input: MarkDisbursementPaid, key: string) => {
      const form = new FormData();
      form.append('depositId', input.depositId);
      form.append('reference', input.reference);
      form.append('paidAt', input.paidAt);
      if (input.version !== undefined) form.append('version', String(input.version));
      form.append('proof', input.proof);
      return (await bpr<Envelope<unknown>>('/deposito/disbursement-paid', { method: 'POST', body: form, headers: idempotencyHeaders(key) })).data;
    },
    monthlyInterest: (query: Query, signal?: AbortSignal) => bpr<MonthlyInterestPage>('/deposito/monthly-interest', { query: cleanQuery(query), signal }),
    interestTemplateCount: async (query: Query, signal?: AbortSignal) =>
      (await bpr<Envelope<InterestTemplateCount>>('/deposito/monthly-interest-template/count', { query: cleanQuery(query), signal })).data,
    markInterestPaid: async (input: { installmentIds: string[]; paidAt: string; reference: string }, key: string) =>
      (await bpr<Envelope<MarkInterestPaidResult>>('/deposito/monthly-interest-disbursement', { method: 'POST', body: input, headers: idempotencyHeaders(key) })).data,
    disbursements: (query: Query, signal?: AbortSignal) => bpr<Page<DisbursementRow>>('/deposito/disbursements', { query: cleanQuery(query), signal }),
    disbursementCounts: async (query: Query, signal?: AbortSignal) =>
      (await bpr<Envelope<DisbursementCounts>>('/deposito/disbursements/count', { query: cleanQuery(query), signal })).data,
    dueInformation: (query: Query, signal?: AbortSignal) => bpr<DueInformationPage>('/deposito/due-information', { query: cleanQuery(query), signal }),
    /** POST /deposito-change-request: staff raise a customer's change from a deposit; another supervisor decides it. */
    raiseChange: async (input: RaiseChangeRequest, key: string) =>
      (await bpr<Envelope<ChangeRequest>>('/deposito-change-request', { method: 'POST', body: input, headers: idempotencyHeaders(key) })).data,
    changeRequests: (query: Query, signal?: AbortSignal) => bpr<Page<ChangeRequest>>('/deposito-change-request', { query: cleanQuery(query), signal }),
    decideChangeRequest: async (id: string, input: { decision: 'approved' | 'rejected'; reason?: string }, key: string) =>
      (await bpr<Envelope<ChangeRequest>>(`/deposito-change-request/${encodeURIComponent(id)}`, { method: 'PATCH', body: input, headers: idempotencyHeaders(key) })).data,
  };
}

type DepositApi = ReturnType<typeof createDepositApi>;

export const depositApi: DepositApi = createDepositApi(api);

/** The Excel downloads (GET, the file itself), relative to /api-v2-bpr. */
export const DOWNLOAD_PATHS = {
  depositList: '/invoice/all-deposito/download',
  interestTemplate: '/deposito/monthly-interest-template/download',
  disbursements: '/deposito/disbursements/download',
  dueInformation: '/deposito/due-information/download',
} as const;
