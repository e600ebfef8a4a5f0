import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { storedFileResponse } from '../platform/files/file-response';
import { readFields } from '../platform/http/body';
import { ok, okPage } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import type { HoldService } from './hold-service';

/** API.md "Placements, import and holds": holds (blokir) on /api-v2-bpr. */
export function holdRoutes(deps: { auth: AuthService; holds: HoldService; idempotency: MiddlewareHandler<AppEnv> }) {
  const { holds } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/deposito/holds', session, async (c) => {
    const { items, meta, counts } = await holds.list(staffActor(c.get('claims')), c.req.query());
    return okPage(c, { items, meta }, { counts });
  });
  router.post('/deposito/hold', session, deps.idempotency, async (c) => {
    const { fields, files } = await readFields(c);
    return ok(c, await holds.place(staffActor(c.get('claims')), fields, files), 201);
  });
  router.post('/deposito/hold/:id/release', session, deps.idempotency, async (c) =>
    ok(c, await holds.requestRelease(staffActor(c.get('claims')), c.req.param('id'), (await readFields(c)).fields), 202),
  );
  router.post('/deposito/hold/:id/approve-release', session, deps.idempotency, async (c) => ok(c, await holds.approveRelease(staffActor(c.get('claims')), c.req.param('id'))));
  router.post('/deposito/hold/:id/reject-release', session, deps.idempotency, async (c) =>
    ok(c, await holds.rejectRelease(staffActor(c.get('claims')), c.req.param('id'), (await readFields(c)).fields)),
  );
  router.get('/deposito/hold/:id/letter', session, async (c) => {
    const file = await holds.letter(staffActor(c.get('claims')), c.req.param('id'));
    return storedFileResponse(file, { name: `surat-blokir-${c.req.param('id')}`, cacheControl: 'private, no-store' });
  });
  return router;
}
