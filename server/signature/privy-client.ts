import type { SignatureStatus } from '../../contract/deposit';
import { exchange, jsonOf, ProviderError, type FetchLike } from '../platform/provider-http';
import { outcomeOf } from './privy-callback';

/**
 * The Privy client: sends a document to a customer for an e-signature, asks how it stands, and
 * downloads the signed copy. It speaks Privy's merchant API, whether PRIVY_URL is Privy or the
 * local sandbox (privy-sandbox.ts).
 *
 * Privy's merchant API v3, as far as public material shows it (the reference is a PDF Privy hands
 * to customers; community clients and test collections agree on the following):
 * - Base https://core.privy.id/v3/merchant (staging https://stg-core.privy.id/v3/merchant); every
 *   call carries the header `Merchant-Key`. Privy also asks for HTTP Basic credentials issued with
 *   the key; they are not configurable here (PRIVY_MERCHANT_KEY only) — a site on real Privy adds
 *   them (assumption to settle with Privy).
 * - `POST /document/upload`, multipart/form-data: documentTitle, docType (Serial | Parallel),
 *   document (the PDF; Privy takes PDF only), recipients (JSON). Answer 201
 *   `{ code: 201, data: { docToken, urlDocument, recipients }, message }`; urlDocument is where
 *   the signer signs. Validation failures: 422 `{ code: 422, errors: [{ field, messages }], message }`.
 * - `GET /document/status/{docToken}`: `{ code: 200, data: { docToken, documentStatus, recipients:
 *   [{ …, signatoryStatus }], download: { url, expiredAt } } }`, download only once completed.
 * Assumed (not in the public material): recipients are named by name, email and phone instead of
 * Privy IDs (our customers have none); `reference`, `callbackUrl` and `returnUrl` are accepted as
 * form fields (Privy configures callbacks per merchant); documentStatus is "In Progress",
 * "Completed", "Declined" or "Expired", a recipient's signedAt is ISO-8601, and the download URL is
 * pre-signed (fetched without the Merchant-Key, which must not leave for another host).
 */

export interface SignatureRequest {
  documentTitle: string;
  fileName: string;
  bytes: Uint8Array;
  /** application/pdf: Privy signs PDFs only. */
  mediaType: string;
  signer: { name: string; email: string; phone?: string };
  /** Ours (e.g. the signature request id); Privy echoes it in the callback. */
  reference: string;
  /** Where Privy POSTs the outcome (our /privy/callback). */
  callbackUrl: string;
  /** Where the signer's browser goes afterwards (the SPA's /signature/privy). */
  returnUrl: string;
}

export interface SignatureSent {
  /** Privy's docToken. */
  providerDocumentId: string;
  /** Where the signer signs (Privy's urlDocument). */
  signingUrl: string;
}

export interface SignatureState {
  status: SignatureStatus;
  /** ISO-8601 UTC, when signed. */
  signedAt?: string;
  /** When signed: downloads the signed PDF (Privy's link is short-lived: call it promptly). */
  signedFile?: () => Promise<Uint8Array>;
}

export interface SignatureProvider {
  send(request: SignatureRequest): Promise<SignatureSent>;
  status(providerDocumentId: string): Promise<SignatureState>;
}

/** A Privy call that did not succeed; `httpStatus` is what our API answers (see ProviderError). */
export class SignatureError extends ProviderError {
  constructor(kind: ProviderError['kind'], message: string, providerReason?: string) {
    super('privy', kind, message, providerReason);
    this.name = 'SignatureError';
  }
}

interface PrivyClientOptions {
  /** PRIVY_URL (…/v3/merchant), or the sandbox's. */
  baseUrl: string;
  merchantKey: string;
  fetch?: FetchLike;
  /** Per call; default 30 s (an upload carries up to 5 MB). */
  timeoutMs?: number;
}

const PRIVY_TIMEOUT_MS = 30_000;
export const MAX_SIGNATURE_DOCUMENT_BYTES = 5 * 1024 * 1024;

