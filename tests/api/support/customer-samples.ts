/**
 * Customers as the counter form sends them, with real addresses: Citarum, Bandung Wetan, Kota
 * Bandung (32.73.09.1003, 40115). Rina's NIK 3273095203850002: Bandung Wetan, born 12 March 1985
 * (52 = 12 + 40: a woman), serial 0002.
 */
export const RINA = {
  type: 'INDIVIDUAL',
  name: 'Rina Marlina',
  nik: '3273 0952 0385 0002',
  birthPlace: 'Bandung',
  birthDate: '1985-03-12',
  gender: 'FEMALE',
  motherMaidenName: 'Siti Aminah',
  occupation: 'Guru',
  sourceOfFunds: 'Gaji',
  accountPurpose: 'Simpanan berjangka',
  address: 'Jl. Citarum No. 12',
  rtRw: '003/005',
  provinceId: '32',
  cityId: '32.73',
  districtId: '32.73.09',
  villageId: '32.73.09.1003',
  zipCode: '40115',
  phone: '0812-3456-7890',
  email: 'Rina.Marlina@Contoh.CO.ID',
  npwp: '3273095203850002',
  payoutAccount: { bankCode: '014', accountNumber: '8090123456', accountName: 'Rina Marlina' },
  riskLevel: 'MEDIUM',
};

export const KOPERASI = {
  type: 'ENTITY',
  name: 'Koperasi Sejahtera Bersama',
  legalForm: 'KOPERASI',
  npwp: '01.234.567.8-901.000',
  nib: '9120001012345',
  establishedOn: '2010-07-01',
  representatives: [{ name: 'Budi Santoso', nik: '3273091203850001', position: 'Ketua' }],
  address: 'Jl. Merdeka No. 56',
  provinceId: '32',
  cityId: '32.73',
  districtId: '32.73.09',
  villageId: '32.73.09.1003',
  zipCode: '40115',
  phone: '(022) 423-1234',
  payoutAccount: { bankCode: '002', accountNumber: '001201000123456', accountName: 'Koperasi Sejahtera Bersama' },
};
