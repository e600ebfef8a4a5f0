import type { Kysely } from 'kysely';
import type { MaturityInstruction } from '../../contract/deposit';
import type { ProductListItem } from '../../contract/product';
import { lpsFlags, type ProductRules } from '../../machines/deposit-rules';
import type { Database, ProductRow } from '../platform/db/schema';
import { getDepositSettings, listProducts, type ProductWithTenors } from './product-repository';

/**
 * The products area as other areas see it: a bank's products with their tenors and rates, and
 * the bank's deposit settings (holidays, tax, LPS) that every figure is computed with.
 */
export { DEFAULT_DEPOSIT_SETTINGS, findProduct, getDepositSettings, listProducts, productNamesOf, type DepositSettings, type ProductWithTenors } from './product-repository';
/** The product as the deposit machine sees it (machines/deposit-rules/product.ts). */
export function productRules(product: ProductWithTenors): ProductRules {
  return {
    id: product.id,
    active: product.active === 1,
    minAmount: Number(product.min_amount),
    maxAmount: product.max_amount === null ? null : Number(product.max_amount),
    tenors: product.tenors.map((tenor) => ({ tenorMonths: tenor.tenor_months, rateBps: tenor.rate_bps })),
    penaltyBps: product.penalty_bps,
    forfeitAccruedInterest: product.forfeit_accrued_interest === 1,
  };
}

export function instructionsAllowed(product: ProductRow): MaturityInstruction[] {
  return JSON.parse(product.instructions_allowed) as MaturityInstruction[];
}

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

