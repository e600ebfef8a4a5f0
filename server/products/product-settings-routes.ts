import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { readFields } from '../platform/http/body';
import { ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import type { ProductSettingsService } from './product-settings-service';

/** /api-v2-bpr/bpr/product-setting: Pengaturan Produk (API.md "Bank, users, settings"). */
export function productSettingsRoutes(deps: { auth: AuthService; settings: ProductSettingsService; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/bpr/product-setting', session, async (c) => ok(c, await deps.settings.get(staffActor(c.get('claims')))));
  router.put('/bpr/product-setting', session, deps.idempotency, async (c) => ok(c, await deps.settings.update(staffActor(c.get('claims')), (await readFields(c)).fields)));
  return router;
}
