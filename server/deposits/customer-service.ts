import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createCustomerSchema, customerListQuerySchema, type CustomerDetail, type CustomerSummary } from '../../contract/customers';
import { maskNik, maskPhone } from '../../machines/customer-rules';
import { lpsGuarantee } from '../../machines/deposit-rules';
import type { StaffActor } from '../platform/actor';
import { insertBankAudit } from '../platform/bank-audit';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { CustomerRow, Database } from '../platform/db/schema';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { ServiceError, ValidationError } from '../platform/errors';
import type { GeographyService } from '../master-data/geography-service';
import { pageOf, type Page } from '../platform/paging';
import { parseOrThrow } from '../platform/validation';
import { getDepositSettings, productNamesOf } from '../products/product-service';
import { HELD_STATUSES } from './deposit-repository';
import { toDepositSummary } from './deposit-views';
import { checkNewCustomer, type CheckedCustomer } from './customer-checks';
import { findCustomer, findCustomerByIdentity, insertCustomer } from './customer-repository';

/**
 * Nasabah (API.md "Bank, users, settings"): the bank's customers with what the bank holds for
 * each and how much of it LPS guarantees (machines/deposit-rules lpsGuarantee).
 */
/** The 409 of a second customer with the same NIK (or NPWP): it names the one already kept, whose id goes in `data`. */
function alreadyKept(existing: Pick<CustomerRow, 'id' | 'name' | 'kind'>): ServiceError {
  const key = existing.kind === 'ENTITY' ? 'NPWP' : 'NIK';
  return new ServiceError('conflict', `Nasabah dengan ${key} ini sudah terdaftar: ${existing.name}. Gunakan data nasabah yang ada.`, { existingId: existing.id });
}

/** The stored row of a checked new customer (also the import's, deposit-import-service.ts). */
export function rowOf(bankId: string, actorId: string, checked: CheckedCustomer, now: string): CustomerRow {
  const { input } = checked;
  const individual = input.type === 'INDIVIDUAL' ? input : null;
  const entity = input.type === 'ENTITY' ? input : null;
  return {
    id: randomUUID(),
    bank_id: bankId,
    kind: input.type,
    name: input.name,
    nik: checked.nik,
    npwp: checked.npwp,
    phone: checked.phone,
    email: checked.email,
    address: input.address,
    rt_rw: input.rtRw || null,
    province_id: checked.address.provinceId,
    city_id: checked.address.cityId,
    district_id: checked.address.districtId,
    village_id: checked.address.villageId,
    zip_code: checked.address.zipCode,
    birth_place: individual?.birthPlace ?? null,
    birth_date: individual?.birthDate ?? null,
    gender: individual?.gender ?? null,
    mother_maiden_name: individual?.motherMaidenName ?? null,
    occupation: individual?.occupation ?? null,
    source_of_funds: individual?.sourceOfFunds ?? null,
    account_purpose: input.accountPurpose || null,
    legal_form: entity?.legalForm ?? null,
    nib: checked.nib,
    established_on: entity?.establishedOn ?? null,
    representatives: JSON.stringify(checked.representatives),
    payout_bank_code: input.payoutAccount?.bankCode ?? null,
    payout_bank_name: checked.payoutBankName,
    payout_account_number: input.payoutAccount?.accountNumber ?? null,
    payout_account_name: input.payoutAccount?.accountName ?? null,
    risk_level: input.riskLevel,
    version: 1,
    created_by: actorId,
    created_at: now,
    updated_at: now,
  };
}

