import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChangeRequest } from '../../server/deposits/change-request-repository';
import type { DepositRow } from '../../server/platform/db/schema';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/** Permintaan perubahan: customers' requests listed and decided; approving applies the change. */

describe.each(dialects)('change requests (%s)', (dialect) => {
  let w: World;

  const request = async (deposit: DepositRow, kind: 'instruction' | 'payoutAccount', value: Record<string, unknown>) => {
    const id = randomUUID();
    await insertChangeRequest(w.db, {
      id, bank_id: deposit.bank_id, deposit_id: deposit.id, kind, requested_value: JSON.stringify(value), status: 'pending',
      reason: null, decided_by: null, decided_at: null, created_at: w.clock.now().toISOString(),
    });
    return id;
  };
  const decide = (id: string, who: keyof World['users'], json: Record<string, unknown>, headers = freshKey()) =>
    w.call('PATCH', `/deposito-change-request/${id}`, { token: w.users[who].token, json, headers });

  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w.stop();
  });

  it('lists the pending requests with the deposit and what is asked, newest first', async () => {
    const deposit = await w.inState('active');
    const id = await request(deposit, 'payoutAccount', { bankName: 'BCA', accountNumber: '987654321', accountName: 'Rina Wati' });
    const list = await w.call('GET', '/deposito-change-request?status=pending', { token: w.users.operator.token });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({
      id, depositId: deposit.id, depositNumber: deposit.deposit_number, customerName: 'Rina Wati', kind: 'payoutAccount', kindLabel: 'Rekening Pencairan',
      requestedValue: { bankName: 'BCA', accountNumber: '987654321', accountName: 'Rina Wati' }, currentInstruction: 'ARO', status: 'pending', decidedBy: null,
    });
    expect(list.body.meta.total).toBe(1);
  });

  it('approving a payout-account request replaces the customer\'s account', async () => {
    const deposit = await w.inState('active', { customer: 'second' });
    const id = await request(deposit, 'payoutAccount', { bankName: 'Mandiri', accountNumber: '1230004567', accountName: 'Agus Salim' });
    const result = await decide(id, 'supervisor', { decision: 'approved' });
    expect(result.status, result.text).toBe(200);
    expect(result.body.data).toMatchObject({ status: 'approved', decidedBy: { id: w.users.supervisor.id, name: 'Siti Supervisor' } });
    const detail = await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.operator.token });
    expect(detail.body.data.customer.payoutAccount).toEqual({ bankName: 'Mandiri', accountNumber: '1230004567', accountName: 'Agus Salim' });
  });

  it("approving a payout-account change puts it, old and new account, on the timeline of each of the customer's deposits that still pays out", async () => {
    const asked = await w.inState('active', { customer: 'second' });
    const waiting = await w.inState('pending', { customer: 'second' });
    const ended = await w.inState('rejected', { customer: 'second' });
    const otherCustomer = await w.inState('active');
    const before = (await w.call('GET', `/deposito/${asked.id}`, { token: w.users.operator.token })).body.data.customer.payoutAccount;
    const id = await request(asked, 'payoutAccount', { bankName: 'BSI', accountNumber: '7788990011', accountName: 'Agus Salim' });
    expect((await decide(id, 'supervisor2', { decision: 'approved' })).status).toBe(200);

    const timeline = async (depositId: string) => (await w.call('GET', `/deposito/${depositId}`, { token: w.users.operator.token })).body.data.timeline as any[];
    for (const deposit of [asked, waiting]) {
      const entries = (await timeline(deposit.id)).filter((entry) => entry.event === 'deposit.changePayoutAccount');
      expect(entries, deposit.deposit_number).toEqual([
        expect.objectContaining({
          eventLabel: 'Ubah Rekening Pencairan',
          actor: { id: w.users.supervisor2.id, name: 'Budi Supervisor' },
          from: deposit.status,
          to: deposit.status,
          payload: { from: before, to: { bankName: 'BSI', accountNumber: '7788990011', accountName: 'Agus Salim' }, changeRequestId: id },
        }),
      ]);
      // The newest entry: it happened after everything else on the deposit.
      expect((await timeline(deposit.id)).at(-1).event).toBe('deposit.changePayoutAccount');
    }
    expect((await timeline(ended.id)).map((entry) => entry.event)).not.toContain('deposit.changePayoutAccount');
    expect((await timeline(otherCustomer.id)).map((entry) => entry.event)).not.toContain('deposit.changePayoutAccount');
    // The deposits themselves did not change: a client holding their version may still act.
    expect((await w.row(asked.id)).version).toBe(asked.version);

    // A rejected request changes no account and writes no timeline entry.
    const refused = await request(asked, 'payoutAccount', { bankName: 'BCA', accountNumber: '1', accountName: 'Agus Salim' });
    expect((await decide(refused, 'supervisor', { decision: 'rejected', reason: 'Rekening tidak atas nama nasabah' })).status).toBe(200);
    expect((await timeline(asked.id)).filter((entry) => entry.event === 'deposit.changePayoutAccount')).toHaveLength(1);
  });

  it('approving a switch to PAYOUT is the lifecycle\'s stop-ARO (audited); to ARO+ is recorded as an instruction change', async () => {
    const deposit = await w.inState('active');
    const stop = await request(deposit, 'instruction', { instruction: 'PAYOUT' });
    expect((await decide(stop, 'supervisor', { decision: 'approved' })).status).toBe(200);
    let detail = (await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.operator.token })).body.data;
    expect(detail.maturityInstruction).toBe('PAYOUT');
    expect(detail.timeline.at(-1)).toMatchObject({ event: 'deposit.stopAro', actor: { name: 'Siti Supervisor' } });
    const plus = await request(deposit, 'instruction', { instruction: 'ARO_PLUS' });
    expect((await decide(plus, 'supervisor', { decision: 'approved' })).status).toBe(200);
    detail = (await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.operator.token })).body.data;
    expect(detail.maturityInstruction).toBe('ARO_PLUS');
    expect(detail.timeline.at(-1)).toMatchObject({ event: 'deposit.changeInstruction', eventLabel: 'Ubah Instruksi Jatuh Tempo', payload: { from: 'PAYOUT', to: 'ARO_PLUS' } });
  });

  it('an instruction change past the cut-off is refused (409) and the request stays pending', async () => {
    // Matures Tue 3 Mar 2026; the cut-off is today (Mon 2 Mar).
    const deposit = await w.inState('active', { placementDate: '2026-02-03', tenorMonths: 1 });
    const id = await request(deposit, 'instruction', { instruction: 'PAYOUT' });
    const result = await decide(id, 'supervisor', { decision: 'approved' });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe('Batas waktu penghentian ARO telah lewat: paling lambat 01-Mar-2026.');
    const list = await w.call('GET', '/deposito-change-request?status=pending', { token: w.users.operator.token });
    expect(list.body.data.map((r: any) => r.id)).toContain(id);
  });

  it('rejecting needs a reason; an operator may not decide (403); a decided request answers 409; another bank\'s 404', async () => {
    const deposit = await w.inState('active');
    const id = await request(deposit, 'instruction', { instruction: 'ARO_PLUS' });
    const noReason = await decide(id, 'supervisor', { decision: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toEqual(['Alasan penolakan wajib diisi.']);
    const bad = await decide(id, 'supervisor', { decision: 'maybe' });
    expect(bad.body.message).toEqual(['Keputusan harus approved atau rejected.']);
    const operator = await decide(id, 'operator', { decision: 'rejected', reason: 'x' });
    expect(operator.status).toBe(403);
    expect(operator.body.message).toBe('Hanya supervisor yang dapat memutuskan permintaan perubahan.');
    const rejected = await decide(id, 'supervisor', { decision: 'rejected', reason: 'Tanda tangan tidak cocok' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Tanda tangan tidak cocok' });
    expect((await w.row(deposit.id)).maturity_instruction).toBe('ARO');
    const twice = await decide(id, 'supervisor2', { decision: 'approved' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Permintaan perubahan ini sudah diputuskan.');
    const foreign = await w.place({ bank: 'other' });
    const foreignId = await request(foreign, 'instruction', { instruction: 'PAYOUT' });
    expect((await decide(foreignId, 'supervisor', { decision: 'approved' })).status).toBe(404);
  });

  it('two supervisors deciding at once: one wins, the other answers 409; a replay answers the first result', async () => {
    const deposit = await w.inState('active', { customer: 'second' });
    const id = await request(deposit, 'payoutAccount', { bankName: 'BNI', accountNumber: '555', accountName: 'Agus Salim' });
    const key = freshKey();
    const results = await Promise.all([decide(id, 'supervisor', { decision: 'approved' }, key), decide(id, 'supervisor2', { decision: 'rejected', reason: 'Ragu' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const replay = await decide(id, 'supervisor', { decision: 'approved' }, key);
    expect(replay.status).toBe(results[0]!.status);
    expect(replay.body).toEqual(results[0]!.body);
  });
});
