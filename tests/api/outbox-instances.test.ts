import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/platform/db/database';
import { createOutboxDelivery, enqueueOutboxMessage, OUTBOX_LEASE_MS, type OutboxSender } from '../../server/platform/outbox/outbox-delivery';
import { freshTestDatabase, type TestDatabase } from '../support/database-template';
import { failWithoutPostgres } from '../support/postgres';
import { startWorld, type World } from './deposit-fixtures';
import { dialects, TestClock, type DialectName } from './harness';
import { startInstance, type Instance } from './support/instance-process';
import { orderBreaks, startNotificationReceiver, until, type NotificationReceiver } from './support/notification-receiver';
import { TEST_PARTNER_PUBLIC_KEY } from './support/partner-client';

/**
 * Several instances share one outbox and deliver each message once (issue 19, README
 * "Notifications"). What keeps a second instance from sending a message the first is sending is
 * the lease (server/platform/outbox/outbox-repository.ts, leaseOutboxMessage): every instance
 * reads the same due messages, but sends one only after its `UPDATE outbox SET lease_until = now
 * + 1 min WHERE id = … AND status = 'pending' AND attempts = <as read> AND next_attempt_at <= now
 * AND (lease_until IS NULL OR lease_until < now)` changed the row — a compare-and-set. On
 * PostgreSQL the second instance's UPDATE waits for the first's row lock, re-checks its WHERE on
 * the row the first committed, finds the lease taken and changes nothing, so it skips the
 * message; the holder writes the outcome and frees the lease in one UPDATE (only while the lease
 * is still its own). A delivered message is no longer pending, so no instance takes it again.
 */

const TODAY = '2026-03-02';
const NOW = `${TODAY}T02:00:00.000Z`;
const JWT_SECRET = 'outbox-instances-test-secret-0123456789abcdef01234567';
const CODE = 'MITRA-DUA';
const DEPOSITS = 40;
const EVENTS_PER_DEPOSIT = 5;

if (!process.env.TEST_DATABASE_URL) {
  failWithoutPostgres('tests/api/outbox-instances.test.ts', 'runs two instances delivering one PostgreSQL outbox');
} else {
  describe('two instances on one PostgreSQL deliver the outbox', () => {
    let w: World;
    let receiver: NotificationReceiver;
    let instances: Instance[] = [];
    let secret = '';
    beforeAll(async () => {
      w = await startWorld('postgres', TODAY, { deliverOutbox: false, config: { jwtSecret: JWT_SECRET } });
      receiver = await startNotificationReceiver(() => secret);
      const admin = w.t.server.services.partnerAdmin;
      await admin.create({ code: CODE, name: 'PT Mitra Dua Instans', publicKeyPem: TEST_PARTNER_PUBLIC_KEY, feeBps: 50 });
      ({ notificationSecret: secret } = await admin.setNotificationUrl(CODE, receiver.url));
      const env = { JWT_SECRET, INSTANCE_NOW: NOW, FILE_STORE: 'database', DATABASE_URL: w.t.databaseUrl!, INSTANCE_PG_SCHEMA: w.t.pgSchema! };
      instances = await Promise.all(['a', 'b'].map((name) => startInstance(name, { ...env, INSTANCE_NAME: name })));
    }, 120_000);
    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await receiver?.close();
      await w?.stop();
    }, 60_000);

    it(`${DEPOSITS * EVENTS_PER_DEPOSIT} notifications written at once, both instances delivering at the same time: each webhook-id received once, each deposit's in the order written`, async () => {
      // The first delivery is held until the other instance sends one too: both are then
      // delivering at the same moment, over the same due messages.
      receiver.policy = (_request, heard) => {
        if (new Set(heard.heard.map((request) => request.instance)).size < 2) return 'hold';
        queueMicrotask(() => heard.release());
        return 'answer';
      };
      const deposits = Array.from({ length: DEPOSITS }, () => randomUUID());
      // Written in one transaction, each deposit's together (as an approval writes approved and
      // activated): the due messages an instance reads are the first waiting of each deposit, never
      // the next of one whose earlier message another instance is sending.
      await w.db.transaction().execute(async (trx) => {
        for (const [at, depositId] of deposits.entries()) {
          for (let event = 1; event <= EVENTS_PER_DEPOSIT; event += 1) {
            const body = JSON.stringify({ type: `test.event${event}`, occurredAt: NOW, data: { partnerReferenceNo: `ORD-DUA-${at}`, depositId, status: 'active', version: event } });
            await enqueueOutboxMessage(trx, { kind: 'partner.notification', destination: CODE, orderingKey: depositId, bankId: w.bank.id, depositId: null, eventType: `test.event${event}`, body }, w.clock.now());
          }
        }
      });
      const written = await w.db.selectFrom('outbox').select(['id', 'ordering_key']).where('destination', '=', CODE).orderBy('id').execute();
      expect(written).toHaveLength(DEPOSITS * EVENTS_PER_DEPOSIT);

      await until(() => receiver.acknowledged().length === written.length, `all ${written.length} notifications acknowledged`, 60_000);

      const heard = receiver.heard;
      // Every request was answered 2xx, so none had a reason to come twice.
      expect(heard).toHaveLength(written.length);
      expect(new Set(heard.map((request) => request.id))).toEqual(new Set(written.map((row) => row.id)));
      const byDeposit = new Map<string, string[]>();
      for (const row of written) byDeposit.set(row.ordering_key, [...(byDeposit.get(row.ordering_key) ?? []), row.id]);
      expect(orderBreaks(heard, byDeposit)).toEqual([]);
      for (const name of ['a', 'b']) expect(heard.filter((request) => request.instance === name).length, `delivered by instance ${name}`).toBeGreaterThan(0);
      expect(receiver.forged).toEqual([]);
      // The last acknowledgement reaches the receiver a moment before its outcome is written.
      const deliveredOnce = async () => (await w.db.selectFrom('outbox').select(['status', 'attempts']).where('destination', '=', CODE).execute()).every((row) => row.status === 'delivered' && row.attempts === 1);
      await until(deliveredOnce, 'every notification recorded as delivered at its first attempt', 5_000);
    }, 90_000);
  });
}