const DOC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks a request before anything is sent; throws kind 'invalid' (400) naming every problem. */
export function checkSignatureRequest(request: SignatureRequest): void {
  const problems: string[] = [];
  const text = (value: string | undefined) => (value ?? '').trim();
  if (!text(request.documentTitle)) problems.push('judul dokumen wajib diisi');
  if (!text(request.fileName)) problems.push('nama berkas wajib diisi');
  const bytes = request.bytes;
  if (!(bytes instanceof Uint8Array) || bytes.byteLength === 0) problems.push('berkas kosong');
  else if (bytes.byteLength > MAX_SIGNATURE_DOCUMENT_BYTES) problems.push('berkas lebih dari 5 MB');
  else if (request.mediaType !== 'application/pdf' || !isPdf(bytes)) problems.push('Privy hanya menerima berkas PDF');
  if (!text(request.signer?.name)) problems.push('nama penanda tangan wajib diisi');
  if (!EMAIL_PATTERN.test(text(request.signer?.email))) problems.push('email penanda tangan tidak valid');
  if (!text(request.reference)) problems.push('referensi wajib diisi');
  if (!isHttpUrl(request.callbackUrl)) problems.push('alamat callback harus URL http(s)');
  if (!isHttpUrl(request.returnUrl)) problems.push('alamat kembali harus URL http(s)');
  if (problems.length > 0) throw new SignatureError('invalid', `Permintaan tanda tangan tidak dapat dikirim ke Privy: ${problems.join('; ')}.`);
}

export function isPdf(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d;
}

