import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insertBank } from '../../server/auth/bank-repository';
import { insertCustomer } from '../../server/deposits/customer-repository';
import type { Database } from '../../server/platform/db/schema';
import { wibTimestamp } from '../../server/platform/business-date';
import type { Clock } from '../../server/platform/clock';
import { seedDemoProducts } from '../../server/demo/product-seed';
import type { TestServer } from './harness';

/** A clock standing at 09.00 WIB on a business date. */
export const at = (date: string): Clock => ({ now: () => new Date(wibTimestamp(date, 9, 0)) });

export interface JobBank {
  db: Kysely<Database>;
  bankId: string;
  supervisors: string[];
  products: { monthly: string; atMaturity: string };
}

/**
 * A bank of its own for a job test, so no demo row interferes: its supervisors and the demo
 * products ('Deposito Berjangka' pays monthly, 1 month 5,00%; 'Deposito Sejahtera Plus' at
 * maturity, 3 months 5,75%).
 */
export async function jobBank(t: TestServer, name: string, supervisorCount = 1): Promise<JobBank> {
  const db = t.server.database.db;
  const bankId = randomUUID();
  const now = '2026-01-01T00:00:00.000Z';
  await insertBank(db, { id: bankId, name, ojk_license_number: null, npwp: null, address: null, logo_file_id: null, created_at: now, updated_at: now });
  const supervisors = Array.from({ length: supervisorCount }, () => randomUUID());
  for (const [index, id] of supervisors.entries()) {
    await db
      .insertInto('users')
      .values({
        id,
        bank_id: bankId,
        name: supervisorCount === 1 ? 'Supervisor Uji' : `Supervisor Uji ${index + 1}`,
        email: `sup-${id}@uji.test`,
        phone: null,
        role: 'SUPERVISOR',
        password_hash: 'x',
        password_changed_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await seedDemoProducts(db, bankId, now);
  const products = await db.selectFrom('products').select(['id', 'name']).where('bank_id', '=', bankId).execute();
  // The rates stay those of the seed day: a test that needs a rate change sets its own dated one.
  await db
    .deleteFrom('product_rates')
    .where('product_id', 'in', products.map((product) => product.id))
    .where('effective_from', '>', now.slice(0, 10))
    .execute();
  return {
    db,
    bankId,
    supervisors,
    products: { monthly: products.find((p) => p.name === 'Deposito Berjangka')!.id, atMaturity: products.find((p) => p.name === 'Deposito Sejahtera Plus')!.id },
  };
}

/** A new customer of the bank (so each deposit's tax threshold is its own), created at `now`. */
export async function newJobCustomer(bank: Pick<JobBank, 'db' | 'bankId'>, now = '2026-01-01T00:00:00.000Z'): Promise<string> {
  const id = randomUUID();
  await insertCustomer(bank.db, {
    id,
    bank_id: bank.bankId,
    name: `Nasabah ${id.slice(0, 6)}`,
    nik: `3273${id.replace(/\D/g, '').padEnd(12, '7').slice(0, 12)}`,
    npwp: null,
    phone: '081234567890',
    email: null,
    address: null,
    payout_bank_name: 'BCA',
    payout_account_number: '1234567890',
    payout_account_name: 'Nasabah',
    created_at: now,
    updated_at: now,
  });
  return id;
}
