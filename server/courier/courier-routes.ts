import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { readFields } from '../platform/http/body';
import { ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import { pdfResponse } from '../platform/pdf/pdf-response';
import type { ShipmentService } from './shipment-service';

/** API.md "Documents, signature, courier": JNE pickups of bilyets on /api-v2-bpr. */
export function courierRoutes(deps: { auth: AuthService; shipments: ShipmentService; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);

  router.post('/jne/create-pickup', session, deps.idempotency, async (c) => ok(c, await deps.shipments.createPickup(staffActor(c.get('claims')), (await readFields(c)).fields), 201));
  router.post('/jne/cancel-pickup', session, deps.idempotency, async (c) => ok(c, await deps.shipments.cancelPickup(staffActor(c.get('claims')), (await readFields(c)).fields)));
  router.get('/jne/tracking', session, async (c) => ok(c, await deps.shipments.track(staffActor(c.get('claims')), c.req.query())));
  router.get('/jne/print-resi', session, async (c) => {
    const { doc, filename } = await deps.shipments.label(staffActor(c.get('claims')), c.req.query());
    return pdfResponse(doc, { filename, disposition: 'inline' });
  });
  return router;
}
