import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CourierError, jneClient, type CourierClient, type PickupRequest } from '../../server/courier/jne-client';
import { courierFromConfig, SANDBOX_JNE_API_KEY, SANDBOX_JNE_USERNAME } from '../../server/courier/jne-provider';
import { jneSandbox } from '../../server/courier/jne-sandbox';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../server/platform/clock';
import { inAmbientTransaction } from '../../server/platform/db/ambient-transaction';
import { ServiceError } from '../../server/platform/errors';
import { closedPortUrl, dialects, TestClock, openTestDatabase, serveMounted, type Served, type TestDatabase } from './support/provider-sandboxes';

/**
 * The real JNE client against the JNE sandbox over real HTTP, on each dialect: booking, tracing
 * through every status (by the clock and by the control endpoint), cancelling, and every kind of
 * refusal JNE answers as HTTP 200 with an error body.
 */

const USERNAME = 'BPRTEST';
const API_KEY = 'kunci-rahasia-jne';
const START = '2026-03-02T01:00:00.000Z'; // Monday 08.00 WIB

/** Two "banks": ours owns every AWB, the other none (the real session and ownership: tests/api/courier.test.ts). */
const OUR_STAFF = 'Bearer staf-bank-kita';
const OTHER_STAFF = 'Bearer staf-bank-lain';
const control = {
  staffBank: async (authorization: string | undefined) => (authorization === OUR_STAFF ? 'bank-kita' : authorization === OTHER_STAFF ? 'bank-lain' : null),
  bankOwns: async (bankId: string) => bankId === 'bank-kita',
};
/** No token proves a session here: the control endpoint of a sandbox built by courierFromConfig refuses all. */
const noSessions = {
  authenticate: async (): Promise<never> => {
    throw new ServiceError('unauthenticated', 'Silakan login terlebih dahulu.');
  },
};

let sequence = 0;
function pickup(overrides: Partial<PickupRequest> = {}): PickupRequest {
  sequence += 1;
  return {
    reference: `shp-${sequence}-${crypto.randomUUID()}`,
    pickupDate: '2026-03-02',
    pickupTime: '10:00',
    shipper: { name: 'BPR Sejahtera Abadi', contact: 'Rina (Operator)', phone: '0271123456', address: 'Jl. Slamet Riyadi No. 10', district: 'Laweyan', city: 'Surakarta', zip: '57141', region: 'Jawa Tengah' },
    receiver: { name: 'Budi Santoso', phone: '081234567890', address: 'Jl. Melati No. 5 RT 02/03', district: 'Banjarsari', city: 'Surakarta', zip: '57131', region: 'Jawa Tengah' },
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<CourierError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CourierError);
    return error as CourierError;
  }
  throw new Error('expected a CourierError');
}

