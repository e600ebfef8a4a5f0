import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../contract/auth';
import { bankLetterhead } from '../../server/auth/profile-service';
import { samplePdf } from '../support/sample-files';
import { freshKey, startWorld, type World } from './deposit-fixtures';
import { blob, dialects, fakeFile, startTestServer, type TestServer } from './harness';

/**
 * The bank's address as structured fields picked from the geography (issue 10): registration,
 * approval, Profil Bank, the letterhead and the JNE shipper. Codes are Kemendagri's; Citarum
 * (Bandung Wetan, Kota Bandung) is 40115.
 */
const CITARUM = { provinceId: '32', cityId: '32.73', districtId: '32.73.09', villageId: '32.73.09.1003', zipCode: '40115' };
const BOJONGSALAMAN = { provinceId: '33', cityId: '33.74', districtId: '33.74.13', villageId: '33.74.13.1009', zipCode: '50141' };

let registrations = 0;
function registrationForm(fields: Record<string, string>): FormData {
  registrations += 1;
  const data = new FormData();
  const all = {
    bankName: `BPR Alamat ${registrations}`,
    ojkLicenseNumber: 'KEP-9/D.03/2021',
    npwp: `01.234.567.8-903.${String(registrations).padStart(3, '0')}`,
    address: 'Jl. Merdeka No. 56',
    contactName: 'Dewi Lestari',
    email: `alamat-${registrations}@bpr-alamat.test`,
    phone: '081234500000',
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) data.append(name, value);
  data.append('documents', blob(fakeFile('pdf'), 'application/pdf'), 'izin.pdf');
  return data;
}

