import { createHmac, timingSafeEqual } from 'node:crypto';
import { tokenClaimsSchema, type TokenClaims } from '../../contract/auth';

/** HS256 JSON Web Tokens with node:crypto: the header is fixed, so no algorithm confusion is possible. */

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signJwt(claims: TokenClaims, secret: string): string {
  const payload = base64url(JSON.stringify(claims));
  const signature = sign(`${HEADER}.${payload}`, secret);
  return `${HEADER}.${payload}.${signature}`;
}

/** The claims when the signature is ours and the token has not expired at `nowSeconds`; otherwise null. */
export function verifyJwt(token: string, secret: string, nowSeconds: number): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const claims = tokenClaimsSchema.safeParse(decoded);
  if (!claims.success || claims.data.exp <= nowSeconds) return null;
  return claims.data;
}

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
