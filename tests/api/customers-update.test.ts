import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDetailSchema } from '../../contract/customers';
import { changeRequestSchema } from '../../contract/deposit-api';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';
import { KOPERASI, RINA } from './support/customer-samples';

/**
 * PATCH /bpr/customers/{id} (issue 18, DOMAIN.md "Customers (CIF)"): contact data corrected at
 * once and audited; identity data and the payout account through a change request that a
 * supervisor other than its maker decides in Permintaan Perubahan, before and after shown; a
 * change from an older reading refused; the risk level a supervisor's.
 */
describe.each(dialects)('changing a customer (%s)', (dialect) => {
  let w: World;
  const patch = (id: string, json: Record<string, unknown>, who: keyof World['users'] = 'operator', headers: Record<string, string> = freshKey()) =>
    w.call('PATCH', `/bpr/customers/${id}`, { token: w.users[who].token, json, headers });
  const decide = (id: string, who: keyof World['users'], decision = 'approved', reason?: string) =>
    w.call('PATCH', `/deposito-change-request/${id}`, { token: w.users[who].token, json: { decision, ...(reason ? { reason } : {}) }, headers: freshKey() });
  const read = async (id: string) => customerDetailSchema.parse((await w.call('GET', `/bpr/customers/${id}`, { token: w.users.operator.token })).body.data);
  const audit = async (id: string) => (await w.db.selectFrom('bank_audit').select(['event', 'actor_id', 'payload']).where('subject_id', '=', id).orderBy('at').execute()).map((row) => ({ ...row, payload: JSON.parse(row.payload) }));
  /** A new customer of the main bank, made by the operator. */
  const newCustomer = async (overrides: Record<string, unknown>) => {
    const created = await w.call('POST', '/bpr/customers', { token: w.users.operator.token, json: { ...RINA, ...overrides }, headers: freshKey() });
    expect(created.status, created.text).toBe(201);
    return customerDetailSchema.parse(created.body.data);
  };

  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('an operator corrects phone, email and address at once (200, normalised, audited with before and after); the old version is then refused', async () => {
    const rina = await newCustomer({});
    // Braga, Sumur Bandung, Kota Bandung.
    const changed = await patch(rina.id, { version: 1, phone: '0813 1111 2222', email: 'RINA@contoh.co.id', address: 'Jl. Braga No. 8', districtId: '32.73.10', villageId: '32.73.10.1004', zipCode: '40111' });
    expect(changed.status, changed.text).toBe(200);
    expect(customerDetailSchema.parse(changed.body.data)).toMatchObject({ phone: '+6281311112222', email: 'RINA@contoh.co.id', address: 'Jl. Braga No. 8', districtId: '32.73.10', villageId: '32.73.10.1004', zipCode: '40111', version: 2 });
    expect((await audit(rina.id)).map((row) => row.event)).toEqual(['customer.create', 'customer.updateContact']);
    expect((await audit(rina.id))[1]).toMatchObject({
      actor_id: w.users.operator.id,
      payload: { before: { phone: '+6281234567890', email: 'Rina.Marlina@contoh.co.id', address: 'Jl. Citarum No. 12', districtId: '32.73.09', villageId: '32.73.09.1003', zipCode: '40115' }, after: { phone: '+6281311112222', villageId: '32.73.10.1004' } },
    });

    const stale = await patch(rina.id, { version: 1, phone: '0813 3333 4444' });
    expect([stale.status, stale.body.message]).toEqual([409, 'Data nasabah ini sudah diubah orang lain sejak Anda membukanya. Muat ulang halaman lalu ulangi perubahan Anda.']);
    expect((await read(rina.id)).phone).toBe('+6281311112222');
  });

  it('every broken rule at once and nothing applied: a bad phone, an address outside its district, a birth date the NIK contradicts, an entity field; the same values are no change', async () => {
    const ayu = await newCustomer({ nik: '3273094107900004', birthDate: '1990-07-01', name: 'Ayu Lestari' });
    const broken = await patch(ayu.id, { version: 1, phone: '+65 9123 4567', villageId: '32.73.01.1001', birthDate: '1990-07-02', nib: '9120001012345' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toEqual([
      'NIB hanya ada pada nasabah badan.',
      'Tanggal lahir pada NIK (01-07-90) tidak sama dengan tanggal lahir yang diisi (02-07-1990).',
      'Nomor telepon harus nomor Indonesia (+62 atau diawali 0).',
      'Kelurahan/desa yang dipilih tidak berada di wilayah di atasnya; pilih ulang dari daftar.',
    ]);
    const same = await patch(ayu.id, { version: 1, phone: '0812-3456-7890', name: 'Ayu Lestari' });
    expect([same.status, same.body.message]).toEqual([400, ['Tidak ada data nasabah yang berubah: semua isian sama dengan yang tersimpan.']]);
    expect(await read(ayu.id)).toMatchObject({ version: 1, phone: '+6281234567890' });
    expect(await w.db.selectFrom('change_requests').select('id').where('customer_id', '=', ayu.id).execute()).toEqual([]);
  });

  it('a name and birth-date change waits for another supervisor (202, before and after); the contact part of the same change applies at once; one pending at a time', async () => {
    const dewi = await newCustomer({ nik: '3273095505920006', birthDate: '1992-05-15', name: 'Dewi Sartika' });
    const raised = await patch(dewi.id, { version: 1, name: 'Dewi Sartika Putri', motherMaidenName: 'Siti Rahma', phone: '0815 0000 1111' }, 'supervisor');
    expect(raised.status, raised.text).toBe(202);
    const request = changeRequestSchema.parse(raised.body.data.changeRequest);
    expect(request).toMatchObject({
      kind: 'customerData', kindLabel: 'Data Identitas Nasabah', depositId: null, depositNumber: null, customerId: dewi.id, customerName: 'Dewi Sartika', status: 'pending',
      requestedBy: { id: w.users.supervisor.id },
      requestedValue: { name: 'Dewi Sartika Putri', motherMaidenName: 'Siti Rahma' },
      previousValue: { name: 'Dewi Sartika', motherMaidenName: 'Siti Aminah' },
    });
    expect(raised.body.data.customer).toMatchObject({ name: 'Dewi Sartika', phone: '+6281500001111', version: 2 });
    expect((await read(dewi.id)).changeRequests.map((row) => [row.id, row.kind])).toEqual([[request.id, 'customerData']]);

    const queue = await w.call('GET', '/deposito-change-request?status=pending', { token: w.users.supervisor2.token });
    expect(queue.body.data.map((row: { id: string }) => row.id)).toContain(request.id);
    const again = await patch(dewi.id, { version: 2, name: 'Dewi S. Putri' });
    expect([again.status, again.body.message]).toEqual([409, 'Sudah ada permintaan perubahan data identitas nasabah ini yang menunggu keputusan.']);

    const ownDecision = await decide(request.id, 'supervisor');
    expect([ownDecision.status, ownDecision.body.message]).toEqual([403, 'Permintaan perubahan ini Anda ajukan sendiri; keputusannya harus oleh supervisor lain.']);
    const approved = await decide(request.id, 'supervisor2');
    expect(approved.status, approved.text).toBe(200);
    expect(await read(dewi.id)).toMatchObject({ name: 'Dewi Sartika Putri', motherMaidenName: 'Siti Rahma', version: 3, changeRequests: [] });
    const events = await audit(dewi.id);
    expect(events.map((row) => row.event)).toEqual(['customer.create', 'customer.updateContact', 'customer.requestChange', 'customer.changeIdentity']);
    expect(events[3]).toMatchObject({ actor_id: w.users.supervisor2.id, payload: { changeRequestId: request.id, before: { name: 'Dewi Sartika' }, after: { name: 'Dewi Sartika Putri' } } });
  });

  it("a kept customer's new name reaches the deposits' lists and search once approved; a rejected one changes nothing", async () => {
    const deposit = await w.inState('active', { customer: 'second' });
    const kept = await read(w.customers.second);
    const rejectedOne = changeRequestSchema.parse((await patch(kept.id, { version: kept.version, name: 'Agus Salimun' })).body.data.changeRequest);
    expect((await decide(rejectedOne.id, 'supervisor', 'rejected', 'Tidak sesuai KTP.')).status).toBe(200);
    expect((await read(kept.id)).name).toBe('Agus Salim');

    const raised = await patch(kept.id, { version: kept.version, name: 'Agus Salim Hidayat' });
    const request = changeRequestSchema.parse(raised.body.data.changeRequest);
    expect((await decide(request.id, 'admin')).status).toBe(200);
    const found = await w.call('GET', `/invoice/all-deposito?q=${encodeURIComponent('Salim Hidayat')}`, { token: w.users.operator.token });
    expect(found.body.data.map((row: { id: string }) => row.id)).toContain(deposit.id);
  });

  it('approving an identity change whose "before" no longer holds is refused (409) and applies nothing', async () => {
    const eka = await newCustomer({ nik: '3273094402950007', birthDate: '1995-02-04', name: 'Eka Putri' });
    const request = changeRequestSchema.parse((await patch(eka.id, { version: 1, name: 'Eka Putri Utami' })).body.data.changeRequest);
    // The name changed meanwhile by another way (a second request decided first is impossible: one pending at a time).
    await w.db.updateTable('customers').set({ name: 'Eka P.' }).where('id', '=', eka.id).execute();
    const refused = await decide(request.id, 'supervisor');
    expect([refused.status, refused.body.message]).toEqual([409, 'Data identitas nasabah sudah berubah sejak permintaan ini diajukan. Tolak permintaan ini dan ajukan ulang dari data yang sekarang.']);
    expect((await read(eka.id)).name).toBe('Eka P.');
    expect((await w.db.selectFrom('change_requests').select('status').where('id', '=', request.id).executeTakeFirstOrThrow()).status).toBe('pending');
  });

  it("a NIK another customer of the bank holds is refused with that customer's id (409)", async () => {
    const fajar = await newCustomer({ nik: '3273091108880008', birthDate: '1988-08-11', gender: 'MALE', name: 'Fajar Nugraha' });
    const holder = await newCustomer({ nik: '3273091108880009', birthDate: '1988-08-11', gender: 'MALE', name: 'Fajar Nugroho' });
    const taken = await patch(fajar.id, { version: 1, nik: '3273091108880009' });
    expect([taken.status, taken.body.message, taken.body.data]).toEqual([409, 'Nasabah dengan NIK ini sudah terdaftar: Fajar Nugroho. Gunakan data nasabah yang ada.', { existingId: holder.id }]);
  });

  it('a new payout account waits for another supervisor with the old one beside it, and every deposit that still pays out shows the change once approved', async () => {
    const deposit = await w.inState('active');
    const kept = await read(w.customers.main);
    const raised = await patch(kept.id, { version: kept.version, payoutAccount: { bankCode: '009', accountNumber: '0123456789', accountName: 'Rina Wati' } });
    expect(raised.status, raised.text).toBe(202);
    const request = changeRequestSchema.parse(raised.body.data.changeRequest);
    expect(request).toMatchObject({
      kind: 'payoutAccount', depositId: null,
      requestedValue: { bankCode: '009', bankName: 'Bank Negara Indonesia (BNI)', accountNumber: '0123456789', accountName: 'Rina Wati' },
      previousValue: kept.payoutAccount ? { accountNumber: kept.payoutAccount.accountNumber } : null,
    });
    const fromDeposit = await w.call('POST', '/deposito-change-request', { token: w.users.operator.token, json: { depositId: deposit.id, kind: 'payoutAccount', bankCode: '014', accountNumber: '8090123456', accountName: 'Rina Wati' }, headers: freshKey() });
    expect([fromDeposit.status, fromDeposit.body.message]).toEqual([409, 'Sudah ada permintaan perubahan rekening pencairan nasabah ini yang menunggu keputusan.']);
    expect((await decide(request.id, 'supervisor')).status).toBe(200);
    expect((await read(kept.id)).payoutAccount).toEqual({ bankCode: '009', bankName: 'Bank Negara Indonesia (BNI)', accountNumber: '0123456789', accountName: 'Rina Wati' });
    const timeline = (await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.operator.token })).body.data.timeline;
    expect(timeline.at(-1)).toMatchObject({ event: 'deposit.changePayoutAccount' });
  });

  it('the risk level is a supervisor\'s to set (an operator 403), audited; another bank\'s customer is not found; a replay answers the same and changes nothing more', async () => {
    const gita = await newCustomer({ nik: '3273096306930010', birthDate: '1993-06-23', name: 'Gita Savitri' });
    const byOperator = await patch(gita.id, { version: 1, riskLevel: 'HIGH' });
    expect([byOperator.status, byOperator.body.message]).toEqual([403, 'Tingkat risiko nasabah hanya dapat diubah oleh supervisor.']);
    const key = freshKey();
    const set = await patch(gita.id, { version: 1, riskLevel: 'HIGH' }, 'supervisor', key);
    const replay = await patch(gita.id, { version: 1, riskLevel: 'HIGH' }, 'supervisor', key);
    expect([set.status, replay.status]).toEqual([200, 200]);
    expect(replay.body.data).toEqual(set.body.data);
    expect((await read(gita.id)).riskLevel).toBe('HIGH');
    expect((await audit(gita.id)).filter((row) => row.event === 'customer.setRiskLevel')).toEqual([{ event: 'customer.setRiskLevel', actor_id: w.users.supervisor.id, payload: { before: 'MEDIUM', after: 'HIGH' } }]);
    const elsewhere = await patch(gita.id, { version: 2, phone: '0812 9999 0000' }, 'otherSupervisor');
    expect([elsewhere.status, elsewhere.body.message]).toEqual([404, 'Nasabah tidak ditemukan.']);
    const noVersion = await patch(gita.id, { phone: '0812 9999 0000' });
    expect([noVersion.status, noVersion.body.message]).toEqual([400, ['Versi data nasabah wajib dikirim (dari data yang terakhir dibaca).']]);
  });

  it('the list filters by kind: entities only, or individuals only; the NIK masked in both', async () => {
    await w.call('POST', '/bpr/customers', { token: w.users.operator.token, json: { ...KOPERASI, npwp: '01.234.567.8-901.999' }, headers: freshKey() });
    const entities = await w.call('GET', '/bpr/customers?type=ENTITY&limit=100', { token: w.users.operator.token });
    expect(entities.body.data.map((row: { type: string }) => row.type)).toEqual(entities.body.data.map(() => 'ENTITY'));
    expect(entities.body.data.map((row: { name: string }) => row.name)).toContain('Koperasi Sejahtera Bersama');
    const people = await w.call('GET', '/bpr/customers?type=INDIVIDUAL&limit=100', { token: w.users.operator.token });
    expect(people.body.data.length).toBeGreaterThan(0);
    expect(people.body.data.every((row: { type: string; nik: string }) => row.type === 'INDIVIDUAL' && /^\d{4}\*{8}\d{4}$/.test(row.nik))).toBe(true);
    const wrong = await w.call('GET', '/bpr/customers?type=KELUARGA', { token: w.users.operator.token });
    expect([wrong.status, wrong.body.message]).toEqual([400, ['Jenis nasabah harus perorangan (INDIVIDUAL) atau badan (ENTITY).']]);
  });
});
