import { describe, expect, it } from 'vitest';
import {
  CourierError,
  DEFAULT_JNE_ACCOUNT,
  jneClient,
  parseCancelAnswer,
  parseJneDate,
  parsePickupAnswer,
  parseTrackingAnswer,
  pickupFields,
  statusOfJneCode,
  toJneOrderId,
  translateJneReason,
  type PickupRequest,
} from '../../server/courier/jne-client';
import { courierFromConfig } from '../../server/courier/jne-provider';
import { loadConfig } from '../../server/platform/config';

/** JNE's answers as community clients recorded them, read into our Tracking and CourierError. */

/** A real-shaped tracing answer (JNE lists history oldest first, though not always in order). */
const DELIVERED_ANSWER = {
  cnote: {
    cnote_no: '4808012000000159',
    cnote_date: '2020-10-30T12:27:30.000+07:00',
    cnote_pod_receiver: 'NORMA BUGIS',
    cnote_receiver_name: 'JUITA RUMKEL',
    cnote_pod_date: '06 NOV 2020  11:00',
    pod_status: 'DELIVERED',
    last_status: 'DELIVERED TO [NORMA BUGIS | 06-11-2020 11:00 | AMBON ]',
    pod_code: 'D01',
  },
  detail: [{ cnote_no: '4808012000000159' }],
  history: [
    { date: '30-10-2020 12:27', desc: 'SHIPMENT RECEIVED BY JNE COUNTER OFFICER AT  [PANGKALANBUN]', code: 'RC1' },
    { date: '30-10-2020 16:13', desc: 'PROCESSED AT SORTING CENTER  [PKY, AGEN PANGKALAN BUN]', code: 'OP2' },
    { date: '30-10-2020 08:04', desc: 'RECEIVED AT SORTING CENTER  [PALANGKARAYA]', code: 'OP1' },
    { date: '02-11-2020 03:37', desc: 'DEPARTED FROM TRANSIT  [GATEWAY , JAKARTA]', code: 'TP4' },
    { date: '04-11-2020 13:33', desc: 'SHIPMENT FORWARDED TO DESTINATION [AIR BUAYA/BURU UTARA BARAT]', code: 'OP3' },
    { date: '06-11-2020 11:00', desc: 'DELIVERED TO [NORMA BUGIS | 06-11-2020 11:00 | AMBON ]', code: 'D01' },
  ],
};

function request(overrides: Partial<PickupRequest> = {}): PickupRequest {
  return {
    reference: '3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f',
    pickupDate: '2026-03-02',
    pickupTime: '10:00',
    shipper: { name: 'BPR Sejahtera', phone: '0271123456', address: 'Jl. Slamet Riyadi 10', city: 'Surakarta' },
    receiver: { name: 'Budi Santoso', phone: '081234567890', address: 'Jl. Melati 5', city: 'Surakarta' },
    ...overrides,
  };
}

function thrown(work: () => unknown): CourierError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(CourierError);
    return error as CourierError;
  }
  throw new Error('expected a CourierError');
}

