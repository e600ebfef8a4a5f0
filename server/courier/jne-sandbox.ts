import { randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { DAY_MS, HOUR_MS, MINUTE_MS, type Clock } from '../platform/clock';
import type { Database } from '../platform/db/schema';
import type { AppEnv } from '../platform/http/session';

/**
 * A stand-in for JNE, mounted at /sandbox/jne when JNE_URL is unset. It speaks JNE's HTTP shape
 * (see jne-client.ts): form-encoded POSTs with username and api_key, JSON answers, and refusals
 * as HTTP 200 with an error body — a wrong api_key, an unknown AWB, a missing field, a pickup
 * slot in the past, an ORDER_ID booked already, a cancel after pickup.
 *
 * Shipments move by themselves as the injected clock passes: picked up 2 h after the pickup slot,
 * in transit 4 h later, delivered a day after that (to the addressee, code D01). For tests and
 * demos, `POST /control/advance` with JSON `{ "awb": "…", "status": "pickedUp" | "inTransit" |
 * "delivered" | "failed" }` moves one now (it exists only here; JNE has nothing like it). It
 * takes a staff session (Bearer) of the bank that booked the shipment: a parcel's news is the
 * bilyet's receipt, which nobody else may make up. Only this endpoint faces the internet
 * (jne-provider.ts): the merchant API's credentials are published, so our client alone reaches it.
 * Its state is in the database (sandbox_jne_shipments, migration 0008): a restart keeps a demo's
 * shipments.
 *
 * Endpoints (relative to the mount):
 *   POST /pickupcashless                       book; { detail: [{ status: "success", cnote_no }] }
 *   POST /tracing/api/list/v1/cnote/{awb}      trace; { cnote, detail, history }
 *   POST /tracing/api/cancelcnote              cancel (cnote_no) before pickup; { status: true }
 *   POST /control/advance                      JSON { awb, status } → { awb, status }
 */

interface JneSandboxOptions {
  /** The server's (ambient-transaction-aware) handle. */
  db: Kysely<Database>;
  clock: Clock;
  /** The account the sandbox accepts. */
  username: string;
  apiKey: string;
  /** Who may move a shipment with /control/advance. */
  control: JneSandboxControlAccess;
  logger?: Logger;
}

interface JneSandboxControlAccess {
  /** The bank of the staff session in this Authorization header, or null when there is none valid. */
  staffBank(authorization: string | undefined): Promise<string | null>;
  /** Whether this bank booked this AWB. */
  bankOwns(bankId: string, awb: string): Promise<boolean>;
}

interface SandboxJneShipmentsTable {
  awb: string;
  order_id: string;
  service_code: string;
  shipper_name: string;
  shipper_city: string;
  receiver_name: string;
  receiver_city: string;
  booking: string;
  booked_at: string;
  pickup_at: string;
  picked_up_at: string;
  in_transit_at: string;
  delivered_at: string | null;
  failed_at: string | null;
  cancelled_at: string | null;
}

export interface JneSandboxTables {
  sandbox_jne_shipments: SandboxJneShipmentsTable;
}

type ShipmentRow = SandboxJneShipmentsTable;

export const SANDBOX_PICKUP_DELAY_MS = 2 * HOUR_MS;
export const SANDBOX_TRANSIT_DELAY_MS = 4 * HOUR_MS;
export const SANDBOX_DELIVERY_DELAY_MS = DAY_MS;

/** The fields the sandbox refuses to book without (JNE refuses these empty too). */
const REQUIRED_FIELDS = [
  'PICKUP_NAME', 'PICKUP_DATE', 'PICKUP_TIME', 'PICKUP_PIC', 'PICKUP_PIC_PHONE', 'PICKUP_ADDRESS', 'PICKUP_CITY',
  'BRANCH', 'CUST_ID', 'ORDER_ID', 'SHIPPER_NAME', 'SHIPPER_ADDR1', 'SHIPPER_CITY', 'SHIPPER_COUNTRY', 'SHIPPER_PHONE',
  'RECEIVER_NAME', 'RECEIVER_ADDR1', 'RECEIVER_CITY', 'RECEIVER_COUNTRY', 'RECEIVER_PHONE', 'ORIGIN_CODE',
  'DESTINATION_CODE', 'SERVICE_CODE', 'WEIGHT', 'QTY', 'GOODS_DESC', 'GOODS_AMOUNT', 'SPECIAL_INS',
] as const;

/** JNE's own texts where known (the parameters one keeps JNE's spelling); the others are assumed. */
const PARAMETERS_EMPTY = 'Please do not let paramaters empty.';
const WRONG_ACCOUNT = 'Username or API Key is invalid.';
const CNOTE_NOT_FOUND = 'Cnote No. Not Found.';

const CONTROL_STATUSES = ['pickedUp', 'inTransit', 'delivered', 'failed'] as const;
type ControlStatus = (typeof CONTROL_STATUSES)[number];

export function jneSandbox(options: JneSandboxOptions): Hono<AppEnv> {
  // A cast, not db.withTables(): withTables would build a new Kysely outside the ambient-transaction
  // proxy, and a sandbox query inside a request's transaction would then wait for it (SQLite).
  const db = options.db as unknown as Kysely<JneSandboxTables>;
  const { clock } = options;
  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    options.logger?.error({ err: error, path: c.req.path }, 'JNE sandbox failed');
    return c.json({ status: false, error: 'Internal Server Error' }, 500);
  });

  /** The form, or JNE's refusal when the account is missing or wrong. */
  async function authenticated(c: Context): Promise<Record<string, string> | Response> {
    const form = await readForm(c);
    if (!form.username || !form.api_key) return c.json({ status: false, error: PARAMETERS_EMPTY });
    if (form.username !== options.username || form.api_key !== options.apiKey) return c.json({ status: false, error: WRONG_ACCOUNT });
    return form;
  }

  app.post('/pickupcashless', async (c) => {
    const form = await authenticated(c);
    if (form instanceof Response) return form;
    const refuse = (reason: string) => c.json({ detail: [{ status: 'Error', reason }] });
    for (const field of REQUIRED_FIELDS) {
      if (!form[field]?.trim()) return refuse(`Please do not let field ${field} empty`);
    }
    const pickupAt = wibSlot(form.PICKUP_DATE!, form.PICKUP_TIME!);
    if (!pickupAt) return refuse('Invalid PICKUP_DATE or PICKUP_TIME format (DD-MM-YYYY, HH:MM)');
    const now = clock.now();
    if (pickupAt.getTime() < now.getTime()) return refuse('PICKUP_DATE cannot be less than current date and time');
    const orderId = form.ORDER_ID!.trim();
    if (!/^[A-Za-z0-9]{1,20}$/.test(orderId)) return refuse('ORDER_ID must be 1-20 letters or digits');
    if (!/^\d+(\.\d+)?$/.test(form.WEIGHT!.trim()) || Number(form.WEIGHT) <= 0) return refuse('Invalid WEIGHT');

    const live = await db.selectFrom('sandbox_jne_shipments').select('awb').where('order_id', '=', orderId).where('cancelled_at', 'is', null).executeTakeFirst();
    if (live) return refuse(`ORDER_ID ${orderId} already exists`);

    const booking = Object.fromEntries(Object.entries(form).filter(([name]) => name !== 'username' && name !== 'api_key'));
    for (let attempt = 0; ; attempt += 1) {
      const awb = newAwb();
      const taken = await db.selectFrom('sandbox_jne_shipments').select('awb').where('awb', '=', awb).executeTakeFirst();
      if (taken) {
        if (attempt >= 5) throw new Error('no free AWB after 5 draws');
        continue;
      }
      await db.insertInto('sandbox_jne_shipments').values(sandboxBookingRow(awb, booking, now, pickupAt)).execute();
      return c.json({ detail: [{ status: 'success', cnote_no: awb }] });
    }
  });

  app.post('/tracing/api/list/v1/cnote/:awb', async (c) => {
    const form = await authenticated(c);
    if (form instanceof Response) return form;
    const row = await findShipment(c.req.param('awb'));
    if (!row) return c.json({ status: false, error: CNOTE_NOT_FOUND });
    return c.json(traceAnswer(row, clock.now()));
  });

  app.post('/tracing/api/cancelcnote', async (c) => {
    const form = await authenticated(c);
    if (form instanceof Response) return form;
    const awb = form.cnote_no?.trim();
    if (!awb) return c.json({ status: false, error: PARAMETERS_EMPTY });
    const row = await findShipment(awb);
    if (!row) return c.json({ status: false, error: CNOTE_NOT_FOUND });
    if (row.cancelled_at) return c.json({ status: true, message: `Cnote ${awb} already cancelled.` });
    const now = clock.now().toISOString();
    // Only while the courier has not come: the condition is in the update, so a pickup that
    // happens between the read and the write still wins.
    const result = await db
      .updateTable('sandbox_jne_shipments')
      .set({ cancelled_at: now })
      .where('awb', '=', awb)
      .where('cancelled_at', 'is', null)
      .where('picked_up_at', '>', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      return c.json({ status: false, error: `Cnote ${awb} has already been picked up and can no longer be cancelled.` });
    }
    return c.json({ status: true, message: `Cnote ${awb} cancelled.` });
  });

  app.post('/control/advance', async (c) => {
    const bankId = await options.control.staffBank(c.req.header('authorization'));
    if (!bankId) return c.json({ message: 'Masuk sebagai staf bank terlebih dahulu: kontrol sandbox JNE memerlukan sesi staf (Authorization: Bearer …).' }, 401);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      body = undefined;
    }
    const awb = typeof (body as { awb?: unknown } | undefined)?.awb === 'string' ? (body as { awb: string }).awb.trim() : '';
    const status = (body as { status?: unknown } | undefined)?.status;
    if (!awb || !CONTROL_STATUSES.includes(status as ControlStatus)) {
      return c.json({ message: `Kirim JSON { "awb": "…", "status": "${CONTROL_STATUSES.join('" | "')}" }.` }, 400);
    }
    const row = await findShipment(awb);
    // Another bank's AWB reads exactly like an unknown one.
    if (!row || !(await options.control.bankOwns(bankId, awb))) return c.json({ message: `Nomor resi ${awb} tidak ditemukan di antara pengiriman bank Anda.` }, 404);
    if (row.cancelled_at) return c.json({ message: `Pemesanan resi ${awb} sudah dibatalkan.` }, 409);
    const now = clock.now();
    const current = stageAt(row, now);
    if (status === 'failed' && current === 'delivered') return c.json({ message: `Kiriman ${awb} sudah diterima; tidak bisa digagalkan.` }, 409);
    if (status !== 'failed' && current === 'failed') return c.json({ message: `Kiriman ${awb} sudah gagal diantar.` }, 409);
    const changes = advanced(row, status as ControlStatus, now);
    if (changes) await db.updateTable('sandbox_jne_shipments').set(changes).where('awb', '=', awb).execute();
    const after = { ...row, ...changes };
    return c.json({ awb, status: stageAt(after, now) });
  });

  async function findShipment(awb: string): Promise<ShipmentRow | undefined> {
    if (!/^\d{16}$/.test(awb)) return undefined;
    return await db.selectFrom('sandbox_jne_shipments').selectAll().where('awb', '=', awb).executeTakeFirst();
  }

  return app;
}

