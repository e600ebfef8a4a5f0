import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDetailSchema } from '../../contract/customers';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';
import { KOPERASI, RINA } from './support/customer-samples';

/**
 * POST /bpr/customers (issue 18, DOMAIN.md "Customers (CIF)"): an individual or an entity with
 * every field, checked by the CIF rules all at once, one NIK (NPWP) per bank, audited.
 *
 * The addresses are real: Citarum, Bandung Wetan, Kota Bandung (32.73.09.1003, 40115). Rina's
 * NIK 3273095203850002: Bandung Wetan, born 12 March 1985 (52 = 12 + 40: a woman), serial 0002.
 */

describe.each(dialects)('creating customers (%s)', (dialect) => {
  let w: World;
  const create = (json: unknown, who: keyof World['users'] = 'operator', headers: Record<string, string> = freshKey()) =>
    w.call('POST', '/bpr/customers', { token: w.users[who].token, json, headers });

  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('an operator creates an individual: the NIK, phone, email and NPWP kept normalised, the payout bank named from its code, audited', async () => {
    const created = await create(RINA);
    expect(created.status, created.text).toBe(201);
    const customer = customerDetailSchema.parse(created.body.data);
    expect(customer).toMatchObject({
      type: 'INDIVIDUAL', name: 'Rina Marlina', nik: '3273095203850002', phone: '+6281234567890', email: 'Rina.Marlina@contoh.co.id', npwp: '3273095203850002',
      birthDate: '1985-03-12', gender: 'FEMALE', villageId: '32.73.09.1003', zipCode: '40115', rtRw: '003/005', riskLevel: 'MEDIUM', version: 1,
      payoutAccount: { bankCode: '014', bankName: 'Bank Central Asia (BCA)', accountNumber: '8090123456', accountName: 'Rina Marlina' },
      depositCount: 0, totalActivePrincipal: 0, deposits: [], documents: [],
    });
    const read = await w.call('GET', `/bpr/customers/${customer.id}`, { token: w.users.supervisor.token });
    expect(read.body.data).toEqual(created.body.data);
    const audit = await w.db.selectFrom('bank_audit').selectAll().where('subject_id', '=', customer.id).execute();
    expect(audit.map((row) => [row.subject, row.event, row.actor_id])).toEqual([['customer', 'customer.create', w.users.operator.id]]);
  });

  it('the list finds the new customer by the phone as staff type it, 0812… for a number kept as +62812…', async () => {
    for (const q of ['0812-3456-7890', '62812345', 'Rina Marl']) {
      const found = await w.call('GET', `/bpr/customers?q=${encodeURIComponent(q)}`, { token: w.users.operator.token });
      expect(found.body.data.map((row: { name: string }) => row.name), q).toContain('Rina Marlina');
    }
  });

  it('the same NIK again at this bank answers 409 with the kept customer; at another bank it is another customer', async () => {
    const kept = (await w.db.selectFrom('customers').select('id').where('nik', '=', '3273095203850002').where('bank_id', '=', w.bank.id).executeTakeFirstOrThrow()).id;
    const again = await create({ ...RINA, nik: '3273095203850002', name: 'Rina M.' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Nasabah dengan NIK ini sudah terdaftar: Rina Marlina. Gunakan data nasabah yang ada.');
    expect(again.body.data).toEqual({ existingId: kept });
    const elsewhere = await create(RINA, 'otherSupervisor');
    expect(elsewhere.status, elsewhere.text).toBe(201);
    expect(elsewhere.body.data.id).not.toBe(kept);
  });

  it('every broken rule is said at once, each in its own Indonesian sentence, and nothing is written', async () => {
    const before = await w.db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const answer = await create({
      ...RINA,
      nik: '9999991203850000', // no such district, a man's date, serial 0000
      phone: '+65 9123 4567',
      email: 'rina@contoh',
      npwp: '01.234.567.8-901.00',
      payoutAccount: { bankCode: '999', accountNumber: '12-34', accountName: 'Rina Marlina' },
      villageId: '32.73.01.1001', // a village of another district than the one picked
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual([
      'Kode wilayah NIK 999999 tidak terdaftar: 6 digit pertama adalah kode provinsi, kabupaten/kota dan kecamatan tempat KTP diterbitkan.',
      'NIK ini milik laki-laki (tanggal lahirnya tidak ditambah 40), sedangkan jenis kelamin diisi perempuan.',
      'Nomor urut NIK (4 digit terakhir) tidak boleh 0000.',
      'Nomor telepon harus nomor Indonesia (+62 atau diawali 0).',
      'Alamat email tidak valid: tulis seperti nama@contoh.co.id.',
      'NPWP harus 15 atau 16 digit angka (terisi 14 karakter).',
      'Bank rekening pencairan dengan sandi 999 tidak ada dalam daftar bank; pilih dari daftar.',
      'Nomor rekening pencairan harus 5 sampai 20 angka, tanpa spasi atau tanda baca.',
      'Kelurahan/desa yang dipilih tidak berada di wilayah di atasnya; pilih ulang dari daftar.',
    ]);
    const after = await w.db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('the form is checked before the rules: a missing field or a birth date in the future', async () => {
    const { motherMaidenName: _m, ...withoutMother } = RINA;
    const missing = await create(withoutMother);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual(['Nama ibu kandung wajib diisi.']);
    const future = await create({ ...RINA, nik: '3273095203990003', birthDate: '2099-03-12' });
    expect(future.status).toBe(400);
    expect(future.body.message).toEqual(['Tanggal lahir tidak boleh setelah hari ini.']);
    const noType = await create({ ...RINA, type: 'KELUARGA' });
    expect(noType.status).toBe(400);
    expect(noType.body.message).toEqual(['Jenis nasabah harus perorangan (INDIVIDUAL) atau badan (ENTITY).']);
  });

  it('an entity: NPWP its key (one per bank however it is typed), a representative whose NIK is checked', async () => {
    const created = await create(KOPERASI, 'supervisor');
    expect(created.status, created.text).toBe(201);
    expect(customerDetailSchema.parse(created.body.data)).toMatchObject({
      type: 'ENTITY', nik: null, npwp: '012345678901000', nib: '9120001012345', legalForm: 'KOPERASI', establishedOn: '2010-07-01', phone: '+62224231234',
      representatives: [{ name: 'Budi Santoso', nik: '3273091203850001', position: 'Ketua' }], riskLevel: 'LOW',
      payoutAccount: { bankCode: '002', bankName: 'Bank Rakyat Indonesia (BRI)' },
    });
    const again = await create({ ...KOPERASI, npwp: '012345678901000' });
    expect(again.status).toBe(409);
    expect(again.body.data).toEqual({ existingId: created.body.data.id });
    const badRepresentative = await create({ ...KOPERASI, npwp: '02.345.678.9-012.000', representatives: [{ name: 'Budi', nik: '3273091203850000', position: 'Ketua' }] });
    expect(badRepresentative.status).toBe(400);
    expect(badRepresentative.body.message).toEqual(['Perwakilan 1: Nomor urut NIK (4 digit terakhir) tidak boleh 0000.']);
    const none = await create({ ...KOPERASI, npwp: '02.345.678.9-012.000', representatives: [] });
    expect(none.body.message).toEqual(['Badan harus punya sedikitnya satu perwakilan yang menandatangani.']);
  });

  it('two requests with one NIK at once: one customer, the other told which', async () => {
    const person = { ...RINA, nik: '3273094107900004', birthDate: '1990-07-01', name: 'Ayu Lestari' };
    const answers = await Promise.all([create(person), create(person)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const winner = answers.find((answer) => answer.status === 201)!;
    expect(answers.find((answer) => answer.status === 409)!.body.data).toEqual({ existingId: winner.body.data.id });
  });

  it('a replay with the same Idempotency-Key answers the same customer and writes nothing more; no session is 401', async () => {
    const person = { ...RINA, nik: '3273091508800005', birthDate: '1980-08-15', gender: 'MALE', name: 'Dedi Kurnia' };
    const key = freshKey();
    const first = await create(person, 'operator', key);
    const replay = await create(person, 'operator', key);
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect((await w.db.selectFrom('customers').select('id').where('nik', '=', '3273091508800005').execute()).length).toBe(1);
    expect((await w.call('POST', '/bpr/customers', { json: person, headers: freshKey() })).status).toBe(401);
  });
});
