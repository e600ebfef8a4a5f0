import type { CreateCustomerInput, CustomerDetail, UpdateCustomerInput } from '@contract/customers';

/** Reads one field of the form as typed ('' when absent). */
type FieldReader = (name: string) => string;

const COMMON_FIELDS = ['name', 'address', 'rtRw', 'provinceId', 'cityId', 'districtId', 'villageId', 'zipCode', 'phone', 'email', 'npwp', 'riskLevel'] as const;
const INDIVIDUAL_FIELDS = ['nik', 'birthPlace', 'birthDate', 'gender', 'motherMaidenName', 'occupation', 'sourceOfFunds', 'accountPurpose'] as const;
const ENTITY_FIELDS = ['legalForm', 'nib', 'establishedOn', 'accountPurpose'] as const;

/** At most five people sign for an entity (the API's limit). */
export const MAX_REPRESENTATIVES = 5;

/** The form's names of the n-th representative's fields (1-based): the first has none added. */
export function representativeFieldNames(n: number) {
  const suffix = n === 1 ? '' : String(n);
  return { name: `representativeName${suffix}`, nik: `representativeNik${suffix}`, position: `representativePosition${suffix}` };
}

/** The representatives typed: the first always (the server names what is missing), the others when any of their fields is filled. */
function representativesOf(read: FieldReader) {
  const people: Array<{ name: string; nik: string; position: string }> = [];
  for (let n = 1; n <= MAX_REPRESENTATIVES; n += 1) {
    const names = representativeFieldNames(n);
    const person = { name: read(names.name).trim(), nik: read(names.nik).trim(), position: read(names.position).trim() };
    if (n === 1 || person.name || person.nik || person.position) people.push(person);
  }
  return people;
}

/**
 * What "Nasabah baru" sends (POST /bpr/customers) from what was typed: the fields of the chosen
 * kind, blanks left out (the server names what is missing), the payout account only when any of
 * it was filled, an entity's one representative as the list the API takes.
 */
export function newCustomerInput(read: FieldReader): CreateCustomerInput {
  const type = read('type') === 'ENTITY' ? 'ENTITY' : 'INDIVIDUAL';
  const picked: Record<string, unknown> = { type };
  const take = (names: readonly string[]) => {
    for (const name of names) {
      const value = read(name).trim();
      if (value !== '') picked[name] = value;
    }
  };
  take(COMMON_FIELDS);
  take(type === 'INDIVIDUAL' ? INDIVIDUAL_FIELDS : ENTITY_FIELDS);
  if (type === 'ENTITY') picked.representatives = representativesOf(read);
  const account = { bankCode: read('payoutBankCode').trim(), accountNumber: read('payoutAccountNumber').trim(), accountName: read('payoutAccountName').trim() };
  if (account.bankCode || account.accountNumber || account.accountName) picked.payoutAccount = account;
  return picked as CreateCustomerInput;
}

/** The kept customer's id a 409 names (the same NIK or NPWP), if the refusal carries one. */
export function existingCustomerId(failure: unknown): string | null {
  const data = typeof failure === 'object' && failure !== null ? (failure as { data?: unknown }).data : undefined;
  const id = typeof data === 'object' && data !== null ? (data as { existingId?: unknown }).existingId : undefined;
  return typeof id === 'string' ? id : null;
}

/** Optional fields a change may empty ('' clears them on the server). */
const CLEARABLE = new Set(['email', 'rtRw', 'npwp', 'nib', 'accountPurpose']);

/**
 * What "Ubah data nasabah" sends (PATCH /bpr/customers/{id}): the version read and only the
 * fields whose typed value differs from the kept one; the server decides what applies at once and
 * what waits for another supervisor. An emptied optional field is sent as '' (cleared).
 */
export function customerChanges(read: FieldReader, customer: CustomerDetail): UpdateCustomerInput {
  const typed = newCustomerInput((name) => (name === 'type' ? customer.type : read(name))) as Record<string, unknown>;
  const kept = customer as unknown as Record<string, unknown>;
  const changes: Record<string, unknown> = { version: customer.version };
  const names = [...COMMON_FIELDS, ...(customer.type === 'INDIVIDUAL' ? INDIVIDUAL_FIELDS : ENTITY_FIELDS)];
  for (const name of new Set(names)) {
    const before = kept[name] === null || kept[name] === undefined ? '' : String(kept[name]);
    const after = typeof typed[name] === 'string' ? (typed[name] as string) : '';
    if (after === before) continue;
    if (after !== '') changes[name] = after;
    else if (CLEARABLE.has(name)) changes[name] = '';
  }
  if (customer.type === 'ENTITY' && JSON.stringify(typed.representatives) !== JSON.stringify(customer.representatives.map(({ name, nik, position }) => ({ name, nik, position })))) {
    changes.representatives = typed.representatives;
  }
  const account = typed.payoutAccount as { bankCode: string; accountNumber: string; accountName: string } | undefined;
  const keptAccount = customer.payoutAccount;
  if (account && (account.bankCode !== (keptAccount?.bankCode ?? '') || account.accountNumber !== keptAccount?.accountNumber || account.accountName !== keptAccount?.accountName)) {
    changes.payoutAccount = account;
  }
  return changes as UpdateCustomerInput;
}
