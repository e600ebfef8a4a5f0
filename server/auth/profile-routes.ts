import { Hono, type MiddlewareHandler } from 'hono';
import { PROFILE_LOGO_FIELD } from '../../contract/profile';
import type { AuthService } from './auth-service';
import type { ProfileService } from './profile-service';
import { readFields } from '../platform/http/body';
import { ok } from '../platform/http/envelope';
import { notFound } from '../platform/http/errors';
import { storedFileResponse } from '../platform/files/file-response';
import { logoUrl, toUser } from './presenters';
import { requireSession, type AppEnv } from '../platform/http/session';
import { clientAddress } from '../platform/http/client-address';
import { parseOrThrow } from '../platform/validation';
import { changeOwnPasswordSchema } from '../../contract/users';

/** /api-v2-bpr/profile/…: the signed-in user's profile and their bank's logo. */
export function profileRoutes(deps: { auth: AuthService; profile: ProfileService; idempotency: MiddlewareHandler<AppEnv>; trustedProxyHops: number }) {
  const { profile } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  const actorOf = (claims: AppEnv['Variables']['claims']) => ({ userId: claims.sub, role: claims.role });

  router.get('/profile/detail', session, async (c) => ok(c, toUser(await profile.detail(actorOf(c.get('claims'))))));

  router.get('/profile/logo', session, async (c) => {
    const user = await profile.detail(actorOf(c.get('claims')));
    return ok(c, { url: logoUrl(user.bank_logo_file_id) });
  });

  // Public on purpose: an <img> cannot send the token. Ids are random and a new upload gets a new id.
  router.get('/profile/logo/:fileId', async (c) => {
    const file = await profile.logoFile(c.req.param('fileId'));
    if (!file) return notFound(c);
    return storedFileResponse(file, { name: `logo-${c.req.param('fileId')}`, cacheControl: 'public, max-age=31536000, immutable' });
  });

  router.post('/profile/update', session, deps.idempotency, async (c) => {
    const { fields, files } = await readFields(c);
    const updated = await profile.update(actorOf(c.get('claims')), fields, files[PROFILE_LOGO_FIELD]?.[0] ?? null);
    return ok(c, toUser(updated));
  });

  // The answer carries the new token: every other session ended with the change.
  router.post('/profile/change-password', session, deps.idempotency, async (c) => {
    const body = parseOrThrow(changeOwnPasswordSchema, (await readFields(c)).fields);
    const result = await deps.auth.changeOwnPassword(c.get('claims'), body.currentPassword, body.newPassword, clientAddress(c, deps.trustedProxyHops));
    return ok(c, { token: result.token, user: toUser(result.user) });
  });

  return router;
}
