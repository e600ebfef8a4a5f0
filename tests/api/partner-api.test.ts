import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositDetailSchema } from '../../contract/deposit-api';
import { accessTokenAnswerSchema, partnerPlacementAnswerSchema, partnerProductsAnswerSchema, partnerStatusAnswerSchema, snapRefusalSchema } from '../../contract/partner';
import { dialects, startTestServer } from './harness';
import { freshKey, type World } from './deposit-fixtures';
import { RINA } from './support/customer-samples';
import { partnerClient, startPartnerWorld } from './support/partner-client';
import { TestClock } from '../support/test-clock';
import { runPartnerCommand } from '../../server/cli/partner-commands';
import { placeOne, snapClient, startReceiver, type PartnerCredentials } from '../../tools/partner-simulator';

/**
 * The channel partner's door (issue 19, API.md): SNAP's access token and signed calls, the
 * placement with its customer inline into the staff's approval queue, X-EXTERNAL-ID's replay
 * rule, and every refusal said in SNAP's codes with an Indonesian reason, nothing done.
 *
 * Today is Monday 2 March 2026, 09.00 WIB. "Deposito Bulanan Uji" pays 5,50% for 3 months at the
 * main bank; the partner MITRA-UJI has an agreement with the main bank only.
 */
const CODE = 'MITRA-UJI';

