import { Hono } from 'hono';
import type { SessionData } from '../../contract/auth';
import type { AuthorizationForm } from '../../contract/bases';
import type { AuthService } from './auth-service';
import { ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';

/** GET {base}/auth/session on every base: proves the token and the base's header form; answers the claims. */
export function sessionRoutes(form: AuthorizationForm, auth: AuthService) {
  const router = new Hono<AppEnv>();
  router.get('/auth/session', requireSession(form, auth), (c) => {
    const claims = c.get('claims');
    const data: SessionData = { userId: claims.sub, bprId: claims.bprId, role: claims.role, expiresAt: new Date(claims.exp * 1000).toISOString() };
    return ok(c, data);
  });
  return router;
}
