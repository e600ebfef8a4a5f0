import { Hono, type MiddlewareHandler } from 'hono';
import { forgotPasswordRequestSchema, sendForgotPasswordRequestSchema } from '../../contract/auth';
import type { AuthService } from './auth-service';
import { ValidationError } from '../platform/errors';
import { parseFields } from '../platform/validation';
import { readFields } from '../platform/http/body';
import { ok } from '../platform/http/envelope';
import type { AppEnv } from '../platform/http/session';

/** /api-v2/auth/…: the forgot-password mail and the reset it leads to. */
export function passwordResetRoutes(deps: { auth: AuthService; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();

  router.post('/auth/send-forgot-password', deps.idempotency, async (c) => {
    const parsed = parseFields(sendForgotPasswordRequestSchema, (await readFields(c)).fields);
    if (!parsed.success) throw new ValidationError(parsed.messages);
    await deps.auth.sendForgotPassword(parsed.data.email);
    return ok(c, null);
  });

  router.post('/auth/forgot-password', deps.idempotency, async (c) => {
    const parsed = parseFields(forgotPasswordRequestSchema, (await readFields(c)).fields);
    if (!parsed.success) throw new ValidationError(parsed.messages);
    await deps.auth.resetPassword(parsed.data.tokenForgotPassword, parsed.data.password);
    return ok(c, null);
  });

  return router;
}
