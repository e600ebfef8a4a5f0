import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { readFields } from '../platform/http/body';
import { ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import type { PlacementService } from './placement-service';

/** API.md "Placements, import and holds": the counter's preview and placement, every staff role. */
export function placementRoutes(deps: { auth: AuthService; placements: PlacementService; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/deposito/placement/preview', session, async (c) => ok(c, await deps.placements.preview(staffActor(c.get('claims')), c.req.query())));
  router.post('/deposito/placement', session, deps.idempotency, async (c) => ok(c, await deps.placements.place(staffActor(c.get('claims')), (await readFields(c)).fields), 201));
  return router;
}
