import type { CreateCustomer } from '../../contract/customers';
import { emailProblem, findBankByCode, nibProblem, nikDistrictCode, nikProblems, normalizeEmail, normalizeNib, normalizeNik, normalizeNpwp, normalizePhone, npwpProblem, phoneProblem, type NikHolder } from '../../machines/customer-rules';
import { isAfter, type IsoDate } from '../../machines/deposit-rules';
import type { GeographyService, StructuredAddress } from '../master-data/geography-service';

/** A new customer's fields as stored: normalised (NIK, phone, NPWP, NIB, email) and checked. */
export interface CheckedCustomer {
  input: CreateCustomer;
  /** The individual's NIK; '' for an entity (its key is the NPWP). */
  nik: string;
  npwp: string | null;
  nib: string | null;
  phone: string;
  email: string | null;
  address: StructuredAddress;
  representatives: Array<{ name: string; nik: string; position: string }>;
  payoutBankName: string | null;
}

const ACCOUNT_NUMBER = /^\d{5,20}$/;

/**
 * Every rule of DOMAIN.md "Customers (CIF)" the parsed form breaks, one Indonesian sentence each
 * (the form shows them all, not the first), or the customer as it will be stored. The NIK's
 * district and the address are asked of the geography.
 */
export async function checkNewCustomer(input: CreateCustomer, today: IsoDate, geography: GeographyService): Promise<{ ok: true; customer: CheckedCustomer } | { ok: false; messages: string[] }> {
  const messages: string[] = [];
  // nikProblems asks synchronously; the one district a NIK names is looked up first.
  const nikRules = async (nik: string, holder: NikHolder) => {
    const exists = await geography.areaExists('district', nikDistrictCode(nik));
    return nikProblems(nik, holder, () => exists);
  };

  let nik = '';
  const representatives: CheckedCustomer['representatives'] = [];
  if (input.type === 'INDIVIDUAL') {
    messages.push(...(await nikRules(input.nik, { birthDate: input.birthDate, gender: input.gender })));
    nik = normalizeNik(input.nik);
    if (isAfter(input.birthDate, today)) messages.push('Tanggal lahir tidak boleh setelah hari ini.');
  } else {
    if (isAfter(input.establishedOn, today)) messages.push('Tanggal pendirian tidak boleh setelah hari ini.');
    for (const [index, person] of input.representatives.entries()) {
      messages.push(...(await nikRules(person.nik, {})).map((problem) => `Perwakilan ${index + 1}: ${problem}`));
      representatives.push({ name: person.name, nik: normalizeNik(person.nik), position: person.position });
    }
  }

  const phone = normalizePhone(input.phone);
  if (!phone) messages.push(phoneProblem(input.phone)!);
  const email = input.email ? normalizeEmail(input.email) : null;
  if (input.email && !email) messages.push(emailProblem(input.email)!);
  const npwp = input.npwp ? normalizeNpwp(input.npwp) : null;
  if (input.npwp && !npwp) messages.push(npwpProblem(input.npwp)!);
  const nib = input.type === 'ENTITY' && input.nib ? normalizeNib(input.nib) : null;
  if (input.type === 'ENTITY' && input.nib && !nib) messages.push(nibProblem(input.nib)!);

  let payoutBankName: string | null = null;
  if (input.payoutAccount) {
    const bank = findBankByCode(input.payoutAccount.bankCode);
    if (!bank) messages.push(`Bank rekening pencairan dengan sandi ${input.payoutAccount.bankCode} tidak ada dalam daftar bank; pilih dari daftar.`);
    payoutBankName = bank?.name ?? null;
    if (!ACCOUNT_NUMBER.test(input.payoutAccount.accountNumber)) messages.push('Nomor rekening pencairan harus 5 sampai 20 angka, tanpa spasi atau tanda baca.');
  }

  const address = await geography.checkAddress({ provinceId: input.provinceId, cityId: input.cityId, districtId: input.districtId, villageId: input.villageId, zipCode: input.zipCode });
  if (!address.ok) messages.push(...address.messages);
  else {
    if (!address.address.villageId) messages.push('Kelurahan/desa wajib dipilih dari daftar wilayah.');
    if (!address.address.zipCode) messages.push('Kode pos wajib diisi.');
  }

  if (messages.length > 0 || !address.ok || !phone) return { ok: false, messages };
  return { ok: true, customer: { input, nik, npwp, nib, phone, email, address: address.address, representatives, payoutBankName } };
}
