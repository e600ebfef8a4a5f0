import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeRequestSchema, depositDetailSchema } from '../../contract/deposit-api';
import { partnerChangeRequestAnswerSchema, partnerDepositChangedAnswerSchema, partnerStatusAnswerSchema } from '../../contract/partner';
import { samplePdf } from '../support/sample-files';
import { blob, dialects } from './harness';
import { freshKey, type World } from './deposit-fixtures';
import { RINA } from './support/customer-samples';
import { startPartnerWorld, type partnerClient } from './support/partner-client';

/**
 * What a partner asks after its placement (issue 19, API.md "The channel partner's door"): take
 * back a placement the bank has not decided, its customer's early withdrawal and changes, each
 * into the staff's own queues and decided by a supervisor; the documents of its deposits as links
 * that open for 15 minutes; and what it is told of each (the outbox rows written with the change).
 *
 * Today is Monday 2 March 2026, 09.00 WIB; MITRA-UJI places at the main bank.
 */
const CODE = 'MITRA-UJI';

describe.each(dialects)('a partner\'s requests on its deposits (%s)', (dialect) => {
  let w: World;
  let partner: ReturnType<typeof partnerClient>;
  let productCode: string;
  let sequence = 0;

  const place = async (overrides: Record<string, unknown> = {}) => {
    sequence += 1;
    const reference = `REQ-${sequence}`;
    const answer = await partner.call('POST', '/v1.0/deposito/placement', await partner.token(), {
      bankCode: w.bank.id,
      partnerReferenceNo: reference,
      customer: RINA,
      productCode,
      tenorMonths: 3,
      amount: 50_000_000,
      maturityInstruction: 'ARO',
      interestPayment: 'MONTHLY',
      rateBps: 550,
      funding: { reference: `VA-${sequence}`, paidAt: '2026-03-02' },
      ...overrides,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { reference, depositId: answer.body.depositId as string };
  };
  const staffEvent = async (depositId: string, json: Record<string, unknown>, who: 'supervisor' | 'operator' = 'supervisor') => {
    const { version } = await w.row(depositId);
    return w.call('POST', `/deposito/${depositId}/events`, { token: w.users[who].token, json: { ...json, version }, headers: freshKey() });
  };
  const placeActive = async () => {
    const placed = await place();
    const approved = await staffEvent(placed.depositId, { type: 'deposit.approve' });
    expect(approved.status, approved.text).toBe(200);
    return placed;
  };
  const post = async (path: string, body: Record<string, unknown>) => partner.call('POST', path, await partner.token(), body);
  /** What the partner will be told of the deposit, in the outbox's order: [type, the body's data]. */
  const told = async (depositId: string) =>
    (await w.db.selectFrom('outbox').select(['event_type', 'body']).where('deposit_id', '=', depositId).orderBy('id').execute()).map(
      (row) => [row.event_type, (JSON.parse(row.body) as { data: Record<string, unknown> }).data] as const,
    );

  beforeAll(async () => {
    ({ w, partner, productCode } = await startPartnerWorld(dialect, CODE));
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('cancel takes back a placement the bank has not decided: cancelled with the partner\'s reason, on the timeline as the partner\'s, and told back; once approved it is 409 and nothing changes', async () => {
    const pending = await place();
    const answer = await post('/v1.0/deposito/cancel', { partnerReferenceNo: pending.reference, reason: 'Nasabah membatalkan di aplikasi.' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(partnerDepositChangedAnswerSchema.strict().parse(answer.body)).toMatchObject({ responseCode: '2009300', partnerReferenceNo: pending.reference, status: 'cancelled' });
    const row = await w.row(pending.depositId);
    expect([row.status, row.status_reason]).toEqual(['cancelled', 'Nasabah membatalkan di aplikasi.']);
    const detail = depositDetailSchema.parse((await w.call('GET', `/deposito/${pending.depositId}`, { token: w.users.operator.token })).body.data);
    expect(detail.timeline.at(-1)).toMatchObject({ event: 'deposit.withdraw', eventLabel: 'Dibatalkan Mitra', actor: { name: `Mitra ${CODE}` } });
    expect((await told(pending.depositId)).map(([type, data]) => [type, data.status])).toEqual([['deposit.cancelled', 'cancelled']]);

    const decided = await placeActive();
    const late = await post('/v1.0/deposito/cancel', { partnerReferenceNo: decided.reference, reason: 'Terlambat.' });
    expect([late.status, late.body.responseCode, late.body.responseMessage]).toEqual([409, '4099300', 'Deposito tidak dalam status Menunggu Persetujuan (status saat ini: Aktif).']);
    expect((await w.row(decided.depositId)).status).toBe('active');
    const unknown = await post('/v1.0/deposito/cancel', { partnerReferenceNo: 'TIDAK-ADA', reason: 'Batal.' });
    expect([unknown.status, unknown.body.responseCode]).toEqual([404, '4049301']);
    const noReason = await post('/v1.0/deposito/cancel', { partnerReferenceNo: decided.reference, reason: '  ' });
    expect([noReason.status, noReason.body.responseCode, noReason.body.responseMessage]).toEqual([400, '4009300', 'reason wajib diisi.']);
  });

  it('staff cannot send the partner\'s own event: a supervisor\'s deposit.withdraw is refused', async () => {
    const pending = await place();
    const refused = await staffEvent(pending.depositId, { type: 'deposit.withdraw', reason: 'Coba.' });
    expect(refused.status).toBe(400);
    expect((await w.row(pending.depositId)).status).toBe('pending');
  });

  it('a hold placed and released by staff is told to the partner without its reason; the status says the deposit is held, and its break and payout-account requests are refused naming no reason', async () => {
    const placed = await placeActive();
    const form = new FormData();
    for (const [name, value] of Object.entries({ depositId: placed.depositId, reason: 'LEGAL', reference: 'PPATK/9/2026', letterDate: '2026-03-02' })) form.set(name, value);
    const hold = await w.call('POST', '/deposito/hold', { token: w.users.supervisor.token, form, headers: freshKey() });
    expect(hold.status, hold.text).toBe(201);
    const status = await partner.call('GET', `/v1.0/deposito/${placed.reference}`, await partner.token());
    expect([status.status, status.body.deposit.held]).toEqual([200, true]);
    const breakAsked = await post('/v1.0/deposito/break-request', { partnerReferenceNo: placed.reference, reason: 'Butuh dana.' });
    expect([breakAsked.status, breakAsked.body.responseMessage]).toEqual([409, 'Deposito sedang diblokir oleh bank; hubungi bank penerbit.']);
    const account = await post('/v1.0/deposito/change-request', { partnerReferenceNo: placed.reference, kind: 'PAYOUT_ACCOUNT', value: { bankCode: '014', accountNumber: '8800123456', accountName: 'Rina Wati' } });
    expect([account.status, account.body.responseMessage]).toEqual([409, 'Rekening pencairan tidak dapat diubah. Deposito sedang diblokir oleh bank; hubungi bank penerbit.']);

    await w.call('POST', `/deposito/hold/${hold.body.data.id}/release`, { token: w.users.supervisor.token, json: { reason: 'Surat pencabutan PPATK' }, headers: freshKey() });
    const released = await w.call('POST', `/deposito/hold/${hold.body.data.id}/approve-release`, { token: w.users.supervisor2.token, headers: freshKey() });
    expect(released.status, released.text).toBe(200);
    const heard = (await told(placed.depositId)).filter(([type]) => type.startsWith('hold.'));
    expect(heard).toEqual([
      ['hold.placed', expect.objectContaining({ holdId: hold.body.data.id, status: 'active' })],
      ['hold.released', expect.objectContaining({ holdId: hold.body.data.id, status: 'active' })],
    ]);
    // Nothing of why: a legal hold is not the customer's platform's to know.
    expect(JSON.stringify(heard)).not.toMatch(/PPATK|LEGAL|hukum/);
    expect((await partner.call('GET', `/v1.0/deposito/${placed.reference}`, await partner.token())).body.deposit.held).toBe(false);
  });

  it('a break request puts the customer\'s early withdrawal (today unless dated) in the staff\'s queue; any supervisor decides it, and the partner is told the decision', async () => {
    const placed = await placeActive();
    const answer = await post('/v1.0/deposito/break-request', { partnerReferenceNo: placed.reference, reason: 'Kebutuhan biaya rumah sakit.' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(partnerDepositChangedAnswerSchema.strict().parse(answer.body)).toMatchObject({ responseCode: '2009400', status: 'breakRequested', breakDate: '2026-03-02' });
    const detail = depositDetailSchema.parse((await w.call('GET', `/deposito/${placed.depositId}`, { token: w.users.supervisor.token })).body.data);
    expect(detail.breakRequest).toMatchObject({ breakDate: '2026-03-02', reason: 'Kebutuhan biaya rumah sakit.' });
    expect(detail.timeline.at(-1)).toMatchObject({ event: 'deposit.requestBreak', actor: { name: `Mitra ${CODE}` } });
    const again = await post('/v1.0/deposito/break-request', { partnerReferenceNo: placed.reference, reason: 'Lagi.' });
    expect([again.status, again.body.responseCode]).toEqual([409, '4099400']);

    const approved = await staffEvent(placed.depositId, { type: 'deposit.approveBreak' });
    expect(approved.status, approved.text).toBe(200);
    expect((await told(placed.depositId)).map(([type, data]) => [type, data.status])).toEqual([
      ['deposit.approved', 'active'],
      ['deposit.activated', 'active'],
      ['breakRequest.decided', 'disbursing'],
    ]);

    const pending = await place();
    const notRunning = await post('/v1.0/deposito/break-request', { partnerReferenceNo: pending.reference, reason: 'Butuh dana.' });
    expect([notRunning.status, notRunning.body.responseMessage]).toEqual([409, 'Deposito tidak dalam status Aktif (status saat ini: Menunggu Persetujuan).']);
    const dated = await post('/v1.0/deposito/break-request', { partnerReferenceNo: pending.reference, reason: 'Butuh dana.', breakDate: '2 Maret' });
    expect([dated.status, dated.body.responseCode]).toEqual([400, '4009400']);
  });

  it('change requests (instruction, payout account) wait in the staff\'s queue as the partner\'s; one of a kind at a time; each decision is told back with its reason', async () => {
    const placed = await placeActive();
    const instruction = await post('/v1.0/deposito/change-request', { partnerReferenceNo: placed.reference, kind: 'INSTRUCTION', value: { maturityInstruction: 'PAYOUT' } });
    expect(instruction.status, JSON.stringify(instruction.body)).toBe(200);
    expect(partnerChangeRequestAnswerSchema.strict().parse(instruction.body)).toMatchObject({ responseCode: '2009500', kind: 'INSTRUCTION', status: 'pending' });
    const account = await post('/v1.0/deposito/change-request', { partnerReferenceNo: placed.reference, kind: 'PAYOUT_ACCOUNT', value: { bankCode: '014', accountNumber: '8800123456', accountName: 'Rina Wati' } });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const twice = await post('/v1.0/deposito/change-request', { partnerReferenceNo: placed.reference, kind: 'INSTRUCTION', value: { maturityInstruction: 'ARO_PLUS' } });
    expect([twice.status, twice.body.responseCode]).toEqual([409, '4099500']);
    const badBank = await post('/v1.0/deposito/change-request', { partnerReferenceNo: placed.reference, kind: 'PAYOUT_ACCOUNT', value: { bankCode: '999', accountNumber: '8800123456', accountName: 'Rina Wati' } });
    expect([badBank.status, badBank.body.responseCode]).toEqual([400, '4009500']);
    expect(badBank.body.responseMessage).toMatch(/tidak ada dalam daftar bank/);
    const badKind = await post('/v1.0/deposito/change-request', { partnerReferenceNo: placed.reference, kind: 'NAMA', value: {} });
    expect([badKind.status, badKind.body.responseMessage]).toEqual([400, 'kind harus INSTRUCTION atau PAYOUT_ACCOUNT.']);

    const queue = await w.call('GET', '/deposito-change-request?status=pending', { token: w.users.supervisor.token });
    const mine = (queue.body.data as unknown[]).map((item) => changeRequestSchema.parse(item)).filter((item) => item.depositId === placed.depositId);
    expect(mine.map((item) => [item.kind, item.requestedBy?.name])).toEqual(
      expect.arrayContaining([
        ['instruction', `Mitra ${CODE}`],
        ['payoutAccount', `Mitra ${CODE}`],
      ]),
    );
    const decide = (id: string, json: Record<string, unknown>) => w.call('PATCH', `/deposito-change-request/${id}`, { token: w.users.supervisor.token, json, headers: freshKey() });
    expect((await decide(instruction.body.changeRequestId, { decision: 'approved' })).status).toBe(200);
    expect((await decide(account.body.changeRequestId, { decision: 'rejected', reason: 'Nama pemilik rekening berbeda.' })).status).toBe(200);
    expect((await w.row(placed.depositId)).maturity_instruction).toBe('PAYOUT');
    const decisions = (await told(placed.depositId)).filter(([type]) => type === 'changeRequest.decided').map(([, data]) => data.changeRequest);
    expect(decisions).toEqual([
      { id: instruction.body.changeRequestId, kind: 'instruction', decision: 'approved', reason: null },
      { id: account.body.changeRequestId, kind: 'payoutAccount', decision: 'rejected', reason: 'Nama pemilik rekening berbeda.' },
    ]);
  });

  it('the bilyet\'s issue and an installment paid are told to the partner; the status lists the bilyet scan as a link that opens it for 15 minutes without SNAP headers', async () => {
    const placed = await placeActive();
    const form = new FormData();
    form.set('depositId', placed.depositId);
    form.set('bilyetNumber', `BLY-MITRA-${dialect}`);
    form.set('file', blob(new Uint8Array(samplePdf()), 'application/pdf'), 'bilyet.pdf');
    const issued = await w.call('POST', '/deposito/upload-bilyet', { token: w.users.operator.token, form, headers: freshKey() });
    expect(issued.status, issued.text).toBe(200);

    const status = await partner.call('GET', `/v1.0/deposito/${placed.reference}`, await partner.token());
    const deposit = partnerStatusAnswerSchema.strict().parse(status.body).deposit;
    expect([deposit.bilyetStatus, deposit.installmentsPaid]).toEqual(['issued', 0]);
    expect(deposit.documents.map((document) => [document.type, document.expiresAt])).toEqual([['BILYET_SCAN', '2026-03-02T02:15:00.000Z']]);
    // On the installation's public address (PUBLIC_URL; the test server's is berjangka.test), opened here on its port.
    const url = new URL(deposit.documents[0]!.url);
    expect([url.origin, url.pathname]).toEqual(['http://berjangka.test', expect.stringMatching(/^\/api-partner\/v1\.0\/documents\/[\w-]+\.[\w-]+$/)]);
    const link = `${w.t.url}${url.pathname}`;
    const opened = await fetch(link);
    expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await opened.arrayBuffer()).equals(samplePdf())).toBe(true);
    const tampered = await fetch(link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')));
    expect([tampered.status, ((await tampered.json()) as { responseMessage: string }).responseMessage]).toEqual([404, 'Tautan dokumen tidak sah.']);
    w.clock.advance(15 * 60 * 1000);
    try {
      const expired = await fetch(link);
      expect([expired.status, ((await expired.json()) as { responseMessage: string }).responseMessage]).toEqual([401, 'Tautan dokumen sudah kedaluwarsa; minta status deposito lagi untuk tautan baru.']);
    } finally {
      w.clock.advance(-15 * 60 * 1000);
    }

    // The first installment's pay date, 2 April: the daily job made it due, staff mark it paid.
    const toPayDate = Date.parse('2026-04-02T02:00:00.000Z') - w.clock.now().getTime();
    w.clock.advance(toPayDate);
    try {
      await w.db.updateTable('interest_installments').set({ status: 'due' }).where('deposit_id', '=', placed.depositId).where('sequence', '=', 1).execute();
      const [installment] = await w.db.selectFrom('interest_installments').select(['id', 'net_interest']).where('deposit_id', '=', placed.depositId).where('sequence', '=', 1).execute();
      // A month on, the supervisor signs in again.
      const token = await w.t.login('supervisor@uji.test');
      const paid = await w.call('POST', '/deposito/monthly-interest-disbursement', { token, json: { installmentIds: [installment!.id], paidAt: '2026-04-02', reference: 'TRF-BUNGA-MITRA' }, headers: freshKey() });
      expect(paid.status, paid.text).toBe(200);
      const events = await told(placed.depositId);
      expect(events.map(([type]) => type)).toEqual(['deposit.approved', 'deposit.activated', 'bilyet.issued', 'interest.paid']);
      expect(events[2]![1]).toMatchObject({ bilyetStatus: 'issued', bilyetNumber: `BLY-MITRA-${dialect}` });
      expect(events[3]![1]).toMatchObject({ installment: { periodNumber: 1, sequence: 1, netInterest: Number(installment!.net_interest), paidAt: '2026-04-02', reference: 'TRF-BUNGA-MITRA' } });
      const after = await partner.call('GET', `/v1.0/deposito/${placed.reference}`, await partner.token());
      expect(partnerStatusAnswerSchema.parse(after.body).deposit.installmentsPaid).toBe(1);
    } finally {
      w.clock.advance(-toPayDate);
    }
  });
});
