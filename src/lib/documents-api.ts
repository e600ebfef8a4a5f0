import type { z } from 'zod';
import type { ListMeta } from '@contract/envelope';
import type { DepositDetail, DepositSummary, documentSummaryCountsSchema } from '@contract/deposit-api';
import type { DocumentAnswer, pickupBookedSchema, ShipmentAnswer, SignatureRequestAnswer, signatureSentSchema, uploadableDocumentTypes } from '@contract/documents';
import type { DocumentWorkStep } from '@machines/document-work';
import { api, type ApiClients, type Envelope } from './api-client';
import { cleanQuery, type Query } from './deposit-api';
import { idempotencyHeaders } from './idempotency';

/**
 * Typed calls of API.md "Documents, signature, courier" (on /api-v2-bpr, Bearer): the bilyet's
 * journey, the deposit's documents, JNE shipments and signature requests, and Proses Dokumen's
 * work queue. Every state-changing call carries the Idempotency-Key src/lib/idempotency.ts chose.
 */

export type { DocumentAnswer, ShipmentAnswer, SignatureRequestAnswer, DocumentWorkStep };
export type PickupBooked = z.infer<typeof pickupBookedSchema>;
export type SignatureSent = z.infer<typeof signatureSentSchema>;
type DocumentSummaryCounts = z.infer<typeof documentSummaryCountsSchema>;
type UploadableDocumentType = (typeof uploadableDocumentTypes)[number];

/** GET /bpr/list-proses-deposito: one tab's page, with every tab's count. */
interface DocumentWorkPage {
  data: DepositSummary[];
  meta: ListMeta;
  counts: Record<DocumentWorkStep, number>;
}

/** The bilyet's steps staff record by hand; each answers the deposit's detail. */
export interface UploadBilyet {
  depositId: string;
  bilyetNumber: string;
  file: File;
}
export interface RecordResi {
  depositId: string;
  courier: string;
  awb: string;
}
export interface ReceiveBilyet {
  depositId: string;
  receivedAt: string;
  receivedBy: string;
  file: File | null;
}
export interface ReturnBilyet {
  depositId: string;
  returnedAt: string;
  file: File | null;
}
export interface UnshipBilyet {
  depositId: string;
}

export interface ReportLostBilyet {
  depositId: string;
  reason: string;
  file: File;
}
export interface BookPickup {
  depositId: string;
  pickupDate: string;
  pickupTime: string;
  address?: string;
}
/** A document of a deposit, or of a customer (KTP, NPWP, deed): one of the two ids. */
type UploadDocument = ({ depositId: string; customerId?: undefined } | { customerId: string; depositId?: undefined }) & {
  type: UploadableDocumentType;
  file: File;
};


/** Multipart body of the given fields; a missing optional file is left out, not sent empty. */
function multipart(fields: Record<string, string | File | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.append(name, value);
  }
  return form;
}

export function createDocumentsApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  const post = async <T>(path: string, body: FormData | Record<string, unknown>, key: string) =>
    (await bpr<Envelope<T>>(path, { method: 'POST', body, headers: idempotencyHeaders(key) })).data;

  return {
    workQueue: (query: { step: DocumentWorkStep } & Query, signal?: AbortSignal) =>
      bpr<DocumentWorkPage>('/bpr/list-proses-deposito', { query: cleanQuery(query), signal }),
    summaryCounts: async (signal?: AbortSignal) => (await bpr<Envelope<DocumentSummaryCounts>>('/invoice/count-summary-document', { signal })).data,

    documentsOf: async (depositId: string, signal?: AbortSignal) => (await bpr<Envelope<DocumentAnswer[]>>('/invoice/doc', { query: { depositId }, signal })).data,
    uploadDocument: (input: UploadDocument, key: string) =>
      post<DocumentAnswer>('/deposito/upload-doc', multipart({ ...(input.depositId ? { depositId: input.depositId } : { customerId: input.customerId }), type: input.type, file: input.file }), key),

    uploadBilyet: (input: UploadBilyet, key: string) =>
      post<DepositDetail>('/deposito/upload-bilyet', multipart({ depositId: input.depositId, bilyetNumber: input.bilyetNumber, file: input.file }), key),
    recordResi: (input: RecordResi, key: string) => post<DepositDetail>('/deposito/resi-bilyet', { depositId: input.depositId, courier: input.courier, awb: input.awb }, key),
    receiveBilyet: (input: ReceiveBilyet, key: string) =>
      post<DepositDetail>('/deposito/receive-bilyet', multipart({ depositId: input.depositId, receivedAt: input.receivedAt, receivedBy: input.receivedBy, file: input.file }), key),
    returnBilyet: (input: ReturnBilyet, key: string) =>
      post<DepositDetail>('/deposito/return-bilyet', multipart({ depositId: input.depositId, returnedAt: input.returnedAt, file: input.file }), key),
    unshipBilyet: (input: UnshipBilyet, key: string) => post<DepositDetail>('/deposito/unship-bilyet', { depositId: input.depositId }, key),
    reportLostBilyet: (input: ReportLostBilyet, key: string) =>
      post<DepositDetail>('/deposito/lost-bilyet', multipart({ depositId: input.depositId, reason: input.reason, file: input.file }), key),

    bookPickup: (input: BookPickup, key: string) =>
      post<PickupBooked>('/jne/create-pickup', { depositId: input.depositId, pickupDate: input.pickupDate, pickupTime: input.pickupTime, ...(input.address ? { address: input.address } : {}) }, key),
    cancelPickup: (shipmentId: string, key: string) => post<ShipmentAnswer>('/jne/cancel-pickup', { shipmentId }, key),
    /** Asks the courier now; the server stores what it learnt (a delivery marks the bilyet received). */
    track: async (awb: string, signal?: AbortSignal) => (await bpr<Envelope<ShipmentAnswer>>('/jne/tracking', { query: { awb }, signal })).data,
    /**
     * Demo only: moves a parcel in the JNE sandbox as the courier would (README "Trying the
     * integrations"). The sandbox is on the app's own origin, outside the API bases; the session's
     * Bearer token goes with it, and the sandbox moves only the staff's own bank's parcels.
     */
    sandboxAdvance: (awb: string, status: SandboxParcelStatus) =>
      bpr<{ awb: string; status: string }>(JNE_SANDBOX_CONTROL_PATH, { method: 'POST', body: { awb, status }, baseURL: '/' }),

    signaturesOf: async (depositId: string, signal?: AbortSignal) =>
      (await bpr<Envelope<SignatureRequestAnswer[]>>('/deposito/signature', { query: { depositId }, signal })).data,
    sendForSignature: (input: { depositId: string; documentId: string }, key: string) => post<SignatureSent>('/deposito/sign-document', input, key),
  };
}

export type DocumentsApi = ReturnType<typeof createDocumentsApi>;

export const documentsApi: DocumentsApi = createDocumentsApi(api);

/** Where the JNE sandbox's control listens (server/courier/jne-sandbox.ts; demo mode only). */
const JNE_SANDBOX_CONTROL_PATH = '/sandbox/jne/control/advance';

/** The stages the sandbox can move a parcel to, in the courier's order. */
export const SANDBOX_PARCEL_STATUSES = ['pickedUp', 'inTransit', 'delivered', 'failed'] as const;
export type SandboxParcelStatus = (typeof SANDBOX_PARCEL_STATUSES)[number];

/** The PDFs staff open to print (GET, the file itself), relative to /api-v2-bpr. */
export const PRINT_PATHS = {
  bilyet: '/deposito/bilyet/print',
  resi: '/jne/print-resi',
} as const;
