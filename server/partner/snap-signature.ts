import { createHash, createHmac, createPrivateKey, createPublicKey, sign, timingSafeEqual, verify } from 'node:crypto';

/**
 * The signatures of Bank Indonesia's SNAP standard (Standar Nasional Open API Pembayaran), as
 * Indonesian banks and payment companies publish them (DOKU, Midtrans, BRI: "Asymmetric" and
 * "Symmetric" signature), written once for the partner API, its simulator and the tests:
 *
 * - the B2B access token: `X-SIGNATURE` = base64 SHA256withRSA(partner's private key,
 *   `clientKey + "|" + X-TIMESTAMP`), verified with the public key the partner registered;
 * - every other call: `X-SIGNATURE` = base64 HMAC-SHA512(client secret,
 *   `METHOD + ":" + path + ":" + accessToken + ":" + lowercase hex SHA-256(minified body) + ":" + X-TIMESTAMP`);
 * - `X-TIMESTAMP`: ISO-8601 with its offset (`2026-03-02T09:15:00+07:00`), within 5 minutes of now.
 */

/** The asymmetric string to sign of the access-token request. */
export function accessTokenStringToSign(clientKey: string, timestamp: string): string {
  return `${clientKey}|${timestamp}`;
}

/** X-SIGNATURE of the access-token request: base64 SHA256withRSA (PKCS #1 v1.5) with the partner's private key (PEM). */
export function signAccessTokenRequest(privateKeyPem: string, clientKey: string, timestamp: string): string {
  return sign('sha256', Buffer.from(accessTokenStringToSign(clientKey, timestamp)), createPrivateKey(privateKeyPem)).toString('base64');
}

/** Whether `signature` is the access-token signature of `clientKey` and `timestamp` under the registered public key (PEM); false for anything malformed. */
export function verifyAccessTokenRequest(publicKeyPem: string, clientKey: string, timestamp: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(accessTokenStringToSign(clientKey, timestamp)), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * A JSON body without the whitespace between its tokens, everything else as sent: the order of
 * fields, numbers as written, strings (and the whitespace and escapes inside them) untouched.
 * SNAP hashes the body this way so that a pretty-printed and a compact body sign alike; parsing
 * and printing it again would not do (it could reorder nothing, but would rewrite `1.0` as `1`
 * and lose the digits of a large number).
 */
export function minifyJson(body: string): string {
  // Copied a run at a time between whitespace, not a character at a time: a compact body (what
  // partners' JSON libraries send) comes back as it is, and the server minifies every call's body.
  let out = '';
  let from = 0;
  let inString = false;
  for (let at = 0; at < body.length; at += 1) {
    const code = body.charCodeAt(at);
    if (inString) {
      if (code === 0x5c) at += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) {
      if (at > from) out += body.slice(from, at);
      from = at + 1;
    }
  }
  return from === 0 ? body : out + body.slice(from);
}

/** Lowercase hex SHA-256 of the minified body ('' for a request without one, as a GET). */
export function bodyDigest(body: string): string {
  return createHash('sha256').update(minifyJson(body), 'utf8').digest('hex');
}

interface SignedRequestParts {
  method: string;
  /** The path as sent, without scheme and host: `/api-partner/v1.0/deposito/placement`. */
  path: string;
  accessToken: string;
  /** The raw JSON body ('' when there is none). */
  body: string;
  timestamp: string;
  /** bodyDigest(body), when the caller has it already (the server keeps it for X-EXTERNAL-ID). */
  digest?: string;
}

/** The symmetric string to sign of a call. */
export function requestStringToSign(parts: SignedRequestParts): string {
  return `${parts.method.toUpperCase()}:${parts.path}:${parts.accessToken}:${parts.digest ?? bodyDigest(parts.body)}:${parts.timestamp}`;
}

/** X-SIGNATURE of a call: base64 HMAC-SHA512 with the client secret. */
export function signRequest(clientSecret: string, parts: SignedRequestParts): string {
  return createHmac('sha512', clientSecret).update(requestStringToSign(parts), 'utf8').digest('base64');
}

/** Whether `signature` is the call's signature under `clientSecret`, compared in constant time. */
export function verifyRequest(clientSecret: string, parts: SignedRequestParts, signature: string): boolean {
  const expected = Buffer.from(signRequest(clientSecret, parts));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** ISO-8601 date and time with seconds (fraction allowed) and an explicit offset or Z, as SNAP's X-TIMESTAMP. */
const SNAP_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** How far X-TIMESTAMP may be from the server's clock, either way. */
const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;

/** 'ok', 'invalid' (not SNAP's format) or 'stale' (more than 5 minutes from `now`, either way). */
export function checkTimestamp(timestamp: string, now: Date): 'ok' | 'invalid' | 'stale' {
  if (!SNAP_TIMESTAMP.test(timestamp)) return 'invalid';
  const at = Date.parse(timestamp);
  if (Number.isNaN(at)) return 'invalid';
  return Math.abs(at - now.getTime()) > TIMESTAMP_TOLERANCE_MS ? 'stale' : 'ok';
}

/** X-TIMESTAMP for `now` in Jakarta time (+07:00), as an Indonesian partner sends it. */
export function snapTimestamp(now: Date): string {
  const jakarta = new Date(now.getTime() + 7 * 60 * 60 * 1000);
  return `${jakarta.toISOString().slice(0, 19)}+07:00`;
}
