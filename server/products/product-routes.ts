import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { productFamilySchema } from '../../contract/product';
import { productList } from './product-service';
import type { Database } from '../platform/db/schema';
import type { AuthService } from '../auth/auth-service';
import { ok } from '../platform/http/envelope';
import { notFound } from '../platform/http/errors';
import { requireSession, type AppEnv } from '../platform/http/session';

/** /api-v1/{product}/…: products, with the raw-token header form of /api-v1 (contract/bases.ts). */
export function productRoutes(deps: { auth: AuthService; db: Kysely<Database> }) {
  const router = new Hono<AppEnv>();
  router.get('/:product/all-product', requireSession('raw', deps.auth), async (c) => {
    if (!productFamilySchema.safeParse(c.req.param('product')).success) return notFound(c);
    return ok(c, await productList(deps.db, c.get('claims').bprId));
  });
  return router;
}
