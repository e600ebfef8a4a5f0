import type { ShipmentStatus } from '../../contract/deposit';
import { exchange, jsonOf, ProviderError, type FetchLike } from '../platform/provider-http';

/**
 * The JNE client: books a courier pickup for a bilyet, cancels it before pickup, and traces the
 * AWB. It speaks JNE's own API, whether JNE_URL is JNE or the local sandbox (jne-sandbox.ts).
 *
 * JNE's API, as far as public material shows it (no public reference exists; integrators work
 * from a PDF JNE hands out, and community clients agree on the following):
 * - Every call is a POST with an application/x-www-form-urlencoded body that carries `username`
 *   and `api_key` beside the call's own fields; the answer is JSON.
 * - `POST /pickupcashless` books a pickup and returns the AWB (JNE's "cnote"):
 *   `{ "detail": [{ "status": "success", "cnote_no": "0109401600067399" }] }`. The fields are the
 *   upper-case PICKUP_*, SHIPPER_*, RECEIVER_*, … of JNE_PICKUP_FIELDS below, dates DD-MM-YYYY and
 *   times HH:MM in WIB.
 * - `POST /tracing/api/list/v1/cnote/{awb}` answers `{ cnote: {…, pod_status, cnote_pod_receiver,
 *   cnote_pod_date}, detail: [...], history: [{ date: "30-10-2020 08:04", desc: "RECEIVED AT
 *   SORTING CENTER [PALANGKARAYA]", code: "OP1" }, …] }`, history oldest first, times in WIB.
 * - `POST /tracing/api/cancelcnote` with `cnote_no` cancels a booking (assumed answer: `{ status:
 *   true }`; the public clients do not show it).
 * - Refusals come back as HTTP 200 with an error body: `{ "status": false, "error": "Cnote No. Not
 *   Found." }` or, from /pickupcashless, `{ "detail": [{ "status": "Error", "reason": "Please do not
 *   let field OLSHOP_GOODSVALUE empty" }] }`. The body decides, not the status code.
 * - Assumed: a wrong username or api_key answers `{ status: false, error }` whose text names the
 *   username or API key; it is told apart from other refusals by that text.
 * - In production JNE serves tracing and pickups on different ports of apiv2.jne.co.id; JNE_URL is
 *   one base, so a site whose account uses two hosts fronts them with one (or the lead adds a
 *   second variable). The account fields (BRANCH, CUST_ID, MERCHANT_ID, ORIGIN_CODE, …) are JNE's
 *   per customer: `account` takes them; the defaults are the sandbox's.
 * - Known quirk: right after a booking JNE may answer "Cnote No. Not Found." for a while; track()
 *   throws kind 'not-found' then, and a caller tracking a shipment it booked itself may read that
 *   as "no update yet".
 */

export type TrackingStatus = ShipmentStatus;

export interface CourierParty {
  name: string;
  /** The person to ask for; defaults to name. */
  contact?: string;
  phone: string;
  address: string;
  district?: string;
  city: string;
  zip?: string;
  /** Province. */
  region?: string;
}

export interface PickupRequest {
  /** Our reference (e.g. the shipment id); sent as JNE's ORDER_ID: letters and digits, at most 20. */
  reference: string;
  /** When the courier comes, in WIB: YYYY-MM-DD and HH:mm. */
  pickupDate: string;
  pickupTime: string;
  /** The bank: where the courier picks the bilyet up, and the sender on the label. */
  shipper: CourierParty;
  /** The customer. */
  receiver: CourierParty;
  /** Default "BILYET DEPOSITO". */
  goodsDescription?: string;
  /** Declared value in rupiah; default 0 (a bilyet is a document, not the deposit's amount). */
  goodsValue?: number;
  /** Default 1 (JNE bills by started kilogram). */
  weightKg?: number;
  /** JNE service code; default REG. */
  service?: string;
  /** JNE tariff codes; default the account's. */
  originCode?: string;
  destinationCode?: string;
  /** Free text for the courier. */
  specialInstruction?: string;
}

