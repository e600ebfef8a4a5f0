import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

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

const mac = (key: TokenKey, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function issueAccessToken(key: TokenKey, channelCode: string, generation: string, now: Date): string {
  const body = Buffer.from(JSON.stringify({ p: channelCode, s: generation, e: Math.floor(now.getTime() / 1000) + ACCESS_TOKEN_SECONDS } satisfies TokenBody)).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** The token's partner and secret date when it is ours, unaltered and unexpired; else why not. */
export function readAccessToken(key: TokenKey, token: string, now: Date): { ok: true; channelCode: string; generation: string } | { ok: false; reason: 'invalid' | 'expired' } {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let parsed: TokenBody;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenBody;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof parsed.p !== 'string' || typeof parsed.s !== 'string' || typeof parsed.e !== 'number') return { ok: false, reason: 'invalid' };
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, channelCode: parsed.p, generation: parsed.s };
}
