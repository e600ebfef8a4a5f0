import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeRequestSchema } from '../../contract/deposit-api';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * Staff raise a customer's change from the deposit (issue 18): the payout account from the list of
 * banks, or the maturity instruction; it waits in Permintaan Perubahan for a supervisor other than
 * its maker, shows on the deposit's timeline, and applies once approved.
 */
describe.each(dialects)('change requests raised by staff (%s)', (dialect) => {
  let w: World;
  const raise = (json: Record<string, unknown>, who: keyof World['users'] = 'operator') =>
    w.call('POST', '/deposito-change-request', { token: w.users[who].token, json, headers: freshKey() });
  const decide = (id: string, who: keyof World['users'], decision = 'approved') =>
    w.call('PATCH', `/deposito-change-request/${id}`, { token: w.users[who].token, json: { decision }, headers: freshKey() });
  const detail = async (id: string) => (await w.call('GET', `/deposito/${id}`, { token: w.users.operator.token })).body.data;

  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('an operator raises a new payout account: the bank named from its code, on the timeline; a second one waits its turn; another supervisor approves and the customer is paid there', async () => {
    const deposit = await w.inState('active');
    const raised = await raise({ depositId: deposit.id, kind: 'payoutAccount', bankCode: '014', accountNumber: '8090123456', accountName: 'Rina Wati' });
    expect(raised.status, raised.text).toBe(201);
    const request = changeRequestSchema.parse(raised.body.data);
    expect(request).toMatchObject({
      kind: 'payoutAccount', status: 'pending', requestedBy: { id: w.users.operator.id },
      requestedValue: { bankCode: '014', bankName: 'Bank Central Asia (BCA)', accountNumber: '8090123456', accountName: 'Rina Wati' },
    });
    const timeline = (await detail(deposit.id)).timeline;
    expect(timeline.at(-1)).toMatchObject({ event: 'deposit.requestChange', eventLabel: 'Ajukan Permintaan Perubahan', actor: { id: w.users.operator.id } });

    const again = await raise({ depositId: deposit.id, kind: 'payoutAccount', bankCode: '002', accountNumber: '001201000123456', accountName: 'Rina Wati' });
    expect([again.status, again.body.message]).toEqual([409, 'Sudah ada permintaan perubahan rekening pencairan nasabah ini yang menunggu keputusan.']);

    const approved = await decide(request.id, 'supervisor');
    expect(approved.status, approved.text).toBe(200);
    expect((await detail(deposit.id)).customer.payoutAccount).toMatchObject({ bankName: 'Bank Central Asia (BCA)', accountNumber: '8090123456', accountName: 'Rina Wati' });
    const customer = await w.db.selectFrom('customers').select(['payout_bank_code']).where('id', '=', deposit.customer_id).executeTakeFirstOrThrow();
    expect(customer.payout_bank_code).toBe('014');
  });

  it('the supervisor who raised it cannot decide it (403 in Indonesian); another one can', async () => {
    const deposit = await w.inState('active');
    const raised = await raise({ depositId: deposit.id, kind: 'instruction', instruction: 'ARO_PLUS' }, 'supervisor');
    expect(raised.status, raised.text).toBe(201);
    const own = await decide(raised.body.data.id, 'supervisor');
    expect([own.status, own.body.message]).toEqual([403, 'Permintaan perubahan ini Anda ajukan sendiri; keputusannya harus oleh supervisor lain.']);
    const other = await decide(raised.body.data.id, 'supervisor2');
    expect(other.status, other.text).toBe(200);
    expect((await w.row(deposit.id)).maturity_instruction).toBe('ARO_PLUS');
  });

  it('what cannot be asked is said in Indonesian: an unknown bank and a bad account number at once, the instruction it already has, another bank\'s deposit, a rejected one', async () => {
    const deposit = await w.inState('active');
    const bad = await raise({ depositId: deposit.id, kind: 'payoutAccount', bankCode: '999', accountNumber: '12-34', accountName: 'Rina Wati' });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      ['Bank rekening pencairan dengan sandi 999 tidak ada dalam daftar bank; pilih dari daftar.', 'Nomor rekening pencairan harus 5 sampai 20 angka, tanpa spasi atau tanda baca.'],
    ]);
    const same = await raise({ depositId: deposit.id, kind: 'instruction', instruction: deposit.maturity_instruction });
    expect([same.status, same.body.message]).toEqual([400, ['Instruksi jatuh tempo deposito ini sudah sama dengan yang diminta.']]);
    const kind = await raise({ depositId: deposit.id, kind: 'nama' });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toEqual(['Jenis perubahan harus instruksi jatuh tempo (instruction) atau rekening pencairan (payoutAccount).']);
    const elsewhere = await raise({ depositId: deposit.id, kind: 'instruction', instruction: 'ARO' }, 'otherSupervisor');
    expect(elsewhere.status).toBe(404);
    const rejected = await w.inState('rejected');
    const late = await raise({ depositId: rejected.id, kind: 'instruction', instruction: 'PAYOUT' });
    expect([late.status, late.body.message]).toEqual([409, 'Deposito ini sudah selesai; tidak ada lagi yang dapat diubah.']);
  });
});