export interface PickupBooked {
  awb: string;
  /** The ORDER_ID JNE knows the booking by. */
  orderId: string;
  status: 'requested';
}

export interface TrackingEvent {
  /** ISO-8601 UTC. */
  at: string;
  /** JNE's code (OP1, PU1, D01, …). */
  code: string;
  /** What happened, in Indonesian (JNE's own text when the code is unknown). */
  description: string;
  /** The place JNE names, upper-case as JNE writes it; null when none. */
  location: string | null;
}

export interface Tracking {
  awb: string;
  status: TrackingStatus;
  /** Oldest first. */
  history: TrackingEvent[];
  /** Who took the parcel (JNE's POD receiver); only when delivered. */
  receiverName: string | null;
  /** ISO-8601 UTC; only when delivered. */
  deliveredAt: string | null;
}

export interface CourierClient {
  createPickup(request: PickupRequest): Promise<PickupBooked>;
  /** Resolves when JNE cancelled the booking (or it was cancelled already); kind 'conflict' after pickup. */
  cancelPickup(awb: string): Promise<void>;
  track(awb: string): Promise<Tracking>;
}

/** A JNE call that did not succeed; `httpStatus` is what our API answers (see ProviderError). */
export class CourierError extends ProviderError {
  constructor(kind: ProviderError['kind'], message: string, providerReason?: string) {
    super('jne', kind, message, providerReason);
    this.name = 'CourierError';
  }
}

/** JNE's per-customer account fields (given by JNE with the username and API key). */
export interface JneAccount {
  branch: string;
  custId: string;
  merchantId: string;
  /** Pickup type, e.g. PICKUP. */
  type: string;
  pickupService: string;
  pickupVehicle: string;
  originCode: string;
  destinationCode: string;
}

/** Sandbox defaults; JNE's test value for BRANCH is CGK000. */
export const DEFAULT_JNE_ACCOUNT: JneAccount = {
  branch: 'CGK000',
  custId: '80000000',
  merchantId: 'BERJANGKA',
  type: 'PICKUP',
  pickupService: 'REG',
  pickupVehicle: 'MOTOR',
  originCode: 'CGK10000',
  destinationCode: 'CGK10000',
};

interface JneClientOptions {
  /** JNE_URL, or the sandbox's base. */
  baseUrl: string;
  username: string;
  apiKey: string;
  fetch?: FetchLike;
  /** Per call; default 15 s. */
  timeoutMs?: number;
  account?: Partial<JneAccount>;
}

const JNE_TIMEOUT_MS = 15_000;

/** The /pickupcashless fields in JNE's documented order. */
type JnePickupField =
  | 'PICKUP_NAME' | 'PICKUP_DATE' | 'PICKUP_TIME' | 'PICKUP_PIC' | 'PICKUP_PIC_PHONE' | 'PICKUP_ADDRESS'
  | 'PICKUP_DISTRICT' | 'PICKUP_CITY' | 'PICKUP_SERVICE' | 'PICKUP_VEHICLE' | 'BRANCH' | 'CUST_ID' | 'ORDER_ID'
  | 'SHIPPER_NAME' | 'SHIPPER_ADDR1' | 'SHIPPER_ADDR2' | 'SHIPPER_CITY' | 'SHIPPER_ZIP' | 'SHIPPER_REGION'
  | 'SHIPPER_COUNTRY' | 'SHIPPER_CONTACT' | 'SHIPPER_PHONE' | 'RECEIVER_NAME' | 'RECEIVER_ADDR1' | 'RECEIVER_ADDR2'
  | 'RECEIVER_CITY' | 'RECEIVER_ZIP' | 'RECEIVER_REGION' | 'RECEIVER_COUNTRY' | 'RECEIVER_CONTACT' | 'RECEIVER_PHONE'
  | 'ORIGIN_CODE' | 'DESTINATION_CODE' | 'SERVICE_CODE' | 'WEIGHT' | 'QTY' | 'GOODS_DESC' | 'GOODS_AMOUNT'
  | 'INSURANCE_FLAG' | 'SPECIAL_INS' | 'MERCHANT_ID' | 'TYPE';

