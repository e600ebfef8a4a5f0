import { Hono, type MiddlewareHandler } from 'hono';
import { staffActor } from '../platform/actor';
import { readFields } from '../platform/http/body';
import { ok, okPage } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import type { AuthService } from './auth-service';
import type { UserAdminService } from './user-admin-service';

/** API.md "Bank, users, settings": /bpr/users (Pengguna), ADMIN only. */
export function userAdminRoutes(deps: { auth: AuthService; users: UserAdminService; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/bpr/users', session, async (c) => okPage(c, await deps.users.list(staffActor(c.get('claims')), c.req.query())));
  router.post('/bpr/users', session, deps.idempotency, async (c) => ok(c, await deps.users.invite(staffActor(c.get('claims')), (await readFields(c)).fields), 201));
  router.patch('/bpr/users/:id', session, deps.idempotency, async (c) => ok(c, await deps.users.update(staffActor(c.get('claims')), c.req.param('id'), (await readFields(c)).fields)));
  return router;
}
