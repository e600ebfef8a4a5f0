import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MaturityInstruction } from '../../contract/deposit';
import { findProductByName, getDepositSettings, hasDepositSettings, insertProduct, insertRateSchedule, saveDepositSettings } from '../products/product-repository';
import { jakartaDate } from '../platform/business-date';
import type { Database, NewProduct } from '../platform/db/schema';

/**
 * The products every demo bank starts with, with a rate history, and the bank's deposit settings
 * (the national holidays are the default list). Idempotent: what exists stays.
 */
interface DemoProduct {
  code: string;
  name: string;
  active: boolean;
  visible: boolean;
  interestPayment: 'MONTHLY' | 'AT_MATURITY';
  minAmount: number;
  maxAmount: number | null;
  penaltyBps: number;
  forfeitAccruedInterest: boolean;
  instructions: MaturityInstruction[];
  /** Special rates at the counter up to the LPS rate plus this (bps); absent: none. */
  specialRateCeilingBps?: number;
  /** Rate schedules: `monthsFromToday` is when each takes effect (the 1st of that month; negative = past). */
  rates: Array<{ monthsFromToday: number; tenors: Array<{ tenorMonths: number; rateBps: number }> }>;
}

/**
 * A rate cut five months ago on the main product (its older deposits keep the old rates, its
 * rollovers since take the new ones), a rise already announced for next month on the second, and
 * a product retired before the demo's deposits, so Produk shows every case.
 */
const DEMO_PRODUCTS: DemoProduct[] = [
  {
    // 12 and 24 months pay above the LPS rate (6,00%): those deposits show "Tidak dijamin LPS".
    code: 'DEP-REG',
    name: 'Deposito Berjangka',
    active: true,
    visible: true,
    interestPayment: 'MONTHLY',
    minAmount: 1_000_000,
    maxAmount: null,
    penaltyBps: 100,
    forfeitAccruedInterest: false,
    instructions: ['ARO', 'ARO_PLUS', 'PAYOUT'],
    // The counter may offer special rates up to the LPS rate + 0,50%.
    specialRateCeilingBps: 50,
    rates: [
      {
        monthsFromToday: -36,
        tenors: [
          { tenorMonths: 1, rateBps: 525 },
          { tenorMonths: 3, rateBps: 575 },
          { tenorMonths: 6, rateBps: 625 },
          { tenorMonths: 12, rateBps: 675 },
          { tenorMonths: 24, rateBps: 700 },
        ],
      },
      {
        monthsFromToday: -5,
        tenors: [
          { tenorMonths: 1, rateBps: 500 },
          { tenorMonths: 3, rateBps: 550 },
          { tenorMonths: 6, rateBps: 600 },
          { tenorMonths: 12, rateBps: 650 },
          { tenorMonths: 24, rateBps: 675 },
        ],
      },
    ],
  },
  {
    code: 'DEP-SJP',
    name: 'Deposito Sejahtera Plus',
    active: true,
    visible: true,
    interestPayment: 'AT_MATURITY',
    minAmount: 10_000_000,
    maxAmount: 5_000_000_000,
    penaltyBps: 50,
    forfeitAccruedInterest: true,
    instructions: ['ARO', 'ARO_PLUS', 'PAYOUT'],
    rates: [
      {
        monthsFromToday: -36,
        tenors: [
          { tenorMonths: 3, rateBps: 575 },
          { tenorMonths: 6, rateBps: 600 },
          { tenorMonths: 12, rateBps: 625 },
        ],
      },
      {
        monthsFromToday: 1,
        tenors: [
          { tenorMonths: 3, rateBps: 600 },
          { tenorMonths: 6, rateBps: 625 },
          { tenorMonths: 12, rateBps: 650 },
        ],
      },
    ],
  },
  {
    code: 'DEP-LBR',
    name: 'Deposito Lebaran',
    active: false,
    visible: false,
    interestPayment: 'AT_MATURITY',
    minAmount: 5_000_000,
    maxAmount: 500_000_000,
    penaltyBps: 100,
    forfeitAccruedInterest: true,
    instructions: ['PAYOUT'],
    rates: [{ monthsFromToday: -40, tenors: [{ tenorMonths: 6, rateBps: 550 }] }],
  },
];

/** The 1st of the month `months` from `today`'s month. */
function firstOfMonth(today: string, months: number): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** When a demo schedule was set: two weeks before it took effect, as banks announce a change, but never after `now`. */
function announcedAt(effectiveFrom: string, now: string): string {
  const announced = new Date(Date.parse(`${effectiveFrom}T02:00:00.000Z`) - 14 * 86_400_000).toISOString();
  return announced < now ? announced : now;
}

/** The demo banks' LPS guaranteed rate: 6,75% until eight months ago, 6,00% since. */
function demoLpsRates(today: string) {
  return [
    { effectiveFrom: '2000-01-01', rateBps: 675 },
    { effectiveFrom: firstOfMonth(today, -8), rateBps: 600 },
  ];
}

export async function seedDemoProducts(db: Kysely<Database>, bankId: string, now: string): Promise<string[]> {
  const today = jakartaDate(new Date(now));
  const created: string[] = [];
  for (const demo of DEMO_PRODUCTS) {
    if (await findProductByName(db, bankId, demo.name)) continue;
    const [first, ...later] = demo.rates;
    const product: NewProduct = {
      id: randomUUID(),
      bank_id: bankId,
      code: demo.code,
      name: demo.name,
      active: demo.active ? 1 : 0,
      visible: demo.visible ? 1 : 0,
      min_amount: demo.minAmount,
      max_amount: demo.maxAmount,
      interest_payment: demo.interestPayment,
      instructions_allowed: JSON.stringify(demo.instructions),
      penalty_bps: demo.penaltyBps,
      forfeit_accrued_interest: demo.forfeitAccruedInterest ? 1 : 0,
      special_rate_ceiling_bps: demo.specialRateCeilingBps ?? null,
      created_at: now,
      updated_at: now,
    };
    await insertProduct(db, { ...product, created_at: announcedAt(firstOfMonth(today, first!.monthsFromToday), now), updated_at: now }, first!.tenors, {
      effectiveFrom: firstOfMonth(today, first!.monthsFromToday),
      createdBy: 'SYSTEM',
    });
    for (const schedule of later) {
      const effectiveFrom = firstOfMonth(today, schedule.monthsFromToday);
      await insertRateSchedule(db, product.id, effectiveFrom, schedule.tenors, announcedAt(effectiveFrom, now), 'SYSTEM');
    }
    created.push(demo.name);
  }
  if (!(await hasDepositSettings(db, bankId))) {
    const settings = await getDepositSettings(db, bankId);
    await saveDepositSettings(db, bankId, { ...settings, lpsRates: demoLpsRates(today) }, now);
  }
  return created;
}