const AWB_PATTERN = /^[A-Za-z0-9]{6,25}$/;
const ORDER_ID_MAX = 20;

/** ORDER_ID from our reference: letters and digits only, upper-case (JNE loses lower-case ones), at most 20. */
export function toJneOrderId(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, ORDER_ID_MAX);
}

/** The form fields of a booking; throws kind 'invalid' (400) naming every missing piece. */
export function pickupFields(request: PickupRequest, account: JneAccount): Record<JnePickupField, string> {
  const problems: string[] = [];
  const text = (value: string | undefined) => (value ?? '').trim();
  const orderId = toJneOrderId(request.reference ?? '');
  if (!orderId) problems.push('referensi pengiriman');
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text(request.pickupDate));
  if (!date || !isCalendarDate(Number(date[1]), Number(date[2]), Number(date[3]))) problems.push('tanggal penjemputan (format YYYY-MM-DD)');
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text(request.pickupTime));
  if (!time) problems.push('jam penjemputan (format JJ:MM)');
  const parties: Array<[CourierParty | undefined, string]> = [
    [request.shipper, 'pengirim'],
    [request.receiver, 'penerima'],
  ];
  for (const [party, label] of parties) {
    for (const [key, name] of [['name', 'nama'], ['phone', 'telepon'], ['address', 'alamat'], ['city', 'kota']] as const) {
      if (!text(party?.[key])) problems.push(`${name} ${label}`);
    }
  }
  const weight = request.weightKg ?? 1;
  if (!Number.isFinite(weight) || weight <= 0 || weight > 100) problems.push('berat paket (1-100 kg)');
  const value = request.goodsValue ?? 0;
  if (!Number.isInteger(value) || value < 0) problems.push('nilai barang (rupiah, bilangan bulat)');
  if (problems.length > 0) {
    throw new CourierError('invalid', `Data penjemputan JNE belum lengkap atau tidak valid: ${problems.join(', ')}.`);
  }
  const shipper = request.shipper;
  const receiver = request.receiver;
  const secondLine = (party: CourierParty) => [party.district, party.zip].map(text).filter(Boolean).join(' ');
  return {
    PICKUP_NAME: text(shipper.name),
    PICKUP_DATE: `${date![3]}-${date![2]}-${date![1]}`,
    PICKUP_TIME: `${time![1]}:${time![2]}`,
    PICKUP_PIC: text(shipper.contact) || text(shipper.name),
    PICKUP_PIC_PHONE: text(shipper.phone),
    PICKUP_ADDRESS: text(shipper.address),
    PICKUP_DISTRICT: text(shipper.district),
    PICKUP_CITY: text(shipper.city),
    PICKUP_SERVICE: account.pickupService,
    PICKUP_VEHICLE: account.pickupVehicle,
    BRANCH: account.branch,
    CUST_ID: account.custId,
    ORDER_ID: orderId,
    SHIPPER_NAME: text(shipper.name),
    SHIPPER_ADDR1: text(shipper.address),
    SHIPPER_ADDR2: secondLine(shipper),
    SHIPPER_CITY: text(shipper.city),
    SHIPPER_ZIP: text(shipper.zip),
    SHIPPER_REGION: text(shipper.region),
    // JNE confirmed both countries are mandatory for /pickupcashless; every bilyet stays in Indonesia.
    SHIPPER_COUNTRY: 'INDONESIA',
    SHIPPER_CONTACT: text(shipper.contact) || text(shipper.name),
    SHIPPER_PHONE: text(shipper.phone),
    RECEIVER_NAME: text(receiver.name),
    RECEIVER_ADDR1: text(receiver.address),
    RECEIVER_ADDR2: secondLine(receiver),
    RECEIVER_CITY: text(receiver.city),
    RECEIVER_ZIP: text(receiver.zip),
    RECEIVER_REGION: text(receiver.region),
    RECEIVER_COUNTRY: 'INDONESIA',
    RECEIVER_CONTACT: text(receiver.contact) || text(receiver.name),
    RECEIVER_PHONE: text(receiver.phone),
    ORIGIN_CODE: text(request.originCode) || account.originCode,
    DESTINATION_CODE: text(request.destinationCode) || account.destinationCode,
    SERVICE_CODE: text(request.service) || 'REG',
    WEIGHT: String(weight),
    QTY: '1',
    GOODS_DESC: text(request.goodsDescription) || 'BILYET DEPOSITO',
    GOODS_AMOUNT: String(value),
    INSURANCE_FLAG: 'N',
    // JNE refuses an empty SPECIAL_INS.
    SPECIAL_INS: text(request.specialInstruction) || 'DOKUMEN BERHARGA, JANGAN DILIPAT',
    MERCHANT_ID: account.merchantId,
    TYPE: account.type,
  };
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** JNE's English refusals that staff meet most, in Indonesian; anything else is quoted as JNE wrote it. */
export function translateJneReason(reason: string): string {
  const trimmed = reason.trim();
  if (/param[ae]ters? empty/i.test(trimmed)) return 'ada data yang wajib diisi tetapi kosong';
  const emptyField = /do not let (?:field )?([A-Z][A-Z0-9_]*) empty/.exec(trimmed);
  if (emptyField) return `kolom ${emptyField[1]} wajib diisi`;
  if (/cnote no\.? not found/i.test(trimmed)) return 'nomor resi tidak ditemukan';
  if (/pickup[ _]date/i.test(trimmed) && /(less than|past|before|passed)/i.test(trimmed)) return 'tanggal penjemputan sudah lewat';
  if (/already (been )?picked up/i.test(trimmed)) return 'kiriman sudah dijemput kurir';
  return `"${trimmed}"`;
}