describe.each(dialects)('a lease taken late in a slow round (%s)', (dialect: DialectName) => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('a message leased after earlier deliveries of its round took longer than a lease is held for a whole lease from then: another instance does not send it meanwhile', async () => {
    database = await freshTestDatabase(dialect, 'berjangka-outbox-lease-');
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, ...(database.pgSchema ? { pgSchema: database.pgSchema } : {}) });
    const db = handle.db;
    const clock = new TestClock(NOW);
    const logger = pino({ level: 'silent' });
    // Eight deposits' notifications to one partner: the first seven time out (10 s each, the
    // sender's limit), so the eighth is leased 70 s into the round.
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      ids.push(await enqueueOutboxMessage(db, { kind: 'partner.notification', destination: CODE, orderingKey: randomUUID(), bankId: null, depositId: null, eventType: 'test.event', body: `{"n":${i}}` }, clock.now()));
    }
    const sent: Array<{ id: string; by: string }> = [];
    const quick: OutboxSender = async (message) => {
      sent.push({ id: message.id, by: 'other' });
      return { delivered: true, status: 204 };
    };
    const other = createOutboxDelivery({ db, clock, logger, senders: { 'partner.notification': quick } });
    const slow: OutboxSender = async (message) => {
      sent.push({ id: message.id, by: 'slow' });
      if (message.id !== ids[7]) {
        clock.advance(10_000);
        return { delivered: false, status: null, error: 'timeout' };
      }
      // While the eighth is on its way, the other instance runs a round.
      await other.deliverDue();
      return { delivered: true, status: 204 };
    };
    expect(7 * 10_000).toBeGreaterThan(OUTBOX_LEASE_MS);
    await createOutboxDelivery({ db, clock, logger, senders: { 'partner.notification': slow } }).deliverDue();

    expect(sent.filter((attempt) => attempt.id === ids[7])).toEqual([{ id: ids[7], by: 'slow' }]);
    const eighth = await db.selectFrom('outbox').select(['status', 'attempts', 'lease_until']).where('id', '=', ids[7]!).executeTakeFirstOrThrow();
    expect(eighth).toEqual({ status: 'delivered', attempts: 1, lease_until: null });
  });
});