/**
 * A booking's row (`booking`: the pickup form without the account), booked at `bookedAt` for the
 * slot `pickupAt`, on the sandbox's schedule: picked up, in transit and delivered by themselves.
 */
export function sandboxBookingRow(awb: string, booking: Record<string, string>, bookedAt: Date, pickupAt: Date): ShipmentRow {
  const pickedUpAt = pickupAt.getTime() + SANDBOX_PICKUP_DELAY_MS;
  const inTransitAt = pickedUpAt + SANDBOX_TRANSIT_DELAY_MS;
  const field = (name: string) => (booking[name] ?? '').trim().toUpperCase();
  return {
    awb,
    order_id: (booking.ORDER_ID ?? '').trim(),
    service_code: field('SERVICE_CODE'),
    shipper_name: field('SHIPPER_NAME'),
    shipper_city: field('SHIPPER_CITY'),
    receiver_name: field('RECEIVER_NAME'),
    receiver_city: field('RECEIVER_CITY'),
    booking: JSON.stringify(booking),
    booked_at: bookedAt.toISOString(),
    pickup_at: pickupAt.toISOString(),
    picked_up_at: new Date(pickedUpAt).toISOString(),
    in_transit_at: new Date(inTransitAt).toISOString(),
    delivered_at: new Date(inTransitAt + SANDBOX_DELIVERY_DELAY_MS).toISOString(),
    failed_at: null,
    cancelled_at: null,
  };
}

