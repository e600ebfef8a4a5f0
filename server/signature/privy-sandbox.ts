import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { SignatureStatus } from '../../contract/deposit';
import { DAY_MS, HOUR_MS, type Clock } from '../platform/clock';
import type { Database } from '../platform/db/schema';
import { storedFileResponse } from '../platform/files/file-response';
import type { AppEnv } from '../platform/http/session';
import { exchange, type FetchLike } from '../platform/provider-http';
import { signatureValidUntil } from '../../machines/signature';
import { jakartaDate } from '../platform/business-date';
import { longDateId } from '../platform/pdf/indonesian-dates';
import { PRIVY_SIGNATURE_HEADER, signPrivyCallback } from './privy-callback';
import { isPdf, MAX_SIGNATURE_DOCUMENT_BYTES } from './privy-client';

/**
 * A stand-in for Privy, mounted at /sandbox/privy when PRIVY_URL is unset. It speaks the merchant
 * API the client speaks (privy-client.ts) and shows the signer a page to sign or decline on:
 *
 *   POST /v3/merchant/document/upload            Merchant-Key; multipart → 201 { code, data: { docToken, urlDocument } }
 *   GET  /v3/merchant/document/status/{docToken} Merchant-Key → { code, data: { documentStatus, recipients, download? } }
 *   GET  /v3/merchant/document/download/{docToken}?expires=…&signature=…   the signed PDF (link valid 1 h)
 *   GET  /sign/{signingToken}                    the signing page (Indonesian): title, signer, preview link,
 *                                                "Tanda tangani" and "Tolak"
 *   GET  /sign/{signingToken}/dokumen            the uploaded PDF (the preview link)
 *   POST /sign/{signingToken}                    keputusan=tanda-tangan | tolak: records the outcome, POSTs the
 *                                                signed callback (X-Privy-Signature, retried on failure) and
 *                                                redirects the signer to the returnUrl with the outcome in its query
 *
 * Callbacks go only to the installation's own callback URL (options.callbackUrl); an upload
 * naming another callbackUrl is refused (422). Only the signing pages face the internet
 * (privy-provider.ts); the merchant API is reached in process by our own client.
 *
 * A document not acted on for 14 days answers `Expired` and its page refuses to sign. Signing
 * stores a signed copy: the original with a signature page, drawn by the injected
 * appendSignaturePage. State and bytes are in the database (sandbox_privy_documents, migration 0008).
 */

export interface SandboxSignature {
  providerDocumentId: string;
  documentTitle: string;
  signerName: string;
  signerEmail: string;
  /** ISO-8601 UTC. */
  signedAt: string;
  reference: string | null;
  /** Who vouches for the signature, for the signature page: "Privy (sandbox)". */
  provider: string;
}

/** Draws the signed copy: the original PDF with a signature page appended (server/signature/signed-copy.ts). */
export type AppendSignaturePage = (original: Uint8Array, signature: SandboxSignature) => Promise<Uint8Array>;

interface PrivySandboxOptions {
  /** The server's (ambient-transaction-aware) handle. */
  db: Kysely<Database>;
  clock: Clock;
  /** The Merchant-Key the sandbox accepts. */
  merchantKey: string;
  /** Signs the callbacks (PRIVY_CALLBACK_SECRET, or the per-install one). */
  callbackSecret: string;
  /**
   * The one URL the sandbox calls back: the installation's own (PUBLIC_URL/api-v2-bpr/privy/callback),
   * as Privy calls the URL registered for the merchant. An upload naming another is refused: a
   * body signed with our secret must never go to a stranger.
   */
  callbackUrl: string;
  /** Where the sandbox is reachable from a browser, e.g. http://localhost:3000/sandbox/privy. */
  publicBaseUrl: string;
  appendSignaturePage: AppendSignaturePage;
  /** How callbacks are POSTed; default the global fetch. */
  callbackFetch?: FetchLike;
  /** Waits between callback attempts; default [500, 2000]: three attempts in all. */
  callbackRetryDelaysMs?: number[];
  /** Per callback attempt; default 5 s. */
  callbackTimeoutMs?: number;
  logger?: Logger;
}