describe.each(dialects)('the partner API (%s)', (dialect) => {
  let w: World;
  let partner: ReturnType<typeof partnerClient>;
  let productCode: string;
  const placement = (overrides: Record<string, unknown> = {}) => ({
    bankCode: w.bank.id,
    partnerReferenceNo: `REF-${Math.random().toString(36).slice(2, 10)}`,
    customer: { ...RINA, riskLevel: 'HIGH' },
    productCode,
    tenorMonths: 3,
    amount: 50_000_000,
    maturityInstruction: 'PAYOUT',
    interestPayment: 'MONTHLY',
    rateBps: 550,
    funding: { reference: 'VA-8808-20260302-0001', paidAt: '2026-03-02' },
    ...overrides,
  });
  const count = async (table: 'deposits' | 'customers') => Number((await w.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    // The outbox is delivered by hand (deliverDue), the clock moved between attempts.
    ({ w, partner, productCode } = await startPartnerWorld(dialect, CODE));
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('an access token for a request signed with the registered key: SNAP\'s 2007300, Bearer, 900 seconds; the client secret is kept sealed, never in clear', async () => {
    const answer = await partner.accessToken();
    expect(answer.status).toBe(200);
    expect(accessTokenAnswerSchema.strict().parse(answer.body)).toMatchObject({ responseCode: '2007300', responseMessage: 'Successful', tokenType: 'Bearer', expiresIn: '900' });
    const stored = await w.db.selectFrom('partner_clients').selectAll().where('channel_code', '=', CODE).executeTakeFirstOrThrow();
    expect(stored.client_secret_sealed).not.toContain(partner.credentials.clientSecret);
    expect(stored.client_secret_sealed).toMatch(/^v1\./);
  });

  it('serves its own OpenAPI document: every call with its SNAP headers and the answer\'s real shape', async () => {
    const response = await fetch(`${w.t.url}/api-partner/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, Record<string, any>> };
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api-partner/openapi.json',
      '/api-partner/v1.0/access-token/b2b',
      '/api-partner/v1.0/deposito/break-request',
      '/api-partner/v1.0/deposito/cancel',
      '/api-partner/v1.0/deposito/change-request',
      '/api-partner/v1.0/deposito/placement',
      '/api-partner/v1.0/deposito/{partnerReferenceNo}',
      '/api-partner/v1.0/documents/{link}',
      '/api-partner/v1.0/products',
    ]);
    const placed = document.paths['/api-partner/v1.0/deposito/placement']!.post;
    expect(placed.responses['200'].content['application/json'].schema.required).toEqual(['responseCode', 'responseMessage', 'partnerReferenceNo', 'depositId', 'depositNumber', 'status']);
    expect(placed.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['Authorization', 'X-TIMESTAMP', 'X-PARTNER-ID', 'CHANNEL-ID', 'X-SIGNATURE', 'X-EXTERNAL-ID']);
  });

  it('refuses a token to another key, a stale timestamp and an unknown client with 401 and a reason in Indonesian', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const wrongKey = await partner.accessToken({ privateKeyPem: other });
    expect([wrongKey.status, wrongKey.body.responseCode, wrongKey.body.responseMessage]).toEqual([401, '4017300', 'X-CLIENT-KEY atau X-SIGNATURE tidak sah.']);
    const stale = await partner.accessToken({ at: new Date(w.clock.now().getTime() - 6 * 60 * 1000) });
    expect([stale.status, stale.body.responseCode, stale.body.responseMessage]).toEqual([401, '4017300', 'X-TIMESTAMP berselisih lebih dari 5 menit dari waktu server.']);
    const unknown = await partner.accessToken({ clientKey: 'bukan-klien' });
    expect([unknown.status, unknown.body.responseCode]).toEqual([401, '4017300']);
  });

  it('a signed placement becomes a pending deposit of the partner\'s channel with its reference and transfer; the customer is created (risk level left to staff); a supervisor approves it', async () => {
    const token = await partner.token();
    const request = placement({ partnerReferenceNo: 'ORD-2026-0001' });
    const answer = await partner.call('POST', '/v1.0/deposito/placement', token, request);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(partnerPlacementAnswerSchema.strict().parse(answer.body)).toMatchObject({ responseCode: '2009100', responseMessage: 'Successful', partnerReferenceNo: 'ORD-2026-0001', status: 'pending' });
    const row = await w.row(answer.body.depositId);
    expect([row.channel, row.partner_reference_no, row.status, row.rate_bps, row.deposit_date, row.funding_method, row.funding_reference, row.funding_received_at]).toEqual([
      CODE, 'ORD-2026-0001', 'pending', 550, '2026-03-02', 'TRANSFER', 'VA-8808-20260302-0001', '2026-03-02',
    ]);
    const customer = await w.db.selectFrom('customers').selectAll().where('id', '=', row.customer_id).executeTakeFirstOrThrow();
    expect([customer.nik, customer.name, customer.risk_level]).toEqual([RINA.nik.replace(/\s/g, ''), RINA.name, 'LOW']);
    const audit = await w.db.selectFrom('deposit_audit').select(['event', 'actor_id']).where('deposit_id', '=', row.id).execute();
    expect(audit).toEqual([{ event: 'deposit.create', actor_id: `partner:${CODE}` }]);

    const seen = await w.call('GET', `/deposito/${row.id}`, { token: w.users.operator.token });
    const detail = depositDetailSchema.parse(seen.body.data);
    expect(detail).toMatchObject({ status: 'pending', channel: CODE, partnerReferenceNo: 'ORD-2026-0001', amount: 50_000_000 });
    expect(detail.timeline.map((entry) => [entry.eventLabel, entry.actor.name])).toEqual([['Penempatan Diterima', `Mitra ${CODE}`]]);
    const approved = await w.call('POST', `/deposito/${row.id}/events`, { token: w.users.supervisor.token, json: { type: 'deposit.approve', version: row.version }, headers: freshKey() });
    expect(approved.status, approved.text).toBe(200);

    const status = await partner.call('GET', '/v1.0/deposito/ORD-2026-0001', token);
    expect(status.status).toBe(200);
    expect(partnerStatusAnswerSchema.strict().parse(status.body)).toMatchObject({
      responseCode: '2009200',
      deposit: { partnerReferenceNo: 'ORD-2026-0001', depositId: row.id, status: 'active', amount: 50_000_000, rateBps: 550, maturityDate: '2026-06-02', installmentsPaid: 0, installmentsTotal: 3 },
    });
  });

  it('GET /v1.0/products tells the rate a placement must quote: the bank\'s active products with each tenor\'s rate today; a bank without agreement 403', async () => {
    const token = await partner.token();
    const answer = await partner.call('GET', `/v1.0/products?bankCode=${w.bank.id}`, token);
    expect([answer.status, answer.body.responseCode, answer.body.date]).toEqual([200, '2009000', '2026-03-02']);
    partnerProductsAnswerSchema.strict().parse(answer.body);
    const monthly = (answer.body.products as Array<Record<string, unknown>>).find((product) => product.productCode === productCode);
    expect(monthly).toMatchObject({ interestPayment: 'MONTHLY', minAmount: 1_000_000, maturityInstructions: ['ARO', 'ARO_PLUS', 'PAYOUT'] });
    expect(monthly!.tenors).toContainEqual({ tenorMonths: 3, rateBps: 550 });
    const inactiveCode = (await w.db.selectFrom('products').select('code').where('id', '=', w.products.inactive).executeTakeFirstOrThrow()).code;
    expect((answer.body.products as Array<{ productCode: string }>).map((product) => product.productCode)).not.toContain(inactiveCode);
    const other = await partner.call('GET', `/v1.0/products?bankCode=${w.bank.otherId}`, token);
    expect([other.status, other.body.responseCode]).toEqual([403, '4039001']);
  });

  it('a second placement for the same NIK finds the kept customer; what the partner describes otherwise becomes a change request for staff, never an overwrite, and only one while it waits', async () => {
    const token = await partner.token();
    const customers = await count('customers');
    const answer = await partner.call('POST', '/v1.0/deposito/placement', token, placement({ customer: { ...RINA, name: 'Rina M.' } }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await count('customers')).toBe(customers);
    const row = await w.row(answer.body.depositId);
    expect(row.customer_name).toBe(RINA.name);
    const requests = await w.db.selectFrom('change_requests').select(['kind', 'status', 'requested_by', 'requested_value', 'previous_value']).where('customer_id', '=', row.customer_id).execute();
    expect(requests.map((request) => [request.kind, request.status, request.requested_by])).toEqual([['customerData', 'pending', `partner:${CODE}`]]);
    expect(JSON.parse(requests[0]!.requested_value)).toEqual({ name: 'Rina M.' });
    expect(JSON.parse(requests[0]!.previous_value!)).toEqual({ name: RINA.name });
    const queue = await w.call('GET', '/deposito-change-request?status=pending', { token: w.users.supervisor.token });
    expect(queue.status, queue.text).toBe(200);
    expect((queue.body.data as Array<{ requestedBy: { name: string } | null }>).map((item) => item.requestedBy?.name)).toContain(`Mitra ${CODE}`);

    const again = await partner.call('POST', '/v1.0/deposito/placement', token, placement({ customer: { ...RINA, name: 'Rina M.' } }));
    expect(again.status).toBe(200);
    expect(await w.db.selectFrom('change_requests').select('id').where('customer_id', '=', row.customer_id).execute()).toHaveLength(1);
  });

  it('X-EXTERNAL-ID: the same id and body answers the first answer again and places once; another body under it is 409 (4099100)', async () => {
    const token = await partner.token();
    const request = placement();
    const first = await partner.call('POST', '/v1.0/deposito/placement', token, request, { externalId: '20260302000777' });
    expect(first.status).toBe(200);
    const deposits = await count('deposits');
    const again = await partner.call('POST', '/v1.0/deposito/placement', token, request, { externalId: '20260302000777' });
    expect([again.status, again.body, again.headers.get('x-replayed')]).toEqual([200, first.body, 'true']);
    expect(await count('deposits')).toBe(deposits);
    const other = await partner.call('POST', '/v1.0/deposito/placement', token, { ...request, amount: 60_000_000 }, { externalId: '20260302000777' });
    expect([other.status, other.body.responseCode, other.body.responseMessage]).toEqual([409, '4099100', 'X-EXTERNAL-ID ini sudah dipakai hari ini untuk permintaan lain.']);
    expect(await count('deposits')).toBe(deposits);
  });

  it('refuses a call whose signature, body, timestamp or token does not hold with 401 and does nothing', async () => {
    const token = await partner.token();
    const deposits = await count('deposits');
    const wrongSecret = await partner.call('POST', '/v1.0/deposito/placement', token, placement(), { clientSecret: 'bukan-rahasia' });
    expect([wrongSecret.status, wrongSecret.body.responseCode, wrongSecret.body.responseMessage]).toEqual([401, '4019100', 'X-SIGNATURE tidak sah.']);
    const tampered = await partner.call('POST', '/v1.0/deposito/placement', token, placement(), {
      tamper: (request) => {
        request.body = request.body!.replace('50000000', '500000000');
      },
    });
    expect([tampered.status, tampered.body.responseMessage]).toEqual([401, 'X-SIGNATURE tidak sah.']);
    const stale = await partner.call('POST', '/v1.0/deposito/placement', token, placement(), { at: new Date(w.clock.now().getTime() + 6 * 60 * 1000) });
    expect([stale.status, stale.body.responseCode]).toEqual([401, '4019100']);
    const forged = await partner.call('POST', '/v1.0/deposito/placement', `${token.split('.')[0]}.AAAA`, placement());
    expect([forged.status, forged.body.responseCode, forged.body.responseMessage]).toEqual([401, '4019101', 'Access token tidak dikenal.']);
    w.clock.advance(901 * 1000);
    try {
      const expired = await partner.call('POST', '/v1.0/deposito/placement', token, placement());
      expect([expired.status, expired.body.responseCode, expired.body.responseMessage]).toEqual([401, '4019101', 'Access token sudah kedaluwarsa; minta yang baru.']);
    } finally {
      w.clock.advance(-901 * 1000);
    }
    expect(await count('deposits')).toBe(deposits);
  });

  it('refuses a bank without agreement (403), a rate that is not the bank\'s of the day (409), a reference used before (409 01) and a broken customer (400), each in Indonesian', async () => {
    const token = await partner.token();
    const deposits = await count('deposits');
    const otherBank = await partner.call('POST', '/v1.0/deposito/placement', token, placement({ bankCode: w.bank.otherId }));
    expect([otherBank.status, otherBank.body.responseCode, otherBank.body.responseMessage]).toEqual([403, '4039101', 'Mitra belum punya perjanjian penempatan dengan bank ini.']);
    snapRefusalSchema.strict().parse(otherBank.body);
    const rate = await partner.call('POST', '/v1.0/deposito/placement', token, placement({ rateBps: 600 }));
    expect([rate.status, rate.body.responseCode, rate.body.responseMessage]).toEqual([409, '4099100', 'Suku bunga 6,00% bukan suku bunga bank hari ini untuk produk dan tenor ini (5,50%).']);
    const reused = await partner.call('POST', '/v1.0/deposito/placement', token, placement({ partnerReferenceNo: 'ORD-2026-0001' }));
    expect([reused.status, reused.body.responseCode, reused.body.responseMessage]).toEqual([409, '4099101', 'partnerReferenceNo ORD-2026-0001 sudah dipakai penempatan lain.']);
    const broken = await partner.call('POST', '/v1.0/deposito/placement', token, placement({ customer: { ...RINA, nik: '9999991203850000' } }));
    expect([broken.status, broken.body.responseCode]).toEqual([400, '4009100']);
    expect(broken.body.responseMessage).toMatch(/NIK/);
    expect(await count('deposits')).toBe(deposits);
  });

  it('a rotated secret ends the tokens issued before it; another partner does not see this partner\'s placements', async () => {
    const oldToken = await partner.token();
    const { clientSecret } = await w.t.server.services.partnerAdmin.rotateSecret(CODE);
    const refused = await partner.call('GET', '/v1.0/deposito/ORD-2026-0001', oldToken);
    expect([refused.status, refused.body.responseCode]).toEqual([401, '4019201']);
    partner = partnerClient(w.t.url, { ...partner.credentials, clientSecret }, () => w.clock.now());
    const fresh = await partner.call('GET', '/v1.0/deposito/ORD-2026-0001', await partner.token());
    expect(fresh.status).toBe(200);

    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const second = await w.t.server.services.partnerAdmin.create({ code: 'MITRA-LAIN', name: 'PT Mitra Lain', publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(), feeBps: 40 });
    const stranger = partnerClient(w.t.url, { ...second, privateKeyPem: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }, () => w.clock.now());
    const hidden = await stranger.call('GET', '/v1.0/deposito/ORD-2026-0001', await stranger.token());
    expect([hidden.status, hidden.body.responseCode, hidden.body.responseMessage]).toEqual([404, '4049201', 'Tidak ada penempatan dengan partnerReferenceNo ORD-2026-0001.']);
  });

  describe('notifications', () => {
    let receiver: Server;
    let received: Array<{ headers: Record<string, string>; body: string }>;
    let failuresLeft = 0;
    let secret: string;

    beforeAll(async () => {
      received = [];
      receiver = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          received.push({ headers: request.headers as Record<string, string>, body });
          response.statusCode = failuresLeft > 0 ? 500 : 204;
          failuresLeft = Math.max(0, failuresLeft - 1);
          response.end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    });

    it('what happened before the partner had a URL waits in the outbox, retried by the schedule; setting the URL sends it at the next round', async () => {
      const outbox = w.t.server.services.outbox;
      const waiting = await outbox.deliverDue();
      expect(waiting).toBeGreaterThan(0);
      const tried = await w.db.selectFrom('outbox').select(['status', 'attempts', 'last_error', 'next_attempt_at']).where('destination', '=', CODE).execute();
      // The first of each deposit was tried (the rest wait behind it, in order).
      const first = tried.filter((row) => row.attempts === 1);
      expect(first).toHaveLength(waiting);
      expect(tried.every((row) => row.status === 'pending')).toBe(true);
      expect(first.every((row) => row.last_error === 'mitra belum punya alamat notifikasi' && row.next_attempt_at > w.clock.now().toISOString())).toBe(true);
      expect(await outbox.deliverDue()).toBe(0);
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/berjangka/notifikasi`;
      ({ notificationSecret: secret } = await w.t.server.services.partnerAdmin.setNotificationUrl(CODE, url));
      expect(await outbox.deliverDue()).toBe(tried.length);
      expect(received.map((request) => (JSON.parse(request.body) as { data: { partnerReferenceNo: string } }).data.partnerReferenceNo)).toContain('ORD-2026-0001');
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => receiver?.close(() => resolve()));
    });

    const placeAndApprove = async (reference: string) => {
      const answer = await partner.call('POST', '/v1.0/deposito/placement', await partner.token(), placement({ partnerReferenceNo: reference }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const row = await w.row(answer.body.depositId);
      const approved = await w.call('POST', `/deposito/${row.id}/events`, { token: w.users.supervisor.token, json: { type: 'deposit.approve', version: row.version }, headers: freshKey() });
      expect(approved.status, approved.text).toBe(200);
      return row.id;
    };

    it('an approval is written to the outbox with the change and delivered signed per Standard Webhooks, in order: approved, then activated', async () => {
      received.length = 0;
      const depositId = await placeAndApprove('ORD-NOTIF-1');
      const written = await w.db.selectFrom('outbox').select(['event_type', 'status']).where('deposit_id', '=', depositId).orderBy('id').execute();
      expect(written).toEqual([
        { event_type: 'deposit.approved', status: 'pending' },
        { event_type: 'deposit.activated', status: 'pending' },
      ]);
      expect(await w.t.server.services.outbox.deliverDue()).toBe(2);
      const verifier = new Webhook(secret);
      const bodies = received.map((request) => verifier.verify(request.body, request.headers) as { type: string; data: Record<string, unknown> });
      expect(bodies.map((body) => body.type)).toEqual(['deposit.approved', 'deposit.activated']);
      expect(bodies[1]!.data).toMatchObject({ partnerReferenceNo: 'ORD-NOTIF-1', depositId, status: 'active' });
      const delivered = await w.db.selectFrom('outbox').select(['status', 'attempts', 'last_status']).where('deposit_id', '=', depositId).execute();
      expect(delivered).toEqual([
        { status: 'delivered', attempts: 1, last_status: 204 },
        { status: 'delivered', attempts: 1, last_status: 204 },
      ]);
      const forged = { ...received[0]!.headers, 'webhook-signature': 'v1,AAAA' };
      expect(() => verifier.verify(received[0]!.body, forged)).toThrow();
    });

    it('a receiver that fails twice then answers 2xx gets the event three times under one webhook-id and one body; the deposit\'s next event waits for it', async () => {
      received.length = 0;
      failuresLeft = 2;
      const depositId = await placeAndApprove('ORD-NOTIF-2');
      expect(await w.t.server.services.outbox.deliverDue()).toBe(1);
      expect(received).toHaveLength(1);
      // Not due yet: the next attempt is 5 s after the first (Standard Webhooks' schedule).
      expect(await w.t.server.services.outbox.deliverDue()).toBe(0);
      w.clock.advance(5_000);
      expect(await w.t.server.services.outbox.deliverDue()).toBe(1);
      w.clock.advance(5 * 60_000);
      // The third attempt succeeds, and then 'activated', which waited behind it, goes.
      expect(await w.t.server.services.outbox.deliverDue()).toBe(2);
      const attempts = received.slice(0, 3);
      expect(new Set(attempts.map((request) => request.headers['webhook-id'])).size).toBe(1);
      expect(new Set(attempts.map((request) => request.body)).size).toBe(1);
      expect(received.map((request) => (JSON.parse(request.body) as { type: string }).type)).toEqual(['deposit.approved', 'deposit.approved', 'deposit.approved', 'deposit.activated']);
      const rows = await w.db.selectFrom('outbox').select(['event_type', 'status', 'attempts', 'last_status']).where('deposit_id', '=', depositId).orderBy('id').execute();
      expect(rows).toEqual([
        { event_type: 'deposit.approved', status: 'delivered', attempts: 3, last_status: 204 },
        { event_type: 'deposit.activated', status: 'delivered', attempts: 1, last_status: 204 },
      ]);
      // Staff see on the deposit what the partner was told and whether it arrived.
      const detail = depositDetailSchema.parse((await w.call('GET', `/deposito/${depositId}`, { token: w.users.operator.token })).body.data);
      expect(detail.partnerReferenceNo).toBe('ORD-NOTIF-2');
      expect(detail.notifications.map((item) => [item.eventType, item.status, item.attempts, item.lastStatus])).toEqual([
        ['deposit.approved', 'delivered', 3, 204],
        ['deposit.activated', 'delivered', 1, 204],
      ]);
    });

    it('a notification never received in 3 days is failed, listed for the operator (partner deliveries --failed) and sent again on resend, under its own webhook-id and body', async () => {
      received.length = 0;
      failuresLeft = 1_000;
      const outbox = w.t.server.services.outbox;
      const depositId = await placeAndApprove('ORD-NOTIF-3');
      const first = () => w.db.selectFrom('outbox').selectAll().where('deposit_id', '=', depositId).orderBy('id').executeTakeFirstOrThrow();
      for (let round = 0; round < 30 && (await first()).status === 'pending'; round += 1) {
        const due = Date.parse((await first()).next_attempt_at);
        if (due > w.clock.now().getTime()) w.clock.advance(due - w.clock.now().getTime());
        await outbox.deliverDue();
      }
      const failed = await first();
      expect([failed.status, failed.event_type, failed.last_status]).toEqual(['failed', 'deposit.approved', 500]);
      // Tried at 0, 5 s, 5 min 5 s, 35 min 5 s, 2 h 35 min, 7 h 35 min, then every 10 h up to 67 h 35 min:
      // 12 attempts; the 13th would fall after 72 h.
      expect(failed.attempts).toBe(12);

      const lines: string[] = [];
      await runPartnerCommand(w.t.server.services.partnerAdmin, ['deliveries', '--failed'], (line) => lines.push(line));
      expect(lines.join('\n')).toContain(`${failed.id}  ${CODE}  deposit.approved  ref ORD-NOTIF-3`);
      expect(lines.join('\n')).toContain('12 kali dicoba; terakhir: HTTP 500');

      failuresLeft = 0;
      const sentBefore = received.filter((request) => request.headers['webhook-id'] === failed.id);
      await runPartnerCommand(w.t.server.services.partnerAdmin, ['resend', failed.id], (line) => lines.push(line));
      await outbox.deliverDue();
      const resent = received.filter((request) => request.headers['webhook-id'] === failed.id);
      expect(resent).toHaveLength(sentBefore.length + 1);
      expect(resent.at(-1)!.body).toBe(sentBefore[0]!.body);
      expect((await first()).status).toBe('delivered');
      await expect(runPartnerCommand(w.t.server.services.partnerAdmin, ['resend', failed.id], () => undefined)).rejects.toThrow(`Tidak ada notifikasi gagal dengan id ${failed.id}.`);
    });
  });
});

describe('the demo partner and the simulator (sqlite)', () => {
  it('a demo start writes DATA_DIR/demo-partner.json for DEMO-MITRA at both demo banks; with it the simulator places a deposit at today\'s rate and hears its approval, signature verified', async () => {
    const t = await startTestServer('sqlite', { demoPartner: true, deliverOutbox: false, clock: new TestClock('2026-03-02T02:00:00.000Z') });
    let receiver: Server | undefined;
    try {
      const holding = JSON.parse(readFileSync(join(t.dataDir, 'demo-partner.json'), 'utf8')) as PartnerCredentials & { notificationSecret: string };
      expect(holding.banks.map((bank) => bank.name)).toEqual(['BPR Demo Sejahtera', 'BPR Lain Makmur']);
      expect(holding.notificationSecret).toMatch(/^whsec_/);

      const placed = await placeOne(snapClient(t.url, holding, () => t.clock.now()), holding.banks[0]!.bankCode, { reference: 'SIM-1' });
      expect([placed.status, placed.body.responseCode, placed.body.status], JSON.stringify(placed.body)).toEqual([200, '2009100', 'pending']);

      // The simulator listens where the partner's URL points (here a free port, not the demo's 4100).
      const heard: Array<{ type: string; data: Record<string, unknown> }> = [];
      let secret = holding.notificationSecret;
      receiver = await startReceiver(0, () => secret, (event) => heard.push(event));
      ({ notificationSecret: secret } = await t.server.services.partnerAdmin.setNotificationUrl('DEMO-MITRA', `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/berjangka/notifikasi`));
      const token = await t.login('supervisor@bpr-demo.test');
      const depositId = placed.body.depositId as string;
      const { version } = (await t.call('GET', `/api-v2-bpr/deposito/${depositId}`, { token })).body.data as { version: number };
      const approved = await t.call('POST', `/api-v2-bpr/deposito/${depositId}/events`, { token, json: { type: 'deposit.approve', version }, headers: { 'Idempotency-Key': 'sim-approve-1' } });
      expect(approved.status, approved.text).toBe(200);
      await t.server.services.outbox.deliverDue();
      expect(heard.map((event) => [event.type, event.data.partnerReferenceNo])).toEqual([
        ['deposit.approved', 'SIM-1'],
        ['deposit.activated', 'SIM-1'],
      ]);
    } finally {
      receiver?.close();
      await t.stop();
    }
  });
});
