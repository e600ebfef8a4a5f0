import { afterEach, describe, expect, it } from 'vitest';
import { placeDeposit } from '../../server/deposits/deposit-placement';
import { startServer, type RunningServer } from '../../server/main';
import { OUTBOX_LEASE_MS } from '../../server/platform/outbox/outbox-delivery';
import { API, freshKey, startWorld, type World } from './deposit-fixtures';
import { dialects, FAST_ARGON2, TestClock, type DialectName } from './harness';
import { startInstance, type Instance } from './support/instance-process';
import { orderBreaks, startNotificationReceiver, until, type NotificationReceiver } from './support/notification-receiver';
import { TEST_PARTNER_PUBLIC_KEY } from './support/partner-client';

/**
 * The outbox across a crash (issue 19, README "Notifications"): a server process approves ten of a
 * partner's deposits — each approval answered, its `deposit.approved` and `deposit.activated`
 * written to the outbox in the approval's transaction — and is killed with SIGKILL while it
 * delivers them: three acknowledged by the partner, the fourth in flight (the partner's receiver
 * holds it unanswered), the rest never sent. Started again on the same data once the dead
 * process's lease has run out, the server delivers every notification the partner had not
 * acknowledged, the one cut off again under its webhook-id and body, each deposit's two in order.
 * It fails if the crash lost an answered approval's notification, if the restarted server's
 * worker does not resume, or if a deposit's order breaks.
 *
 * The dying server is a child process (tests/api/support/instance-child.ts, configured from its
 * environment as `npm start` is); the restart runs in this process, as in idempotency-crash.test.ts.
 */

const TODAY = '2026-03-02';
const NOW = `${TODAY}T02:00:00.000Z`;
const JWT_SECRET = 'outbox-crash-test-secret-0123456789abcdef0123456789';
const CODE = 'MITRA-CRASH';
const DEPOSITS = 10;
const ACKNOWLEDGED_BEFORE_CRASH = 3;