interface SandboxPrivyDocumentsTable {
  doc_token: string;
  signing_token: string;
  title: string;
  file_name: string;
  media_type: string;
  original: Buffer;
  signed: Buffer | null;
  signer_name: string;
  signer_email: string;
  signer_phone: string | null;
  reference: string | null;
  callback_url: string | null;
  return_url: string | null;
  status: 'sent' | 'signed' | 'declined';
  created_at: string;
  acted_at: string | null;
  event_id: string | null;
  callback_attempts: number;
  callback_delivered_at: string | null;
}

export interface PrivySandboxTables {
  sandbox_privy_documents: SandboxPrivyDocumentsTable;
}

type DocumentRow = Omit<SandboxPrivyDocumentsTable, 'original' | 'signed'>;

/** A document uploaded for signature, waiting for its signer: every column but the bytes. */
export function sentDocumentRow(
  upload: { docToken: string; signingToken: string; title: string; fileName: string; signer: { name: string; email: string; phone: string | null }; reference: string | null; callbackUrl: string | null; returnUrl: string | null },
  createdAt: string,
): DocumentRow {
  return {
    doc_token: upload.docToken,
    signing_token: upload.signingToken,
    title: upload.title,
    file_name: upload.fileName,
    media_type: 'application/pdf',
    signer_name: upload.signer.name,
    signer_email: upload.signer.email,
    signer_phone: upload.signer.phone,
    reference: upload.reference,
    callback_url: upload.callbackUrl,
    return_url: upload.returnUrl,
    status: 'sent',
    created_at: createdAt,
    acted_at: null,
    event_id: null,
    callback_attempts: 0,
    callback_delivered_at: null,
  };
}

/** Every column but the bytes, which are read only where they are served or signed. */
const META_COLUMNS = [
  'doc_token', 'signing_token', 'title', 'file_name', 'media_type', 'signer_name', 'signer_email', 'signer_phone', 'reference',
  'callback_url', 'return_url', 'status', 'created_at', 'acted_at', 'event_id', 'callback_attempts', 'callback_delivered_at',
] as const;

const PRIVY_SANDBOX_EXPIRY_MS = 14 * DAY_MS;
const DOWNLOAD_LINK_MS = HOUR_MS;

const DOCUMENT_STATUS: Record<SignatureStatus, string> = { sent: 'In Progress', signed: 'Completed', declined: 'Declined', expired: 'Expired' };
const SIGNATORY_STATUS: Record<SignatureStatus, string> = { sent: 'In Progress', signed: 'Completed', declined: 'Rejected', expired: 'Expired' };

