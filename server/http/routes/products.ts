import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { productFamilySchema, type ProductListItem } from '../../../contract/product';
import { lpsFlags } from '../../../machines/deposit-rules';
import { getDepositSettings, listProducts } from '../../db/repositories/products';
import type { Database } from '../../db/schema';
import type { AuthService } from '../../services/auth-service';
import { ok } from '../envelope';
import { notFound } from '../errors';
import { requireSession, type AppEnv } from '../session';

/** The token's bank's products of one family, sorted by name, as the products list shows them. */
export async function productList(db: Kysely<Database>, bankId: string): Promise<ProductListItem[]> {
  const [products, settings] = await Promise.all([listProducts(db, bankId), getDepositSettings(db, bankId)]);
  const lps = { lpsMaxRateBps: settings.lpsMaxRateBps, lpsMaxBalanceRupiah: settings.lpsMaxBalance };
  const items = products.map((product) => {
    const tenors = product.tenors.map((tenor) => ({ tenorMonths: tenor.tenor_months, rateBps: tenor.rate_bps }));
    return {
      id: product.id,
      name: product.name,
      active: product.active === 1,
      visible: product.visible === 1,
      interestPayment: product.interest_payment,
      minAmount: Number(product.min_amount),
      maxAmount: product.max_amount === null ? null : Number(product.max_amount),
      tenors,
      lpsFlag: tenors.some((tenor) => lpsFlags({ rateBps: tenor.rateBps, settings: lps }).length > 0),
    };
  });
  // In JS, not SQL: PostgreSQL's collation would order names differently from SQLite's.
  return items.sort((a, b) => a.name.localeCompare(b.name, 'id'));
}

/** /api-v1/{product}/…: products, with the raw-token header form of /api-v1 (contract/bases.ts). */
export function productRoutes(deps: { auth: AuthService; db: Kysely<Database> }) {
  const router = new Hono<AppEnv>();
  router.get('/:product/all-product', requireSession('raw', deps.auth), async (c) => {
    if (!productFamilySchema.safeParse(c.req.param('product')).success) return notFound(c);
    return ok(c, await productList(deps.db, c.get('claims').bprId));
  });
  return router;
}
