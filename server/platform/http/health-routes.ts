import { Hono } from 'hono';
import { errorResponse, ok } from './envelope';

/** GET /healthz: 200 while the database answers, 503 when it does not. */
export function healthRoutes(deps: { ping: () => Promise<boolean>; dialect: string }) {
  const router = new Hono();
  router.get('/healthz', async (c) => {
    if (await deps.ping()) return ok(c, { status: 'ok', database: deps.dialect });
    return errorResponse(c, 503, 'Basis data tidak dapat dihubungi.');
  });
  return router;
}
