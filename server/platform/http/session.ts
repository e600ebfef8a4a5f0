import type { MiddlewareHandler } from 'hono';
import type { TokenClaims } from '../../../contract/auth';
import type { AuthorizationForm } from '../../../contract/bases';
import { ServiceError } from '../errors';

/** What proves a session token (server/auth/auth-service.ts). */
export interface SessionAuthenticator {
  authenticate(token: string): Promise<TokenClaims>;
}

export type AppEnv = { Variables: { claims: TokenClaims } };

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const BEARER = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/i;

const LOGIN_REQUIRED = 'Silakan login terlebih dahulu.';
const WRONG_AUTHORIZATION_FORM = 'Format header Authorization tidak sesuai. Silakan login kembali.';

/**
 * The token in an Authorization header written in `form` (contract/bases.ts): `Bearer <token>`
 * on the v2 bases, the raw token on /api-v1. The other form is refused, not guessed.
 */
export function tokenFromHeader(header: string | undefined, form: AuthorizationForm): string {
  if (!header || header.trim() === '') throw new ServiceError('unauthenticated', LOGIN_REQUIRED);
  if (form === 'bearer') {
    const match = BEARER.exec(header.trim());
    if (!match?.[1]) throw new ServiceError('unauthenticated', WRONG_AUTHORIZATION_FORM);
    return match[1];
  }
  const raw = header.trim();
  if (!JWT_SHAPE.test(raw)) throw new ServiceError('unauthenticated', WRONG_AUTHORIZATION_FORM);
  return raw;
}

/** Lets the request through only with a valid, unrevoked session token in the base's header form. */
export function requireSession(form: AuthorizationForm, auth: SessionAuthenticator): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claims = await auth.authenticate(tokenFromHeader(c.req.header('authorization'), form));
    c.set('claims', claims);
    await next();
  };
}