/** 16 digits like JNE's (0109401600067399), 14 of them random: unguessable enough for a sandbox. */
function newAwb(): string {
  let digits = '01';
  for (let index = 0; index < 14; index += 1) digits += String(randomInt(10));
  return digits;
}

async function readForm(c: Context): Promise<Record<string, string>> {
  let parsed: Record<string, unknown>;
  try {
    parsed = await c.req.parseBody();
  } catch {
    parsed = {};
  }
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** DD-MM-YYYY and HH:MM in WIB as an instant, or null. */
function wibSlot(date: string, time: string): Date | null {
  const d = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date.trim());
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  if (!d || !t) return null;
  const [day, month, year] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const instant = new Date(Date.UTC(year, month - 1, day, Number(t[1]) - 7, Number(t[2])));
  const check = new Date(instant.getTime() + 7 * HOUR_MS);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return instant;
}

type Stage = 'requested' | 'pickedUp' | 'inTransit' | 'delivered' | 'failed' | 'cancelled';

function reached(at: string | null, now: Date): boolean {
  return at !== null && Date.parse(at) <= now.getTime();
}

/** Where the shipment is at `now`. */
function stageAt(row: ShipmentRow, now: Date): Stage {
  if (row.cancelled_at) return 'cancelled';
  if (reached(row.failed_at, now)) return 'failed';
  if (reached(row.delivered_at, now)) return 'delivered';
  if (reached(row.in_transit_at, now)) return 'inTransit';
  if (reached(row.picked_up_at, now)) return 'pickedUp';
  return 'requested';
}