export function privySandbox(options: PrivySandboxOptions): Hono<AppEnv> {
  // A cast, not db.withTables(): see jne-sandbox.ts (the ambient-transaction proxy must stay).
  const db = options.db as unknown as Kysely<PrivySandboxTables>;
  const { clock } = options;
  const publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  const callbackFetch = options.callbackFetch ?? fetch;
  const retryDelays = options.callbackRetryDelaysMs ?? [500, 2000];
  const callbackTimeoutMs = options.callbackTimeoutMs ?? 5000;
  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    options.logger?.error({ err: error, path: c.req.path }, 'Privy sandbox failed');
    if (c.req.path.includes('/sign/')) return page(c, 500, 'Terjadi kesalahan', '<p>Sandbox Privy gagal memproses permintaan ini. Coba lagi beberapa saat lagi.</p>');
    return c.json({ code: 500, errors: [], message: 'Internal Server Error' }, 500);
  });

  const merchantRefused = (c: Context) => {
    const given = c.req.header('merchant-key') ?? '';
    if (sameSecret(given, options.merchantKey)) return null;
    return c.json({ code: 401, errors: [], message: 'Unauthorized. Invalid Merchant-Key' }, 401);
  };

  app.post('/v3/merchant/document/upload', async (c) => {
    const refused = merchantRefused(c);
    if (refused) return refused;
    let form: Record<string, string | File>;
    try {
      form = (await c.req.parseBody()) as Record<string, string | File>;
    } catch {
      form = {};
    }
    const errors: Array<{ field: string; messages: string[] }> = [];
    const fail = (field: string, message: string) => errors.push({ field, messages: [message] });
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');

    const title = text('documentTitle');
    if (!title) fail('documentTitle', "documentTitle can't be blank");
    else if (title.length > 200) fail('documentTitle', 'documentTitle is too long (maximum is 200 characters)');
    const docType = text('docType') || 'Parallel';
    if (!['Serial', 'Parallel'].includes(docType)) fail('docType', 'docType must be Serial or Parallel');

    const file = form.document;
    let bytes: Uint8Array | null = null;
    if (!(file instanceof File) || file.size === 0) fail('document', "document can't be blank");
    else if (file.size > MAX_SIGNATURE_DOCUMENT_BYTES) fail('document', 'document is too large (maximum is 5 MB)');
    else {
      bytes = new Uint8Array(await file.arrayBuffer());
      if (!isPdf(bytes)) fail('document', 'document must be a PDF file');
    }

    let signer: { name: string; email: string; phone: string | null } | null = null;
    try {
      const recipients = JSON.parse(text('recipients') || 'null') as unknown;
      const first = Array.isArray(recipients) && recipients.length === 1 ? (recipients[0] as Record<string, unknown>) : null;
      const name = typeof first?.name === 'string' ? first.name.trim() : '';
      const email = typeof first?.email === 'string' ? first.email.trim() : '';
      if (first && first.type === 'Signer' && name && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        signer = { name, email, phone: typeof first.phone === 'string' && first.phone.trim() ? first.phone.trim() : null };
      }
    } catch {
      signer = null;
    }
    if (!signer) fail('recipients', 'recipients must list one Signer with a name and a valid email');

    const callbackUrl = text('callbackUrl') || null;
    if (callbackUrl && callbackUrl !== options.callbackUrl) fail('callbackUrl', "callbackUrl must be the merchant's registered callback URL");
    const returnUrl = text('returnUrl') || null;
    if (returnUrl && !isHttpUrl(returnUrl)) fail('returnUrl', 'returnUrl must be an http(s) URL');
    const reference = text('reference') || null;
    if (reference && reference.length > 200) fail('reference', 'reference is too long (maximum is 200 characters)');

    if (errors.length > 0 || !bytes || !signer || !(file instanceof File)) return c.json({ code: 422, errors, message: 'Validation Failed' }, 422);

    const docToken = randomBytes(20).toString('hex');
    const signingToken = randomBytes(32).toString('base64url');
    const row = sentDocumentRow({ docToken, signingToken, title, fileName: file.name || 'dokumen.pdf', signer, reference, callbackUrl: options.callbackUrl, returnUrl }, clock.now().toISOString());
    await db
      .insertInto('sandbox_privy_documents')
      .values({ ...row, original: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), signed: null })
      .execute();
    return c.json(
      {
        code: 201,
        data: {
          docToken,
          urlDocument: `${publicBaseUrl}/sign/${signingToken}`,
          recipients: [{ type: 'Signer', name: signer.name, email: signer.email, signatoryStatus: SIGNATORY_STATUS.sent }],
        },
        message: 'Document successfully upload and shared',
      },
      201,
    );
  });

  app.get('/v3/merchant/document/status/:docToken', async (c) => {
    const refused = merchantRefused(c);
    if (refused) return refused;
    const row = await db.selectFrom('sandbox_privy_documents').select(META_COLUMNS).where('doc_token', '=', c.req.param('docToken')).executeTakeFirst();
    if (!row) return c.json({ code: 404, errors: [], message: 'Document not found' }, 404);
    const now = clock.now();
    const status = effectiveStatus(row, now);
    const signedAt = status === 'signed' ? row.acted_at : null;
    return c.json({
      code: 200,
      data: {
        docToken: row.doc_token,
        documentTitle: row.title,
        documentStatus: DOCUMENT_STATUS[status],
        urlDocument: `${publicBaseUrl}/sign/${row.signing_token}`,
        createdAt: row.created_at,
        expiredAt: new Date(Date.parse(row.created_at) + PRIVY_SANDBOX_EXPIRY_MS).toISOString(),
        recipients: [
          {
            type: 'Signer',
            name: row.signer_name,
            email: row.signer_email,
            signatoryStatus: SIGNATORY_STATUS[status],
            ...(signedAt ? { signedAt } : {}),
            ...(status === 'declined' ? { declinedAt: row.acted_at } : {}),
          },
        ],
        ...(signedAt ? { completedAt: signedAt, download: downloadLink(row.doc_token, now) } : {}),
      },
      message: 'Successfully get document status',
    });
  });

  app.get('/v3/merchant/document/download/:docToken', async (c) => {
    const docToken = c.req.param('docToken');
    const expires = Number(c.req.query('expires'));
    const signature = c.req.query('signature') ?? '';
    const valid = Number.isInteger(expires) && expires * 1000 > clock.now().getTime() && sameSecret(signature, downloadSignature(docToken, expires));
    if (!valid) return c.json({ code: 403, errors: [], message: 'Download link is invalid or has expired' }, 403);
    const row = await db.selectFrom('sandbox_privy_documents').select(['signed', 'file_name']).where('doc_token', '=', docToken).executeTakeFirst();
    if (!row?.signed) return c.json({ code: 404, errors: [], message: 'Signed document not found' }, 404);
    return storedFileResponse({ mediaType: 'application/pdf', bytes: new Uint8Array(row.signed.buffer, row.signed.byteOffset, row.signed.byteLength) }, { name: `${baseName(row.file_name)}-ditandatangani`, cacheControl: 'private, no-store' });
  });

  app.get('/sign/:token/dokumen', async (c) => {
    const row = await findBySigningToken(c.req.param('token'));
    if (!row) return unknownLink(c);
    const original = await originalOf(row.doc_token);
    return storedFileResponse({ mediaType: row.media_type, bytes: original }, { name: baseName(row.file_name), cacheControl: 'private, no-store' });
  });

  app.get('/sign/:token', async (c) => {
    const row = await findBySigningToken(c.req.param('token'));
    if (!row) return unknownLink(c);
    return signingPage(c, row, clock.now());
  });

  app.post('/sign/:token', async (c) => {
    const row = await findBySigningToken(c.req.param('token'));
    if (!row) return unknownLink(c);
    let decision = '';
    try {
      const form = await c.req.parseBody();
      decision = typeof form.keputusan === 'string' ? form.keputusan : '';
    } catch {
      decision = '';
    }
    if (decision !== 'tanda-tangan' && decision !== 'tolak') {
      return page(c, 400, 'Pilihan tidak dikenal', '<p>Pilih <strong>Tanda tangani</strong> atau <strong>Tolak</strong> pada halaman dokumen.</p>', backLink(row));
    }
    const now = clock.now();
    if (effectiveStatus(row, now) !== 'sent') return signingPage(c, row, now, 409);

    const outcome: 'signed' | 'declined' = decision === 'tanda-tangan' ? 'signed' : 'declined';
    const actedAt = now.toISOString();
    const signed =
      outcome === 'signed'
        ? await options.appendSignaturePage(await originalOf(row.doc_token), {
            providerDocumentId: row.doc_token,
            documentTitle: row.title,
            signerName: row.signer_name,
            signerEmail: row.signer_email,
            signedAt: actedAt,
            reference: row.reference,
            provider: 'Privy (sandbox)',
          })
        : null;
    const eventId = randomUUID();
    // Only from `sent` and before expiry, in the update itself: a second press (or a second tab) loses.
    const result = await db
      .updateTable('sandbox_privy_documents')
      .set({ status: outcome, acted_at: actedAt, signed: signed ? Buffer.from(signed.buffer, signed.byteOffset, signed.byteLength) : null, event_id: eventId })
      .where('doc_token', '=', row.doc_token)
      .where('status', '=', 'sent')
      .where('created_at', '>', new Date(now.getTime() - PRIVY_SANDBOX_EXPIRY_MS).toISOString())
      .executeTakeFirst();
    const after = { ...row, status: outcome, acted_at: actedAt, event_id: eventId };
    if (Number(result.numUpdatedRows) === 0) {
      const current = await findBySigningToken(row.signing_token);
      return signingPage(c, current ?? row, now, 409);
    }

    // Never the stored URL: rows from before this rule may name a stranger's.
    await deliverCallback(after, options.callbackUrl, eventId);

    if (row.return_url) {
      const target = new URL(row.return_url);
      target.searchParams.set('status', outcome);
      target.searchParams.set('documentId', row.doc_token);
      if (row.reference) target.searchParams.set('reference', row.reference);
      return c.redirect(target.toString(), 303);
    }
    return signingPage(c, after, now);
  });

  async function findBySigningToken(token: string): Promise<DocumentRow | undefined> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    return await db.selectFrom('sandbox_privy_documents').select(META_COLUMNS).where('signing_token', '=', token).executeTakeFirst();
  }

  async function originalOf(docToken: string): Promise<Uint8Array> {
    const { original } = await db.selectFrom('sandbox_privy_documents').select('original').where('doc_token', '=', docToken).executeTakeFirstOrThrow();
    return new Uint8Array(original.buffer, original.byteOffset, original.byteLength);
  }

  function downloadSignature(docToken: string, expires: number): string {
    return createHmac('sha256', options.merchantKey).update(`${docToken}.${expires}`).digest('hex');
  }

  function downloadLink(docToken: string, now: Date): { url: string; expiredAt: string } {
    const expires = Math.floor((now.getTime() + DOWNLOAD_LINK_MS) / 1000);
    return {
      url: `${publicBaseUrl}/v3/merchant/document/download/${docToken}?expires=${expires}&signature=${downloadSignature(docToken, expires)}`,
      expiredAt: new Date(expires * 1000).toISOString(),
    };
  }

  /**
   * POSTs the outcome to the callback URL, signed; retried on a network error, a timeout, a 5xx,
   * 408 or 429 (the receiver is idempotent by eventId). Another 4xx is final. The attempts and the
   * delivery are recorded; a callback never delivered leaves status polling to tell.
   */
  async function deliverCallback(row: DocumentRow, url: string, eventId: string): Promise<void> {
    const status = row.status as Exclude<SignatureStatus, 'sent' | 'expired'>;
    const body = JSON.stringify({
      eventId,
      event: `document.${status}`,
      docToken: row.doc_token,
      documentStatus: DOCUMENT_STATUS[status],
      reference: row.reference,
      signedAt: status === 'signed' ? row.acted_at : null,
      occurredAt: row.acted_at,
      recipient: { name: row.signer_name, email: row.signer_email, signatoryStatus: SIGNATORY_STATUS[status] },
    });
    const headers = { 'content-type': 'application/json', [PRIVY_SIGNATURE_HEADER]: signPrivyCallback(body, options.callbackSecret) };
    let attempts = 0;
    let delivered = false;
    for (const delay of [0, ...retryDelays]) {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      attempts += 1;
      const result = await exchange(callbackFetch, url, { method: 'POST', headers, body }, callbackTimeoutMs);
      if (result.ok) {
        const code = result.status;
        if (code >= 200 && code <= 299) {
          delivered = true;
          break;
        }
        options.logger?.warn({ docToken: row.doc_token, status: code, attempt: attempts }, 'Privy sandbox callback refused');
        if (code < 500 && code !== 408 && code !== 429) break;
      } else {
        options.logger?.warn({ docToken: row.doc_token, failure: result.failure, attempt: attempts }, 'Privy sandbox callback not delivered');
      }
    }
    await db
      .updateTable('sandbox_privy_documents')
      .set({ callback_attempts: attempts, callback_delivered_at: delivered ? clock.now().toISOString() : null })
      .where('doc_token', '=', row.doc_token)
      .execute();
  }

  return app;
}

