import { describe, expect, it } from 'vitest';
import { planCustomerChange, type KeptCustomer } from '../../machines/customer-rules';

/** Rina: NIK 3273095203850002 (Bandung Wetan, born 12-03-1985, a woman: 52 = 12 + 40). */
const RINA: KeptCustomer = {
  type: 'INDIVIDUAL', name: 'Rina Marlina', nik: '3273095203850002', birthPlace: 'Bandung', birthDate: '1985-03-12', gender: 'FEMALE', motherMaidenName: 'Siti Aminah',
  npwp: null, legalForm: null, nib: null, establishedOn: null, representatives: [],
  phone: '+6281234567890', email: 'rina@contoh.co.id', address: 'Jl. Citarum No. 12', rtRw: '003/005', provinceId: '32', cityId: '32.73', districtId: '32.73.09', villageId: '32.73.09.1003', zipCode: '40115',
  occupation: 'Guru', sourceOfFunds: 'Gaji', accountPurpose: 'Simpanan', payoutAccount: { bankCode: '014', bankName: 'Bank Central Asia (BCA)', accountNumber: '8090123456', accountName: 'Rina Marlina' }, riskLevel: 'LOW',
};
const KOPERASI: KeptCustomer = { ...RINA, type: 'ENTITY', name: 'Koperasi Sejahtera', nik: null, birthPlace: null, birthDate: null, gender: null, motherMaidenName: null, npwp: '012345678901000', legalForm: 'KOPERASI', nib: null, establishedOn: '2010-07-01', representatives: [{ name: 'Budi', nik: '3273091203850001', position: 'Ketua' }] };
const bandungWetan = (code: string) => code === '32.73.09';

describe('planCustomerChange: what a change to a kept customer does', () => {
  it('contact data typed as staff type it is normalised and applied at once; only what differs counts', () => {
    const plan = planCustomerChange(RINA, { phone: '0812-3456-7890', email: 'rina@contoh.co.id', address: 'Jl. Braga No. 8', rtRw: '' }, bandungWetan);
    // The phone is the same number (0812… = +62812…), the email the same: only the street and RT/RW change.
    expect(plan).toEqual({ problems: [], contact: { address: 'Jl. Braga No. 8', rtRw: null }, areasChanged: false, identity: null, payoutAccount: null, riskLevel: null });
  });

  it('an area that changes asks for the whole address to be checked', () => {
    expect(planCustomerChange(RINA, { villageId: '32.73.09.1004' }, bandungWetan)).toMatchObject({ contact: { villageId: '32.73.09.1004' }, areasChanged: true });
  });

  it('identity data becomes a request with before and after; a NIK typed with spaces is the same NIK', () => {
    const plan = planCustomerChange(RINA, { name: 'Rina Marlina Putri', nik: '3273 0952 0385 0002' }, bandungWetan);
    expect(plan.identity).toEqual({ before: { name: 'Rina Marlina' }, after: { name: 'Rina Marlina Putri' } });
    expect(plan.problems).toEqual([]);
  });

  it("a new birth date is checked against the kept NIK: 13-03-1985 is not the NIK's 12-03-1985", () => {
    const plan = planCustomerChange(RINA, { birthDate: '1985-03-13' }, bandungWetan);
    expect(plan.problems).toEqual(['Tanggal lahir pada NIK (12-03-85) tidak sama dengan tanggal lahir yang diisi (13-03-1985).']);
  });

  it('a man cannot keep a NIK whose day has 40 added: the gender change contradicts it', () => {
    expect(planCustomerChange(RINA, { gender: 'MALE' }, bandungWetan).problems).toEqual(['NIK ini milik perempuan (tanggal lahirnya ditambah 40), sedangkan jenis kelamin diisi laki-laki.']);
  });

  it("an entity's fields on an individual, and an individual's on an entity, are refused by name", () => {
    expect(planCustomerChange(RINA, { legalForm: 'PT', nib: '9120001012345' }, bandungWetan).problems).toEqual(['Bentuk badan hanya ada pada nasabah badan.', 'NIB hanya ada pada nasabah badan.']);
    expect(planCustomerChange(KOPERASI, { birthDate: '1990-01-01' }, bandungWetan).problems).toEqual(['Tanggal lahir hanya ada pada nasabah perorangan.']);
  });

  it("an entity's NPWP cannot be emptied; a representative's NIK is checked like a customer's", () => {
    const plan = planCustomerChange(KOPERASI, { npwp: '', representatives: [{ name: 'Ani', nik: '3273090000000000', position: 'Ketua' }] }, bandungWetan);
    expect(plan.problems).toEqual([
      'Perwakilan 1: Digit 7–12 NIK (000000) bukan tanggal lahir yang valid (DDMMYY, tanggal ditambah 40 untuk perempuan).',
      'Perwakilan 1: Nomor urut NIK (4 digit terakhir) tidak boleh 0000.',
      'NPWP badan wajib diisi: NPWP adalah kunci nasabah badan.',
    ]);
  });

  it('a payout account the same as kept is no change; a new one names its bank from the code and keeps the old one', () => {
    expect(planCustomerChange(RINA, { payoutAccount: { bankCode: '014', accountNumber: '8090123456', accountName: 'Rina Marlina' } }, bandungWetan).problems).toEqual([
      'Tidak ada data nasabah yang berubah: semua isian sama dengan yang tersimpan.',
    ]);
    const plan = planCustomerChange(RINA, { payoutAccount: { bankCode: '009', accountNumber: '0123456789', accountName: 'Rina Marlina' } }, bandungWetan);
    expect(plan.payoutAccount).toEqual({ before: RINA.payoutAccount, after: { bankCode: '009', bankName: 'Bank Negara Indonesia (BNI)', accountNumber: '0123456789', accountName: 'Rina Marlina' } });
  });

  it('the risk level changes only when it differs', () => {
    expect(planCustomerChange(RINA, { riskLevel: 'HIGH' }, bandungWetan).riskLevel).toEqual({ before: 'LOW', after: 'HIGH' });
    expect(planCustomerChange(RINA, { riskLevel: 'LOW', phone: '0813 1111 2222' }, bandungWetan).riskLevel).toBeNull();
  });
});
