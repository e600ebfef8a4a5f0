import type { UpdateCustomer } from '../../contract/customers';
import { emailProblem, normalizeEmail, normalizePhone, phoneProblem } from './contact';
import { findBankByCode } from './indonesian-banks';
import { nikProblems, normalizeNik, type NikHolder } from './nik';
import { nibProblem, normalizeNib, normalizeNpwp, npwpProblem } from './tax-ids';

/**
 * What a change to a kept customer does (DOMAIN.md "Customers (CIF)"): contact data (phone,
 * email, address; also occupation, source of funds and purpose, which only describe the customer)
 * is corrected at once; identity data and the payout account wait for another supervisor's
 * approval, because a changed name, NIK or account is how a deposit is stolen. Only what really
 * changes counts: a field sent with its current value is no change.
 */

const CUSTOMER_CONTACT_FIELDS = ['phone', 'email', 'address', 'rtRw', 'provinceId', 'cityId', 'districtId', 'villageId', 'zipCode', 'occupation', 'sourceOfFunds', 'accountPurpose'] as const;
export type CustomerContactField = (typeof CUSTOMER_CONTACT_FIELDS)[number];
export const CUSTOMER_IDENTITY_FIELDS = ['name', 'nik', 'birthPlace', 'birthDate', 'gender', 'motherMaidenName', 'npwp', 'legalForm', 'nib', 'establishedOn', 'representatives'] as const;
export type CustomerIdentityField = (typeof CUSTOMER_IDENTITY_FIELDS)[number];
/** The area fields of an address: checked together against the geography. */
export const CUSTOMER_AREA_FIELDS = ['provinceId', 'cityId', 'districtId', 'villageId', 'zipCode'] as const;

/** Fields only an individual has, and only an entity has. */
const INDIVIDUAL_ONLY: readonly CustomerIdentityField[] = ['nik', 'birthPlace', 'birthDate', 'gender', 'motherMaidenName'];
const ENTITY_ONLY: readonly CustomerIdentityField[] = ['legalForm', 'nib', 'establishedOn', 'representatives'];

export const customerFieldLabels: Record<CustomerIdentityField | CustomerContactField | 'payoutAccount' | 'riskLevel', string> = {
  name: 'Nama',
  nik: 'NIK',
  birthPlace: 'Tempat lahir',
  birthDate: 'Tanggal lahir',
  gender: 'Jenis kelamin',
  motherMaidenName: 'Nama ibu kandung',
  npwp: 'NPWP',
  legalForm: 'Bentuk badan',
  nib: 'NIB',
  establishedOn: 'Tanggal pendirian',
  representatives: 'Perwakilan',
  phone: 'Nomor telepon',
  email: 'Email',
  address: 'Alamat',
  rtRw: 'RT/RW',
  provinceId: 'Provinsi',
  cityId: 'Kota/kabupaten',
  districtId: 'Kecamatan',
  villageId: 'Kelurahan/desa',
  zipCode: 'Kode pos',
  occupation: 'Pekerjaan',
  sourceOfFunds: 'Sumber dana',
  accountPurpose: 'Tujuan pembukaan rekening',
  payoutAccount: 'Rekening pencairan',
  riskLevel: 'Tingkat risiko',
};

export interface Representative {
  name: string;
  nik: string;
  position: string;
}