function effectiveStatus(row: Pick<DocumentRow, 'status' | 'created_at'>, now: Date): SignatureStatus {
  if (row.status !== 'sent') return row.status;
  return now.getTime() - Date.parse(row.created_at) >= PRIVY_SANDBOX_EXPIRY_MS ? 'expired' : 'sent';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function baseName(fileName: string): string {
  return fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'dokumen';
}

// ---------------------------------------------------------------- the signing page --

const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];

/** "2 Maret 2026, 09.00 WIB" */
/**
 * The last day the document may be signed, as staff see it on the deposit (machines/signature.ts
 * signatureValidUntil of the WIB date it was sent): the two pages state the same day.
 */
function validUntilText(createdAt: string): string {
  const lastDay = signatureValidUntil(jakartaDate(new Date(createdAt)));
  return `${longDateId(lastDay)} (sampai akhir hari, WIB)`;
}

function wibDateTime(iso: string): string {
  const w = new Date(Date.parse(iso) + 7 * HOUR_MS);
  return `${w.getUTCDate()} ${MONTHS[w.getUTCMonth()]} ${w.getUTCFullYear()}, ${String(w.getUTCHours()).padStart(2, '0')}.${String(w.getUTCMinutes()).padStart(2, '0')} WIB`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);
}

function backLink(row: DocumentRow): string {
  return `<p><a href="./${escapeHtml(row.signing_token)}">Kembali ke dokumen</a></p>`;
}