describe('JNE answers read into our terms', () => {
  it('reads JNE times (WIB) in each form JNE writes them, as UTC', () => {
    expect(parseJneDate('30-10-2020 08:04')).toBe('2020-10-30T01:04:00.000Z');
    expect(parseJneDate('2024-03-28 02:08:00')).toBe('2024-03-27T19:08:00.000Z');
    expect(parseJneDate('06 NOV 2020  11:00')).toBe('2020-11-06T04:00:00.000Z');
    expect(parseJneDate('14-MAR-2015 03:24')).toBe('2015-03-13T20:24:00.000Z');
    expect(parseJneDate('2020-10-30T12:27:30.000+07:00')).toBe('2020-10-30T05:27:30.000Z');
    expect(parseJneDate('31-02-2020 10:00')).toBeNull();
    expect(parseJneDate('kemarin')).toBeNull();
    expect(parseJneDate('')).toBeNull();
  });

  it('maps JNE history codes to our statuses', () => {
    expect(['PU0', 'PU1', 'RC1', 'RC11'].map(statusOfJneCode)).toEqual(Array(4).fill('pickedUp'));
    expect(['OP1', 'OP2', 'OP3', 'TP1', 'TP4', 'IP1', 'IP3', 'BI1', 'U05', 'NT', 'X1'].map(statusOfJneCode)).toEqual(Array(11).fill('inTransit'));
    expect(['D01', 'D06', 'D24', 'DB1', 'CR3'].map(statusOfJneCode)).toEqual(Array(5).fill('delivered'));
    expect(['U01', 'U02', 'U06', 'U14', 'CR1', 'CR5', 'DP5', 'OS', 'PS2', 'UB2', 'R01'].map(statusOfJneCode)).toEqual(Array(11).fill('failed'));
    expect(statusOfJneCode('CR2')).toBe('cancelled');
    expect(statusOfJneCode('ZZ9')).toBeUndefined();
  });

  it('reads a delivered tracing answer: history sorted by time, in Indonesian with places, the POD receiver and time', () => {
    const tracking = parseTrackingAnswer(DELIVERED_ANSWER, '4808012000000159');
    expect(tracking.status).toBe('delivered');
    expect(tracking.receiverName).toBe('NORMA BUGIS');
    expect(tracking.deliveredAt).toBe('2020-11-06T04:00:00.000Z');
    expect(tracking.history.map((event) => event.code)).toEqual(['OP1', 'RC1', 'OP2', 'TP4', 'OP3', 'D01']);
    expect(tracking.history[0]).toEqual({ at: '2020-10-30T01:04:00.000Z', code: 'OP1', description: 'Paket tiba di pusat sortir', location: 'PALANGKARAYA' });
    expect(tracking.history[1]).toEqual({ at: '2020-10-30T05:27:00.000Z', code: 'RC1', description: 'Paket diterima petugas JNE', location: 'PANGKALANBUN' });
    expect(tracking.history[3]).toMatchObject({ description: 'Paket transit antarkota', location: 'GATEWAY , JAKARTA' });
    expect(tracking.history[5]).toEqual({ at: '2020-11-06T04:00:00.000Z', code: 'D01', description: 'Paket diterima oleh NORMA BUGIS', location: 'AMBON' });
  });

  it('takes the status from the latest event, and the receiver from the DELIVERED line when the cnote has none', () => {
    const inTransit = parseTrackingAnswer({ ...DELIVERED_ANSWER, cnote: { pod_status: 'ON PROCESS' }, history: DELIVERED_ANSWER.history.slice(0, 5) }, 'X123456');
    expect(inTransit).toMatchObject({ status: 'inTransit', receiverName: null, deliveredAt: null });
    const picked = parseTrackingAnswer({ cnote: {}, history: [{ date: '26-03-2024 17:39', desc: 'SHIPMENT PICKED UP BY JNE COURIER [BANDUNG]', code: 'PU1' }] }, 'X123456');
    expect(picked.status).toBe('pickedUp');
    expect(picked.history[0]).toEqual({ at: '2024-03-26T10:39:00.000Z', code: 'PU1', description: 'Paket dijemput kurir JNE', location: 'BANDUNG' });
    const noPod = parseTrackingAnswer({ cnote: { pod_status: 'DELIVERED' }, history: [{ date: '01-09-2018 19:15', desc: 'DELIVERED TO [BAGUS JNE | 01-09-2018 19:15 ]', code: '' }] }, 'X123456');
    expect(noPod).toMatchObject({ status: 'delivered', receiverName: 'BAGUS JNE', deliveredAt: '2018-09-01T12:15:00.000Z' });
    const failed = parseTrackingAnswer({ cnote: {}, history: [...DELIVERED_ANSWER.history.slice(0, 5), { date: '05-11-2020 10:00', desc: 'PENERIMA TIDAK DI KENAL [AMBON]', code: 'U02' }] }, 'X123456');
    expect(failed.status).toBe('failed');
    expect(failed.history.at(-1)).toMatchObject({ description: 'Paket gagal diantar: PENERIMA TIDAK DI KENAL', location: 'AMBON' });
    // Unknown codes fall back to JNE's words.
    expect(parseTrackingAnswer({ cnote: {}, history: [{ date: '05-11-2020 10:00', desc: 'SHIPMENT RETURNED TO SHIPPER [AMBON]', code: 'Q7' }] }, 'X123456').status).toBe('failed');
    expect(parseTrackingAnswer({ cnote: {}, history: [] }, 'X123456').status).toBe('requested');
  });

  it('turns JNE refusals (HTTP 200 with an error body) into CourierErrors with Indonesian messages', () => {
    const notFound = thrown(() => parseTrackingAnswer({ status: false, error: 'Cnote No. Not Found.' }, '0100000000000001'));
    expect([notFound.kind, notFound.httpStatus, notFound.message]).toEqual(['not-found', 404, 'Nomor resi 0100000000000001 tidak ditemukan di JNE.']);

    const empty = thrown(() => parsePickupAnswer({ detail: [{ reason: 'Please do not let field OLSHOP_GOODSVALUE empty', status: 'Error' }] }));
    expect([empty.kind, empty.httpStatus, empty.message]).toEqual(['refused', 422, 'JNE menolak pemesanan penjemputan: kolom OLSHOP_GOODSVALUE wajib diisi.']);
    expect(empty.providerReason).toBe('Please do not let field OLSHOP_GOODSVALUE empty');

    const params = thrown(() => parsePickupAnswer({ error: 'Please do not let paramaters empty.', status: false }));
    expect(params.message).toBe('JNE menolak pemesanan penjemputan: ada data yang wajib diisi tetapi kosong.');

    const credentials = thrown(() => parsePickupAnswer({ status: false, error: 'Username or API Key is invalid.' }));
    expect([credentials.kind, credentials.httpStatus]).toEqual(['credentials', 502]);

    const nullCnote = thrown(() => parsePickupAnswer({ detail: [{ status: 'success', cnote_no: null }] }));
    expect(nullCnote.kind).toBe('bad-answer');
    expect(nullCnote.message).toMatch(/^JNE menerima pemesanan tetapi tidak memberi nomor resi/);

    expect(thrown(() => parsePickupAnswer('<html>')).kind).toBe('bad-answer');
    expect(thrown(() => parseCancelAnswer({ status: false, error: 'Cnote 01 has already been picked up and can no longer be cancelled.' }, '01')).kind).toBe('conflict');
    expect(parsePickupAnswer({ detail: [{ status: 'success', cnote_no: '0109401600067399' }] })).toBe('0109401600067399');
    expect(() => parseCancelAnswer({ status: true }, '0109401600067399')).not.toThrow();
  });

  it('quotes a refusal it cannot translate as JNE wrote it', () => {
    expect(translateJneReason('Destination code unknown')).toBe('"Destination code unknown"');
  });

  it('builds the /pickupcashless fields: DD-MM-YYYY and HH:MM, ORDER_ID letters and digits (≤ 20), countries, defaults', () => {
    const fields = pickupFields(request(), DEFAULT_JNE_ACCOUNT);
    expect(fields).toMatchObject({
      PICKUP_DATE: '02-03-2026',
      PICKUP_TIME: '10:00',
      ORDER_ID: '3F2A9C1E7B4D4E8A9C0F',
      PICKUP_PIC: 'BPR Sejahtera',
      SHIPPER_COUNTRY: 'INDONESIA',
      RECEIVER_COUNTRY: 'INDONESIA',
      SERVICE_CODE: 'REG',
      WEIGHT: '1',
      QTY: '1',
      GOODS_DESC: 'BILYET DEPOSITO',
      GOODS_AMOUNT: '0',
      INSURANCE_FLAG: 'N',
      BRANCH: 'CGK000',
    });
    expect(toJneOrderId('shp-12_ab')).toBe('SHP12AB');
  });

  it('refuses a booking it cannot send, naming every missing piece in Indonesian (400), before any request', () => {
    const error = thrown(() =>
      pickupFields(request({ reference: '---', pickupDate: '2026-02-30', pickupTime: '25:00', receiver: { name: '', phone: '', address: 'x', city: 'y' } }), DEFAULT_JNE_ACCOUNT),
    );
    expect(error.httpStatus).toBe(400);
    expect(error.message).toBe(
      'Data penjemputan JNE belum lengkap atau tidak valid: referensi pengiriman, tanggal penjemputan (format YYYY-MM-DD), jam penjemputan (format JJ:MM), nama penerima, telepon penerima.',
    );
  });
});