export interface PayoutAccountValue {
  bankCode: string | null;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

/** A kept customer as the rules see it (API field names, stored values). */
export interface KeptCustomer {
  type: 'INDIVIDUAL' | 'ENTITY';
  name: string;
  nik: string | null;
  birthPlace: string | null;
  birthDate: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  motherMaidenName: string | null;
  npwp: string | null;
  legalForm: string | null;
  nib: string | null;
  establishedOn: string | null;
  representatives: Representative[];
  phone: string | null;
  email: string | null;
  address: string | null;
  rtRw: string | null;
  provinceId: string | null;
  cityId: string | null;
  districtId: string | null;
  villageId: string | null;
  zipCode: string | null;
  occupation: string | null;
  sourceOfFunds: string | null;
  accountPurpose: string | null;
  payoutAccount: PayoutAccountValue | null;
  riskLevel: 'LOW' | 'MEDIUM' | 'HIGH';
}

export type IdentityValues = Partial<Pick<KeptCustomer, CustomerIdentityField>>;
export type ContactValues = Partial<Pick<KeptCustomer, CustomerContactField>>;

export interface CustomerChangePlan {
  /** Every rule the change breaks, one Indonesian sentence each; nothing is applied when any. */
  problems: string[];
  /** Applied at once. */
  contact: ContactValues;
  /** True when an area field changes: the whole address is checked against the geography. */
  areasChanged: boolean;
  /** For another supervisor: the identity fields that change, before and after. */
  identity: { before: IdentityValues; after: IdentityValues } | null;
  payoutAccount: { before: PayoutAccountValue | null; after: PayoutAccountValue } | null;
  riskLevel: { before: KeptCustomer['riskLevel']; after: KeptCustomer['riskLevel'] } | null;
}

type Patch = Omit<UpdateCustomer, 'version'>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** '' sent for an optional field clears it. */
const blankToNull = (value: string | undefined | null) => (value === undefined ? undefined : value === '' ? null : value);

/**
 * The plan of a change: normalised values (NIK, phone, NPWP, NIB, email as stored), only the
 * fields that differ, the identity rules checked on the customer as it would be after the change
 * (a new birth date must agree with the kept NIK). `districtExists` answers for the NIK's
 * district codes (the caller looks them up in the geography first).
 */
export function planCustomerChange(current: KeptCustomer, patch: Patch, districtExists: (code: string) => boolean): CustomerChangePlan {
  const problems: string[] = [];
  const individual = current.type === 'INDIVIDUAL';
  const sent = (field: keyof Patch) => patch[field] !== undefined;

  for (const field of individual ? ENTITY_ONLY : INDIVIDUAL_ONLY) {
    if (sent(field)) problems.push(`${customerFieldLabels[field]} hanya ada pada nasabah ${individual ? 'badan' : 'perorangan'}.`);
  }

  // Identity, normalised as stored.
  const asked: IdentityValues = {};
  if (patch.name !== undefined) asked.name = patch.name;
  if (individual) {
    if (patch.nik !== undefined) asked.nik = normalizeNik(patch.nik);
    if (patch.birthPlace !== undefined) asked.birthPlace = patch.birthPlace;
    if (patch.birthDate !== undefined) asked.birthDate = patch.birthDate;
    if (patch.gender !== undefined) asked.gender = patch.gender;
    if (patch.motherMaidenName !== undefined) asked.motherMaidenName = patch.motherMaidenName;
  } else {
    if (patch.legalForm !== undefined) asked.legalForm = patch.legalForm;
    if (patch.establishedOn !== undefined) asked.establishedOn = patch.establishedOn;
    if (patch.nib !== undefined) {
      const nib = blankToNull(patch.nib);
      if (nib && !normalizeNib(nib)) problems.push(nibProblem(nib)!);
      else asked.nib = nib ? normalizeNib(nib) : null;
    }
    if (patch.representatives !== undefined) {
      asked.representatives = patch.representatives.map((person) => ({ name: person.name, nik: normalizeNik(person.nik), position: person.position }));
      patch.representatives.forEach((person, index) => problems.push(...nikProblems(person.nik, {}, districtExists).map((problem) => `Perwakilan ${index + 1}: ${problem}`)));
    }
  }
  if (patch.npwp !== undefined) {
    const npwp = blankToNull(patch.npwp);
    if (!npwp && !individual) problems.push('NPWP badan wajib diisi: NPWP adalah kunci nasabah badan.');
    else if (npwp && !normalizeNpwp(npwp)) problems.push(npwpProblem(npwp)!);
    else asked.npwp = npwp ? normalizeNpwp(npwp) : null;
  }
  const before: IdentityValues = {};
  const after: IdentityValues = {};
  for (const field of CUSTOMER_IDENTITY_FIELDS) {
    if (!(field in asked) || sameValue(asked[field], current[field])) continue;
    (before as Record<string, unknown>)[field] = current[field];
    (after as Record<string, unknown>)[field] = asked[field];
  }
  if (individual && ('nik' in after || 'birthDate' in after || 'gender' in after)) {
    const holder: NikHolder = { birthDate: after.birthDate ?? current.birthDate, gender: after.gender ?? current.gender };
    problems.push(...nikProblems(after.nik ?? current.nik ?? '', holder, districtExists));
  }

  // Contact, normalised as stored.
  const contactAsked: ContactValues = {};
  if (patch.phone !== undefined) {
    const phone = normalizePhone(patch.phone);
    if (!phone) problems.push(phoneProblem(patch.phone)!);
    else contactAsked.phone = phone;
  }
  if (patch.email !== undefined) {
    const email = blankToNull(patch.email);
    if (email && !normalizeEmail(email)) problems.push(emailProblem(email)!);
    else contactAsked.email = email ? normalizeEmail(email) : null;
  }
  for (const field of ['address', 'occupation', 'sourceOfFunds'] as const) if (patch[field] !== undefined) contactAsked[field] = patch[field];
  for (const field of ['rtRw', 'accountPurpose', ...CUSTOMER_AREA_FIELDS] as const) if (patch[field] !== undefined) contactAsked[field] = blankToNull(patch[field]);
  const contact: ContactValues = {};
  for (const field of CUSTOMER_CONTACT_FIELDS) {
    if (field in contactAsked && !sameValue(contactAsked[field], current[field])) (contact as Record<string, unknown>)[field] = contactAsked[field];
  }

  let payoutAccount: CustomerChangePlan['payoutAccount'] = null;
  if (patch.payoutAccount) {
    const bank = findBankByCode(patch.payoutAccount.bankCode);
    if (!bank) problems.push(`Bank rekening pencairan dengan sandi ${patch.payoutAccount.bankCode} tidak ada dalam daftar bank; pilih dari daftar.`);
    if (!/^\d{5,20}$/.test(patch.payoutAccount.accountNumber)) problems.push('Nomor rekening pencairan harus 5 sampai 20 angka, tanpa spasi atau tanda baca.');
    const account: PayoutAccountValue = { bankCode: bank?.code ?? patch.payoutAccount.bankCode, bankName: bank?.name ?? '', accountNumber: patch.payoutAccount.accountNumber, accountName: patch.payoutAccount.accountName };
    const kept = current.payoutAccount;
    const unchanged = kept && kept.bankCode === account.bankCode && kept.accountNumber === account.accountNumber && kept.accountName === account.accountName;
    if (!unchanged) payoutAccount = { before: kept, after: account };
  }

  const riskLevel = patch.riskLevel && patch.riskLevel !== current.riskLevel ? { before: current.riskLevel, after: patch.riskLevel } : null;
  const identity = Object.keys(after).length > 0 ? { before, after } : null;
  if (problems.length === 0 && !identity && !payoutAccount && !riskLevel && Object.keys(contact).length === 0) {
    problems.push('Tidak ada data nasabah yang berubah: semua isian sama dengan yang tersimpan.');
  }
  return { problems, contact, areasChanged: CUSTOMER_AREA_FIELDS.some((field) => field in contact), identity, payoutAccount, riskLevel };
}
