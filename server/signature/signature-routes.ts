import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { readFields } from '../platform/http/body';
import { errorResponse, ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import { PRIVY_SIGNATURE_HEADER, PrivyCallbackError } from './privy-callback';
import type { SignatureService } from './signature-service';

/** API.md "Documents, signature, courier": Privy signatures on /api-v2-bpr, and Privy's callback. */
export function signatureRoutes(deps: { auth: AuthService; signatures: SignatureService; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);

  router.post('/deposito/sign-document', session, deps.idempotency, async (c) => ok(c, await deps.signatures.send(staffActor(c.get('claims')), (await readFields(c)).fields), 201));
  router.get('/deposito/signature', session, async (c) => ok(c, await deps.signatures.list(staffActor(c.get('claims')), c.req.query())));

  // Privy's server calls this: no session and no Idempotency-Key; the HMAC of the raw body vouches for it, its event id makes it idempotent.
  router.post('/privy/callback', async (c) => {
    try {
      return ok(c, await deps.signatures.callback(await c.req.text(), c.req.header(PRIVY_SIGNATURE_HEADER)));
    } catch (error) {
      if (error instanceof PrivyCallbackError) return errorResponse(c, error.httpStatus, error.httpStatus === 400 ? [error.message] : error.message);
      throw error;
    }
  });
  return router;
}
