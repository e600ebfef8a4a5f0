import { newRowId } from '../platform/row-id';
import { sql, type Kysely } from 'kysely';
import { createCustomerSchema, customerListQuerySchema, updateCustomerSchema, type CreateCustomer, type CustomerDetail, type CustomerSummary } from '../../contract/customers';
import type { ChangeRequest } from '../../contract/deposit-api';
import { maskNik, maskPhone, nikDistrictCode, planCustomerChange, CUSTOMER_AREA_FIELDS, type CustomerChangePlan } from '../../machines/customer-rules';
import { hasRole, lpsGuarantee } from '../../machines/deposit-rules';
import type { StaffActor } from '../platform/actor';
import { escapeLike } from '../platform/db/like';
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
import { alreadyKept, applyContactChange, holderOfNewKey, keptCustomerOf, STALE_CUSTOMER } from './customer-changes';
import { findChangeRequestView, findPendingChangeRequest, insertRaisedChangeRequest, listPendingChangeRequestsOfCustomer } from './change-request-repository';
import { toChangeRequest } from './change-request-service';
import { partialIndexValue } from '../platform/db/partial-index';

/**
 * Nasabah (API.md "Bank, users, settings"): the bank's customers with what the bank holds for
 * each and how much of it LPS guarantees (machines/deposit-rules lpsGuarantee).
 */