const CREDENTIALS_PATTERN = /(api[ _-]?key|username|unauthori[sz]ed|credential|access denied)/i;
const NOT_FOUND_PATTERN = /not found/i;

/** The refusal in a JNE answer: `{ status: false, error }`, `{ detail: [{ status: "Error", reason }] }`, or none. */
function jneRefusal(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (body.status === false || body.status === 'false') {
    return typeof body.error === 'string' && body.error.trim() ? body.error.trim() : typeof body.message === 'string' ? body.message : 'tanpa keterangan';
  }
  const first = Array.isArray(body.detail) ? (body.detail[0] as unknown) : undefined;
  if (isRecord(first) && typeof first.status === 'string' && /^(error|failed|gagal)$/i.test(first.status)) {
    return typeof first.reason === 'string' && first.reason.trim() ? first.reason.trim() : 'tanpa keterangan';
  }
  return null;
}

/** The AWB of a /pickupcashless answer; throws CourierError for a refusal or an unreadable answer. */
export function parsePickupAnswer(body: unknown): string {
  const refusal = jneRefusal(body);
  if (refusal !== null) {
    if (CREDENTIALS_PATTERN.test(refusal)) throw credentialsError(refusal);
    throw new CourierError('refused', `JNE menolak pemesanan penjemputan: ${translateJneReason(refusal)}.`, refusal);
  }
  const first = isRecord(body) && Array.isArray(body.detail) ? (body.detail[0] as unknown) : undefined;
  if (isRecord(first) && typeof first.status === 'string' && /^(success|sukses)$/i.test(first.status)) {
    const awb = typeof first.cnote_no === 'string' ? first.cnote_no.trim() : typeof first.cnote_no === 'number' ? String(first.cnote_no) : '';
    if (AWB_PATTERN.test(awb)) return awb;
    // Seen in the field: success with cnote_no null (an ORDER_ID with lower-case letters).
    throw new CourierError('bad-answer', 'JNE menerima pemesanan tetapi tidak memberi nomor resi. Hubungi JNE sebelum memesan ulang, agar kurir tidak datang dua kali.');
  }
  throw badAnswer('pemesanan penjemputan');
}

