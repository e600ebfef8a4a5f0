import type { Kysely } from 'kysely';
import { partialIndexValue } from '../platform/db/partial-index';
import { insertInChunks } from '../platform/db/bulk-inserts';
import type { CustomerRow, Database, NewCustomer } from '../platform/db/schema';

type Db = Kysely<Database>;

export async function insertCustomer(db: Db, customer: NewCustomer): Promise<void> {
  await insertInChunks(db, 'customers', [customer]);
}

/** A customer of this bank (another bank's customer is "not found"). */
export async function findCustomer(db: Db, bankId: string, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).where('bank_id', '=', bankId).executeTakeFirst();
}

/** The customer a NIK (individual) or NPWP (entity) already names at this bank. */
export async function findCustomerByIdentity(db: Db, bankId: string, key: { kind: 'INDIVIDUAL'; nik: string } | { kind: 'ENTITY'; npwp: string }): Promise<CustomerRow | undefined> {
  const query = db.selectFrom('customers').selectAll().where('bank_id', '=', bankId).where('kind', '=', partialIndexValue(key.kind));
  return (key.kind === 'ENTITY' ? query.where('npwp', '=', key.npwp) : query.where('nik', '=', key.nik)).executeTakeFirst();
}

export interface PayoutAccount {
  /** The sandi bank, when the change named one; a bank named by text alone leaves none. */
  bankCode?: string | null;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

export async function updatePayoutAccount(db: Db, customerId: string, account: PayoutAccount, now: string): Promise<void> {
  await db
    .updateTable('customers')
    .set({ payout_bank_code: account.bankCode ?? null, payout_bank_name: account.bankName, payout_account_number: account.accountNumber, payout_account_name: account.accountName, updated_at: now })
    .where('id', '=', customerId)
    .execute();
}
