import { Hono } from 'hono';
import { forgotPasswordRequestSchema, sendForgotPasswordRequestSchema } from '../../../contract/auth';
import type { AuthService } from '../../services/auth-service';
import { ValidationError } from '../../services/errors';
import { parseFields } from '../../services/validation';
import { readFields } from '../body';
import { ok } from '../envelope';
import type { AppEnv } from '../session';

/** /api-v2/auth/…: the forgot-password mail and the reset it leads to. */
export function passwordResetRoutes(deps: { auth: AuthService }) {
  const router = new Hono<AppEnv>();

  router.post('/auth/send-forgot-password', async (c) => {
    const parsed = parseFields(sendForgotPasswordRequestSchema, (await readFields(c)).fields);
    if (!parsed.success) throw new ValidationError(parsed.messages);
    await deps.auth.sendForgotPassword(parsed.data.email);
    return ok(c, null);
  });

  router.post('/auth/forgot-password', async (c) => {
    const parsed = parseFields(forgotPasswordRequestSchema, (await readFields(c)).fields);
    if (!parsed.success) throw new ValidationError(parsed.messages);
    await deps.auth.resetPassword(parsed.data.tokenForgotPassword, parsed.data.password);
    return ok(c, null);
  });

  return router;
}