/**
 * The stage times after moving the shipment to `target` now, or null when it is there already.
 * Stages that had not come yet come a minute apart up to now; the later ones are rescheduled
 * with the usual gaps from there (a shipment failed is never delivered).
 */
function advanced(row: ShipmentRow, target: ControlStatus, now: Date): Partial<ShipmentRow> | null {
  const order: ControlStatus[] = ['pickedUp', 'inTransit', target === 'failed' ? 'failed' : 'delivered'];
  const columns = ['picked_up_at', 'in_transit_at', target === 'failed' ? 'failed_at' : 'delivered_at'] as const;
  const targetIndex = order.indexOf(target);
  if (reached(row[columns[targetIndex]!], now)) return null;
  const changes: Partial<ShipmentRow> = {};
  let previous = Number.NEGATIVE_INFINITY;
  columns.forEach((column, index) => {
    const existing = row[column] === null ? Number.POSITIVE_INFINITY : Date.parse(row[column]!);
    let at: number;
    if (index <= targetIndex) {
      at = Math.min(existing, now.getTime() - (targetIndex - index) * MINUTE_MS);
    } else {
      at = previous + (index === 1 ? SANDBOX_TRANSIT_DELAY_MS : SANDBOX_DELIVERY_DELAY_MS);
    }
    at = Math.max(at, previous);
    previous = at;
    changes[column] = new Date(at).toISOString();
  });
  if (target === 'failed') changes.delivered_at = null;
  return changes;
}

interface HistoryEntry {
  at: Date;
  code: string;
  desc: string;
}

function history(row: ShipmentRow, now: Date): HistoryEntry[] {
  if (row.cancelled_at) return [{ at: new Date(row.cancelled_at), code: 'CR2', desc: `CANCEL BY SHIPPER [${row.shipper_city}]` }];
  const entries: HistoryEntry[] = [];
  if (reached(row.picked_up_at, now)) entries.push({ at: new Date(row.picked_up_at), code: 'PU1', desc: `SHIPMENT PICKED UP BY JNE COURIER [${row.shipper_city}]` });
  if (reached(row.in_transit_at, now)) entries.push({ at: new Date(row.in_transit_at), code: 'OP1', desc: `RECEIVED AT SORTING CENTER [${row.shipper_city}]` });
  const end = row.failed_at ?? row.delivered_at;
  if (end) {
    const withCourier = Date.parse(end) - 3 * HOUR_MS;
    if (withCourier > Date.parse(row.in_transit_at) && withCourier <= now.getTime()) {
      entries.push({ at: new Date(withCourier), code: 'IP3', desc: `WITH DELIVERY COURIER [${row.receiver_city}]` });
    }
  }
  if (reached(row.delivered_at, now)) {
    const at = new Date(row.delivered_at!);
    entries.push({ at, code: 'D01', desc: `DELIVERED TO [${row.receiver_name} | ${wibDayMonthYear(at)} ${wibTime(at)} | ${row.receiver_city} ]` });
  }
  if (reached(row.failed_at, now)) entries.push({ at: new Date(row.failed_at!), code: 'U01', desc: `ALAMAT TIDAK LENGKAP/ TIDAK DIKENAL [${row.receiver_city}]` });
  return entries;
}