describe.each(dialects)('bank address from the geography on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { config: { trustedProxyHops: 1 } as never });
  });
  afterAll(async () => {
    await t?.stop();
  });

  let clients = 0;
  const register = (fields: Record<string, string>) =>
    t.call('POST', '/api-v2-bpr/auth/registration', { form: registrationForm(fields), headers: { 'x-forwarded-for': `10.9.0.${(clients += 1)}` } });

  it('a registration keeps the picked areas, and approval gives them to the new bank', async () => {
    const created = await register(CITARUM);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = (await t.server.services.registration.list('PENDING')).find((row) => row.id === created.body.data.id)!;
    expect(stored).toMatchObject({ address: 'Jl. Merdeka No. 56', province_id: '32', city_id: '32.73', district_id: '32.73.09', village_id: '32.73.09.1003', zip_code: '40115' });
    const approved = await t.server.services.registration.approve(stored.id);
    const bank = await t.server.database.db.selectFrom('banks').selectAll().where('id', '=', approved.bankId).executeTakeFirstOrThrow();
    expect(bank).toMatchObject({ address: 'Jl. Merdeka No. 56', province_id: '32', city_id: '32.73', district_id: '32.73.09', village_id: '32.73.09.1003', zip_code: '40115' });
    const letterhead = await bankLetterhead(t.server.database.db, t.server.fileStore, approved.bankId);
    expect(letterhead.address).toBe('Jl. Merdeka No. 56, Citarum, Bandung Wetan, Kota Bandung, Jawa Barat 40115');
  });

  it('a registration from an older client, with the street line only, is still accepted', async () => {
    const created = await register({ address: 'Jl. Pemuda No. 5, Solo' });
    expect(created.status).toBe(201);
    const stored = (await t.server.services.registration.list('PENDING')).find((row) => row.id === created.body.data.id)!;
    expect(stored).toMatchObject({ province_id: null, city_id: null, district_id: null, village_id: null, zip_code: null });
  });

  it('refuses picked areas that are incomplete, unknown or do not nest, in Indonesian, each problem once', async () => {
    const cases: Array<[Record<string, string>, string[]]> = [
      [{ provinceId: '32' }, ['Kota/kabupaten wajib dipilih.', 'Kecamatan wajib dipilih.']],
      [{ ...CITARUM, districtId: '33.74.13' }, ['Kecamatan yang dipilih tidak berada di wilayah di atasnya; pilih ulang dari daftar.']],
      [{ ...CITARUM, villageId: '32.73.09.9999' }, ['Kelurahan/desa dengan kode 32.73.09.9999 tidak ditemukan; pilih dari daftar wilayah.']],
      [{ ...CITARUM, provinceId: '99', cityId: '99.01', districtId: '99.01.01', villageId: '' }, ['Provinsi dengan kode 99 tidak ditemukan; pilih dari daftar wilayah.']],
      [{ ...CITARUM, cityId: 'Bandung', zipCode: '4011' }, ['Kota/kabupaten tidak valid; pilih dari daftar wilayah.', 'Kode pos harus 5 angka, contoh 40115.']],
    ];
    for (const [fields, messages] of cases) {
      const refused = await register(fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.message, JSON.stringify(fields)).toEqual(messages);
    }
  });

  it('Profil Bank: an ADMIN sets the street and the picked areas; the profile answers them with their names', async () => {
    const token = await t.login('admin@bpr-demo.test');
    const before = userSchema.parse((await t.call('GET', '/api-v2-bpr/profile/detail', { token })).body.data);
    // The demo bank's real address from the seed.
    expect(before.bpr.address).toEqual({
      street: 'Jl. Merdeka No. 1',
      provinceId: '32',
      province: 'Jawa Barat',
      cityId: '32.73',
      city: 'Kota Bandung',
      districtId: '32.73.09',
      district: 'Bandung Wetan',
      villageId: '32.73.09.1003',
      village: 'Citarum',
      zipCode: '40115',
    });
    const updated = await t.call('POST', '/api-v2-bpr/profile/update', { token, json: { address: 'Jl. Jenderal Sudirman No. 2', ...BOJONGSALAMAN }, headers: freshKey() });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(userSchema.parse(updated.body.data).bpr.address).toMatchObject({ street: 'Jl. Jenderal Sudirman No. 2', city: 'Kota Semarang', district: 'Semarang Barat', village: 'Bojongsalaman', zipCode: '50141' });
    // The street alone changes only the street; picked areas sent together replace the picked address.
    const street = await t.call('POST', '/api-v2-bpr/profile/update', { token, json: { address: 'Jl. Jenderal Sudirman No. 4' } });
    expect(street.body.data.bpr.address).toMatchObject({ street: 'Jl. Jenderal Sudirman No. 4', villageId: '33.74.13.1009' });
    const noVillage = await t.call('POST', '/api-v2-bpr/profile/update', { token, json: { ...CITARUM, villageId: '', zipCode: '40116' } });
    expect(noVillage.body.data.bpr.address).toMatchObject({ districtId: '32.73.09', villageId: null, village: null, zipCode: '40116' });
    // Other staff read it.
    const operator = await t.call('GET', '/api-v2-bpr/profile/detail', { token: await t.login('operator@bpr-demo.test') });
    expect(operator.body.data.bpr.address.district).toBe('Bandung Wetan');
  });

  it('Profil Bank: only an ADMIN changes the address, and the areas are checked', async () => {
    const operator = await t.login('operator@bpr-demo.test');
    const refused = await t.call('POST', '/api-v2-bpr/profile/update', { token: operator, json: { ...CITARUM } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Hanya admin yang dapat mengubah alamat bank.');
    expect((await t.call('POST', '/api-v2-bpr/profile/update', { token: operator, json: { name: 'Operator Demo' } })).status).toBe(200);
    const admin = await t.login('admin@bpr-lain.test');
    const wrong = await t.call('POST', '/api-v2-bpr/profile/update', { token: admin, json: { ...BOJONGSALAMAN, cityId: '33.22' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toEqual(['Kecamatan yang dipilih tidak berada di wilayah di atasnya; pilih ulang dari daftar.']);
    const blank = await t.call('POST', '/api-v2-bpr/profile/update', { token: admin, json: { address: ' ' } });
    expect(blank.body.message).toEqual(['Alamat bank wajib diisi.']);
  });
});

describe.each(dialects)('the JNE shipper from the bank\'s picked address on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(dialect);
    // A street line without a city, which the one-line parser could not book from.
    await w.db.updateTable('banks').set({ address: 'Jl. Merdeka No. 56', province_id: '32', city_id: '32.73', district_id: '32.73.09', village_id: '32.73.09.1003', zip_code: '40115' }).where('id', '=', w.bank.id).execute();
    await w.db.updateTable('users').set({ phone: '0227001234' }).where('id', '=', w.users.operator.id).execute();
    await w.db.updateTable('customers').set({ address: 'Jl. Uji No. 1, Cimahi, Jawa Barat 40521' }).where('bank_id', '=', w.bank.id).execute();
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('books with the picked city, district, province and postal code; the customer\'s one-line address is still parsed', async () => {
    const deposit = await w.inState('active');
    const data = new FormData();
    data.set('depositId', deposit.id);
    data.set('bilyetNumber', `BLY-ALAMAT-${dialect}`);
    data.set('file', blob(new Uint8Array(samplePdf()), 'application/pdf'), 'bilyet.pdf');
    expect((await w.call('POST', '/deposito/upload-bilyet', { token: w.users.operator.token, form: data, headers: freshKey() })).status).toBe(200);
    const booked = await w.call('POST', '/jne/create-pickup', { token: w.users.operator.token, json: { depositId: deposit.id, pickupDate: '2026-03-03', pickupTime: '10:00' }, headers: freshKey() });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // What the JNE sandbox received (its own table, outside the typed schema).
    const { rows } = await sql<{ booking: string }>`select booking from sandbox_jne_shipments where awb = ${booked.body.data.awb}`.execute(w.db);
    const form = JSON.parse(rows[0]!.booking) as Record<string, string>;
    expect(form).toMatchObject({
      SHIPPER_ADDR1: 'Jl. Merdeka No. 56, Citarum',
      SHIPPER_ADDR2: 'Bandung Wetan 40115',
      SHIPPER_CITY: 'Kota Bandung',
      SHIPPER_ZIP: '40115',
      SHIPPER_REGION: 'Jawa Barat',
      PICKUP_DISTRICT: 'Bandung Wetan',
      PICKUP_CITY: 'Kota Bandung',
      RECEIVER_CITY: 'Cimahi',
      RECEIVER_ZIP: '40521',
    });
  });
});
