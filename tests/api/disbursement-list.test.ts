import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositDetailSchema } from '../../contract/deposit-api';
import { disbursementRowSchema } from '../../contract/disbursement';
import { blob, dialects, fakeFile } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/** Pencairan: payouts to make and made, their counts, and a paid one closing its deposit. */

describe.each(dialects)('disbursements (%s)', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w.stop();
  });

  it('lists pending and paid payouts with the payout account; counts them; a paid one closes its deposit', async () => {
    const maturity = await w.inState('disbursing', { amount: 12_000_000 });
    const broken = await w.inState('breakRequested', { customer: 'second', amount: 6_000_000 });
    await w.drive(broken.id, { type: 'deposit.approveBreak' }, 'supervisor');
    await w.inState('disbursing', { bank: 'other' });

    const pending = await w.call('GET', '/deposito/disbursements?status=pending', { token: w.users.operator.token });
    expect(pending.status).toBe(200);
    expect(pending.body.meta.total).toBe(2);
    expect(pending.body.data.map((row: any) => [row.depositNumber, row.kind, row.status])).toEqual(
      expect.arrayContaining([
        [maturity.deposit_number, 'maturity', 'pending'],
        [broken.deposit_number, 'break', 'pending'],
      ]),
    );
    const breakRow = pending.body.data.find((row: any) => row.kind === 'break');
    expect(breakRow).toMatchObject({ customerName: 'Agus Salim', payoutAccount: { bankName: 'BRI', accountNumber: '0011223344', accountName: 'Agus Salim' } });
    expect(breakRow.amount).toBe(breakRow.principal + breakRow.interest - breakRow.tax - breakRow.penalty);

    const form = new FormData();
    form.set('depositId', maturity.id);
    form.set('reference', 'TRF-CAIR-01');
    form.set('paidAt', '2026-03-02');
    form.set('proof', blob(fakeFile('png', 4096), 'image/png'), 'bukti.png');
    const paid = await w.call('POST', '/deposito/disbursement-paid', { token: w.users.supervisor.token, form, headers: freshKey() });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'closed', closeReason: 'matured' });
    expect(paid.body.data.timeline.at(-1)).toMatchObject({ event: 'deposit.markPaid', actor: { name: 'Siti Supervisor' }, to: 'closed' });

    const counts = await w.call('GET', '/deposito/disbursements/count', { token: w.users.operator.token });
    // Principal + the unpaid installment (21 Jan → 21 Feb, 31 days): 12 000 000 × 500 × 31 ÷ 3 650 000 = 50 958,9 → 50 959;
    // tax 20% 10 191,8 → 10 192; net 40 767.
    expect(counts.body.data).toEqual({ pending: 1, paid: 1, pendingAmount: breakRow.amount, paidAmount: 12_040_767 });
    const done = await w.call('GET', '/deposito/disbursements?status=paid&period=2026-03', { token: w.users.operator.token });
    expect(done.body.data).toEqual([expect.objectContaining({ depositId: maturity.id, reference: 'TRF-CAIR-01', paidAt: '2026-03-02' })]);
    expect((await w.call('GET', '/deposito/disbursements?period=2026-02', { token: w.users.operator.token })).body.meta.total).toBe(0);

    const proof = await w.call('GET', `/deposito/disbursement-proof/${done.body.data[0].proofFileId}`, { token: w.users.otherSupervisor.token });
    expect(proof.status).toBe(404);
    expect((await w.call('GET', '/deposito/disbursements?status=sent', { token: w.users.operator.token })).body.message).toEqual(['Status pencairan harus pending atau paid.']);
  });

  it('a payout whose bilyet is still out: the detail and the Pencairan row say why mark paid is refused, before any form; once back it is allowed', async () => {
    const broken = await w.inState('breakRequested', { customer: 'second', amount: 7_000_000 });
    await w.drive(broken.id, { type: 'deposit.approveBreak' }, 'supervisor2');
    await w.db.updateTable('deposits').set({ bilyet_status: 'received' }).where('id', '=', broken.id).execute();
    const bilyetOut = {
      type: 'deposit.markPaid',
      reason: 'Bilyet deposito belum dikembalikan nasabah; catat pengembalian bilyet, atau catat kehilangan dengan surat keterangan, sebelum pencairan ditandai dibayar.',
    };

    const detail = async (who: 'supervisor' | 'operator' | 'admin') => (await w.call('GET', `/deposito/${broken.id}`, { token: w.users[who].token })).body.data;
    const row = async (who: 'supervisor' | 'operator') => {
      const page = await w.call('GET', '/deposito/disbursements?status=pending&limit=100', { token: w.users[who].token });
      expect(page.status, page.text).toBe(200);
      return page.body.data.find((item: any) => item.depositId === broken.id);
    };
    expect(await detail('supervisor')).toMatchObject({ status: 'disbursing', allowedEvents: [], blockedEvents: [bilyetOut] });
    // The answers are what the contract (and so the OpenAPI document) describes.
    expect(depositDetailSchema.parse(await detail('supervisor')).blockedEvents).toEqual([bilyetOut]);
    expect(disbursementRowSchema.parse(await row('supervisor')).blockedEvents).toEqual([bilyetOut]);
    expect(await detail('admin')).toMatchObject({ allowedEvents: [], blockedEvents: [bilyetOut] });
    // Marking paid is not the operator's to do at all: nothing is offered, nothing is "blocked".
    expect(await detail('operator')).toMatchObject({ allowedEvents: [], blockedEvents: [] });
    expect(await row('supervisor')).toMatchObject({ allowedEvents: [], blockedEvents: [bilyetOut] });
    expect(await row('operator')).toMatchObject({ allowedEvents: [], blockedEvents: [] });

    await w.db.updateTable('deposits').set({ bilyet_status: 'returned' }).where('id', '=', broken.id).execute();
    expect(await detail('supervisor')).toMatchObject({ allowedEvents: ['deposit.markPaid'], blockedEvents: [] });
    expect(await row('supervisor')).toMatchObject({ allowedEvents: ['deposit.markPaid'], blockedEvents: [] });
    const paid = await w.call('GET', '/deposito/disbursements?status=paid', { token: w.users.supervisor.token });
    expect(paid.body.data.every((item: any) => item.allowedEvents.length === 0 && item.blockedEvents.length === 0)).toBe(true);
  });

  it('a proof larger than 5 MB answers 400 and stores nothing', async () => {
    const deposit = await w.inState('disbursing');
    const form = new FormData();
    form.set('depositId', deposit.id);
    form.set('reference', 'TRF-BESAR');
    form.set('paidAt', '2026-03-02');
    form.set('proof', blob(fakeFile('pdf', 5 * 1024 * 1024 + 1), 'application/pdf'), 'besar.pdf');
    const result = await w.call('POST', '/deposito/disbursement-paid', { token: w.users.supervisor.token, form, headers: freshKey() });
    expect(result.status).toBe(400);
    expect(result.body.message).toEqual(['Bukti transfer "besar.pdf" melebihi ukuran maksimal 5 MB.']);
    expect((await w.row(deposit.id)).status).toBe('disbursing');
  });
});