/** Reads a cancel answer; throws CourierError when JNE refused. */
export function parseCancelAnswer(body: unknown, awb: string): void {
  const refusal = jneRefusal(body);
  if (refusal !== null) {
    if (CREDENTIALS_PATTERN.test(refusal)) throw credentialsError(refusal);
    if (NOT_FOUND_PATTERN.test(refusal)) throw new CourierError('not-found', `Nomor resi ${awb} tidak ditemukan di JNE.`, refusal);
    throw new CourierError('conflict', `JNE menolak pembatalan penjemputan: ${translateJneReason(refusal)}.`, refusal);
  }
  if (isRecord(body) && (body.status === true || body.status === 'true' || (typeof body.status === 'string' && /^(success|sukses)$/i.test(body.status)))) return;
  throw badAnswer('pembatalan penjemputan');
}

/** A tracing answer as our Tracking; throws CourierError for a refusal or an unreadable answer. */
export function parseTrackingAnswer(body: unknown, awb: string): Tracking {
  const refusal = jneRefusal(body);
  if (refusal !== null) {
    if (CREDENTIALS_PATTERN.test(refusal)) throw credentialsError(refusal);
    if (NOT_FOUND_PATTERN.test(refusal)) throw new CourierError('not-found', `Nomor resi ${awb} tidak ditemukan di JNE.`, refusal);
    throw new CourierError('refused', `JNE menolak pelacakan resi ${awb}: ${translateJneReason(refusal)}.`, refusal);
  }
  if (!isRecord(body) || (!isRecord(body.cnote) && !Array.isArray(body.history))) throw badAnswer('pelacakan');
  const cnote = isRecord(body.cnote) ? body.cnote : {};
  const rawHistory = Array.isArray(body.history) ? body.history.filter(isRecord) : [];
  const fallbackAt = parseJneDate(stringOf(cnote.cnote_date)) ?? new Date(0).toISOString();

  let previousAt = fallbackAt;
  const history = rawHistory
    .map((entry) => {
      const description = stringOf(entry.desc);
      // An unreadable time keeps the event in place rather than dropping it.
      const at = parseJneDate(stringOf(entry.date)) ?? previousAt;
      previousAt = at;
      return { at, code: stringOf(entry.code).toUpperCase(), raw: description };
    })
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => (a.at === b.at ? a.index - b.index : a.at < b.at ? -1 : 1));

  const events: TrackingEvent[] = history.map((entry) => describeJneEvent(entry.code, entry.raw, entry.at));
  const last = history.at(-1);
  let status: TrackingStatus = last ? statusOfJneEvent(last.code, last.raw) : 'requested';
  const podStatus = stringOf(cnote.pod_status).toUpperCase();
  if (podStatus === 'DELIVERED') status = 'delivered';

  let receiverName: string | null = null;
  let deliveredAt: string | null = null;
  if (status === 'delivered') {
    const deliveredEvent = [...history].reverse().find((entry) => statusOfJneEvent(entry.code, entry.raw) === 'delivered');
    receiverName = stringOf(cnote.cnote_pod_receiver).trim() || (deliveredEvent ? deliveredTo(deliveredEvent.raw).receiver : null) || null;
    deliveredAt = parseJneDate(stringOf(cnote.cnote_pod_date)) ?? deliveredEvent?.at ?? null;
  }
  return { awb, status, history: events, receiverName, deliveredAt };
}

/** Where a JNE history code puts a shipment; undefined for a code we do not know. */
export function statusOfJneCode(code: string): TrackingStatus | undefined {
  const c = code.trim().toUpperCase();
  if (/^D\d{2}$/.test(c) || c === 'DB1' || c === 'DB2' || c === 'CR3') return 'delivered';
  if (/^PU\d$/.test(c) || /^RC\d+$/.test(c)) return 'pickedUp';
  if (c === 'CR2') return 'cancelled';
  // Attempted, will be retried (JNE's "AU" group), or held for a check: still on its way.
  if (/^U(05|09|10|22|23|24|25)$/.test(c) || c === 'NT' || /^X\d+$/.test(c)) return 'inTransit';
  if (/^(OP|TP|IP|BI)\d+$/.test(c) || c === 'MANIFEST') return 'inTransit';
  if (/^U\d{2}$/.test(c) || /^CR[1-7]$/.test(c) || /^R\d{2}$/.test(c) || ['DP5', 'OC', 'OS', 'PS2', 'UB2'].includes(c)) return 'failed';
  return undefined;
}

