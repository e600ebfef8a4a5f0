import type { RegistrationFields } from '../../../contract/registration';

/** The picked areas of the registration form, named as POST /auth/registration reads them. */
export const ADDRESS_PICK_FIELDS = ['provinceId', 'cityId', 'districtId', 'villageId', 'zipCode'] as const satisfies ReadonlyArray<keyof RegistrationFields>;

const REQUIRED: ReadonlyArray<[keyof RegistrationFields, string]> = [
  ['provinceId', 'Pilih provinsi bank.'],
  ['cityId', 'Pilih kota/kabupaten bank.'],
  ['districtId', 'Pilih kecamatan bank.'],
];

/** What the form still needs before sending: province, city and district (the courier sorts by them). */
export function addressPickProblems(fields: Record<string, unknown>): string[] {
  return REQUIRED.filter(([name]) => !String(fields[name] ?? '').trim()).map(([, message]) => message);
}
