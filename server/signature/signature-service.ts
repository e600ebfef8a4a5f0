import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { depositIdQuerySchema, documentTypeLabels, signDocumentFieldsSchema, type SignatureRequestAnswer } from '../../contract/documents';
import type { SignatureOutcome, SignatureStatus } from '../../contract/deposit';
import { decideSignature, restoreSignature, signatureContext, signatureStatusLabels, signatureValidUntil, type SignatureContext } from '../../machines/signature';
import type { StaffActor } from '../platform/actor';
import { jakartaLocalTimestamp } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { Database, SignatureRequestRow } from '../platform/db/schema';
import { ServiceError, ValidationError } from '../platform/errors';
import { parseFields, parseOrThrow } from '../platform/validation';
import { applyTrackChange, businessToday, SYSTEM_ACTOR } from '../deposits/transition-service';
import { findCustomerOfBank } from '../deposits/deposit-service';
import type { DocumentService } from '../documents/document-service';
import { PrivyCallbackError, readPrivyCallback, REFERENCE_MISMATCH, SIGNED_COPY_UNAVAILABLE } from './privy-callback';
import type { SignatureProvider } from './privy-client';
import { enqueueFollowUp } from '../platform/outbox/follow-ups';

/**
 * E-signatures through Privy (DOMAIN.md): staff send a PDF document of a deposit to its customer;
 * the outcome arrives by Privy's callback (verified, idempotent by event id) or, as a fallback,
 * by polling; a signed copy is stored as a SIGNED_FORM document. Outcomes are decided by
 * machines/signature.ts and written with the deposit's signature_status and a timeline row.
 */

interface SignatureServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  provider: SignatureProvider;
  documents: DocumentService;
  /** What X-Privy-Signature is checked with. */
  callbackSecret: string;
  /** PUBLIC_URL: where Privy calls back and sends the signer afterwards. */
  publicUrl: string;
  logger?: Logger;
}

function contextOf(row: SignatureRequestRow): SignatureContext {
  return signatureContext({ signatureId: row.id, depositId: row.deposit_id, documentId: row.document_id, sentOn: row.sent_on, signedDocumentId: row.signed_document_id });
}

/** A document just sent to its signer through the provider, waiting for the outcome. */
export function sentSignatureRow(
  request: { id: string; bankId: string; depositId: string; documentId: string; sent: { providerDocumentId: string; signingUrl: string }; signer: { name: string; email: string }; sentOn: string; createdBy: string },
  now: string,
): SignatureRequestRow {
  return {
    id: request.id,
    bank_id: request.bankId,
    deposit_id: request.depositId,
    document_id: request.documentId,
    provider_document_id: request.sent.providerDocumentId,
    signing_url: request.sent.signingUrl,
    status: 'sent',
    signer_name: request.signer.name,
    signer_email: request.signer.email,
    sent_on: request.sentOn,
    completed_at: null,
    signed_document_id: null,
    created_by: request.createdBy,
    created_at: now,
    updated_at: now,
  };
}

/** What settling a request still `sent` came to. */
type Settled = 'completed' | 'expired' | 'open' | 'signed-without-copy' | 'unreachable';

