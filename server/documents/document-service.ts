import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  customerIdQuerySchema,
  depositIdQuerySchema,
  DOCUMENT_MAX_BYTES,
  documentTypeLabels,
  uploadDocFieldsSchema,
  type DocumentAnswer,
  type DocumentType,
} from '../../contract/documents';
import { apiBases } from '../../contract/bases';
import type { StaffActor } from '../platform/actor';
import type { Clock } from '../platform/clock';
import type { Database, DocumentRow } from '../platform/db/schema';
import { ServiceError, ValidationError } from '../platform/errors';
import type { FileStore } from '../platform/files/file-store';
import { MEDIA_EXTENSIONS } from '../platform/files/file-response';
import { checkUpload, storeUploads, type AcceptedMediaType, type Upload } from '../platform/files/uploads';
import { parseFields, parseOrThrow } from '../platform/validation';
import { aroLettersOfCustomer, findCustomerOfBank } from '../deposits/deposit-service';
import { recordOnTimeline } from '../deposits/transition-service';
import { findDocumentOfBank, findDocumentsByFileIds, findDocumentsByIds, insertDocument, listDocumentsOfCustomer, listDocumentsOfDeposit, type DocumentWithUploader } from './document-repository';

/** Documents of deposits and customers: uploads, lists, downloads, and the files Berjangka makes. */

const PARTNER_DOCUMENT_TYPES: readonly DocumentType[] = ['BILYET_SCAN', 'ARO_LETTER', 'SIGNED_FORM'];

const DOCUMENT_URL_PREFIX = `${apiBases.v2Bpr.path}/deposito/document/`;

function toDocumentAnswer(row: DocumentWithUploader): DocumentAnswer {
  return {
    id: row.id,
    type: row.type,
    typeLabel: documentTypeLabels[row.type],
    fileName: row.file_name,
    contentType: row.media_type,
    size: Number(row.size_bytes),
    uploadedAt: row.uploaded_at,
    uploadedBy: { id: row.uploaded_by, name: row.uploaded_by === 'SYSTEM' ? 'Sistem' : (row.uploader_name ?? 'Pengguna tidak dikenal') },
    url: `${DOCUMENT_URL_PREFIX}${row.id}`,
  };
}

/** A checked file on its way in: its bytes are stored, its rows wait for the caller's transaction. */
export interface PendingDocument {
  row: DocumentRow;
  /** Inserts the stored_files and documents rows (and, with FILE_STORE=database, the bytes) in `trx`. */
  record(trx: Kysely<Database>): Promise<void>;
  /** Removes bytes written outside the database when the transaction failed. */
  undo(): Promise<void>;
}

/** Checks an upload (PDF/JPEG/PNG by magic bytes and structure, ≤ 5 MB); the Indonesian problem or its media type. */
export function checkDocumentUpload(upload: Upload | null, label: string, required: boolean): { mediaType: AcceptedMediaType } | { problem: string } | null {
  if (!upload) return required ? { problem: `${label} wajib diunggah.` } : null;
  return checkUpload(upload, { label, maxBytes: DOCUMENT_MAX_BYTES, allowed: ['application/pdf', 'image/jpeg', 'image/png'], allowedText: 'PDF, JPEG atau PNG' });
}

