import { sql, type Kysely } from 'kysely';
import { customerListQuerySchema, type CustomerDetail, type CustomerSummary } from '../../contract/customers';
import { lpsGuarantee } from '../../machines/deposit-rules';
import type { StaffActor } from '../platform/actor';
import type { CustomerRow, Database } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { pageOf, type Page } from '../platform/paging';
import { parseOrThrow } from '../platform/validation';
import { getDepositSettings, productNamesOf } from '../products/product-service';
import { HELD_STATUSES } from './deposit-repository';
import { toDepositSummary } from './deposit-views';
import { findCustomer } from './customer-repository';

/**
 * Nasabah (API.md "Bank, users, settings"): the bank's customers with what the bank holds for
 * each and how much of it LPS guarantees (machines/deposit-rules lpsGuarantee).
 */
export function createCustomerService(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  type HeldDeposit = { amount: number; rateBps: number; periodStart: string };

  /** The held deposits (approved up to the payout) of these customers, for their totals. */
  async function heldOf(bankId: string, customerIds: string[]) {
    if (customerIds.length === 0) return new Map<string, HeldDeposit[]>();
    const rows = await db
      .selectFrom('deposits')
      .select(['customer_id', 'amount', 'rate_bps', 'period_start'])
      .where('bank_id', '=', bankId)
      .where('customer_id', 'in', customerIds)
      .where('status', 'in', [...HELD_STATUSES])
      .execute();
    const byCustomer = new Map<string, HeldDeposit[]>();
    for (const row of rows) byCustomer.set(row.customer_id, [...(byCustomer.get(row.customer_id) ?? []), { amount: Number(row.amount), rateBps: row.rate_bps, periodStart: row.period_start }]);
    return byCustomer;
  }

  async function summariesOf(bankId: string, customers: CustomerRow[]): Promise<CustomerSummary[]> {
    const ids = customers.map((customer) => customer.id);
    const [held, counts, settings] = await Promise.all([
      heldOf(bankId, ids),
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('deposits').select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')]).where('bank_id', '=', bankId).where('customer_id', 'in', ids).groupBy('customer_id').execute(),
      getDepositSettings(db, bankId),
    ]);
    const countOf = new Map(counts.map((row) => [row.customer_id, Number(row.n)]));
    return customers.map((customer) => {
      const guarantee = lpsGuarantee(held.get(customer.id) ?? [], { lpsRates: settings.lpsRates, lpsMaxBalanceRupiah: settings.lpsMaxBalance });
      return {
        id: customer.id,
        name: customer.name,
        nik: customer.nik,
        phone: customer.phone,
        totalActivePrincipal: guarantee.totalPrincipal,
        depositCount: countOf.get(customer.id) ?? 0,
        guaranteedAmount: guarantee.guaranteedAmount,
        unguaranteedAmount: guarantee.unguaranteedAmount,
      };
    });
  }

  return {
    /** GET /bpr/customers: by name, NIK prefix or phone; by name. */
    async list(actor: StaffActor, query: Record<string, unknown>): Promise<Page<CustomerSummary>> {
      const { q, page, limit } = parseOrThrow(customerListQuerySchema, query);
      let base = db.selectFrom('customers').where('bank_id', '=', actor.bankId);
      if (q) {
        const escaped = q.replace(/[\\%_]/g, (match) => `\\${match}`);
        const digits = q.replace(/[^0-9]/g, '');
        base = base.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['name']), 'like', sql<string>`${`%${escaped.toLowerCase()}%`} escape '\\'`),
            ...(digits.length >= 3 ? [eb('nik', 'like', sql<string>`${`${digits}%`} escape '\\'`), eb('phone', 'like', sql<string>`${`%${digits}%`} escape '\\'`)] : []),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('name').orderBy('id').limit(limit).offset((page - 1) * limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(await summariesOf(actor.bankId, rows), page, limit, Number(count.total));
    },

    /** GET /bpr/customers/{id} without its documents (the documents area adds them). */
    async detail(actor: StaffActor, customerId: string): Promise<Omit<CustomerDetail, 'documents'>> {
      const customer = await findCustomer(db, actor.bankId, customerId);
      if (!customer) throw new ServiceError('not-found', 'Nasabah tidak ditemukan.');
      const [[summary], deposits, names, settings] = await Promise.all([
        summariesOf(actor.bankId, [customer]),
        db.selectFrom('deposits').selectAll().where('bank_id', '=', actor.bankId).where('customer_id', '=', customerId).orderBy('placement_date', 'desc').orderBy('id').execute(),
        productNamesOf(db, actor.bankId),
        getDepositSettings(db, actor.bankId),
      ]);
      return {
        ...summary!,
        email: customer.email,
        address: customer.address,
        npwp: customer.npwp,
        payoutAccount:
          customer.payout_bank_name && customer.payout_account_number && customer.payout_account_name
            ? { bankName: customer.payout_bank_name, accountNumber: customer.payout_account_number, accountName: customer.payout_account_name }
            : null,
        deposits: deposits.map((row) => toDepositSummary(row, names.get(row.product_id) ?? '', settings, summary!.totalActivePrincipal)),
      };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