function isHttpUrl(value: string | undefined): boolean {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Privy's reasons in an error body: the errors' messages, else its message. */
function privyReason(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const messages: string[] = [];
  if (Array.isArray(body.errors)) {
    for (const error of body.errors) {
      if (!isRecord(error)) continue;
      const field = typeof error.field === 'string' ? error.field : null;
      const list = Array.isArray(error.messages) ? error.messages.filter((m): m is string => typeof m === 'string') : typeof error.message === 'string' ? [error.message] : [];
      for (const message of list) messages.push(field ? `${field}: ${message}` : message);
    }
  }
  if (messages.length > 0) return messages.join('; ');
  return typeof body.message === 'string' && body.message.trim() ? body.message.trim() : null;
}

/** The upload answer's docToken and signing URL; throws SignatureError otherwise. */
function parseUploadAnswer(body: unknown): SignatureSent {
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  const docToken = typeof data?.docToken === 'string' ? data.docToken : '';
  const urlDocument = typeof data?.urlDocument === 'string' ? data.urlDocument : '';
  if (!DOC_TOKEN_PATTERN.test(docToken) || !isHttpUrl(urlDocument)) throw badAnswer('pengiriman dokumen');
  return { providerDocumentId: docToken, signingUrl: urlDocument };
}

/** A status answer's state (without the download function). */
export function parseStatusAnswer(body: unknown): { status: SignatureStatus; signedAt?: string; downloadUrl?: string } {
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  if (!data || typeof data.documentStatus !== 'string') throw badAnswer('status dokumen');
  const recipients = Array.isArray(data.recipients) ? data.recipients.filter(isRecord) : [];
  const declinedBySigner = recipients.some((recipient) => typeof recipient.signatoryStatus === 'string' && /declin|reject/i.test(recipient.signatoryStatus));
  const outcome = declinedBySigner ? 'declined' : outcomeOf(data.documentStatus);
  if (outcome === 'signed') {
    const stamp = recipients.map((recipient) => recipient.signedAt).find((value) => typeof value === 'string') ?? data.completedAt;
    const parsed = typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
    const url = isRecord(data.download) && typeof data.download.url === 'string' && isHttpUrl(data.download.url) ? data.download.url : undefined;
    return { status: 'signed', ...(Number.isNaN(parsed) ? {} : { signedAt: new Date(parsed).toISOString() }), ...(url ? { downloadUrl: url } : {}) };
  }
  return { status: outcome ?? 'sent' };
}

function badAnswer(what: string, detail?: string): SignatureError {
  return new SignatureError('bad-answer', `Jawaban Privy atas ${what} tidak dapat dibaca${detail ? ` (${detail})` : ''}. Coba lagi beberapa saat lagi.`);
}

export function privyClient(options: PrivyClientOptions): SignatureProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? PRIVY_TIMEOUT_MS;

  /** One call; the answer's parsed body, or a SignatureError by Privy's status code and body. */
  async function call(url: string, init: RequestInit, what: string, refusal: (reason: string) => SignatureError): Promise<unknown> {
    const result = await exchange(fetchFn, url, init, timeoutMs);
    if (!result.ok) {
      throw result.failure === 'timeout'
        ? new SignatureError('timeout', `Privy tidak menjawab dalam ${Math.max(1, Math.ceil(timeoutMs / 1000))} detik (${what}). Coba lagi beberapa saat lagi.`)
        : new SignatureError('unreachable', `Privy tidak dapat dihubungi saat ini (${what}). Coba lagi beberapa saat lagi.`);
    }
    const body = jsonOf(result.body);
    // Privy also puts the code in the body; an error code there wins over a 200.
    const code = isRecord(body) && typeof body.code === 'number' ? body.code : result.status;
    const reason = privyReason(body) ?? `HTTP ${code}`;
    if (code === 401 || code === 403) throw new SignatureError('credentials', `Privy menolak kunci merchant Berjangka (periksa PRIVY_MERCHANT_KEY): ${reason}.`, reason);
    if (code >= 500 || (code >= 300 && code < 400)) throw badAnswer(what, `HTTP ${code}`);
    if (code >= 400) throw refusal(reason);
    if (body === undefined) throw badAnswer(what, 'bukan JSON');
    return body;
  }

  async function download(url: string): Promise<Uint8Array> {
    const result = await exchange(fetchFn, url, { method: 'GET' }, timeoutMs);
    if (!result.ok) {
      throw result.failure === 'timeout'
        ? new SignatureError('timeout', `Privy tidak menjawab dalam ${Math.max(1, Math.ceil(timeoutMs / 1000))} detik (unduhan dokumen bertanda tangan). Coba lagi beberapa saat lagi.`)
        : new SignatureError('unreachable', 'Privy tidak dapat dihubungi saat ini (unduhan dokumen bertanda tangan). Coba lagi beberapa saat lagi.');
    }
    if (result.status < 200 || result.status > 299) throw badAnswer('unduhan dokumen bertanda tangan', `HTTP ${result.status}; tautan unduhan mungkin sudah kedaluwarsa, minta status lagi`);
    if (!isPdf(result.body)) throw badAnswer('unduhan dokumen bertanda tangan', 'bukan PDF');
    return result.body;
  }

  return {
    async send(request) {
      checkSignatureRequest(request);
      const form = new FormData();
      form.set('documentTitle', request.documentTitle.trim());
      form.set('docType', 'Parallel');
      form.set('document', new Blob([request.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), request.fileName.trim());
      const signer = { type: 'Signer', name: request.signer.name.trim(), email: request.signer.email.trim(), ...(request.signer.phone?.trim() ? { phone: request.signer.phone.trim() } : {}) };
      form.set('recipients', JSON.stringify([signer]));
      form.set('reference', request.reference.trim());
      form.set('callbackUrl', request.callbackUrl);
      form.set('returnUrl', request.returnUrl);
      const body = await call(
        `${baseUrl}/document/upload`,
        { method: 'POST', headers: { 'Merchant-Key': options.merchantKey, accept: 'application/json' }, body: form },
        'pengiriman dokumen',
        (reason) => new SignatureError('refused', `Privy menolak dokumen: ${reason}.`, reason),
      );
      return parseUploadAnswer(body);
    },

    async status(providerDocumentId) {
      const docToken = (providerDocumentId ?? '').trim();
      if (!DOC_TOKEN_PATTERN.test(docToken)) throw new SignatureError('invalid', 'Nomor dokumen Privy tidak valid.');
      const body = await call(
        `${baseUrl}/document/status/${encodeURIComponent(docToken)}`,
        { method: 'GET', headers: { 'Merchant-Key': options.merchantKey, accept: 'application/json' } },
        'status dokumen',
        (reason) => (/not found/i.test(reason) || reason === 'HTTP 404' ? new SignatureError('not-found', `Dokumen ${docToken} tidak ditemukan di Privy.`, reason) : new SignatureError('refused', `Privy menolak permintaan status dokumen: ${reason}.`, reason)),
      );
      const state = parseStatusAnswer(body);
      const { downloadUrl } = state;
      return {
        status: state.status,
        ...(state.signedAt ? { signedAt: state.signedAt } : {}),
        ...(downloadUrl ? { signedFile: () => download(downloadUrl) } : {}),
      };
    },
  };
}
