import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MaturityInstruction } from '../../contract/deposit';
import { findProductByName, getDepositSettings, hasDepositSettings, insertProduct, saveDepositSettings } from '../products/product-repository';
import type { Database, NewProduct } from '../platform/db/schema';

/**
 * The minimal product table every demo bank starts with (product management comes later), and
 * the bank's deposit settings with this year's national holidays. Idempotent: what exists stays.
 */
export const DEMO_PRODUCTS: Array<{
  name: string;
  interestPayment: 'MONTHLY' | 'AT_MATURITY';
  minAmount: number;
  maxAmount: number | null;
  penaltyBps: number;
  forfeitAccruedInterest: boolean;
  instructions: MaturityInstruction[];
  tenors: Array<{ tenorMonths: number; rateBps: number }>;
}> = [
  {
    // 12 and 24 months pay above the LPS rate (6,00%): those deposits show "Tidak dijamin LPS".
    name: 'Deposito Berjangka',
    interestPayment: 'MONTHLY',
    minAmount: 1_000_000,
    maxAmount: null,
    penaltyBps: 100,
    forfeitAccruedInterest: false,
    instructions: ['ARO', 'ARO_PLUS', 'PAYOUT'],
    tenors: [
      { tenorMonths: 1, rateBps: 500 },
      { tenorMonths: 3, rateBps: 550 },
      { tenorMonths: 6, rateBps: 600 },
      { tenorMonths: 12, rateBps: 650 },
      { tenorMonths: 24, rateBps: 675 },
    ],
  },
  {
    name: 'Deposito Sejahtera Plus',
    interestPayment: 'AT_MATURITY',
    minAmount: 10_000_000,
    maxAmount: 5_000_000_000,
    penaltyBps: 50,
    forfeitAccruedInterest: true,
    instructions: ['ARO', 'ARO_PLUS', 'PAYOUT'],
    tenors: [
      { tenorMonths: 3, rateBps: 575 },
      { tenorMonths: 6, rateBps: 600 },
      { tenorMonths: 12, rateBps: 625 },
    ],
  },
];

/** Indonesian national holidays and collective leave used by the demo banks (no transfers). */
export const DEMO_HOLIDAYS = [
  '2026-01-01', '2026-01-16', '2026-02-17', '2026-03-19', '2026-03-20', '2026-03-21', '2026-03-23',
  '2026-04-03', '2026-05-01', '2026-05-14', '2026-05-27', '2026-05-31', '2026-06-01', '2026-06-16',
  '2026-08-17', '2026-08-25', '2026-12-25',
];

export async function seedDemoProducts(db: Kysely<Database>, bankId: string, now: string): Promise<string[]> {
  const created: string[] = [];
  for (const demo of DEMO_PRODUCTS) {
    if (await findProductByName(db, bankId, demo.name)) continue;
    const product: NewProduct = {
      id: randomUUID(),
      bank_id: bankId,
      name: demo.name,
      active: 1,
      visible: 1,
      min_amount: demo.minAmount,
      max_amount: demo.maxAmount,
      interest_payment: demo.interestPayment,
      instructions_allowed: JSON.stringify(demo.instructions),
      penalty_bps: demo.penaltyBps,
      forfeit_accrued_interest: demo.forfeitAccruedInterest ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    await insertProduct(db, product, demo.tenors);
    created.push(demo.name);
  }
  if (!(await hasDepositSettings(db, bankId))) {
    const settings = await getDepositSettings(db, bankId);
    await saveDepositSettings(db, bankId, { ...settings, holidays: DEMO_HOLIDAYS }, now);
  }
  return created;
}