export function createDocumentService(deps: { db: Kysely<Database>; clock: Clock; fileStore: FileStore }) {
  const { db, clock, fileStore } = deps;

  /** Stores the bytes of a checked file and prepares its document row (see PendingDocument). */
  async function prepare(input: {
    bankId: string;
    depositId: string | null;
    customerId: string | null;
    type: DocumentType;
    upload: Upload;
    mediaType: AcceptedMediaType;
    uploadedBy: string;
    fileName?: string;
  }): Promise<PendingDocument> {
    const now = clock.now().toISOString();
    const stored = await storeUploads(fileStore, [{ upload: input.upload, mediaType: input.mediaType, purpose: 'document' }], now);
    const file = stored.rows[0]!;
    const row: DocumentRow = {
      id: randomUUID(),
      bank_id: input.bankId,
      deposit_id: input.depositId,
      customer_id: input.customerId,
      type: input.type,
      file_id: file.id,
      file_name: fileNameOf(input.fileName ?? input.upload.name, input.type, input.mediaType),
      media_type: input.mediaType,
      size_bytes: input.upload.bytes.byteLength,
      uploaded_at: now,
      uploaded_by: input.uploadedBy,
    };
    return {
      row,
      async record(trx) {
        await stored.record(trx);
        await insertDocument(trx, row);
      },
      undo: stored.undo,
    };
  }

  /** Runs `work` in a transaction that also records `pending`; undoes the stored bytes when it fails. */
  async function withPending<T>(pending: PendingDocument[], work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(async (trx) => {
        for (const document of pending) await document.record(trx);
        return work(trx);
      });
    } catch (error) {
      await Promise.all(pending.map((document) => document.undo()));
      throw error;
    }
  }

  async function requireCustomer(actor: StaffActor, customerId: string) {
    const customer = await findCustomerOfBank(db, actor.bankId, customerId);
    if (!customer) throw new ServiceError('not-found', 'Nasabah tidak ditemukan.');
    return customer;
  }

  async function requireDeposit(actor: StaffActor, depositId: string) {
    const deposit = await db.selectFrom('deposits').select(['id', 'bank_id', 'customer_id', 'status', 'version']).where('id', '=', depositId).where('bank_id', '=', actor.bankId).executeTakeFirst();
    if (!deposit) throw new ServiceError('not-found', 'Deposito tidak ditemukan.');
    return deposit;
  }

  return {
    prepare,
    withPending,

    /** POST /deposito/upload-doc: a document of a deposit or of a customer. */
    async upload(actor: StaffActor, fields: Record<string, unknown>, file: Upload | null): Promise<DocumentAnswer> {
      const parsed = parseFields(uploadDocFieldsSchema, fields);
      const checked = checkDocumentUpload(file, 'Dokumen', true);
      const problems = [...(parsed.success ? [] : parsed.messages), ...(checked && 'problem' in checked ? [checked.problem] : [])];
      if (!parsed.success || problems.length > 0 || !file || !checked || 'problem' in checked) throw new ValidationError(problems);
      const { depositId, customerId, type } = parsed.data;
      const deposit = depositId ? await requireDeposit(actor, depositId) : null;
      if (!deposit) await requireCustomer(actor, customerId!);
      const pending = await prepare({ bankId: actor.bankId, depositId: depositId ?? null, customerId: customerId ?? null, type, upload: file, mediaType: checked.mediaType, uploadedBy: actor.userId });
      await withPending([pending], async (trx) => {
        if (!deposit) return;
        const payload = { documentId: pending.row.id, type, typeLabel: documentTypeLabels[type], fileName: pending.row.file_name };
        await recordOnTimeline(trx, deposit, { actor: { id: actor.userId, role: actor.role }, event: 'document.upload', payload }, pending.row.uploaded_at);
      });
      const [saved] = await findDocumentsByIds(db, [pending.row.id]);
      return toDocumentAnswer(saved!);
    },

    /** GET /invoice/doc */
    async listOfDeposit(actor: StaffActor, query: Record<string, unknown>): Promise<DocumentAnswer[]> {
      const { depositId } = parseOrThrow(depositIdQuerySchema, query);
      await requireDeposit(actor, depositId);
      return (await listDocumentsOfDeposit(db, actor.bankId, depositId)).map(toDocumentAnswer);
    },

    /** GET /invoice/doc/customer */
    async listOfCustomer(actor: StaffActor, query: Record<string, unknown>): Promise<DocumentAnswer[]> {
      const { customerId } = parseOrThrow(customerIdQuerySchema, query);
      await requireCustomer(actor, customerId);
      return (await listDocumentsOfCustomer(db, actor.bankId, customerId)).map(toDocumentAnswer);
    },

    /** GET /deposito/aro-doc-by-cust-id */
    async aroLettersOfCustomer(actor: StaffActor, query: Record<string, unknown>) {
      const { customerId } = parseOrThrow(customerIdQuerySchema, query);
      await requireCustomer(actor, customerId);
      const letters = await aroLettersOfCustomer(db, actor.bankId, customerId);
      const documents = new Map((await findDocumentsByFileIds(db, actor.bankId, letters.flatMap((letter) => (letter.file_id ? [letter.file_id] : [])))).map((row) => [row.file_id, row]));
      const numbers = new Map(
        (await db.selectFrom('deposits').select(['id', 'deposit_number']).where('customer_id', '=', customerId).where('bank_id', '=', actor.bankId).execute()).map((row) => [row.id, row.deposit_number]),
      );
      return letters.map((letter) => {
        const document = letter.file_id ? documents.get(letter.file_id) : undefined;
        return {
          depositId: letter.deposit_id,
          depositNumber: numbers.get(letter.deposit_id) ?? '',
          periodNumber: letter.period_number,
          issuedAt: letter.issued_date,
          document: document ? toDocumentAnswer(document) : null,
        };
      });
    },

    /** GET /deposito/document/{id}: the bytes of a document of this bank (also behind a partner's document link). */
    async file(actor: Pick<StaffActor, 'bankId'>, documentId: string): Promise<{ row: DocumentRow; bytes: Uint8Array }> {
      const row = await findDocumentOfBank(db, actor.bankId, documentId);
      const bytes = row ? await fileStore.get(row.file_id) : null;
      if (!row || !bytes) throw new ServiceError('not-found', 'Dokumen tidak ditemukan.');
      return { row, bytes };
    },

    /**
     * What the partner that placed a deposit may pass on to its customer (API.md: the deposit's
     * status): the bilyet's scan, the ARO letters and the signed copies; the bank's internal
     * papers (receipts, identity documents, payout proofs) stay with the bank.
     */
    async sharedWithPartner(bankId: string, depositId: string): Promise<DocumentAnswer[]> {
      return (await listDocumentsOfDeposit(db, bankId, depositId)).filter((row) => PARTNER_DOCUMENT_TYPES.includes(row.type)).map(toDocumentAnswer);
    },

    /** The bilyet's own files of a deposit (scan, receipt, return, loss statement), newest first. */
    async bilyetDocumentsOf(bankId: string, depositId: string): Promise<DocumentAnswer[]> {
      return (await listDocumentsOfDeposit(db, bankId, depositId)).filter((row) => row.type.startsWith('BILYET_')).map(toDocumentAnswer);
    },

    /** Documents by id (any bank: the caller has scoped them), for the detail's bilyet and signatures. */
    async byIds(ids: string[]): Promise<DocumentAnswer[]> {
      return (await findDocumentsByIds(db, ids)).map(toDocumentAnswer);
    },
  };
}

/** A file name safe for a download header: the uploaded name's letters, or the type and extension. */
function fileNameOf(name: string | null, type: DocumentType, mediaType: AcceptedMediaType): string {
  const extension = MEDIA_EXTENSIONS[mediaType];
  const base = (name ?? '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '')
    .trim()
    .slice(0, 80);
  return `${base || documentTypeLabels[type].toLowerCase().replace(/\s+/g, '-')}.${extension}`;
}

export type DocumentService = ReturnType<typeof createDocumentService>;