export function createSignatureService(deps: SignatureServiceDeps) {
  const { db, clock, provider, documents } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');

  /**
   * Records an outcome of a `sent` request: the signed copy (downloaded before the transaction),
   * the request, the deposit's signature_status and the timeline row. Answers false when the
   * request had already ended (a replay, or the callback and polling meeting).
   */
  async function complete(row: SignatureRequestRow, outcome: { status: SignatureOutcome; at: string; signedFile?: (() => Promise<Uint8Array>) | undefined }, eventId: string | null): Promise<boolean> {
    // "Signed" is recorded only with the signed copy stored with it: without one the request stays
    // `sent`, and the next callback or poll tries again.
    if (outcome.status === 'signed' && !outcome.signedFile) return false;
    const today = businessToday(clock);
    const at = jakartaLocalTimestamp(outcome.at);
    const preview = decideSignature(restoreSignature(row.status, contextOf(row)), { type: 'signature.complete', outcome: outcome.status, at, actor: SYSTEM_ACTOR, today });
    if (!preview.ok) throw new ServiceError('invalid', preview.refusal.message);
    if (!preview.changed) return false;
    const pending =
      outcome.status === 'signed' && outcome.signedFile
        ? await documents.prepare({
            bankId: row.bank_id,
            depositId: row.deposit_id,
            customerId: null,
            type: 'SIGNED_FORM',
            upload: { name: `ditandatangani-${row.id.slice(0, 8)}.pdf`, bytes: await outcome.signedFile() },
            mediaType: 'application/pdf',
            uploadedBy: SYSTEM_ACTOR.id,
          })
        : null;
    const now = clock.now().toISOString();
    return documents.withPending(pending ? [pending] : [], async (trx) => {
      if (eventId) {
        const inserted = await trx
          .insertInto('signature_callbacks')
          .values({ signature_id: row.id, event_id: eventId, received_at: now })
          .onConflict((oc) => oc.columns(['signature_id', 'event_id']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AlreadyRecorded();
      }
      const current = (await trx.selectFrom('signature_requests').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) as SignatureRequestRow;
      const decision = decideSignature(restoreSignature(current.status, contextOf(current)), {
        type: 'signature.complete',
        outcome: outcome.status,
        at,
        ...(pending ? { signedDocumentId: pending.row.id } : {}),
        actor: SYSTEM_ACTOR,
        today,
      });
      if (!decision.ok || !decision.changed) throw new AlreadyRecorded();
      await trx
        .updateTable('signature_requests')
        .set({ status: decision.status, completed_at: outcome.at, signed_document_id: pending?.row.id ?? null, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      await applyTrackChange(
        trx,
        {
          bankId: null,
          depositId: row.deposit_id,
          actor: SYSTEM_ACTOR,
          event: 'signature.complete',
          payload: { signatureId: row.id, outcome: decision.status, outcomeLabel: signatureStatusLabels[decision.status], ...(pending ? { signedDocumentId: pending.row.id } : {}) },
          change: async () => ({ signature_status: await latestSignatureStatus(trx, row.deposit_id) }),
        },
        now,
      );
      return true;
    }).catch((error: unknown) => {
      if (error instanceof AlreadyRecorded) return false;
      throw error;
    });
  }

  /**
   * Asks Privy how a `sent` request stands, and records an outcome it reports: 'recorded', 'open'
   * (nothing to record), or 'signed-without-copy' (signed on Privy, its copy not to be had yet).
   */
  async function poll(row: SignatureRequestRow): Promise<'recorded' | 'open' | 'signed-without-copy'> {
    const state = await provider.status(row.provider_document_id);
    if (state.status === 'sent') return 'open';
    if (state.status === 'signed' && !state.signedFile) return 'signed-without-copy';
    return (await complete(row, { status: state.status, at: state.signedAt ?? clock.now().toISOString(), signedFile: state.signedFile }, null)) ? 'recorded' : 'open';
  }

  /**
   * Asks Privy once more about a request still `sent` (a lost callback) and expires it when past
   * its validity (the provider does not call back on expiry) — even when Privy cannot be reached,
   * since it can no longer be signed. A request signed on Privy never expires here, however long
   * its copy takes to come.
   */
  async function settle(row: SignatureRequestRow): Promise<Settled> {
    try {
      const polled = await poll(row);
      if (polled === 'recorded') return 'completed';
      if (polled === 'signed-without-copy') return 'signed-without-copy';
    } catch (error) {
      deps.logger?.warn({ err: error, signatureId: row.id }, 'polling Privy failed before the expiry check');
      if (!(await expire(row))) return 'unreachable';
      return 'expired';
    }
    return (await expire(row)) ? 'expired' : 'open';
  }

  /** Expires the request when the machine says it is past its validity; false when it is not. */
  async function expire(row: SignatureRequestRow): Promise<boolean> {
    const decision = decideSignature(restoreSignature(row.status, contextOf(row)), { type: 'signature.expire', actor: SYSTEM_ACTOR, today: businessToday(clock) });
    if (!decision.ok) return false;
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('signature_requests').set({ status: 'expired', completed_at: now, updated_at: now }).where('id', '=', row.id).where('status', '=', 'sent').execute();
      await applyTrackChange(
        trx,
        { bankId: null, depositId: row.deposit_id, actor: SYSTEM_ACTOR, event: 'signature.expire', payload: { signatureId: row.id }, change: async () => ({ signature_status: await latestSignatureStatus(trx, row.deposit_id) }) },
        now,
      );
    });
    return true;
  }

  async function answersOf(rows: SignatureRequestRow[]): Promise<SignatureRequestAnswer[]> {
    const files = new Map((await documents.byIds(rows.flatMap((row) => [row.document_id, ...(row.signed_document_id ? [row.signed_document_id] : [])]))).map((file) => [file.id, file]));
    return rows.map((row) => ({
      id: row.id,
      depositId: row.deposit_id,
      status: row.status,
      statusLabel: signatureStatusLabels[row.status],
      signerName: row.signer_name,
      signerEmail: row.signer_email,
      sentOn: row.sent_on,
      validUntil: signatureValidUntil(row.sent_on),
      completedAt: row.completed_at,
      signingUrl: row.status === 'sent' ? row.signing_url : null,
      document: files.get(row.document_id) ?? null,
      signedDocument: row.signed_document_id ? (files.get(row.signed_document_id) ?? null) : null,
    }));
  }

  return {
    /** POST /deposito/sign-document: sends a PDF document of the deposit to its customer (201). */
    async send(actor: StaffActor, fields: Record<string, unknown>): Promise<{ signatureId: string; signingUrl: string; status: 'sent' }> {
      const parsed = parseFields(signDocumentFieldsSchema, fields);
      if (!parsed.success) throw new ValidationError(parsed.messages);
      const { depositId, documentId } = parsed.data;
      const deposit = await db.selectFrom('deposits').select(['id', 'bank_id', 'customer_id', 'status', 'deposit_number']).where('id', '=', depositId).where('bank_id', '=', actor.bankId).executeTakeFirst();
      if (!deposit) throw new ServiceError('not-found', 'Deposito tidak ditemukan.');
      if (deposit.status === 'rejected' || deposit.status === 'cancelled' || deposit.status === 'closed') {
        throw new ServiceError('conflict', 'Deposito ini sudah selesai; dokumennya tidak dapat dikirim untuk ditandatangani.');
      }
      const { row: document, bytes } = await documents.file(actor, documentId);
      if (document.deposit_id !== depositId) throw new ServiceError('not-found', 'Dokumen tidak ditemukan pada deposito ini.');
      if (document.type === 'SIGNED_FORM') throw new ServiceError('conflict', 'Dokumen ini sudah salinan bertanda tangan.');
      if (document.media_type !== 'application/pdf') throw new ValidationError(['Privy hanya menerima dokumen PDF; unggah dokumen dalam bentuk PDF.']);
      const open = await db.selectFrom('signature_requests').select('id').where('document_id', '=', documentId).where('status', '=', 'sent').executeTakeFirst();
      if (open) throw new ServiceError('conflict', 'Dokumen ini masih menunggu tanda tangan nasabah.');
      const customer = await findCustomerOfBank(db, actor.bankId, deposit.customer_id);
      if (!customer?.email) throw new ValidationError(['Email nasabah belum tercatat; Privy mengirim tautan tanda tangan ke email nasabah.']);
      const signer = { name: customer.name, email: customer.email };

      const signatureId = randomUUID();
      const sent = await provider.send({
        documentTitle: `${documentTypeLabels[document.type]} ${deposit.deposit_number}`,
        fileName: document.file_name,
        bytes,
        mediaType: document.media_type,
        signer: { name: customer.name, email: customer.email, ...(customer.phone ? { phone: customer.phone } : {}) },
        reference: signatureId,
        callbackUrl: `${base}/api-v2-bpr/privy/callback`,
        returnUrl: `${base}/signature/privy`,
      });
      const now = clock.now().toISOString();
      const today = businessToday(clock);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('signature_requests')
          .values(sentSignatureRow({ id: signatureId, bankId: actor.bankId, depositId, documentId, sent, signer, sentOn: today, createdBy: actor.userId }, now))
          .execute();
        await applyTrackChange(
          trx,
          {
            bankId: actor.bankId,
            depositId,
            actor: { id: actor.userId, role: actor.role },
            event: 'signature.send',
            payload: { signatureId, documentId, typeLabel: documentTypeLabels[document.type], signerName: customer.name, signerEmail: customer.email },
            change: async () => ({ signature_status: 'sent' }),
          },
          now,
        );
      });
      return { signatureId, signingUrl: sent.signingUrl, status: 'sent' };
    },

    /** GET /deposito/signature: the deposit's requests, newest first; open ones are asked about first (polling fallback). */
    async list(actor: StaffActor, query: Record<string, unknown>): Promise<SignatureRequestAnswer[]> {
      const { depositId } = parseOrThrow(depositIdQuerySchema, query);
      const deposit = await db.selectFrom('deposits').select('id').where('id', '=', depositId).where('bank_id', '=', actor.bankId).executeTakeFirst();
      if (!deposit) throw new ServiceError('not-found', 'Deposito tidak ditemukan.');
      const load = () => db.selectFrom('signature_requests').selectAll().where('deposit_id', '=', depositId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute() as Promise<SignatureRequestRow[]>;
      const rows = await load();
      let changed = false;
      for (const row of rows.filter((candidate) => candidate.status === 'sent')) {
        try {
          changed = (await poll(row)) === 'recorded' || changed;
        } catch (error) {
          deps.logger?.warn({ err: error, signatureId: row.id }, 'polling Privy failed; the list shows the stored status');
        }
      }
      return answersOf(changed ? await load() : rows);
    },

    /**
     * POST /privy/callback: 401 unless signed with the shared secret. The document is found first,
     * its `reference` must be the request's (409, nothing changed otherwise), and only then is the
     * event id looked up — per document — so an event seen before is answered 200 again. "Signed"
     * is recorded with the signed copy fetched and stored; while it cannot be fetched the request
     * stays `sent` and Privy is asked to call again (503; the polling follow-up may come first).
     */
    async callback(rawBody: string, signatureHeader: string | null | undefined): Promise<{ recorded: boolean }> {
      const message = readPrivyCallback(rawBody, signatureHeader, deps.callbackSecret);
      const row = (await db.selectFrom('signature_requests').selectAll().where('provider_document_id', '=', message.providerDocumentId).executeTakeFirst()) as SignatureRequestRow | undefined;
      if (!row) {
        deps.logger?.warn({ docToken: message.providerDocumentId, eventId: message.eventId }, 'Privy called back about a document we did not send');
        throw new ServiceError('not-found', 'Dokumen Privy ini tidak dikenal.');
      }
      if (message.reference !== null && message.reference !== row.id) {
        deps.logger?.warn({ signatureId: row.id, reference: message.reference, eventId: message.eventId }, 'Privy callback names another reference than its document; refused');
        throw new PrivyCallbackError(409, REFERENCE_MISMATCH);
      }
      const seen = await db.selectFrom('signature_callbacks').select('event_id').where('signature_id', '=', row.id).where('event_id', '=', message.eventId).executeTakeFirst();
      if (seen) return { recorded: false };
      const at = message.signedAt ?? message.occurredAt ?? clock.now().toISOString();
      if (message.status !== 'signed' || row.status !== 'sent') return { recorded: await complete(row, { status: message.status, at }, message.eventId) };
      const copyUnavailable = async (error?: unknown) => {
        deps.logger?.warn({ err: error, signatureId: row.id, eventId: message.eventId }, 'the signed copy could not be fetched from Privy; the request stays sent, asked again within minutes');
        await enqueueFollowUp(db, clock, { kind: 'privy.signature', subjectId: row.id, bankId: null });
        return new PrivyCallbackError(503, SIGNED_COPY_UNAVAILABLE);
      };
      let signedFile: (() => Promise<Uint8Array>) | undefined;
      try {
        signedFile = (await provider.status(row.provider_document_id)).signedFile;
      } catch (error) {
        throw await copyUnavailable(error);
      }
      if (!signedFile) throw await copyUnavailable();
      const fetchCopy = signedFile;
      let fetchFailed: unknown = null;
      try {
        return {
          recorded: await complete(
            row,
            {
              status: 'signed',
              at,
              signedFile: () =>
                fetchCopy().catch((error: unknown) => {
                  fetchFailed = error;
                  throw error;
                }),
            },
            message.eventId,
          ),
        };
      } catch (error) {
        if (fetchFailed !== null) throw await copyUnavailable(error);
        throw error;
      }
    },

    /**
     * The daily job: requests still `sent` are asked about once more (a lost callback), and those
     * past their validity expire (the provider does not call back on expiry).
     */
    async settleOpen(): Promise<{ completed: number; expired: number; failed: number }> {
      const open = (await db.selectFrom('signature_requests').selectAll().where('status', '=', 'sent').execute()) as SignatureRequestRow[];
      let completed = 0;
      let expired = 0;
      let failed = 0;
      for (const row of open) {
        let outcome: Settled;
        try {
          outcome = await settle(row);
        } catch (error) {
          deps.logger?.warn({ err: error, signatureId: row.id }, 'settling a signature request failed');
          outcome = 'unreachable';
        }
        if (outcome === 'completed') completed += 1;
        if (outcome === 'expired') expired += 1;
        if (outcome === 'unreachable' || outcome === 'signed-without-copy') {
          failed += 1;
          await enqueueFollowUp(db, clock, { kind: 'privy.signature', subjectId: row.id, bankId: null });
        }
      }
      return { completed, expired, failed };
    },

    /** The follow-up of a settling that failed: Privy asked again about this request; throws while it still fails. */
    async retrySettling(signatureId: string): Promise<void> {
      const row = (await db.selectFrom('signature_requests').selectAll().where('id', '=', signatureId).executeTakeFirst()) as SignatureRequestRow | undefined;
      if (!row || row.status !== 'sent') return;
      const outcome = await settle(row);
      if (outcome === 'unreachable') throw new Error('Privy belum dapat dihubungi');
      if (outcome === 'signed-without-copy') throw new Error('salinan bertanda tangan belum dapat diambil dari Privy');
    },
  };
}

/** The deposit's signature track: its newest request's status (an older one ending does not hide a newer one still out). */
async function latestSignatureStatus(db: Kysely<Database>, depositId: string): Promise<SignatureStatus | null> {
  const row = await db.selectFrom('signature_requests').select('status').where('deposit_id', '=', depositId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return row?.status ?? null;
}

/** The outcome was recorded meanwhile (a replayed callback, or callback and polling at once). */
class AlreadyRecorded extends Error {}

export type SignatureService = ReturnType<typeof createSignatureService>;