/** A history entry's status: by its code, else by JNE's words. */
function statusOfJneEvent(code: string, description: string): TrackingStatus {
  const byCode = statusOfJneCode(code);
  if (byCode) return byCode;
  const text = description.toUpperCase();
  if (text.startsWith('DELIVERED TO')) return 'delivered';
  if (text.includes('PICKED UP BY JNE') || text.includes('RECEIVED BY JNE COUNTER')) return 'pickedUp';
  if (text.includes('CANCEL')) return 'cancelled';
  if (text.includes('RETURN') || text.includes('UNDEL')) return 'failed';
  return 'inTransit';
}

const DESCRIPTION_OF_CODE: Record<string, string> = {
  OP1: 'Paket tiba di pusat sortir',
  OP2: 'Paket diproses di pusat sortir',
  OP3: 'Paket diteruskan ke kota tujuan',
  IP1: 'Paket tiba di gudang kota tujuan',
  IP2: 'Paket tiba di titik antar',
  IP3: 'Paket dibawa kurir pengantar',
  BI1: 'Paket tiba di kota tujuan',
  CR2: 'Penjemputan dibatalkan oleh pengirim',
  MANIFEST: 'Paket tercatat di manifes JNE',
};

/** One history entry in Indonesian, with the place JNE names in brackets. */
function describeJneEvent(code: string, raw: string, at: string): TrackingEvent {
  const status = statusOfJneEvent(code, raw);
  if (status === 'delivered' && raw.toUpperCase().startsWith('DELIVERED TO')) {
    const { receiver, location } = deliveredTo(raw);
    return { at, code, description: receiver ? `Paket diterima oleh ${receiver}` : 'Paket telah diterima', location };
  }
  const location = bracketed(raw);
  const plain = raw.replace(/\[[^\]]*\]/g, '').replace(/\s+/g, ' ').trim();
  let description = DESCRIPTION_OF_CODE[code];
  if (!description) {
    if (/^PU\d$/.test(code)) description = 'Paket dijemput kurir JNE';
    else if (/^RC\d+$/.test(code)) description = 'Paket diterima petugas JNE';
    else if (/^TP\d+$/.test(code)) description = 'Paket transit antarkota';
    else if (/^R\d{2}$/.test(code)) description = `Paket dikembalikan ke pengirim${plain ? ` (${plain})` : ''}`;
    else if (status === 'failed') description = `Paket gagal diantar${plain ? `: ${plain}` : ''}`;
    else description = plain || code;
  }
  return { at, code, description, location };
}

/** "DELIVERED TO [NORMA BUGIS | 06-11-2020 11:00 | AMBON ]" → receiver and place. */
function deliveredTo(raw: string): { receiver: string | null; location: string | null } {
  const inside = /\[([^\]]*)\]/.exec(raw)?.[1] ?? '';
  const parts = inside.split('|').map((part) => part.replace(/\s+/g, ' ').trim());
  const receiver = parts[0] || null;
  const location = parts.length >= 3 ? parts[parts.length - 1] || null : null;
  return { receiver, location };
}

function bracketed(raw: string): string | null {
  const matches = [...raw.matchAll(/\[([^\]]*)\]/g)];
  const inside = matches.at(-1)?.[1]?.replace(/\s+/g, ' ').trim();
  return inside ? inside : null;
}

const MONTHS: Record<string, number> = { JAN: 1, FEB: 2, MAR: 3, APR: 4, MAY: 5, MEI: 5, JUN: 6, JUL: 7, AUG: 8, AGU: 8, AGT: 8, SEP: 9, OCT: 10, OKT: 10, NOV: 11, DEC: 12, DES: 12 };

/**
 * A JNE time as ISO-8601 UTC, or null. JNE writes WIB wall-clock times in several forms:
 * "30-10-2020 08:04", "2024-03-28 02:08:00", "06 NOV 2020  11:00", "14-MAR-2015 03:24", and
 * ISO with an offset ("2020-10-30T12:27:30.000+07:00").
 */