/** JNE's tracing answer for one shipment at `now`. */
export function traceAnswer(row: ShipmentRow, now: Date) {
  const booking = JSON.parse(row.booking) as Record<string, string>;
  const entries = history(row, now);
  const stage = stageAt(row, now);
  const delivered = stage === 'delivered';
  const last = entries.at(-1);
  const bookedAt = new Date(row.booked_at);
  const deliveredAt = delivered ? new Date(row.delivered_at!) : null;
  return {
    cnote: {
      cnote_no: row.awb,
      reference_number: row.order_id,
      cnote_origin: booking.ORIGIN_CODE ?? '',
      cnote_destination: booking.DESTINATION_CODE ?? '',
      cnote_services_code: row.service_code,
      servicetype: row.service_code,
      cnote_cust_no: booking.CUST_ID ?? '',
      cnote_date: wibIso(bookedAt),
      cnote_pod_receiver: delivered ? row.receiver_name : null,
      cnote_receiver_name: row.receiver_name,
      city_name: row.receiver_city,
      cnote_pod_date: deliveredAt ? podDate(deliveredAt) : null,
      pod_status: delivered ? 'DELIVERED' : stage === 'cancelled' ? 'CANCELLED' : stage === 'failed' ? 'UNDELIVERED' : 'ON PROCESS',
      last_status: last?.desc ?? null,
      cnote_amount: booking.GOODS_AMOUNT ?? '0',
      cnote_weight: booking.WEIGHT ?? '1',
      pod_code: last?.code ?? null,
      keterangan: delivered ? 'YANG BERSANGKUTAN' : null,
      cnote_goods_descr: booking.GOODS_DESC ?? '',
      estimate_delivery: '1 Days',
    },
    detail: [
      {
        cnote_no: row.awb,
        cnote_date: `${wibDayMonthYear(bookedAt)} ${wibTime(bookedAt)}`,
        cnote_weight: booking.WEIGHT ?? '1',
        cnote_origin: row.shipper_city,
        cnote_shipper_name: row.shipper_name,
        cnote_shipper_addr1: booking.SHIPPER_ADDR1 ?? '',
        cnote_shipper_addr2: booking.SHIPPER_ADDR2 ?? '',
        cnote_shipper_addr3: null,
        cnote_shipper_city: row.shipper_city,
        cnote_receiver_name: row.receiver_name,
        cnote_receiver_addr1: booking.RECEIVER_ADDR1 ?? '',
        cnote_receiver_addr2: booking.RECEIVER_ADDR2 ?? '',
        cnote_receiver_addr3: null,
        cnote_receiver_city: row.receiver_city,
      },
    ],
    history: entries.map((entry) => ({ date: `${wibDayMonthYear(entry.at)} ${wibTime(entry.at)}`, desc: entry.desc, code: entry.code })),
  };
}

function wib(date: Date): Date {
  return new Date(date.getTime() + 7 * HOUR_MS);
}

function wibDayMonthYear(date: Date): string {
  const w = wib(date);
  return `${String(w.getUTCDate()).padStart(2, '0')}-${String(w.getUTCMonth() + 1).padStart(2, '0')}-${w.getUTCFullYear()}`;
}

function wibTime(date: Date): string {
  const w = wib(date);
  return `${String(w.getUTCHours()).padStart(2, '0')}:${String(w.getUTCMinutes()).padStart(2, '0')}`;
}

/** "06 NOV 2020  11:00", as JNE writes cnote_pod_date. */
function podDate(date: Date): string {
  const w = wib(date);
  const month = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][w.getUTCMonth()]!;
  return `${String(w.getUTCDate()).padStart(2, '0')} ${month} ${w.getUTCFullYear()}  ${wibTime(date)}`;
}

/** "2026-03-02T09:00:00.000+07:00" */
function wibIso(date: Date): string {
  return `${wib(date).toISOString().slice(0, 23)}+07:00`;
}