describe('the JNE client on the wire', () => {
  it('POSTs a form with username and api_key to /pickupcashless and reads the AWB', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const client = jneClient({
      baseUrl: 'https://jne.test/base/',
      username: 'BPR',
      apiKey: 'key&=1',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init! });
        return new Response(JSON.stringify({ detail: [{ status: 'success', cnote_no: '0109401600067399' }] }), { status: 200 });
      },
    });
    expect(await client.createPickup(request())).toEqual({ awb: '0109401600067399', orderId: '3F2A9C1E7B4D4E8A9C0F', status: 'requested' });
    expect(calls[0]!.url).toBe('https://jne.test/base/pickupcashless');
    expect(calls[0]!.init.method).toBe('POST');
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(calls[0]!.init.body));
    expect(form.get('username')).toBe('BPR');
    expect(form.get('api_key')).toBe('key&=1');
    expect(form.get('RECEIVER_NAME')).toBe('Budi Santoso');
  });

  it('reads a refusal body even when JNE sends it with an error status; an HTTP 5xx without one is a bad answer (502)', async () => {
    const answering = (status: number, body: string) => jneClient({ baseUrl: 'https://jne.test', username: 'u', apiKey: 'k', fetch: async () => new Response(body, { status }) });
    await expect(answering(400, '{"status":false,"error":"Cnote No. Not Found."}').track('0100000000000001')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(answering(503, 'Service Unavailable').track('0100000000000001')).rejects.toMatchObject({ kind: 'bad-answer', httpStatus: 502 });
    await expect(answering(401, '').track('0100000000000001')).rejects.toMatchObject({ kind: 'credentials', httpStatus: 502 });
    await expect(answering(200, 'not json').track('0100000000000001')).rejects.toMatchObject({ kind: 'bad-answer' });
  });

  it('times out a JNE that stalls in the middle of its answer (kind timeout, 503), not only one that never answers', async () => {
    const client = jneClient({
      baseUrl: 'https://jne.test',
      username: 'u',
      apiKey: 'k',
      timeoutMs: 30,
      fetch: async (_url, init) =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"cnote":'));
              init!.signal!.addEventListener('abort', () => controller.error(init!.signal!.reason));
            },
          }),
          { status: 200 },
        ),
    });
    await expect(client.track('0100000000000001')).rejects.toMatchObject({ kind: 'timeout', httpStatus: 503 });
  });

  it('turns a network failure into kind unreachable (503), never a raw error', async () => {
    const client = jneClient({ baseUrl: 'https://jne.test', username: 'u', apiKey: 'k', fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    await expect(client.cancelPickup('0100000000000001')).rejects.toMatchObject({ kind: 'unreachable', httpStatus: 503 });
  });
});

