import { createHash, createHmac, createSecretKey, hkdfSync, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * SNAP's B2B access token: opaque to the partner, valid 900 seconds. It names the partner and
 * which of its client secrets was in force (a digest of the sealed secret, which is sealed anew
 * at each rotation), signed (HMAC-SHA256) with a key derived from the installation's token
 * secret: checking it reads no token table, and a rotated secret ends every token issued before.
 * Staff tokens are JWTs under another key: neither is accepted in the other's place.
 */

export const ACCESS_TOKEN_SECONDS = 900;

interface TokenBody {
  /** The partner's channel code. */
  p: string;
  /** secretGeneration() of the partner's sealed secret when issued. */
  s: string;
  /** Expiry, epoch seconds. */
  e: number;
}

export type TokenKey = Buffer & { readonly tokenKey: unique symbol };

export function partnerTokenKey(installationSecret: string): TokenKey {
  return Buffer.from(hkdfSync('sha256', installationSecret, 'berjangka', 'partner access tokens v1', 32)) as TokenKey;
}

/** Which client secret a token was issued under: its sealed text changes at every rotation. */
export function secretGeneration(sealedSecret: string): string {
  return createHash('sha256').update(sealedSecret).digest('base64url').slice(0, 16);
}

/**
 * The key as a KeyObject, made once per key: createHmac given a Buffer checks it as key material
 * again at every call (about 10 µs, five times the MAC of a token), given a KeyObject it does not.
 */
const keyObjects = new WeakMap<TokenKey, KeyObject>();
function keyObjectOf(key: TokenKey): KeyObject {
  let keyObject = keyObjects.get(key);
  if (!keyObject) {
    keyObject = createSecretKey(key);
    keyObjects.set(key, keyObject);
  }
  return keyObject;
}

const mac = (key: TokenKey, body: string) => createHmac('sha256', keyObjectOf(key)).update(body).digest('base64url');

/** `body` as base64url JSON with its HMAC: readable by anyone, made only by us. */
function seal(key: TokenKey, body: object): string {
  const text = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${text}.${mac(key, text)}`;
}

/** The body of a token `seal` made with this key, or null when it is not ours or was altered. */
function unseal(key: TokenKey, token: string): Record<string, unknown> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function issueAccessToken(key: TokenKey, channelCode: string, generation: string, now: Date): string {
  return seal(key, { p: channelCode, s: generation, e: Math.floor(now.getTime() / 1000) + ACCESS_TOKEN_SECONDS } satisfies TokenBody);
}

/** The token's partner and secret date when it is ours, unaltered and unexpired; else why not. */
export function readAccessToken(key: TokenKey, token: string, now: Date): { ok: true; channelCode: string; generation: string } | { ok: false; reason: 'invalid' | 'expired' } {
  const parsed = unseal(key, token);
  if (!parsed || 'k' in parsed || typeof parsed.p !== 'string' || typeof parsed.s !== 'string' || typeof parsed.e !== 'number') return { ok: false, reason: 'invalid' };
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, channelCode: parsed.p, generation: parsed.s };
}

/** How long a document link in a deposit's status opens its file (API.md: 15 minutes). */
const DOCUMENT_LINK_SECONDS = 15 * 60;

/** What a document link opens: one document of one bank, for the partner it was given to. */
interface DocumentLink {
  documentId: string;
  bankId: string;
  channelCode: string;
}

/**
 * A link to a deposit's document that a partner can hand to its customer's browser as it is:
 * no SNAP headers, so it carries its own proof (sealed like an access token, marked as a link so
 * neither passes for the other) and ends after 15 minutes.
 */
export function issueDocumentLink(key: TokenKey, link: DocumentLink, now: Date): { token: string; expiresAt: string } {
  const expires = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_SECONDS;
  return { token: seal(key, { k: 'doc', d: link.documentId, b: link.bankId, p: link.channelCode, e: expires }), expiresAt: new Date(expires * 1000).toISOString() };
}

export function readDocumentLink(key: TokenKey, token: string, now: Date): ({ ok: true } & DocumentLink) | { ok: false; reason: 'invalid' | 'expired' } {
  const parsed = unseal(key, token);
  if (!parsed || parsed.k !== 'doc' || typeof parsed.d !== 'string' || typeof parsed.b !== 'string' || typeof parsed.p !== 'string' || typeof parsed.e !== 'number') return { ok: false, reason: 'invalid' };
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, documentId: parsed.d, bankId: parsed.b, channelCode: parsed.p };
}