/** The stored row of a checked new customer (also the import's, deposit-import-service.ts). */
export function rowOf(bankId: string, actorId: string, checked: CheckedCustomer, now: string): CustomerRow {
  const { input } = checked;
  const individual = input.type === 'INDIVIDUAL' ? input : null;
  const entity = input.type === 'ENTITY' ? input : null;
  return {
    id: newRowId(),
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

  /** The change's plan with what the geography knows: the NIKs' districts, and the address as it would be. */
  async function planOf(customer: CustomerRow, fields: Parameters<typeof planCustomerChange>[1]): Promise<CustomerChangePlan> {
    // A new birth date or gender is checked against the kept NIK, whose district is asked too.
    const nikChecked = fields.nik ?? (fields.birthDate !== undefined || fields.gender !== undefined ? customer.nik : undefined);
    const codes = [nikChecked, ...(fields.representatives ?? []).map((person) => person.nik)].filter((nik): nik is string => nik !== undefined).map(nikDistrictCode);
    const known = new Set<string>();
    for (const code of new Set(codes)) if (await geography.areaExists('district', code)) known.add(code);
    const kept = keptCustomerOf(customer);
    const plan = planCustomerChange(kept, fields, (code) => known.has(code));
    if (plan.areasChanged) {
      const areas = Object.fromEntries(CUSTOMER_AREA_FIELDS.map((field) => [field, (field in plan.contact ? plan.contact[field] : kept[field]) ?? '']));
      const address = await geography.checkAddress(areas);
      if (!address.ok) plan.problems.push(...address.messages);
      else if (!address.address.villageId || !address.address.zipCode) plan.problems.push('Alamat harus lengkap sampai kelurahan/desa dan kode pos.');
      else for (const field of CUSTOMER_AREA_FIELDS) plan.contact[field] = address.address[field];
    }
    if (plan.problems.length > 0) throw new ValidationError(plan.problems);
    return plan;
  }

  type CustomerKey = Parameters<typeof findCustomerByIdentity>[2];

  /** A customer checked by the rules of a new one, and the key (NIK, NPWP for an entity) it is kept under at a bank. */
  async function checkedNew(input: CreateCustomer): Promise<{ checked: CheckedCustomer; key: CustomerKey }> {
    const result = await checkNewCustomer(input, jakartaDate(clock.now()), geography);
    if (!result.ok) throw new ValidationError(result.messages);
    const key = input.type === 'ENTITY' ? { kind: 'ENTITY' as const, npwp: result.customer.npwp! } : { kind: 'INDIVIDUAL' as const, nik: result.customer.nik };
    return { checked: result.customer, key };
  }

  /**
   * Keeps a new customer with its audit row, or answers the one the bank keeps under the same key
   * — also when two requests race (the partial unique indexes decide).
   */
  async function keepNew(bankId: string, actorId: string, checked: CheckedCustomer, key: CustomerKey): Promise<{ created: CustomerRow } | { kept: CustomerRow }> {
    const existing = await findCustomerByIdentity(db, bankId, key);
    if (existing) return { kept: existing };
    const row = rowOf(bankId, actorId, checked, clock.now().toISOString());
    try {
      await db.transaction().execute(async (trx) => {
        await insertCustomer(trx, row);
        await insertBankAudit(trx, { bankId, actorId, at: row.created_at, subject: 'customer', subjectId: row.id, event: 'customer.create', payload: { type: row.kind, name: row.name } });
      });
    } catch (error) {
      if (!isUniqueViolation(error, /customers/)) throw error;
      const winner = await findCustomerByIdentity(db, bankId, key);
      if (winner) return { kept: winner };
      throw error;
    }
    return { created: row };
  }

  /** The change requests a plan raises: identity data and the payout account, each for another supervisor. */
  const requestsOf = (plan: CustomerChangePlan) => [
    ...(plan.identity ? [{ kind: 'customerData' as const, value: plan.identity.after, previous: plan.identity.before }] : []),
    ...(plan.payoutAccount ? [{ kind: 'payoutAccount' as const, value: plan.payoutAccount.after, previous: plan.payoutAccount.before }] : []),
  ];

  /** One change request of a customer, with its audit row, inside `trx`. */
  async function raiseRequest(trx: Kysely<Database>, customer: CustomerRow, request: ReturnType<typeof requestsOf>[number], actorId: string, now: string): Promise<string> {
    const id = newRowId();
    await insertRaisedChangeRequest(trx, { id, bankId: customer.bank_id, depositId: null, customerId: customer.id, kind: request.kind, value: request.value, previous: request.previous, requestedBy: actorId, at: now });
    await insertBankAudit(trx, { bankId: customer.bank_id, actorId, at: now, subject: 'customer', subjectId: customer.id, event: 'customer.requestChange', payload: { changeRequestId: id, kind: request.kind, before: request.previous, after: request.value } });
    return id;
  }

  /**
   * A kept customer whom a partner describes otherwise: the identity data and the payout account
   * that differ become change requests for a supervisor (as an operator's edit would), never an
   * overwrite; one already waiting of a kind is left as it is. Contact data the partner sends is
   * not taken: the bank's record stays.
   */
  async function raiseDifferences(customer: CustomerRow, input: CreateCustomer, actorId: string): Promise<void> {
    const identity =
      input.type === 'INDIVIDUAL'
        ? { name: input.name, birthPlace: input.birthPlace, birthDate: input.birthDate, gender: input.gender, motherMaidenName: input.motherMaidenName }
        : { name: input.name, legalForm: input.legalForm, establishedOn: input.establishedOn, ...(input.nib !== undefined ? { nib: input.nib } : {}), representatives: input.representatives };
    let plan: CustomerChangePlan;
    try {
      plan = await planOf(customer, { ...identity, ...(input.payoutAccount ? { payoutAccount: input.payoutAccount } : {}) });
    } catch (error) {
      // Nothing differs ("Tidak ada data nasabah yang berubah"); the partner's data passed the new-customer rules already.
      if (error instanceof ValidationError) return;
      throw error;
    }
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      for (const request of requestsOf(plan)) {
        if (!(await findPendingChangeRequest(trx, { customerId: customer.id }, request.kind))) await raiseRequest(trx, customer, request, actorId, now);
      }
    });
  }

  return {
    /** GET /bpr/customers: by name, NIK prefix or phone; by name. */
    async list(actor: StaffActor, query: Record<string, unknown>): Promise<Page<CustomerSummary>> {
      const { q, type, page, limit } = parseOrThrow(customerListQuerySchema, query);
      let base = db.selectFrom('customers').where('bank_id', '=', actor.bankId);
      if (type) base = base.where('kind', '=', partialIndexValue(type));
      if (q) {
        const escaped = escapeLike(q);
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
      const { checked, key } = await checkedNew(parseOrThrow(createCustomerSchema, fields));
      const kept = await keepNew(actor.bankId, actor.userId, checked, key);
      if ('kept' in kept) throw alreadyKept(kept.kept);
      return this.detail(actor, kept.created.id);
    },

    /**
     * The customer a partner's placement names (DOMAIN.md "From a channel partner"): checked by
     * the rules of a new customer (the risk level is staff's to set), matched at the bank by NIK
     * (NPWP for an entity), created when new under the partner's name in the bank's audit. A kept
     * customer is never overwritten by what the partner sent.
     */
    async keepForPartner(bankId: string, actorId: string, fields: Record<string, unknown>): Promise<{ customer: CustomerRow; created: boolean }> {
      const { riskLevel: _staffOnly, ...given } = fields;
      const input = parseOrThrow(createCustomerSchema, given);
      const { checked, key } = await checkedNew(input);
      const kept = await keepNew(bankId, actorId, checked, key);
      if ('created' in kept) return { customer: kept.created, created: true };
      await raiseDifferences(kept.kept, input, actorId);
      return { customer: kept.kept, created: false };
    },

    /**
     * PATCH /bpr/customers/{id} (DOMAIN.md "Customers (CIF)"): from the version the editor read
     * (another change meanwhile: 409). Contact data applies at once, audited (200); identity data
     * and the payout account each become a change request for a supervisor other than the maker
     * (202 with the requests), one pending of each kind per customer; the risk level is a
     * supervisor's to set. Every broken rule is said at once and nothing is applied then.
     */
    async update(actor: StaffActor, customerId: string, body: unknown): Promise<{ status: 200 | 202; customer: Omit<CustomerDetail, 'documents'>; changeRequests: ChangeRequest[] }> {
      const { version, ...fields } = parseOrThrow(updateCustomerSchema, body);
      const customer = await findCustomer(db, actor.bankId, customerId);
      if (!customer) throw new ServiceError('not-found', 'Nasabah tidak ditemukan.');
      if (customer.version !== version) throw new ServiceError('conflict', STALE_CUSTOMER);
      const plan = await planOf(customer, fields);
      if (plan.riskLevel && !hasRole(actor.role, 'SUPERVISOR')) throw new ServiceError('forbidden', 'Tingkat risiko nasabah hanya dapat diubah oleh supervisor.');
      if (plan.identity) {
        const holder = await holderOfNewKey(db, customer, plan.identity.after);
        if (holder) throw alreadyKept(holder);
      }
      const now = clock.now().toISOString();
      const raised: string[] = [];
      await db.transaction().execute(async (trx) => {
        if (Object.keys(plan.contact).length > 0 || plan.riskLevel) await applyContactChange(trx, customer, { contact: plan.contact, riskLevel: plan.riskLevel }, actor.userId, now);
        for (const request of requestsOf(plan)) {
          if (await findPendingChangeRequest(trx, { customerId: customer.id }, request.kind)) {
            throw new ServiceError('conflict', `Sudah ada permintaan perubahan ${request.kind === 'customerData' ? 'data identitas' : 'rekening pencairan'} nasabah ini yang menunggu keputusan.`);
          }
          raised.push(await raiseRequest(trx, customer, request, actor.userId, now));
        }
      });
      const changeRequests = await Promise.all(raised.map(async (id) => toChangeRequest((await findChangeRequestView(db, actor.bankId, id))!)));
      return { status: raised.length > 0 ? 202 : 200, customer: await this.detail(actor, customer.id), changeRequests };
    },

    /** GET /bpr/customers/{id} without its documents (the documents area adds them). */
    async detail(actor: StaffActor, customerId: string): Promise<Omit<CustomerDetail, 'documents'>> {
      const customer = await findCustomer(db, actor.bankId, customerId);
      if (!customer) throw new ServiceError('not-found', 'Nasabah tidak ditemukan.');
      const [[summary], deposits, names, settings, pending] = await Promise.all([
        summariesOf(actor.bankId, [customer], false),
        db.selectFrom('deposits').selectAll().where('bank_id', '=', actor.bankId).where('customer_id', '=', customerId).orderBy('placement_date', 'desc').orderBy('id').execute(),
        productNamesOf(db, actor.bankId),
        getDepositSettings(db, actor.bankId),
        listPendingChangeRequestsOfCustomer(db, actor.bankId, customer.id),
      ]);
      return {
        ...summary!,
        changeRequests: pending.map(toChangeRequest),
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
        payoutAccount: keptCustomerOf(customer).payoutAccount,
        deposits: deposits.map((row) => toDepositSummary(row, names.get(row.product_id) ?? '', settings, summary!.totalActivePrincipal)),
      };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
