import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../server/platform/mail';
import type { FetchLike } from '../../server/platform/provider-http';
import type { DepositRow } from '../../server/platform/db/schema';
import { samplePdf } from '../support/sample-files';
import { blob, dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * Follow-ups through the outbox (issue 19): a mail the mail server refuses and a JNE tracking
 * that fails are not left for the next day's job; they are queued in the outbox and tried again
 * on its schedule (5 seconds, then 5 minutes, …), once per subject however often they fail.
 */
describe.each(dialects)('follow-ups of failed work (%s)', (dialect) => {
  let w: World;
  let mailDown = false;
  let jneDown = false;
  const sent: MailMessage[] = [];
  const outbox = () => w.t.server.services.outbox;
  const followUps = (kind: string) => w.db.selectFrom('outbox').selectAll().where('kind', '=', kind as never).orderBy('id').execute();

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-03-02', {
      deliverOutbox: false,
      mailer: {
        send: async (message) => {
          if (mailDown) throw new Error('421 smtp.uji.test: layanan tidak tersedia');
          sent.push(message);
        },
      },
      courierFetch:
        (reach: FetchLike): FetchLike =>
        async (input, init) => {
          if (jneDown && String(input).includes('/tracing/')) throw new TypeError('fetch failed: ECONNRESET');
          return reach(input, init);
        },
    });
    await w.db.updateTable('banks').set({ address: 'Jl. Asia Afrika No. 8, Bandung, Jawa Barat 40111' }).where('id', '=', w.bank.id).execute();
    await w.db.updateTable('users').set({ phone: '0227001234' }).where('id', '=', w.users.operator.id).execute();
    await w.db.updateTable('customers').set({ address: 'Jl. Uji No. 1, Cimahi, Jawa Barat 40521' }).where('bank_id', '=', w.bank.id).execute();
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('a reset mail the mail server refuses is queued, tried again 5 seconds later and sent as it was written; forgot-password still answers 200 at once', async () => {
    mailDown = true;
    const asked = await w.callAt('POST', '/api-v2/auth/send-forgot-password', { json: { email: 'operator@uji.test', userLevel: 1 } });
    expect(asked.status).toBe(200);
    await expect.poll(async () => (await followUps('mail')).length).toBe(1);
    const [queued] = await followUps('mail');
    const message = JSON.parse(queued!.body) as MailMessage;
    expect([queued!.status, queued!.attempts, message.to, message.subject]).toEqual(['pending', 0, 'operator@uji.test', 'Atur ulang kata sandi Berjangka']);
    expect(message.text).toContain(message.link);

    // Still down at the first retry: the next one is 5 seconds on.
    expect(await outbox().deliverDue()).toBe(1);
    expect(sent).toHaveLength(0);
    const waiting = (await followUps('mail'))[0]!;
    expect([waiting.status, waiting.attempts, waiting.last_error, Date.parse(waiting.next_attempt_at) - w.clock.now().getTime()]).toEqual(['pending', 1, '421 smtp.uji.test: layanan tidak tersedia', 5_000]);

    mailDown = false;
    w.clock.advance(5_000);
    expect(await outbox().deliverDue()).toBe(1);
    expect(sent).toEqual([message]);
    expect((await followUps('mail'))[0]!.status).toBe('delivered');
  });

  it('a JNE tracking that fails in the daily job is asked again within minutes, once per shipment however often the job fails; the shipment moves when JNE answers', async () => {
    const deposit: DepositRow = await w.inState('active');
    const form = new FormData();
    form.set('depositId', deposit.id);
    form.set('bilyetNumber', `BLY-FU-${dialect}`);
    form.set('file', blob(new Uint8Array(samplePdf()), 'application/pdf'), 'bilyet.pdf');
    expect((await w.call('POST', '/deposito/upload-bilyet', { token: w.users.operator.token, form, headers: freshKey() })).status).toBe(200);
    const booked = await w.call('POST', '/jne/create-pickup', { token: w.users.operator.token, json: { depositId: deposit.id, pickupDate: '2026-03-03', pickupTime: '10:00' }, headers: freshKey() });
    expect(booked.status, booked.text).toBe(201);
    const { awb, shipmentId } = booked.body.data as { awb: string; shipmentId: string };
    const moved = await fetch(`${w.t.url}/sandbox/jne/control/advance`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${w.users.operator.token}` }, body: JSON.stringify({ awb, status: 'pickedUp' }) });
    expect(moved.status).toBe(200);

    jneDown = true;
    expect(await w.t.server.services.shipments.refreshAll()).toMatchObject({ failed: 1 });
    expect(await w.t.server.services.shipments.refreshAll()).toMatchObject({ failed: 1 });
    const queued = await followUps('jne.tracking');
    expect(queued.map((row) => [row.destination, row.status])).toEqual([[shipmentId, 'pending']]);
    expect(await outbox().deliverDue()).toBe(1);
    expect((await followUps('jne.tracking'))[0]).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/./) });

    jneDown = false;
    w.clock.advance(5_000);
    expect(await outbox().deliverDue()).toBe(1);
    expect((await followUps('jne.tracking'))[0]!.status).toBe('delivered');
    expect((await w.row(deposit.id)).shipment_status).toBe('pickedUp');
  });
});