describe.each(dialects)('the outbox across a crash (%s)', (dialect: DialectName) => {
  let w: World | undefined;
  let receiver: NotificationReceiver | undefined;
  let dying: Instance | undefined;
  let restarted: RunningServer | undefined;
  afterEach(async () => {
    await dying?.kill();
    await restarted?.close();
    await receiver?.close();
    await w?.stop();
  });

  it('a server killed while delivering: after a restart on the same data every notification not yet acknowledged arrives, the one cut off again under its id and body, each deposit\'s in order, nothing acknowledged sent again', async () => {
    w = await startWorld(dialect, TODAY, { deliverOutbox: false, config: { jwtSecret: JWT_SECRET } });
    const world = w;
    let secret = '';
    const partnerReceiver = await startNotificationReceiver(() => secret);
    receiver = partnerReceiver;
    const admin = world.t.server.services.partnerAdmin;
    await admin.create({ code: CODE, name: 'PT Mitra Uji Crash', publicKeyPem: TEST_PARTNER_PUBLIC_KEY, feeBps: 50 });
    await admin.allowBank(CODE, world.bank.id);
    ({ notificationSecret: secret } = await admin.setNotificationUrl(CODE, partnerReceiver.url));
    const deposits = [];
    for (let i = 0; i < DEPOSITS; i += 1) {
      deposits.push(
        await placeDeposit(world.db, {
          bankId: world.bank.id, customerId: world.customers.main, productId: world.products.monthly, amount: 10_000_000 + i, tenorMonths: 3,
          placementDate: TODAY, instruction: 'ARO', channel: CODE,
          partner: { referenceNo: `ORD-CRASH-${i}`, funding: { method: 'TRANSFER', reference: `VA-CRASH-${i}`, receivedAt: TODAY } },
          now: world.clock.now().toISOString(),
        }),
      );
    }

    partnerReceiver.policy = (_request, heard) => (heard.heard.length > ACKNOWLEDGED_BEFORE_CRASH ? 'hold' : 'answer');
    dying = await startInstance(
      `crash-${dialect}`,
      { JWT_SECRET, INSTANCE_NOW: NOW, DATABASE_URL: world.t.databaseUrl ?? '', INSTANCE_PG_SCHEMA: world.t.pgSchema ?? '' },
      { dataDir: world.t.dataDir },
    );
    const supervisor = await dying.login('supervisor@uji.test');
    for (const deposit of deposits) {
      const approved = await dying.call('POST', `${API}/deposito/${deposit.id}/events`, { token: supervisor, json: { type: 'deposit.approve', version: deposit.version }, headers: freshKey() });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    }
    await until(() => partnerReceiver.held().length > 0, 'a notification held in flight by the receiver');
    const cutOff = partnerReceiver.held()[0]!;
    const acknowledgedBeforeCrash = partnerReceiver.acknowledged().map((request) => request.id);
    await dying.kill();

    // What the dead process left: every approval's two notifications; delivered, those the partner
    // acknowledged (an attempt's outcome is written before the next is sent); the one in flight
    // still leased to the dead process; the rest waiting.
    const left = await world.db.selectFrom('outbox').select(['id', 'deposit_id', 'status', 'lease_until']).where('destination', '=', CODE).orderBy('id').execute();
    expect(left).toHaveLength(2 * DEPOSITS);
    expect(acknowledgedBeforeCrash).toHaveLength(ACKNOWLEDGED_BEFORE_CRASH);
    expect(left.filter((row) => row.status === 'delivered').map((row) => row.id).sort()).toEqual([...acknowledgedBeforeCrash].sort());
    expect(left.find((row) => row.id === cutOff.id)).toMatchObject({ status: 'pending', lease_until: expect.any(String) });
    expect(left.filter((row) => row.status === 'pending')).toHaveLength(2 * DEPOSITS - ACKNOWLEDGED_BEFORE_CRASH);

    // Started again after the dead process's lease ran out, as `npm start` starts: its worker runs.
    partnerReceiver.policy = () => 'answer';
    restarted = await startServer({
      env: {},
      argon2: FAST_ARGON2,
      clock: new TestClock(new Date(Date.parse(NOW) + OUTBOX_LEASE_MS + 1_000).toISOString()),
      seed: false,
      scheduleJobs: false,
      config: { dataDir: world.t.dataDir, databaseUrl: world.t.databaseUrl, jwtSecret: JWT_SECRET, logLevel: 'silent' },
      ...(world.t.pgSchema ? { pgSchema: world.t.pgSchema } : {}),
      listenPort: 0,
      hostname: '127.0.0.1',
    });
    await until(() => partnerReceiver.acknowledged().length === 2 * DEPOSITS, `all ${2 * DEPOSITS} notifications acknowledged after the restart`);

    const heard = partnerReceiver.heard;
    const typesByDeposit = new Map<string, string[]>();
    for (const request of partnerReceiver.acknowledged()) typesByDeposit.set(request.depositId, [...(typesByDeposit.get(request.depositId) ?? []), request.type]);
    expect(Object.fromEntries(typesByDeposit)).toEqual(Object.fromEntries(deposits.map((deposit) => [deposit.id, ['deposit.approved', 'deposit.activated']])));
    const written = new Map<string, string[]>();
    for (const row of left) written.set(row.deposit_id!, [...(written.get(row.deposit_id!) ?? []), row.id]);
    expect(orderBreaks(heard, written)).toEqual([]);
    for (const id of new Set(heard.map((request) => request.id))) expect(new Set(heard.filter((request) => request.id === id).map((request) => request.body)).size, id).toBe(1);
    // The cut-off attempt was sent again; what the partner had acknowledged was not.
    expect(heard.filter((request) => request.id === cutOff.id)).toHaveLength(2);
    for (const id of acknowledgedBeforeCrash) expect(heard.filter((request) => request.id === id), id).toHaveLength(1);
    expect(partnerReceiver.forged).toEqual([]);
    // The last acknowledgement reaches the receiver a moment before its outcome is written.
    const delivered = async () => (await world.db.selectFrom('outbox').select(['status', 'lease_until']).where('destination', '=', CODE).execute()).every((row) => row.status === 'delivered' && row.lease_until === null);
    await until(delivered, 'every notification recorded as delivered', 5_000);
  }, 60_000);
});
