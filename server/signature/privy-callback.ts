import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignatureStatus } from '../../contract/deposit';

/**
 * Privy's callback: a POST with a JSON body telling that a document was signed, declined or
 * expired, signed with the shared secret PRIVY_CALLBACK_SECRET.
 *
 * Privy publishes neither its callback's signature scheme nor its header (its merchant API
 * documentation is handed to customers, not published). Assumed here, and spoken by the sandbox:
 * the header `X-Privy-Signature` carries the lower-case hex HMAC-SHA256 of the raw body under the
 * shared secret (a `sha256=` prefix is accepted), and the body is
 *
 *   { "eventId": "…", "event": "document.signed" | "document.declined" | "document.expired",
 *     "docToken": "…", "documentStatus": "Completed" | "Declined" | "Expired",
 *     "reference": "…", "signedAt": "2026-03-02T03:00:00.000Z" | null,
 *     "occurredAt": "…", "recipient": { "name", "email", "signatoryStatus" } }
 *
 * Verification needs the raw body as received (read it with c.req.text(), verify, then parse).
 * A replayed body verifies again: the receiver makes the callback idempotent by `eventId` per
 * document (an event is remembered only once the document it names is known and its `reference`
 * agrees), and by the document's status, which only ever leaves `sent` once.
 */

export const PRIVY_SIGNATURE_HEADER = 'X-Privy-Signature';

type PrivyOutcome = Exclude<SignatureStatus, 'sent'>;

interface PrivyCallback {
  /** Privy's docToken (SignatureProvider.send's providerDocumentId). */
  providerDocumentId: string;
  status: PrivyOutcome;
  /** ISO-8601 UTC when signed; null otherwise. */
  signedAt: string | null;
  /** When the outcome happened (ISO-8601 UTC), or null when Privy did not say. */
  occurredAt: string | null;
  /** Unique per outcome: the idempotency key of the receiving side. */
  eventId: string;
  /** The reference given to send(), when Privy echoes it. */
  reference: string | null;
}

/**
 * A callback we refuse: 401 for a missing or wrong signature, 400 for a body we cannot read, 409
 * for a reference that is not the document's, 503 while the signed copy cannot be fetched (Privy
 * sends it again; the polling follow-up records it meanwhile if it can).
 */
export class PrivyCallbackError extends Error {
  constructor(
    readonly httpStatus: 400 | 401 | 409 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'PrivyCallbackError';
  }
}

export const MISSING_SIGNATURE = `Callback Privy ditolak: header ${PRIVY_SIGNATURE_HEADER} tidak ada.`;
export const WRONG_SIGNATURE = 'Callback Privy ditolak: tanda tangan (HMAC) tidak cocok.';
export const REFERENCE_MISMATCH = 'Callback Privy ditolak: reference tidak sama dengan permintaan tanda tangan dokumen ini; tidak ada yang diubah.';
export const SIGNED_COPY_UNAVAILABLE =
  'Salinan bertanda tangan belum dapat diambil dari Privy; status tetap menunggu tanda tangan sampai salinannya tersimpan. Kirim ulang callback nanti.';

/** The signature of a body: lower-case hex HMAC-SHA256 under the secret. */
export function signPrivyCallback(rawBody: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody).digest('hex');
}

/** True when `header` is the body's signature; compared in constant time. */
export function verifyPrivySignature(rawBody: string | Uint8Array, header: string | null | undefined, secret: string): boolean {
  if (!header || !secret) return false;
  const given = header.trim().replace(/^sha256=/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(signPrivyCallback(rawBody, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** The body of a (verified) callback; throws PrivyCallbackError 400 when it is not one. */
export function parsePrivyCallback(rawBody: string): PrivyCallback {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new PrivyCallbackError(400, 'Callback Privy tidak dapat dibaca: isinya bukan JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new PrivyCallbackError(400, 'Callback Privy tidak dapat dibaca: isinya bukan objek JSON.');
  const record = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const providerDocumentId = text(record.docToken);
  const eventId = text(record.eventId);
  const status = outcomeOf(text(record.documentStatus), text(record.event));
  const missing = [providerDocumentId ? null : 'docToken', eventId ? null : 'eventId', status ? null : 'documentStatus'].filter(Boolean);
  if (missing.length > 0) throw new PrivyCallbackError(400, `Callback Privy tidak lengkap: ${missing.join(', ')} tidak ada atau tidak dikenal.`);
  const occurredAt = isoOrNull(record.occurredAt);
  const signedAt = status === 'signed' ? (isoOrNull(record.signedAt) ?? occurredAt) : null;
  if (status === 'signed' && !signedAt) throw new PrivyCallbackError(400, 'Callback Privy tidak lengkap: waktu penandatanganan (signedAt) tidak ada.');
  return { providerDocumentId: providerDocumentId!, status: status!, signedAt, occurredAt, eventId: eventId!, reference: text(record.reference) };
}

/**
 * Verifies, then parses: what the /privy/callback route calls with the raw body and the header's
 * value. Throws PrivyCallbackError (401 before 400: an unsigned body is not even read).
 */
export function readPrivyCallback(rawBody: string, signatureHeader: string | null | undefined, secret: string): PrivyCallback {
  if (!signatureHeader || !signatureHeader.trim()) throw new PrivyCallbackError(401, MISSING_SIGNATURE);
  if (!verifyPrivySignature(rawBody, signatureHeader, secret)) throw new PrivyCallbackError(401, WRONG_SIGNATURE);
  return parsePrivyCallback(rawBody);
}

/** Privy's documentStatus (or event name) as our outcome. */
export function outcomeOf(documentStatus: string | null, event?: string | null): PrivyOutcome | null {
  const value = (documentStatus ?? event ?? '').toLowerCase();
  if (/complete|signed/.test(value)) return 'signed';
  if (/declin|reject/.test(value)) return 'declined';
  if (/expire/.test(value)) return 'expired';
  return null;
}

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}