function unknownLink(c: Context): Response {
  return page(c, 404, 'Tautan tidak dikenal', '<p>Tautan penandatanganan ini tidak dikenal. Periksa kembali tautan yang Anda terima dari bank.</p>');
}

function signingPage(c: Context, row: DocumentRow, now: Date, statusCode: 200 | 409 = 200): Response {
  const status = effectiveStatus(row, now);
  const details = `
    <dl>
      <dt>Penanda tangan</dt><dd>${escapeHtml(row.signer_name)} &lt;${escapeHtml(row.signer_email)}&gt;</dd>
      <dt>Berkas</dt><dd>${escapeHtml(row.file_name)}</dd>
      <dt>Dikirim</dt><dd>${wibDateTime(row.created_at)}</dd>
      <dt>Berlaku sampai</dt><dd>${validUntilText(row.created_at)}</dd>
    </dl>
    <p><a class="preview" href="${escapeHtml(row.signing_token)}/dokumen">Lihat dokumen (PDF)</a></p>`;
  let action: string;
  if (status === 'sent') {
    action = `
    <p class="note">Dengan menekan <strong>Tanda tangani</strong>, Anda menyetujui isi dokumen di atas dan membubuhkan tanda tangan elektronik Anda.</p>
    <form method="post">
      <button class="primary" type="submit" name="keputusan" value="tanda-tangan">Tanda tangani</button>
      <button class="secondary" type="submit" name="keputusan" value="tolak">Tolak</button>
    </form>`;
  } else if (status === 'signed') {
    action = `<p class="outcome done">Dokumen ini sudah ditandatangani pada ${wibDateTime(row.acted_at!)}.</p>`;
  } else if (status === 'declined') {
    action = `<p class="outcome refused">Dokumen ini sudah ditolak pada ${wibDateTime(row.acted_at!)}.</p>`;
  } else {
    action = '<p class="outcome refused">Tautan ini sudah kedaluwarsa (lebih dari 14 hari tanpa tanggapan). Mintalah bank mengirim ulang dokumennya.</p>';
  }
  const formAction = row.return_url ? new URL(row.return_url).origin : null;
  return page(c, statusCode, row.title, `${details}${action}`, '', formAction);
}