export function parseJneDate(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (/T\d{2}:\d{2}/.test(text) && /(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
  }
  let parts: [number, number, number, number, number, number] | null = null;
  let match = /^(\d{2})-(\d{2})-(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (match) parts = [Number(match[3]), Number(match[2]), Number(match[1]), Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  match = parts ? null : /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (match) parts = [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  match = parts ? null : /^(\d{1,2})[ -]([A-Za-z]{3})[ -](\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (match) {
    const month = MONTHS[match[2]!.toUpperCase()];
    if (month) parts = [Number(match[3]), month, Number(match[1]), Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  }
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts;
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  // WIB is UTC+7 all year.
  return new Date(Date.UTC(year, month - 1, day, hour - 7, minute, second)).toISOString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function credentialsError(reason: string): CourierError {
  return new CourierError('credentials', `JNE menolak kredensial API Berjangka (periksa JNE_USERNAME dan JNE_API_KEY): ${translateJneReason(reason)}.`, reason);
}

function badAnswer(what: string, detail?: string): CourierError {
  return new CourierError('bad-answer', `Jawaban JNE atas ${what} tidak dapat dibaca${detail ? ` (${detail})` : ''}. Coba lagi beberapa saat lagi.`);
}

/** The real client. Never retries on its own: a booking that timed out may still have reached JNE. */
export function jneClient(options: JneClientOptions): CourierClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? JNE_TIMEOUT_MS;
  const account: JneAccount = { ...DEFAULT_JNE_ACCOUNT, ...options.account };

  async function post(path: string, fields: Record<string, string>, what: string): Promise<unknown> {
    const body = new URLSearchParams({ username: options.username, api_key: options.apiKey, ...fields });
    const result = await exchange(
      fetchFn,
      `${baseUrl}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: body.toString() },
      timeoutMs,
    );
    if (!result.ok) {
      throw result.failure === 'timeout'
        ? new CourierError('timeout', `JNE tidak menjawab dalam ${Math.max(1, Math.ceil(timeoutMs / 1000))} detik (${what}). Coba lagi beberapa saat lagi.`)
        : new CourierError('unreachable', `JNE tidak dapat dihubungi saat ini (${what}). Coba lagi beberapa saat lagi.`);
    }
    const { status } = result;
    const parsed = jsonOf(result.body);
    // JNE answers refusals as 200 with an error body; a body that reads as a refusal wins over the code.
    if (parsed !== undefined && jneRefusal(parsed) !== null) return parsed;
    if (status === 401 || status === 403) {
      throw new CourierError('credentials', `JNE menolak kredensial API Berjangka (HTTP ${status}); periksa JNE_USERNAME dan JNE_API_KEY.`);
    }
    if (status < 200 || status > 299) throw badAnswer(what, `HTTP ${status}`);
    if (parsed === undefined) throw badAnswer(what, 'bukan JSON');
    return parsed;
  }

  return {
    async createPickup(request) {
      const fields = pickupFields(request, account);
      const awb = parsePickupAnswer(await post('/pickupcashless', fields, 'pemesanan penjemputan'));
      return { awb, orderId: fields.ORDER_ID, status: 'requested' };
    },
    async cancelPickup(awb) {
      const trimmed = (awb ?? '').trim();
      if (!AWB_PATTERN.test(trimmed)) throw new CourierError('invalid', 'Nomor resi JNE tidak valid: 6-25 huruf atau angka.');
      parseCancelAnswer(await post('/tracing/api/cancelcnote', { cnote_no: trimmed }, 'pembatalan penjemputan'), trimmed);
    },
    async track(awb) {
      const trimmed = (awb ?? '').trim();
      if (!AWB_PATTERN.test(trimmed)) throw new CourierError('invalid', 'Nomor resi JNE tidak valid: 6-25 huruf atau angka.');
      return parseTrackingAnswer(await post(`/tracing/api/list/v1/cnote/${encodeURIComponent(trimmed)}`, {}, 'pelacakan'), trimmed);
    },
  };
}
