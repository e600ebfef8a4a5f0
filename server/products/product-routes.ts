import { Hono, type MiddlewareHandler } from 'hono';
import { productFamilySchema } from '../../contract/product';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { readFields } from '../platform/http/body';
import { ok } from '../platform/http/envelope';
import { notFound } from '../platform/http/errors';
import { requireSession, type AppEnv } from '../platform/http/session';
import type { ProductService } from './product-service';

/** /api-v1/{product}/…: products (API.md "Products"), with the raw-token header form of /api-v1 (contract/bases.ts). */
export function productRoutes(deps: { auth: AuthService; products: ProductService; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('raw', deps.auth);
  // Only the families API.md names; any other {product} is not a route.
  const family: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!productFamilySchema.safeParse(c.req.param('product')).success) return notFound(c);
    await next();
  };
  router.get('/:product/all-product', session, family, async (c) => ok(c, await deps.products.list(staffActor(c.get('claims')), c.req.query())));
  router.post('/:product/create-product', session, family, deps.idempotency, async (c) => ok(c, await deps.products.create(staffActor(c.get('claims')), (await readFields(c)).fields), 201));
  router.patch('/:product/deactivate-product', session, family, deps.idempotency, async (c) => {
    const fields = (await readFields(c)).fields as Record<string, unknown>;
    return ok(c, await deps.products.deactivate(staffActor(c.get('claims')), { id: fields.id ?? c.req.query('id') }));
  });
  router.patch('/:product/:productId/visibility', session, family, deps.idempotency, async (c) =>
    ok(c, await deps.products.setVisibility(staffActor(c.get('claims')), c.req.param('productId'), (await readFields(c)).fields)),
  );
  router.get('/:product', session, family, async (c) => ok(c, await deps.products.get(staffActor(c.get('claims')), c.req.query('id'))));
  router.put('/:product', session, family, deps.idempotency, async (c) => {
    const fields = (await readFields(c)).fields as Record<string, unknown>;
    // API.md: "id, fields" — the id may come in the body or the query.
    const id = fields.id ?? c.req.query('id');
    return ok(c, await deps.products.update(staffActor(c.get('claims')), { ...fields, ...(id === undefined ? {} : { id }) }));
  });
  return router;
}
