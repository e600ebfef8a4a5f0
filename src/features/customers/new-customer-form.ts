import type { CreateCustomerInput } from '@contract/customers';

/** Reads one field of the form as typed ('' when absent). */
export type FieldReader = (name: string) => string;

const COMMON_FIELDS = ['name', 'address', 'rtRw', 'provinceId', 'cityId', 'districtId', 'villageId', 'zipCode', 'phone', 'email', 'npwp', 'riskLevel'] as const;
const INDIVIDUAL_FIELDS = ['nik', 'birthPlace', 'birthDate', 'gender', 'motherMaidenName', 'occupation', 'sourceOfFunds', 'accountPurpose'] as const;
const ENTITY_FIELDS = ['legalForm', 'nib', 'establishedOn', 'accountPurpose'] as const;

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
  if (type === 'ENTITY') {
    picked.representatives = [{ name: read('representativeName').trim(), nik: read('representativeNik').trim(), position: read('representativePosition').trim() }];
  }
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