/** A complete page: no script, no outside asset, one nonce'd style block, a strict policy. */
function page(c: Context, statusCode: 200 | 400 | 404 | 409 | 500, title: string, body: string, extra = '', formActionOrigin: string | null = null): Response {
  const nonce = randomBytes(16).toString('base64');
  const policy = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    // The form posts here, then the browser follows the redirect to the returnUrl's origin.
    `form-action 'self'${formActionOrigin ? ` ${formActionOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — Privy (sandbox)</title>
<style nonce="${nonce}">
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #f3f5f7; color: #1d2733; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  header { background: #c8102e; color: #fff; padding: 14px 24px; display: flex; align-items: center; gap: 12px; }
  header strong { font-size: 20px; letter-spacing: .5px; }
  header span { background: rgba(255,255,255,.2); border-radius: 999px; padding: 2px 10px; font-size: 13px; }
  main { max-width: 640px; margin: 32px auto; padding: 0 16px; }
  .card { background: #fff; border-radius: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.08); padding: 28px; }
  h1 { font-size: 22px; margin: 0 0 16px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0 0 16px; }
  dt { color: #5b6875; }
  dd { margin: 0; word-break: break-word; }
  a { color: #0b5cad; }
  .note { color: #5b6875; font-size: 14px; }
  form { display: flex; gap: 12px; flex-wrap: wrap; margin-top: 20px; }
  button { font: inherit; font-weight: 600; border-radius: 8px; padding: 10px 22px; cursor: pointer; border: 1px solid transparent; }
  .primary { background: #c8102e; color: #fff; }
  .secondary { background: #fff; color: #1d2733; border-color: #b8c2cc; }
  .outcome { padding: 12px 16px; border-radius: 8px; }
  .done { background: #e7f6ec; color: #1c6b35; }
  .refused { background: #fdecee; color: #8a1526; }
  footer { color: #5b6875; font-size: 13px; text-align: center; margin: 24px 0; }
</style>
</head>
<body>
<header><strong>Privy</strong><span>Sandbox</span></header>
<main>
  <div class="card">
    <h1>${escapeHtml(title)}</h1>
    ${body}
    ${extra}
  </div>
  <footer>Lingkungan uji Berjangka: tanda tangan di sini tidak sah secara hukum.</footer>
</main>
</body>
</html>`;
  return c.html(html, statusCode, {
    'Content-Security-Policy': policy,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
}
