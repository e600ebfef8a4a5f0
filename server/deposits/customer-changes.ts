import type { Kysely, Updateable } from 'kysely';
import type { ContactValues, IdentityValues, KeptCustomer } from '../../machines/customer-rules';
import type { CustomerRow, CustomersTable, Database } from '../platform/db/schema';
import { insertBankAudit } from '../platform/bank-audit';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { ServiceError } from '../platform/errors';
import { findCustomerByIdentity } from './customer-repository';

/** A kept customer as machines/customer-rules planCustomerChange reads it. */
export function keptCustomerOf(row: CustomerRow): KeptCustomer {
  return {
    type: row.kind,
    name: row.name,
    nik: row.kind === 'ENTITY' ? null : row.nik,
    birthPlace: row.birth_place,
    birthDate: row.birth_date,
    gender: row.gender,
    motherMaidenName: row.mother_maiden_name,
    npwp: row.npwp,
    legalForm: row.legal_form,
    nib: row.nib,
    establishedOn: row.established_on,
    representatives: JSON.parse(row.representatives) as KeptCustomer['representatives'],
    phone: row.phone,
    email: row.email,
    address: row.address,
    rtRw: row.rt_rw,
    provinceId: row.province_id,
    cityId: row.city_id,
    districtId: row.district_id,
    villageId: row.village_id,
    zipCode: row.zip_code,
    occupation: row.occupation,
    sourceOfFunds: row.source_of_funds,
    accountPurpose: row.account_purpose,
    payoutAccount:
      row.payout_bank_name && row.payout_account_number && row.payout_account_name
        ? { bankCode: row.payout_bank_code, bankName: row.payout_bank_name, accountNumber: row.payout_account_number, accountName: row.payout_account_name }
        : null,
    riskLevel: row.risk_level,
  };
}

type CustomerUpdate = Updateable<CustomersTable>;

const IDENTITY_COLUMNS: Record<keyof IdentityValues, keyof CustomerRow> = {
  name: 'name',
  nik: 'nik',
  birthPlace: 'birth_place',
  birthDate: 'birth_date',
  gender: 'gender',
  motherMaidenName: 'mother_maiden_name',
  npwp: 'npwp',
  legalForm: 'legal_form',
  nib: 'nib',
  establishedOn: 'established_on',
  representatives: 'representatives',
};

const CONTACT_COLUMNS: Record<keyof ContactValues, keyof CustomerRow> = {
  phone: 'phone',
  email: 'email',
  address: 'address',
  rtRw: 'rt_rw',
  provinceId: 'province_id',
  cityId: 'city_id',
  districtId: 'district_id',
  villageId: 'village_id',
  zipCode: 'zip_code',
  occupation: 'occupation',
  sourceOfFunds: 'source_of_funds',
  accountPurpose: 'account_purpose',
};

function columnsOf<T extends object>(values: T, columns: Record<keyof T, keyof CustomerRow>): CustomerUpdate {
  const update: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) update[columns[field as keyof T]] = field === 'representatives' ? JSON.stringify(value) : value;
  return update as CustomerUpdate;
}

export const STALE_CUSTOMER = 'Data nasabah ini sudah diubah orang lain sejak Anda membukanya. Muat ulang halaman lalu ulangi perubahan Anda.';

/** The 409 of a customer whose NIK (or NPWP) another customer of the bank already has; its id goes in `data`. */
export function alreadyKept(existing: Pick<CustomerRow, 'id' | 'name' | 'kind'>): ServiceError {
  const key = existing.kind === 'ENTITY' ? 'NPWP' : 'NIK';
  return new ServiceError('conflict', `Nasabah dengan ${key} ini sudah terdaftar: ${existing.name}. Gunakan data nasabah yang ada.`, { existingId: existing.id });
}

