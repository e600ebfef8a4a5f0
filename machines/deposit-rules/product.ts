/**
 * What a product allows (DOMAIN.md `deposit.approve` / `deposit.extend`): it must be active, the
 * amount within its minimum and maximum (inclusive; no maximum when null), and the tenor one it
 * offers, each tenor with the rate in force today.
 */
import type { PenaltyRule } from './break';

export interface ProductTenor {
  tenorMonths: number;
  rateBps: number;
}

export interface ProductRules extends PenaltyRule {
  id: string;
  active: boolean;
  minAmount: number;
  maxAmount: number | null;
  tenors: readonly ProductTenor[];
}

export function isAmountAllowed(product: ProductRules, amount: number): boolean {
  return amount >= product.minAmount && (product.maxAmount === null || amount <= product.maxAmount);
}

/** The offered tenor, with its current rate, or undefined when the product does not offer it. */
export function offeredTenor(product: ProductRules, tenorMonths: number): ProductTenor | undefined {
  return product.tenors.find((tenor) => tenor.tenorMonths === tenorMonths);
}
