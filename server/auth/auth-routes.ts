import { Hono, type MiddlewareHandler } from 'hono';
import { changeExpiredPasswordRequestSchema, loginRequestSchema } from '../../contract/auth';
import type { AuthService } from './auth-service';
import { ValidationError } from '../platform/errors';
import type { RegistrationService } from './registration-service';
import { parseFields } from '../platform/validation';
import { readFields } from '../platform/http/body';
import { clientAddress } from '../platform/http/client-address';
import { staffActor } from '../platform/actor';
import { ok } from '../platform/http/envelope';
import { toUser } from './presenters';
import { requireSession, tokenFromHeader, type AppEnv } from '../platform/http/session';

/** /api-v2-bpr/auth/…: login, expired-password change, registration, logout; and unlocking a user's login. */
/**
 * Every call but login takes an Idempotency-Key: a login is never replayed, because each failed
 * attempt must be counted by the throttles (a replay would roll the count back with the request).
 */
export function authRoutes(deps: { auth: AuthService; registration: RegistrationService; trustedProxyHops: number; idempotency: MiddlewareHandler<AppEnv> }) {
  const { auth, registration } = deps;
  const router = new Hono<AppEnv>();

  router.post('/auth/login', async (c) => {
    const parsed = parseFields(loginRequestSchema, (await readFields(c)).fields);
    if (!parsed.success) throw new ValidationError(parsed.messages);
    const result = await auth.login(parsed.data.email, parsed.data.password, clientAddress(c, deps.trustedProxyHops));
    return ok(c, { token: result.token, user: toUser(result.user) });
  });

  router.post('/auth/change-expired-password', deps.idempotency, async (c) => {
    // Only the changePasswordToken of a 403 PasswordExpired login works here, never a session token.
    const changePasswordToken = tokenFromHeader(c.req.header('authorization'), 'bearer');
    const parsed = parseFields(changeExpiredPasswordRequestSchema, (await readFields(c)).fields);
    if (!parsed.success) throw new ValidationError(parsed.messages);
    await auth.changeExpiredPassword(changePasswordToken, parsed.data.email, parsed.data.newPassword);
    return ok(c, null);
  });

  // The attempt is counted before the request's transaction, so a refused one still counts.
  const admitRegistration: MiddlewareHandler<AppEnv> = async (c, next) => {
    await registration.admit(clientAddress(c, deps.trustedProxyHops));
    await next();
  };
  router.post('/auth/registration', admitRegistration, deps.idempotency, async (c) => {
    const { fields, files } = await readFields(c);
    // Every attached file is a supporting document, whatever field name the form gave it.
    const created = await registration.register(fields, Object.values(files).flat());
    return ok(c, created, 201);
  });

  // An ADMIN lifts the login throttles of a user of the bank (the owner blocked by someone else's guesses).
  router.post('/bpr/users/:id/unlock', requireSession('bearer', auth), deps.idempotency, async (c) => ok(c, await auth.unlockLogin(staffActor(c.get('claims')), c.req.param('id'))));

  router.post('/auth/logout', requireSession('bearer', auth), deps.idempotency, async (c) => {
    await auth.logout(c.get('claims'));
    return ok(c, null);
  });

  return router;
}
