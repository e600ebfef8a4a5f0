import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../../services/auth-service';
import type { ChangeRequestService } from '../../services/change-request-service';
import { readFields } from '../body';
import { ok } from '../envelope';
import { requireSession, type AppEnv } from '../session';
import { okPage, staffActor } from './deposits';

/** /api-v2-bpr/deposito-change-request[/{id}]: customers' change requests and their decision. */
export function changeRequestRoutes(deps: { auth: AuthService; changeRequests: ChangeRequestService; idempotency: MiddlewareHandler<AppEnv> }) {
  const { changeRequests } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/deposito-change-request', session, async (c) => okPage(c, await changeRequests.list(staffActor(c.get('claims')), c.req.query())));
  router.patch('/deposito-change-request/:id', session, deps.idempotency, async (c) =>
    ok(c, await changeRequests.decide(staffActor(c.get('claims')), c.req.param('id'), (await readFields(c)).fields)),
  );
  return router;
}
