import { staffActor } from '../platform/actor';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/auth-service';
import type { ChangeRequestService } from './change-request-service';
import { readFields } from '../platform/http/body';
import { ok, okPage } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';

/** /api-v2-bpr/deposito-change-request[/{id}]: customers' change requests and their decision. */
export function changeRequestRoutes(deps: { auth: AuthService; changeRequests: ChangeRequestService; idempotency: MiddlewareHandler<AppEnv> }) {
  const { changeRequests } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/deposito-change-request', session, async (c) => okPage(c, await changeRequests.list(staffActor(c.get('claims')), c.req.query())));
  router.post('/deposito-change-request', session, deps.idempotency, async (c) => ok(c, await changeRequests.raise(staffActor(c.get('claims')), (await readFields(c)).fields), 201));
  router.patch('/deposito-change-request/:id', session, deps.idempotency, async (c) =>
    ok(c, await changeRequests.decide(staffActor(c.get('claims')), c.req.param('id'), (await readFields(c)).fields)),
  );
  return router;
}