export function createCustomerService(deps: { db: Kysely<Database>; clock: Clock; geography: GeographyService }) {
  const { db, clock, geography } = deps;

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

  /** `masked`: a list shows NIK and phone masked (DOMAIN.md: whole only on the customer's page). */
  async function summariesOf(bankId: string, customers: CustomerRow[], masked: boolean): Promise<CustomerSummary[]> {
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
        type: customer.kind,
        name: customer.name,
        nik: customer.kind === 'ENTITY' ? null : masked ? maskNik(customer.nik) : customer.nik,
        phone: customer.phone && masked ? maskPhone(customer.phone) : customer.phone,
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
        // Phones are kept as +62… (older ones as 08…): "0812…" and "62812…" find either.
        const phoneDigits = [...new Set([digits, digits.startsWith('0') ? `62${digits.slice(1)}` : digits.startsWith('62') ? `0${digits.slice(2)}` : digits])];
        base = base.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['name']), 'like', sql<string>`${`%${escaped.toLowerCase()}%`} escape '\\'`),
            ...(digits.length >= 3
              ? [eb('nik', 'like', sql<string>`${`${digits}%`} escape '\\'`), ...phoneDigits.map((phone) => eb('phone', 'like', sql<string>`${`%${phone}%`} escape '\\'`))]
              : []),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('name').orderBy('id').limit(limit).offset((page - 1) * limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(await summariesOf(actor.bankId, rows, true), page, limit, Number(count.total));
    },

    /**
     * POST /bpr/customers: a new individual or entity (DOMAIN.md "Customers (CIF)"), every staff
     * role — the counter creates them. Every broken rule is answered at once (400); the same NIK
     * (NPWP for an entity) at this bank answers 409 with the kept customer's id, also when two
     * requests race (the partial unique indexes decide). Audited in the same transaction.
     */
    async create(actor: StaffActor, fields: unknown): Promise<Omit<CustomerDetail, 'documents'>> {
      const input = parseOrThrow(createCustomerSchema, fields);
      const checked = await checkNewCustomer(input, jakartaDate(clock.now()), geography);
      if (!checked.ok) throw new ValidationError(checked.messages);
      const key = input.type === 'ENTITY' ? { kind: 'ENTITY' as const, npwp: checked.customer.npwp! } : { kind: 'INDIVIDUAL' as const, nik: checked.customer.nik };
      const existing = await findCustomerByIdentity(db, actor.bankId, key);
      if (existing) throw alreadyKept(existing);
      const row = rowOf(actor.bankId, actor.userId, checked.customer, clock.now().toISOString());
      try {
        await db.transaction().execute(async (trx) => {
          await insertCustomer(trx, row);
          await insertBankAudit(trx, { bankId: actor.bankId, actorId: actor.userId, at: row.created_at, subject: 'customer', subjectId: row.id, event: 'customer.create', payload: { type: row.kind, name: row.name } });
        });
      } catch (error) {
        if (!isUniqueViolation(error, /customers/)) throw error;
        const winner = await findCustomerByIdentity(db, actor.bankId, key);
        if (winner) throw alreadyKept(winner);
        throw error;
      }
      return this.detail(actor, row.id);
    },

    /** GET /bpr/customers/{id} without its documents (the documents area adds them). */
    async detail(actor: StaffActor, customerId: string): Promise<Omit<CustomerDetail, 'documents'>> {
      const customer = await findCustomer(db, actor.bankId, customerId);
      if (!customer) throw new ServiceError('not-found', 'Nasabah tidak ditemukan.');
      const [[summary], deposits, names, settings] = await Promise.all([
        summariesOf(actor.bankId, [customer], false),
        db.selectFrom('deposits').selectAll().where('bank_id', '=', actor.bankId).where('customer_id', '=', customerId).orderBy('placement_date', 'desc').orderBy('id').execute(),
        productNamesOf(db, actor.bankId),
        getDepositSettings(db, actor.bankId),
      ]);
      return {
        ...summary!,
        email: customer.email,
        address: customer.address,
        rtRw: customer.rt_rw,
        provinceId: customer.province_id,
        cityId: customer.city_id,
        districtId: customer.district_id,
        villageId: customer.village_id,
        zipCode: customer.zip_code,
        npwp: customer.npwp,
        birthPlace: customer.birth_place,
        birthDate: customer.birth_date,
        gender: customer.gender,
        motherMaidenName: customer.mother_maiden_name,
        occupation: customer.occupation,
        sourceOfFunds: customer.source_of_funds,
        accountPurpose: customer.account_purpose,
        legalForm: customer.legal_form as CustomerDetail['legalForm'],
        nib: customer.nib,
        establishedOn: customer.established_on,
        representatives: JSON.parse(customer.representatives) as CustomerDetail['representatives'],
        riskLevel: customer.risk_level,
        version: customer.version,
        payoutAccount:
          customer.payout_bank_name && customer.payout_account_number && customer.payout_account_name
            ? { bankCode: customer.payout_bank_code, bankName: customer.payout_bank_name, accountNumber: customer.payout_account_number, accountName: customer.payout_account_name }
            : null,
        deposits: deposits.map((row) => toDepositSummary(row, names.get(row.product_id) ?? '', settings, summary!.totalActivePrincipal)),
      };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
