import { Hono } from 'hono';
import type { PublicSettings } from '../../contract/public-settings';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import type { ProductSettingsService } from '../products/product-settings-service';

/** /api-v2-general/settings (API.md "Master data"): the installation's contact and the bank's holidays. */
export function publicSettingsRoutes(deps: { auth: AuthService; settings: ProductSettingsService; installation: { productId: string; supportEmail: string; supportPhone: string | null } }) {
  const router = new Hono<AppEnv>();
  router.get('/settings', requireSession('bearer', deps.auth), async (c) => {
    const settings = await deps.settings.get(staffActor(c.get('claims')));
    const answer: PublicSettings = { ...deps.installation, holidays: settings.holidays };
    return ok(c, answer);
  });
  return router;
}