describe('the JNE account from the configuration', () => {
  it('sends JNE_BRANCH, JNE_CUST_ID, JNE_MERCHANT_ID and JNE_ORIGIN_CODE with a booking; unset ones keep the defaults', async () => {
    const sent: URLSearchParams[] = [];
    const fetch = async (_input: string | URL | Request, init?: RequestInit) => {
      sent.push(new URLSearchParams(String(init?.body)));
      return new Response(JSON.stringify({ detail: [{ status: 'success', cnote_no: '0109401600067399' }] }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const config = loadConfig({ JNE_URL: 'https://jne.example', JNE_USERNAME: 'BPRKITA', JNE_API_KEY: 'kunci', JNE_BRANCH: 'BDO000', JNE_CUST_ID: '12345678', JNE_MERCHANT_ID: 'BPRKITA', JNE_ORIGIN_CODE: 'BDO10000' });
    const { client, sandbox } = courierFromConfig(config, { db: undefined as never, clock: { now: () => new Date() }, auth: undefined as never, fetch });
    expect(sandbox).toBeUndefined();
    await client.createPickup(request());
    expect(Object.fromEntries(['BRANCH', 'CUST_ID', 'MERCHANT_ID', 'ORIGIN_CODE', 'DESTINATION_CODE', 'username'].map((name) => [name, sent[0]!.get(name)]))).toEqual({
      BRANCH: 'BDO000',
      CUST_ID: '12345678',
      MERCHANT_ID: 'BPRKITA',
      ORIGIN_CODE: 'BDO10000',
      DESTINATION_CODE: DEFAULT_JNE_ACCOUNT.destinationCode,
      username: 'BPRKITA',
    });
  });
});