/** Another customer of the bank who already has the NIK (NPWP) this change gives, if any. */
export async function holderOfNewKey(db: Kysely<Database>, customer: CustomerRow, after: IdentityValues): Promise<CustomerRow | undefined> {
  const key = customer.kind === 'ENTITY' ? (after.npwp ? { kind: 'ENTITY' as const, npwp: after.npwp } : null) : after.nik ? { kind: 'INDIVIDUAL' as const, nik: after.nik } : null;
  if (!key) return undefined;
  const holder = await findCustomerByIdentity(db, customer.bank_id, key);
  return holder && holder.id !== customer.id ? holder : undefined;
}

/**
 * Contact data corrected at once (and the risk level a supervisor sets), from the version the
 * editor read: a change made meanwhile refuses it (409). Audited with before and after.
 */
export async function applyContactChange(
  trx: Kysely<Database>,
  customer: CustomerRow,
  change: { contact: ContactValues; riskLevel: { before: string; after: KeptCustomer['riskLevel'] } | null },
  actorId: string,
  now: string,
): Promise<void> {
  const update: CustomerUpdate = { ...columnsOf(change.contact, CONTACT_COLUMNS), ...(change.riskLevel ? { risk_level: change.riskLevel.after } : {}) };
  const result = await trx
    .updateTable('customers')
    .set({ ...update, version: customer.version + 1, updated_at: now })
    .where('id', '=', customer.id)
    .where('version', '=', customer.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new ServiceError('conflict', STALE_CUSTOMER);
  const kept = keptCustomerOf(customer) as unknown as Record<string, unknown>;
  if (Object.keys(change.contact).length > 0) {
    const before = Object.fromEntries(Object.keys(change.contact).map((field) => [field, kept[field]]));
    await insertBankAudit(trx, { bankId: customer.bank_id, actorId, at: now, subject: 'customer', subjectId: customer.id, event: 'customer.updateContact', payload: { before, after: change.contact } });
  }
  if (change.riskLevel) {
    await insertBankAudit(trx, { bankId: customer.bank_id, actorId, at: now, subject: 'customer', subjectId: customer.id, event: 'customer.setRiskLevel', payload: change.riskLevel });
  }
}

/**
 * An approved identity change: applied only when the fields still hold what the request saw
 * (else 409: the supervisor decides on what is there, not on what was), the new NIK (NPWP) still
 * free at the bank. The deposits keep the customer's name and NIK for their lists and search,
 * so they follow. Audited with before and after.
 */
export async function applyIdentityChange(
  trx: Kysely<Database>,
  customer: CustomerRow,
  change: { requestId: string; before: IdentityValues; after: IdentityValues },
  actorId: string,
  now: string,
): Promise<void> {
  const kept = keptCustomerOf(customer) as unknown as Record<string, unknown>;
  const moved = Object.entries(change.before).some(([field, value]) => JSON.stringify(kept[field] ?? null) !== JSON.stringify(value ?? null));
  if (moved) throw new ServiceError('conflict', 'Data identitas nasabah sudah berubah sejak permintaan ini diajukan. Tolak permintaan ini dan ajukan ulang dari data yang sekarang.');
  const holder = await holderOfNewKey(trx, customer, change.after);
  if (holder) throw alreadyKept(holder);
  try {
    await trx
      .updateTable('customers')
      .set({ ...columnsOf(change.after, IDENTITY_COLUMNS), version: customer.version + 1, updated_at: now })
      .where('id', '=', customer.id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error, /customers/)) throw new ServiceError('conflict', 'NIK atau NPWP ini baru saja dipakai nasabah lain. Tolak permintaan ini.');
    throw error;
  }
  if (change.after.name !== undefined || change.after.nik !== undefined) {
    await trx
      .updateTable('deposits')
      .set({ ...(change.after.name !== undefined ? { customer_name: change.after.name } : {}), ...(change.after.nik !== undefined ? { customer_nik: change.after.nik ?? '' } : {}) })
      .where('customer_id', '=', customer.id)
      .execute();
  }
  await insertBankAudit(trx, { bankId: customer.bank_id, actorId, at: now, subject: 'customer', subjectId: customer.id, event: 'customer.changeIdentity', payload: { changeRequestId: change.requestId, before: change.before, after: change.after } });
}