describe.each(dialects)('JNE client against the JNE sandbox on %s', (dialect) => {
  let database: TestDatabase;
  let clock: TestClock;
  let served: Served;
  let client: CourierClient;
  let baseUrl: string;

  const advance = (awb: string, status: string, authorization: string | null = OUR_STAFF) =>
    fetch(`${baseUrl}/control/advance`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify({ awb, status }) });
  const rawPost = (path: string, fields: Record<string, string>) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    clock = new TestClock(START);
    served = await serveMounted(jneSandbox({ db: database.db, clock, username: USERNAME, apiKey: API_KEY, control }), '/sandbox/jne');
    baseUrl = `${served.origin}/sandbox/jne`;
    client = jneClient({ baseUrl, username: USERNAME, apiKey: API_KEY });
  });
  afterAll(async () => {
    await served?.close();
    await database?.close();
  });

  it('books a pickup and gets a 16-digit AWB; the fresh booking traces as requested with no history yet', async () => {
    clock.set(START);
    const booked = await client.createPickup(pickup());
    expect(booked.awb).toMatch(/^\d{16}$/);
    expect(booked.status).toBe('requested');
    expect(booked.orderId).toMatch(/^SHP\d+[A-F0-9]+$/);
    expect(booked.orderId.length).toBeLessThanOrEqual(20);
    const other = await client.createPickup(pickup());
    expect(other.awb).not.toBe(booked.awb);

    const tracking = await client.track(booked.awb);
    expect(tracking).toEqual({ awb: booked.awb, status: 'requested', history: [], receiverName: null, deliveredAt: null });
  });

  it('moves a shipment through every status as the clock passes: picked up 2 h after the slot, in transit 4 h later, delivered the next day', async () => {
    clock.set(START);
    const { awb } = await client.createPickup(pickup({ pickupTime: '10:00' })); // 03:00Z

    clock.set('2026-03-02T04:59:00.000Z');
    expect((await client.track(awb)).status).toBe('requested');

    clock.set('2026-03-02T05:00:00.000Z');
    let tracking = await client.track(awb);
    expect(tracking.status).toBe('pickedUp');
    expect(tracking.history).toEqual([{ at: '2026-03-02T05:00:00.000Z', code: 'PU1', description: 'Paket dijemput kurir JNE', location: 'SURAKARTA' }]);

    clock.set('2026-03-02T09:00:00.000Z');
    tracking = await client.track(awb);
    expect(tracking.status).toBe('inTransit');
    expect(tracking.history.map((event) => event.code)).toEqual(['PU1', 'OP1']);
    expect(tracking.history[1]).toEqual({ at: '2026-03-02T09:00:00.000Z', code: 'OP1', description: 'Paket tiba di pusat sortir', location: 'SURAKARTA' });

    clock.set('2026-03-03T08:59:00.000Z');
    tracking = await client.track(awb);
    expect(tracking.status).toBe('inTransit');
    expect(tracking.history.map((event) => event.code)).toEqual(['PU1', 'OP1', 'IP3']);
    expect(tracking.history[2]!.description).toBe('Paket dibawa kurir pengantar');

    clock.set('2026-03-03T09:00:00.000Z');
    tracking = await client.track(awb);
    expect(tracking.status).toBe('delivered');
    expect(tracking.receiverName).toBe('BUDI SANTOSO');
    expect(tracking.deliveredAt).toBe('2026-03-03T09:00:00.000Z');
    expect(tracking.history.at(-1)).toEqual({ at: '2026-03-03T09:00:00.000Z', code: 'D01', description: 'Paket diterima oleh BUDI SANTOSO', location: 'SURAKARTA' });
  });

  it('moves a shipment through every status with the control endpoint, and fails another', async () => {
    clock.set(START);
    const { awb } = await client.createPickup(pickup({ pickupDate: '2026-03-05' }));
    for (const [status, codes] of [
      ['pickedUp', ['PU1']],
      ['inTransit', ['PU1', 'OP1']],
      ['delivered', ['PU1', 'OP1', 'D01']],
    ] as const) {
      const answer = await advance(awb, status);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ awb, status });
      const tracking = await client.track(awb);
      expect(tracking.status).toBe(status);
      expect(tracking.history.map((event) => event.code)).toEqual(codes);
    }
    const delivered = await client.track(awb);
    expect(delivered.receiverName).toBe('BUDI SANTOSO');
    expect(delivered.deliveredAt).toBe(clock.now().toISOString());
    // Stages forced now come a minute apart, in order.
    expect(delivered.history.map((event) => event.at)).toEqual([
      new Date(clock.now().getTime() - 2 * MINUTE_MS).toISOString(),
      new Date(clock.now().getTime() - MINUTE_MS).toISOString(),
      clock.now().toISOString(),
    ]);
    expect((await advance(awb, 'failed')).status).toBe(409);

    const second = await client.createPickup(pickup({ pickupDate: '2026-03-05' }));
    const failed = await advance(second.awb, 'failed');
    expect(await failed.json()).toEqual({ awb: second.awb, status: 'failed' });
    const tracking = await client.track(second.awb);
    expect(tracking.status).toBe('failed');
    expect(tracking.history.at(-1)).toMatchObject({ code: 'U01', description: 'Paket gagal diantar: ALAMAT TIDAK LENGKAP/ TIDAK DIKENAL', location: 'SURAKARTA' });
    expect(tracking.receiverName).toBeNull();
    // A failed shipment is never delivered, however much time passes.
    clock.advance(5 * DAY_MS);
    expect((await client.track(second.awb)).status).toBe('failed');
  });

  it('reschedules the later stages from a forced one: a shipment forced to pickedUp goes on by itself', async () => {
    clock.set(START);
    const { awb } = await client.createPickup(pickup({ pickupDate: '2026-03-09' }));
    await advance(awb, 'pickedUp');
    clock.advance(4 * HOUR_MS - MINUTE_MS);
    expect((await client.track(awb)).status).toBe('pickedUp');
    clock.advance(MINUTE_MS);
    expect((await client.track(awb)).status).toBe('inTransit');
    clock.advance(DAY_MS);
    expect((await client.track(awb)).status).toBe('delivered');
  });

  it('cancels a pickup before the courier comes (twice is still cancelled); the AWB then traces as cancelled', async () => {
    clock.set(START);
    const { awb } = await client.createPickup(pickup());
    await client.cancelPickup(awb);
    await client.cancelPickup(awb);
    const tracking = await client.track(awb);
    expect(tracking.status).toBe('cancelled');
    expect(tracking.history).toEqual([{ at: START, code: 'CR2', description: 'Penjemputan dibatalkan oleh pengirim', location: 'SURAKARTA' }]);
    // Cancelled: the clock no longer moves it, and the control endpoint refuses it.
    clock.advance(3 * DAY_MS);
    expect((await client.track(awb)).status).toBe('cancelled');
    expect((await advance(awb, 'pickedUp')).status).toBe(409);
  });

  it('refuses to cancel after pickup: a CourierError of kind conflict (409 for our API), in Indonesian', async () => {
    clock.set(START);
    const { awb } = await client.createPickup(pickup());
    clock.set('2026-03-02T05:00:00.000Z');
    const error = await failure(client.cancelPickup(awb));
    expect(error.kind).toBe('conflict');
    expect(error.httpStatus).toBe(409);
    expect(error.message).toBe('JNE menolak pembatalan penjemputan: kiriman sudah dijemput kurir.');
    expect(error.providerReason).toContain('already been picked up');
    expect((await client.track(awb)).status).toBe('pickedUp');
  });

  it('parses a refusal answered as HTTP 200 into a CourierError: a pickup slot in the past (422 for our API)', async () => {
    clock.set(START);
    const raw = await rawPost('/pickupcashless', { username: USERNAME, api_key: API_KEY });
    expect(raw.status).toBe(200);

    const error = await failure(client.createPickup(pickup({ pickupDate: '2026-03-01' })));
    expect(error.kind).toBe('refused');
    expect(error.httpStatus).toBe(422);
    expect(error.message).toBe('JNE menolak pemesanan penjemputan: tanggal penjemputan sudah lewat.');
    // Earlier the same day counts as past too.
    expect((await failure(client.createPickup(pickup({ pickupTime: '07:59' })))).kind).toBe('refused');
  });

  it('refuses a second live booking of the same ORDER_ID, and accepts it again once cancelled', async () => {
    clock.set(START);
    const request = pickup();
    const first = await client.createPickup(request);
    const error = await failure(client.createPickup(request));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/^JNE menolak pemesanan penjemputan: "ORDER_ID [A-Z0-9]+ already exists"\.$/);
    await client.cancelPickup(first.awb);
    const again = await client.createPickup(request);
    expect(again.awb).not.toBe(first.awb);
  });

  it('answers missing fields and a missing account as JNE does: HTTP 200 with an error body', async () => {
    clock.set(START);
    const noAccount = await rawPost('/pickupcashless', { PICKUP_NAME: 'x' });
    expect(noAccount.status).toBe(200);
    expect(await noAccount.json()).toEqual({ status: false, error: 'Please do not let paramaters empty.' });

    const missing = await rawPost('/pickupcashless', { username: USERNAME, api_key: API_KEY, PICKUP_NAME: 'BPR Sejahtera' });
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({ detail: [{ status: 'Error', reason: 'Please do not let field PICKUP_DATE empty' }] });

    const noCnote = await rawPost('/tracing/api/cancelcnote', { username: USERNAME, api_key: API_KEY });
    expect(await noCnote.json()).toEqual({ status: false, error: 'Please do not let paramaters empty.' });
  });

  it('answers a wrong api_key with an error body: a CourierError of kind credentials (502 for our API)', async () => {
    const wrong = jneClient({ baseUrl, username: USERNAME, apiKey: 'salah' });
    const booking = await failure(wrong.createPickup(pickup({ pickupDate: '2026-03-05' })));
    expect(booking.kind).toBe('credentials');
    expect(booking.httpStatus).toBe(502);
    expect(booking.message).toMatch(/^JNE menolak kredensial API Berjangka \(periksa JNE_USERNAME dan JNE_API_KEY\)/);
    expect((await failure(wrong.track('0100000000000000'))).kind).toBe('credentials');
    expect((await failure(wrong.cancelPickup('0100000000000000'))).kind).toBe('credentials');
  });

  it('answers an unknown AWB with "Cnote No. Not Found.": kind not-found (404 for our API)', async () => {
    const raw = await rawPost('/tracing/api/list/v1/cnote/0199999999999999', { username: USERNAME, api_key: API_KEY });
    expect(await raw.json()).toEqual({ status: false, error: 'Cnote No. Not Found.' });
    const error = await failure(client.track('0199999999999999'));
    expect(error.kind).toBe('not-found');
    expect(error.httpStatus).toBe(404);
    expect(error.message).toBe('Nomor resi 0199999999999999 tidak ditemukan di JNE.');
    expect((await failure(client.cancelPickup('0199999999999999'))).kind).toBe('not-found');
    // Not even sent: an AWB that cannot be one.
    expect((await failure(client.track('12 34'))).httpStatus).toBe(400);
  });

  it('answers the control endpoint in Indonesian for a wrong status or an unknown AWB', async () => {
    const wrongStatus = await advance('0100000000000000', 'teleported');
    expect(wrongStatus.status).toBe(400);
    expect((await wrongStatus.json()).message).toMatch(/^Kirim JSON/);
    const unknown = await advance('0199999999999999', 'delivered');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('Nomor resi 0199999999999999 tidak ditemukan di antara pengiriman bank Anda.');
  });

  it('moves a shipment only for the staff of the bank that booked it: no session 401, another bank 404 (as an unknown AWB), the shipment unmoved', async () => {
    clock.set(START);
    const { awb } = await client.createPickup(pickup());
    const anonymous = await advance(awb, 'delivered', null);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toMatch(/sesi staf/);
    const stranger = await advance(awb, 'delivered', OTHER_STAFF);
    expect(stranger.status).toBe(404);
    expect((await stranger.json()).message).toBe(`Nomor resi ${awb} tidak ditemukan di antara pengiriman bank Anda.`);
    expect((await client.track(awb)).status).toBe('requested');
    expect((await advance(awb, 'delivered')).status).toBe(200);
    expect((await client.track(awb)).status).toBe('delivered');
  });

  it('reports an unreachable JNE as kind unreachable (503 for our API) and a slow one as kind timeout (503)', async () => {
    const down = jneClient({ baseUrl: await closedPortUrl(), username: USERNAME, apiKey: API_KEY });
    const unreachable = await failure(down.track('0100000000000000'));
    expect(unreachable.kind).toBe('unreachable');
    expect(unreachable.httpStatus).toBe(503);
    expect(unreachable.message).toBe('JNE tidak dapat dihubungi saat ini (pelacakan). Coba lagi beberapa saat lagi.');

    const slow = jneClient({
      baseUrl,
      username: USERNAME,
      apiKey: API_KEY,
      timeoutMs: 50,
      fetch: (input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    });
    const timeout = await failure(slow.track('0100000000000000'));
    expect(timeout.kind).toBe('timeout');
    expect(timeout.httpStatus).toBe(503);
    expect(timeout.message).toBe('JNE tidak menjawab dalam 1 detik (pelacakan). Coba lagi beberapa saat lagi.');
  });

  it('keeps its shipments across a restart: a new sandbox on the same database traces them', async () => {
    clock.set(START);
    const { awb } = await client.createPickup(pickup());
    await served.close();
    served = await serveMounted(jneSandbox({ db: database.db, clock, username: USERNAME, apiKey: API_KEY, control }), '/sandbox/jne');
    baseUrl = `${served.origin}/sandbox/jne`;
    client = jneClient({ baseUrl, username: USERNAME, apiKey: API_KEY });
    clock.set('2026-03-02T05:00:00.000Z');
    expect((await client.track(awb)).status).toBe('pickedUp');
  });

  it('courierFromConfig: without JNE_URL a mounted sandbox and a client that reaches it in process; with JNE_URL the client calls it', async () => {
    clock.set(START);
    const local = courierFromConfig({ jne: { url: undefined, username: undefined, apiKey: undefined, account: {} } }, { db: database.db, clock, auth: noSessions });
    expect(local.sandbox).toBeDefined();
    expect(local.sandboxPath).toBe('/sandbox/jne');
    const booked = await local.client.createPickup(pickup());
    expect((await local.client.track(booked.awb)).status).toBe('requested');
    // What is mounted is the control endpoint alone: the published demo account reaches nothing
    // over HTTP (no tracing of another bank's parcel, no cancelling it), and control needs a session.
    const mounted = await serveMounted(local.sandbox!, '/sandbox/jne');
    try {
      const overHttp = jneClient({ baseUrl: `${mounted.origin}/sandbox/jne`, username: SANDBOX_JNE_USERNAME, apiKey: SANDBOX_JNE_API_KEY });
      expect((await failure(overHttp.track(booked.awb))).httpStatus).toBeGreaterThanOrEqual(400);
      expect((await failure(overHttp.cancelPickup(booked.awb))).httpStatus).toBeGreaterThanOrEqual(400);
      for (const path of [`/tracing/api/list/v1/cnote/${booked.awb}`, '/tracing/api/cancelcnote', '/pickupcashless']) {
        const raw = await fetch(`${mounted.origin}/sandbox/jne${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: SANDBOX_JNE_USERNAME, api_key: SANDBOX_JNE_API_KEY, cnote_no: booked.awb }).toString() });
        expect(raw.status).toBe(404);
      }
      const control = await fetch(`${mounted.origin}/sandbox/jne/control/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ awb: booked.awb, status: 'delivered' }) });
      expect(control.status).toBe(401);
      expect((await local.client.track(booked.awb)).status).toBe('requested');
    } finally {
      await mounted.close();
    }

    const remote = courierFromConfig({ jne: { url: baseUrl, username: USERNAME, apiKey: API_KEY, account: {} } }, { db: database.db, clock, auth: noSessions });
    expect(remote.sandbox).toBeUndefined();
    expect((await remote.client.track(booked.awb)).awb).toBe(booked.awb);
  });

  it('works inside a request\'s database transaction (as under an Idempotency-Key): the in-process sandbox joins it instead of waiting for it', async () => {
    clock.set(START);
    const local = courierFromConfig({ jne: { url: undefined, username: undefined, apiKey: undefined, account: {} } }, { db: database.db, clock, auth: noSessions, timeoutMs: 5000 });
    const awb = await inAmbientTransaction(database.db, async () => {
      const booked = await local.client.createPickup(pickup());
      expect((await local.client.track(booked.awb)).status).toBe('requested');
      return booked.awb;
    });
    expect((await local.client.track(awb)).awb).toBe(awb);
  });
});
