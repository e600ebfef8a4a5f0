import { createHash } from 'node:crypto';
import { apiBases } from '../../contract/bases';
import type { BilyetStatus, DepositStatus, ShipmentStatus, SignatureStatus } from '../../contract/deposit';
import { documentTypeLabels } from '../../contract/documents';
import { bilyetContext, decideBilyet, depositStatusesForBilyet, restoreBilyet, type BilyetContext, type BilyetEvent, type BilyetSnapshot } from '../../machines/bilyet';
import { addDays, daysBetween, type Actor, type IsoDate } from '../../machines/deposit-rules';
import { bilyetEventForShipment, decideShipment, restoreShipment, shipmentContext, shipmentStatusLabels, trackedMove, type ShipmentSnapshot } from '../../machines/shipment';
import { decideSignature, restoreSignature, signatureContext, signatureExpiresOn, signatureStatusLabels, type SignatureEvent, type SignatureSnapshot } from '../../machines/signature';
import { DEFAULT_JNE_ACCOUNT, parseTrackingAnswer, pickupFields, type CourierParty } from '../courier/jne-client';
import { courierAddressOf } from '../courier/courier-address';
import { SANDBOX_DELIVERY_DELAY_MS, SANDBOX_PICKUP_DELAY_MS, SANDBOX_TRANSIT_DELAY_MS, sandboxBookingRow, traceAnswer, type JneSandboxTables } from '../courier/jne-sandbox';
import { bookedShipmentRow, shipmentEventRows } from '../courier/shipment-service';
import { jakartaDate, wibTimestamp } from '../platform/business-date';
import type { AuditRow, BilyetNumbersTable, BilyetRow, CustomerRow, DocumentRow, DocumentType, ShipmentEventRow, ShipmentRow, SignatureRequestRow } from '../platform/db/schema';
import { PRIVY_SANDBOX_PATH } from '../signature/privy-provider';
import { bilyetRowOf } from '../documents/bilyet-service';
import { sentSignatureRow } from '../signature/signature-service';
import { sentDocumentRow, type PrivySandboxTables } from '../signature/privy-sandbox';
import type { Random } from './demo-random';

/**
 * The demo's documents and their journeys, as pure data beside the deposits' histories
 * (demo-deposits-plan.ts): each deposit's bilyet is played through machines/bilyet.ts — issued
 * with its scan and number, sent with JNE (a shipment played through machines/shipment.ts and
 * tracked as the daily job would, against the JNE sandbox's own schedule) or with a hand-entered
 * resi, or handed over at the counter, received, returned for the payout or reported lost — and
 * its placement form is sent for signature (machines/signature.ts). Every step is decided by the
 * machine on the deposit's status at that moment and written as the services write it: the
 * track's rows, its documents and a timeline row; a step that the machine refuses throws.
 *
 * The files behind the documents are a few PDFs per bank (demo-files.ts): each document row
 * points at the bank's stored file of its kind, so seeding stays fast.
 */

// ------------------------------------------------------------------------------------- types

export const DEMO_FILE_KINDS = ['bilyetScan', 'receipt', 'returnReceipt', 'lossStatement', 'form', 'signedForm'] as const;
export type DemoFileKind = (typeof DEMO_FILE_KINDS)[number];

/** A document row without its size: the writer takes it from the stored file. */
export type DemoDocumentRow = Omit<DocumentRow, 'size_bytes'>;
export type DemoBilyetNumberRow = BilyetNumbersTable;
export type DemoSandboxJneRow = JneSandboxTables['sandbox_jne_shipments'];
/** A Privy sandbox document without its bytes: the writer puts in the bank's form. */
export type DemoSandboxPrivyRow = Omit<PrivySandboxTables['sandbox_privy_documents'], 'original' | 'signed'>;

export interface DemoTrackRows {
  /** The bank's stored files, one per kind. */
  files: Array<{ id: string; kind: DemoFileKind }>;
  bilyets: BilyetRow[];
  bilyetNumbers: DemoBilyetNumberRow[];
  documents: DemoDocumentRow[];
  shipments: ShipmentRow[];
  shipmentEvents: ShipmentEventRow[];
  signatureRequests: SignatureRequestRow[];
  sandboxJneShipments: DemoSandboxJneRow[];
  sandboxPrivyDocuments: DemoSandboxPrivyRow[];
}

export function emptyTrackRows(files: DemoTrackRows['files']): DemoTrackRows {
  return { files, bilyets: [], bilyetNumbers: [], documents: [], shipments: [], shipmentEvents: [], signatureRequests: [], sandboxJneShipments: [], sandboxPrivyDocuments: [] };
}

export interface TrackBank {
  bankId: string;
  bankName: string;
  bankAddress: string;
  seed: number;
  /** Business date and instant the journeys run up to. */
  today: IsoDate;
  now: number;
  /** Where the Privy sandbox's signing pages are (PUBLIC_URL). */
  publicUrl: string;
  /** Who the courier calls at the bank (server/auth/profile-service.ts bankCourierContact). */
  contact: string;
  phone: string;
  operatorId: string;
  /** Who may record a loss (machines/bilyet.ts: a supervisor's call). */
  supervisorIds: readonly string[];
  /** The bank's stored file of each kind. */
  files: Record<DemoFileKind, string>;
}

/** What a deposit's story tells its tracks. */
export interface DepositTrackFacts {
  depositId: string;
  depositNumber: string;
  customer: CustomerRow;
  /** The deposit's status today. */
  status: DepositStatus;
  /** Its lifecycle's timeline, oldest first. */
  audit: readonly AuditRow[];
  /** The deposit's own stream (demo-random.ts depositRandom). */
  random: Random;
  /** Staff issue its bilyet once the placement is accepted (a few never get to it). */
  hasBilyet: boolean;
  /** The bilyet's status the deposit machine was told when the payout was marked paid, if it was. */
  paidWithBilyet: BilyetStatus | null;
}

/** Journeys steered so every step of Proses Dokumen shows on any day, even in a small bank. */
type BilyetShowcase =
  | 'issued'
  | 'requested'
  | 'pickedUp'
  | 'inTransit'
  | 'resi'
  | 'cancelled'
  | 'failed'
  | 'failedUnshipped'
  | 'lost'
  | 'reissued'
  | 'payoutLost';
type SignatureShowcase = 'sent' | 'declined' | 'expired';
interface DepositShowcase {
  bilyet?: BilyetShowcase;
  signature?: SignatureShowcase;
}

interface DepositTracks {
  /** The deposit's track columns. */
  columns: { bilyet_status: BilyetStatus; bilyet_number: string | null; shipment_status: ShipmentStatus | null; signature_status: SignatureStatus | null };
  /** Track steps that gave the deposit a new version (applyTrackChange), and the last one's time. */
  changes: number;
  lastAt: string | null;
  audit: AuditRow[];
}

// ------------------------------------------------------------------------------------- time

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WIB = 7 * HOUR;

const iso = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number): IsoDate => jakartaDate(new Date(ms));
const wib = (day: IsoDate, hour: number, minute: number) => Date.parse(wibTimestamp(day, hour, minute));
/** machines/track-rules LocalTimestamp: Asia/Jakarta wall-clock time without a zone. */
const local = (ms: number) => new Date(ms + WIB).toISOString().slice(0, 19);
const wibHour = (ms: number) => new Date(ms + WIB).getUTCHours();
/** The daily job's run on a business date (server/platform/business-date DAILY_JOB_TIME). */
const jobAt = (day: IsoDate) => wib(day, 0, 5);
const floorMinute = (ms: number) => ms - (((ms % MINUTE) + MINUTE) % MINUTE);

/** A staff action on `day`, in office hours, with seconds (the deposit's own rows fall on whole minutes). */
function officeTime(random: Random, day: IsoDate): number {
  return wib(day, random.int(8, 15), random.int(0, 59)) + random.int(1, 59) * SECOND;
}

/** A moment strictly between `low` and `high`: office hours on a day in between when the span allows it; null when there is no room. */
function between(random: Random, low: number, high: number): number | null {
  if (high - low < 10 * SECOND) return null;
  if (high - low > 2 * DAY) {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const day = addDays(dayOf(low), random.int(0, daysBetween(dayOf(low), dayOf(high))));
      const at = officeTime(random, day);
      if (at > low && at < high) return at;
    }
  }
  return Math.round(low + (high - low) * (0.2 + 0.6 * random.next()));
}

// ----------------------------------------------------------------------------- identifiers

function digest(...parts: Array<string | number>): Buffer {
  return createHash('sha256').update(parts.join(':')).digest();
}

/** server/documents/bilyet-verification.ts's alphabet and length, drawn from a hash so reruns agree and codes never repeat. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function demoVerificationCode(seed: number, depositId: string, paper: number): string {
  return Array.from(digest('bilyet', seed, depositId, paper).subarray(0, 20), (byte) => CODE_ALPHABET[byte % 32]).join('');
}

function digits(bytes: Buffer, count: number): string {
  let text = '';
  for (let index = 0; text.length < count; index += 1) text += String(bytes[index % bytes.length]! % 10);
  return text;
}

/** 16 digits like the JNE sandbox's (01 + 14). */
const jneAwb = (seed: number, shipmentId: string) => `01${digits(digest('awb', seed, shipmentId), 14)}`;

const RESI_COURIERS: ReadonlyArray<{ name: string; awb: (bytes: Buffer) => string }> = [
  { name: 'POS Indonesia', awb: (bytes) => `P${digits(bytes, 12)}` },
  { name: 'TIKI', awb: (bytes) => digits(bytes, 12) },
  { name: 'SiCepat', awb: (bytes) => `00${digits(bytes, 10)}` },
  { name: 'J&T Express', awb: (bytes) => `JP${digits(bytes, 10)}` },
];

// ------------------------------------------------------------------------- the JNE sandbox

const hm = (ms: number) => new Date(ms + WIB).toISOString().slice(11, 16);

/** An address line "Street, City[, Province]" as the courier reads it (server/courier/courier-address.ts). */
function addressParts(line: string): { address: string; city: string; zip: string; region: string } {
  return courierAddressOf(line) ?? { address: line, city: line, zip: '', region: '' };
}

// ------------------------------------------------------------------------------- the texts

const LOSS_REASONS = [
  'Bilyet hilang bersama dompet nasabah saat bepergian.',
  'Bilyet terbawa saat pindah rumah dan tidak ditemukan.',
  'Rumah nasabah kebanjiran; bilyet rusak dan tidak terbaca.',
  'Tas berisi bilyet dicuri; laporan polisi terlampir.',
];

type BilyetPayload = BilyetEvent extends infer E ? (E extends BilyetEvent ? Omit<E, 'actor' | 'today'> : never) : never;
const SYSTEM: Actor = { id: 'SYSTEM', role: 'SYSTEM' };

// --------------------------------------------------------------------------------- a story

interface JneEnd {
  kind: 'deliver' | 'fail' | 'cancel';
  /** When it failed (the courier's time) or staff cancelled the pickup. */
  at?: number;
}
interface JneAttempt {
  bookedAt: number;
  /** The pickup slot, on the hour. */
  slotAt: number;
  end: JneEnd;
  /** Staff refreshing the tracking on demand (beside the daily job). */
  refreshes?: number[];
}

/** A bilyet's way to the customer, with when the customer has it. */
type Forward =
  | { route: 'counter'; issueAt: number; receiveAt: number }
  | { route: 'resi'; issueAt: number; shipAt: number; receiveAt: number }
  | { route: 'jne'; issueAt: number; attempts: JneAttempt[]; afterFailure?: { unshipAt: number; receiveAt: number }; receiveAt: number };

/** How far back the demo banks have booked JNE pickups, and sent forms for e-signature, through Berjangka. */
const JNE_SINCE_DAYS = 120;
const SIGNATURE_SINCE_DAYS = 150;

/** When the daily job first sees a moment: its first run after it. */
function firstJobAfter(at: number): number {
  let day = dayOf(at);
  while (jobAt(day) <= at) day = addDays(day, 1);
  return jobAt(day);
}

/** The pickup slot for a booking at `at`: two or three hours later in office hours, else the next morning. */
function slotAfter(random: Random, at: number): number {
  const hour = wibHour(at) + random.int(2, 3);
  return hour <= 16 && hour >= 9 ? wib(dayOf(at), hour, 0) : wib(addDays(dayOf(at), 1), random.int(9, 11), 0);
}

class TrackStory {
  private bilyet: BilyetSnapshot;
  private readonly bilyetHistory: Array<{ at: number; status: BilyetStatus }> = [];
  private bilyetUpdatedAt = 0;
  private verificationCode: string | null = null;
  private papers = 0;
  private ids = 0;
  private readonly shipments: Array<{ row: ShipmentRow; snapshot: ShipmentSnapshot }> = [];
  private signatureStatus: SignatureStatus | null = null;
  readonly audit: AuditRow[] = [];
  private changes = 0;
  private readonly lastAt = { bilyet: 0, signature: 0 };
  private readonly lifecycle: Array<{ at: number; status: DepositStatus; event: string }>;

  constructor(
    private readonly bank: TrackBank,
    private readonly facts: DepositTrackFacts,
    private readonly out: DemoTrackRows,
  ) {
    this.lifecycle = facts.audit.map((row) => ({ at: Date.parse(row.at), status: row.to_status, event: row.event }));
    this.bilyet = restoreBilyet('none', bilyetContext({ depositId: facts.depositId, depositStatus: 'pending' }));
  }

  private get random(): Random {
    return this.facts.random;
  }

  /**
   * A row id, UUID-shaped, from a hash of the bank's seed, the deposit and a counter: the
   * deposits' own PRNG streams (32-bit states stepping by one constant) can run into each other,
   * and two of them drawing the same id would break a primary key.
   */
  private newId(): string {
    const hex = digest('id', this.bank.seed, this.facts.depositId, this.ids++).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${(8 + (parseInt(hex[16]!, 16) % 4)).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  private get operator(): Actor {
    return { id: this.bank.operatorId, role: 'OPERATOR' };
  }

  /** The deposit's status at an instant (its rows fall on whole minutes, the tracks' never do). */
  statusAt(at: number): DepositStatus {
    let status: DepositStatus = 'pending';
    for (const entry of this.lifecycle) {
      if (entry.at >= at) break;
      status = entry.status;
    }
    return status;
  }

  /** When the deposit's lifecycle last recorded `event`, or null. */
  lastOf(...events: string[]): number | null {
    for (let index = this.lifecycle.length - 1; index >= 0; index -= 1) if (events.includes(this.lifecycle[index]!.event)) return this.lifecycle[index]!.at;
    return null;
  }

  /** The next step's time: not before `at`, after the flow's previous step, never on a whole minute. */
  private moment(flow: 'bilyet' | 'signature', at: number): number {
    let result = Math.max(Math.round(at / SECOND) * SECOND, this.lastAt[flow] + SECOND);
    if (result % MINUTE === 0) result += SECOND;
    this.lastAt[flow] = result;
    return result;
  }

  private record(at: number, actor: Actor, event: string, payload: Record<string, unknown>, versioned = true): void {
    const status = this.statusAt(at);
    this.audit.push({
      id: this.newId(),
      bank_id: this.bank.bankId,
      deposit_id: this.facts.depositId,
      actor_id: actor.id,
      at: iso(at),
      seq: 0,
      from_status: status,
      to_status: status,
      event,
      payload: JSON.stringify(payload),
    });
    if (versioned) this.changes += 1;
  }

  private document(at: number, type: DocumentType, kind: DemoFileKind, fileName: string, uploadedBy: string): string {
    const id = this.newId();
    this.out.documents.push({
      id,
      bank_id: this.bank.bankId,
      deposit_id: this.facts.depositId,
      customer_id: null,
      type,
      file_id: this.bank.files[kind],
      file_name: fileName,
      media_type: 'application/pdf',
      uploaded_at: iso(at),
      uploaded_by: uploadedBy,
    });
    return id;
  }

  private latestShipmentStatus(): ShipmentStatus | null {
    return this.shipments.at(-1)?.row.status ?? null;
  }

  get bilyetStatus(): BilyetStatus {
    return this.bilyet.value as BilyetStatus;
  }

  private bilyetStatusAt(at: number): BilyetStatus {
    let status: BilyetStatus = 'none';
    for (const entry of this.bilyetHistory) {
      if (entry.at >= at) break;
      status = entry.status;
    }
    return status;
  }

  /** One bilyet step, decided by the machine on the deposit as it stood then; refused is a bug in the demo. */
  private bilyetStep(at: number, actor: Actor, event: BilyetPayload, payload?: Record<string, unknown>): void {
    const context: BilyetContext = { ...this.bilyet.context, depositStatus: this.statusAt(at), shipmentStatus: this.latestShipmentStatus() };
    const decision = decideBilyet(restoreBilyet(this.bilyetStatus, context), { ...event, actor, today: dayOf(at) } as BilyetEvent);
    if (!decision.ok) throw new Error(`demo: the bilyet of ${this.facts.depositNumber} refused ${event.type} on ${dayOf(at)}: ${decision.refusal.message}`);
    this.bilyet = decision.snapshot;
    this.bilyetHistory.push({ at, status: decision.status });
    this.bilyetUpdatedAt = at;
    const { type: _type, ...rest } = event as Record<string, unknown>;
    this.record(at, actor, event.type, payload ?? rest);
  }

  // --------------------------------------------------------------------------- bilyet steps

  issue(when: number, reissue = false): void {
    const at = this.moment('bilyet', when);
    this.papers += 1;
    const first = `BLY-${this.facts.depositNumber.replace(/^DEP-/, '')}`;
    const number = this.papers === 1 ? first : `${first}-R${this.papers - 1}`;
    // Printed first (a print binds a fresh code to the bilyet row), then signed, scanned and uploaded.
    this.verificationCode = demoVerificationCode(this.bank.seed, this.facts.depositId, this.papers);
    const scanDocumentId = this.document(at, 'BILYET_SCAN', 'bilyetScan', `pindaian-bilyet-${number}.pdf`, this.operator.id);
    this.out.bilyetNumbers.push({ bank_id: this.bank.bankId, number, deposit_id: this.facts.depositId, verification_code: this.verificationCode, issued_at: iso(at), printed_at: iso(at) });
    this.bilyetStep(at, this.operator, { type: reissue ? 'bilyet.reissue' : 'bilyet.issue', bilyetNumber: number, scanDocumentId });
  }

  receiveAtCounter(when: number): void {
    const at = this.moment('bilyet', when);
    const receiptDocumentId = this.document(at, 'BILYET_RECEIPT', 'receipt', `tanda-terima-${this.bilyet.context.number}.pdf`, this.operator.id);
    this.bilyetStep(at, this.operator, { type: 'bilyet.receive', receivedAt: dayOf(at), receivedBy: this.facts.customer.name, handedOverAtCounter: true, receiptDocumentId });
  }

  shipByResi(when: number): void {
    const at = this.moment('bilyet', when);
    const courier = this.random.pick(RESI_COURIERS);
    this.bilyetStep(at, this.operator, { type: 'bilyet.ship', courier: courier.name, awb: courier.awb(digest('resi', this.bank.seed, this.facts.depositId, at)) });
  }

  /** Staff record the customer's tanda terima of a bilyet that came by a courier without tracking (or after a failed JNE delivery). */
  receiveWithReceipt(when: number): void {
    const at = this.moment('bilyet', when);
    const receiptDocumentId = this.document(at, 'BILYET_RECEIPT', 'receipt', `tanda-terima-${this.bilyet.context.number}.pdf`, this.operator.id);
    const since = this.bilyet.context.shippedOn ?? this.bilyet.context.issuedOn ?? dayOf(at);
    const receivedAt = daysBetween(since, dayOf(at)) >= 2 && this.random.chance(0.5) ? addDays(dayOf(at), -1) : dayOf(at);
    this.bilyetStep(at, this.operator, { type: 'bilyet.receive', receivedAt, receivedBy: this.facts.customer.name, receiptDocumentId });
  }

  unship(when: number): void {
    this.bilyetStep(this.moment('bilyet', when), this.operator, { type: 'bilyet.unship' });
  }

  returnBilyet(when: number): void {
    const at = this.moment('bilyet', when);
    const documentId = this.random.chance(0.6) ? this.document(at, 'BILYET_RETURN', 'returnReceipt', `bukti-pengembalian-${this.bilyet.context.number}.pdf`, this.operator.id) : null;
    this.bilyetStep(at, this.operator, { type: 'bilyet.return', returnedAt: dayOf(at), ...(documentId ? { documentId } : {}) });
  }

  reportLost(when: number): void {
    const at = this.moment('bilyet', when);
    const supervisor: Actor = { id: this.random.pick(this.bank.supervisorIds), role: 'SUPERVISOR' };
    const statementDocumentId = this.document(at, 'BILYET_LOSS_STATEMENT', 'lossStatement', `surat-keterangan-kehilangan-${this.bilyet.context.number}.pdf`, supervisor.id);
    this.bilyetStep(at, supervisor, { type: 'bilyet.reportLost', reason: this.random.pick(LOSS_REASONS), statementDocumentId });
  }

  /**
   * A JNE pickup booked for the bilyet (bilyet `shipped`), the sandbox's row with its schedule,
   * then the tracking the daily job does at 00:05 each day (and staff on demand) up to `limit`:
   * each move of the shipment on the timeline, delivery receiving the bilyet, a cancelled pickup
   * bringing it back (`issued`). Returns the shipment's status at the end.
   */
  shipWithJne(attempt: JneAttempt, limit: number): ShipmentStatus | null {
    if (attempt.bookedAt > limit) return null;
    const bookedAt = this.moment('bilyet', attempt.bookedAt);
    const shipmentId = this.newId();
    const awb = jneAwb(this.bank.seed, shipmentId);
    const customer = this.facts.customer;
    const receiver: CourierParty = { ...addressParts(customer.address ?? this.bank.bankAddress), name: customer.name, phone: customer.phone ?? this.bank.phone };
    const shipper: CourierParty = { ...addressParts(this.bank.bankAddress), name: this.bank.bankName, contact: this.bank.contact, phone: this.bank.phone };
    const pickupDate = dayOf(attempt.slotAt);
    const pickupTime = hm(attempt.slotAt);
    const fields = pickupFields({ reference: shipmentId, pickupDate, pickupTime, shipper, receiver }, DEFAULT_JNE_ACCOUNT);
    // The sandbox's row as its booking writes it; a failure set through its control endpoint
    // clears the delivery, a cancelled booking keeps its schedule.
    const booked = sandboxBookingRow(awb, fields, new Date(bookedAt), new Date(attempt.slotAt));
    const sandbox: DemoSandboxJneRow = {
      ...booked,
      delivered_at: attempt.end.kind === 'fail' ? null : booked.delivered_at,
      failed_at: attempt.end.kind === 'fail' ? iso(attempt.end.at!) : null,
      cancelled_at: attempt.end.kind === 'cancel' ? iso(attempt.end.at!) : null,
    };
    this.out.sandboxJneShipments.push(sandbox);
    const row = bookedShipmentRow({ id: shipmentId, bankId: this.bank.bankId, depositId: this.facts.depositId, awb, pickupDate, pickupTime, receiver, shipper, createdBy: this.operator.id }, iso(bookedAt));
    this.out.shipments.push(row);
    const shipment = { row, snapshot: restoreShipment('requested', shipmentContext({ shipmentId, depositId: this.facts.depositId, courier: 'JNE', awb, requestedOn: dayOf(bookedAt) })) };
    this.shipments.push(shipment);
    this.bilyetStep(bookedAt, this.operator, { type: 'bilyet.ship', courier: 'JNE', awb }, { courier: 'JNE', awb, shipmentId, pickupDate, pickupTime });

    if (attempt.end.kind === 'cancel') {
      const cancelAt = attempt.end.at!;
      if (cancelAt > limit) return row.status;
      for (let job = firstJobAfter(bookedAt); job < cancelAt; job = firstJobAfter(job)) row.tracked_at = iso(job);
      // POST /jne/cancel-pickup: the shipment cancelled and the bilyet back, one step on the timeline.
      const at = this.moment('bilyet', cancelAt);
      const decision = decideShipment(shipment.snapshot, { type: 'shipment.cancel', actor: this.operator, today: dayOf(at) });
      if (!decision.ok) throw new Error(`demo: shipment ${awb} refused its cancel: ${decision.refusal.message}`);
      shipment.snapshot = decision.snapshot;
      Object.assign(row, { status: decision.status, updated_at: iso(at) });
      this.followShipment('requested', decision, at, this.operator, { shipmentId, awb, reason: 'Penjemputan JNE dibatalkan' });
      return row.status;
    }

    // The daily job tracks it each night until it ends (a day after its last scheduled stage at the latest).
    const ends = Date.parse(sandbox.failed_at ?? sandbox.delivered_at!) + DAY;
    const moments: Array<{ at: number; actor: Actor }> = [];
    for (let job = firstJobAfter(bookedAt); job <= Math.min(limit, ends); job += DAY) moments.push({ at: job, actor: SYSTEM });
    for (const refresh of attempt.refreshes ?? []) if (refresh > bookedAt && refresh <= limit) moments.push({ at: refresh, actor: this.operator });
    moments.sort((a, b) => a.at - b.at);
    let tracked: ReturnType<typeof parseTrackingAnswer> | null = null;
    for (const { at: moment, actor } of moments) {
      // What tracking through the sandbox answers then (the demo test tracks seeded AWBs through it and compares).
      const tracking = parseTrackingAnswer(traceAnswer(sandbox, new Date(moment)), awb);
      tracked = tracking;
      row.tracked_at = iso(moment);
      row.updated_at = iso(moment);
      const from = row.status;
      // Not news (machines/shipment.ts trackedMove): the refresh is recorded, nothing else.
      if (tracking.status === 'cancelled' || tracking.status === 'requested' || trackedMove(from, tracking.status) === null) continue;
      const latest = tracking.status === 'delivered' && tracking.deliveredAt ? tracking.deliveredAt : tracking.history.at(-1)!.at;
      const decision = decideShipment(shipment.snapshot, {
        type: 'shipment.track',
        status: tracking.status,
        at: local(Date.parse(latest)),
        ...(tracking.receiverName ? { receiverName: tracking.receiverName } : {}),
        actor,
        today: dayOf(moment),
      });
      if (!decision.ok) throw new Error(`demo: shipment ${awb} refused its tracking: ${decision.refusal.message}`);
      if (!decision.changed) continue;
      shipment.snapshot = decision.snapshot;
      const at = this.moment('bilyet', moment);
      const delivered = decision.status === 'delivered';
      Object.assign(row, { status: decision.status, ...(delivered ? { receiver_name: tracking.receiverName, delivered_at: tracking.deliveredAt } : {}) });
      // As server/courier/shipment-service.ts applyTracking: a delivery is the bilyet's receipt (one
      // step, with the shipment's news in its payload); any other news is the shipment's own step.
      const payload = { shipmentId, awb, status: decision.status, statusLabel: shipmentStatusLabels[decision.status], ...(delivered ? { receiverName: tracking.receiverName } : {}) };
      if (!this.followShipment(from, decision, at, actor, payload)) this.record(at, actor, 'shipment.track', payload);
      if (delivered || decision.status === 'failed') break;
    }
    if (tracked !== null) {
      this.out.shipmentEvents.push(...shipmentEventRows(shipmentId, tracked.history));
    }
    return row.status;
  }

  /** What the shipment's change means for the bilyet (machines/shipment.ts bilyetEventForShipment), recorded with `timeline`; false when nothing. */
  private followShipment(from: ShipmentStatus, decision: { status: ShipmentStatus; context: ShipmentSnapshot['context'] }, at: number, actor: Actor, timeline: Record<string, unknown>): boolean {
    const event = bilyetEventForShipment(from, decision.status, decision.context, { actor, today: dayOf(at) });
    if (!event) return false;
    const { actor: _actor, today: _today, ...payload } = event;
    const { type: _type, ...fields } = payload as Record<string, unknown>;
    this.bilyetStep(at, actor, payload as BilyetPayload, event.type === 'bilyet.receive' ? { ...timeline, receivedAt: fields.receivedAt, receivedBy: fields.receivedBy } : timeline);
    return true;
  }

  /** The whole way to the customer, up to `limit`. */
  forward(plan: Forward, limit: number): void {
    if (plan.issueAt > limit) return;
    this.issue(plan.issueAt);
    if (plan.route === 'counter') {
      if (plan.receiveAt <= limit) this.receiveAtCounter(plan.receiveAt);
      return;
    }
    if (plan.route === 'resi') {
      if (plan.shipAt > limit) return;
      this.shipByResi(plan.shipAt);
      if (plan.receiveAt <= limit) this.receiveWithReceipt(plan.receiveAt);
      return;
    }
    for (const attempt of plan.attempts) {
      const status = this.shipWithJne(attempt, limit);
      if (status !== 'cancelled') break;
    }
    if (plan.afterFailure && this.latestShipmentStatus() === 'failed') {
      if (plan.afterFailure.unshipAt > limit) return;
      this.unship(plan.afterFailure.unshipAt);
      if (plan.afterFailure.receiveAt <= limit) this.receiveAtCounter(plan.afterFailure.receiveAt);
    }
  }

  // ------------------------------------------------------------------------------ plans

  /** How a bilyet usually travels: issued within days of the approval, then JNE, the counter or another courier. */
  naturalPlan(approvedAt: number): Forward {
    const random = this.random;
    const issueDay = addDays(dayOf(approvedAt), random.int(0, 3));
    const issueAt = issueDay === dayOf(approvedAt) ? approvedAt + random.int(20, 150) * MINUTE + random.int(1, 59) * SECOND : officeTime(random, issueDay);
    // JNE pickups are booked through Berjangka for the last months' bilyets (JNE_SINCE_DAYS); before
    // that the bank handed bilyets over at the counter or sent them with a courier of its choice.
    const roll = random.next();
    const route = issueAt >= this.bank.now - JNE_SINCE_DAYS * DAY ? (roll < 0.25 ? 'counter' : roll < 0.4 ? 'resi' : 'jne') : roll < 0.65 ? 'counter' : 'resi';
    if (route === 'counter') {
      const receiveAt = random.chance(0.4) ? issueAt + random.int(10, 120) * MINUTE : officeTime(random, addDays(dayOf(issueAt), random.int(1, 7)));
      return { route: 'counter', issueAt, receiveAt };
    }
    if (route === 'resi') {
      const shipAt = officeTime(random, addDays(dayOf(issueAt), random.int(1, 2)));
      return { route: 'resi', issueAt, shipAt, receiveAt: officeTime(random, addDays(dayOf(shipAt), random.int(2, 6))) };
    }
    const book = (after: number): JneAttempt => {
      const bookedAt = Math.max(after + random.int(10, 40) * MINUTE, officeTime(random, addDays(dayOf(after), random.int(0, 1))));
      return { bookedAt, slotAt: slotAfter(random, bookedAt), end: { kind: 'deliver' } };
    };
    const first = book(issueAt);
    const mishap = random.next();
    if (mishap < 0.02) {
      first.end = { kind: 'cancel', at: first.bookedAt + random.int(20, 90) * MINUTE };
      const second = book(first.end.at! + DAY);
      return { route: 'jne', issueAt, attempts: [first, second], receiveAt: this.deliverySeen(second) };
    }
    if (mishap < 0.03) {
      const failAt = first.slotAt + SANDBOX_PICKUP_DELAY_MS + SANDBOX_TRANSIT_DELAY_MS + random.int(18, 22) * HOUR;
      first.end = { kind: 'fail', at: failAt };
      const unshipAt = officeTime(random, addDays(dayOf(firstJobAfter(failAt)), 1));
      const receiveAt = officeTime(random, addDays(dayOf(unshipAt), random.int(1, 3)));
      return { route: 'jne', issueAt, attempts: [first], afterFailure: { unshipAt, receiveAt }, receiveAt };
    }
    return { route: 'jne', issueAt, attempts: [first], receiveAt: this.deliverySeen(first) };
  }

  /** The daily job's run that sees a delivery (delivered a day after the parcel left the sorting centre). */
  private deliverySeen(attempt: JneAttempt): number {
    return firstJobAfter(attempt.slotAt + SANDBOX_PICKUP_DELAY_MS + SANDBOX_TRANSIT_DELAY_MS + SANDBOX_DELIVERY_DELAY_MS) + 2 * SECOND;
  }

  /** Issued and collected at the counter inside (low, high): for a payout that came before the bilyet's usual journey ended. */
  private counterPlanWithin(low: number, high: number): Forward {
    return { route: 'counter', issueAt: Math.round(low + (high - low) * 0.3), receiveAt: Math.round(low + (high - low) * 0.6) };
  }

  // --------------------------------------------------------------------------- journeys

  playBilyet(approvedAt: number, showcase: BilyetShowcase | undefined): void {
    const { now } = this.bank;
    const random = this.random;
    const status = this.facts.status;
    const paidAt = this.lastOf('deposit.markPaid');
    const decisionAt = this.lastOf('deposit.approveBreak', 'deposit.requestDisbursement');
    const maturedAt = this.lastOf('deposit.mature');
    const daysAgo = (days: number) => officeTime(random, addDays(this.bank.today, -days));

    switch (showcase) {
      case 'issued':
        this.issue(Math.min(now - random.int(3, 60) * HOUR - random.int(1, 59) * SECOND, now - 5 * MINUTE));
        return;
      case 'requested': {
        this.issue(now - random.int(26, 50) * HOUR - random.int(1, 59) * SECOND);
        const bookedAt = now - random.int(20, 120) * MINUTE - random.int(1, 59) * SECOND;
        this.shipWithJne({ bookedAt, slotAt: slotAfter(random, Math.max(bookedAt, now)), end: { kind: 'deliver' } }, now);
        return;
      }
      case 'pickedUp':
      case 'inTransit': {
        const stageAt = showcase === 'pickedUp' ? floorMinute(now - random.int(15, 90) * MINUTE) : floorMinute(now - random.int(2, 15) * HOUR - random.int(0, 59) * MINUTE);
        const slotAt = stageAt - SANDBOX_PICKUP_DELAY_MS - (showcase === 'inTransit' ? SANDBOX_TRANSIT_DELAY_MS : 0);
        const bookedAt = slotAt - random.int(2, 4) * HOUR - random.int(0, 59) * MINUTE - random.int(1, 59) * SECOND;
        this.issue(bookedAt - random.int(20, 44) * HOUR);
        this.shipWithJne({ bookedAt, slotAt, end: { kind: 'deliver' }, refreshes: [now - random.int(1, 10) * MINUTE - random.int(1, 59) * SECOND] }, now);
        return;
      }
      case 'resi':
        this.issue(daysAgo(random.int(4, 6)));
        this.shipByResi(Math.min(daysAgo(random.int(1, 3)), now - MINUTE));
        return;
      case 'cancelled': {
        this.issue(daysAgo(6));
        const bookedAt = daysAgo(3);
        this.shipWithJne({ bookedAt, slotAt: wib(addDays(dayOf(bookedAt), 1), 10, 0), end: { kind: 'cancel', at: bookedAt + random.int(30, 120) * MINUTE } }, now);
        return;
      }
      case 'failed':
      case 'failedUnshipped': {
        this.issue(daysAgo(9));
        const bookedDay = addDays(this.bank.today, -6);
        const slotAt = wib(bookedDay, 13, 0);
        const failAt = slotAt + SANDBOX_PICKUP_DELAY_MS + SANDBOX_TRANSIT_DELAY_MS + 20 * HOUR;
        this.shipWithJne({ bookedAt: wib(bookedDay, 10, random.int(0, 59)) + random.int(1, 59) * SECOND, slotAt, end: { kind: 'fail', at: failAt } }, now);
        if (showcase === 'failedUnshipped') this.unship(officeTime(random, addDays(dayOf(firstJobAfter(failAt)), 1)));
        return;
      }
      case 'lost':
      case 'reissued': {
        const lostAt = showcase === 'lost' ? daysAgo(random.int(1, 8)) : daysAgo(random.int(14, 20));
        this.forward(this.naturalPlan(approvedAt), lostAt - HOUR);
        this.reportLost(lostAt);
        if (showcase === 'reissued') {
          const reissueAt = officeTime(random, addDays(dayOf(lostAt), random.int(2, 4)));
          this.issue(reissueAt, true);
          this.receiveAtCounter(officeTime(random, addDays(dayOf(reissueAt), random.int(1, 3))));
        }
        return;
      }
      case 'payoutLost': {
        const deadline = Math.min(decisionAt ?? now, now);
        const natural = this.naturalPlan(approvedAt);
        this.forward(natural.receiveAt < deadline ? natural : this.counterPlanWithin(approvedAt, deadline), now);
        const lostAt = between(random, Math.max(this.lastAt.bilyet, deadline), now);
        if (lostAt !== null) this.reportLost(lostAt);
        return;
      }
      case undefined:
        break;
    }

    // The customer holds the bilyet before a payout is decided (a maturity, an approved break) and
    // by the demo's now, so no payout waits on a bilyet still on its way: the bank hands it over at
    // the counter when its usual journey would end later. A paid deposit's steps all come before
    // the payment, even one marked paid later today.
    const limit = paidAt ?? now;
    const due = status === 'closed' || status === 'disbursing' ? decisionAt : status === 'matured' ? maturedAt : null;
    const deadline = due === null ? null : Math.min(due, limit);
    const natural = this.naturalPlan(approvedAt);
    this.forward(deadline !== null && natural.receiveAt >= deadline ? this.counterPlanWithin(approvedAt, deadline) : natural, limit);

    if (status === 'closed' && paidAt !== null && decisionAt !== null) {
      // The deposit machine checked the bilyet when the payout was marked paid.
      const at = between(random, Math.max(this.lastAt.bilyet, decisionAt), paidAt);
      if (at !== null && this.facts.paidWithBilyet === 'returned') this.returnBilyet(at);
      else if (at !== null && this.facts.paidWithBilyet === 'lost') this.reportLost(at);
    } else if ((status === 'disbursing' || status === 'matured') && due !== null && this.bilyetStatus === 'received' && random.chance(status === 'disbursing' ? 0.55 : 0.3)) {
      const at = between(random, Math.max(this.lastAt.bilyet, due), now);
      if (at !== null) this.returnBilyet(at);
    }

    if (paidAt !== null && this.bilyetStatusAt(paidAt) !== (this.facts.paidWithBilyet ?? 'none')) {
      throw new Error(`demo: ${this.facts.depositNumber} was paid with its bilyet ${this.bilyetStatusAt(paidAt)}, not ${this.facts.paidWithBilyet}`);
    }
  }

  /** The placement form sent for signature via Privy soon after the approval. */
  playSignature(approvedAt: number, showcase: SignatureShowcase | undefined): void {
    const random = this.random;
    const { now, today } = this.bank;
    const customer = this.facts.customer;
    // The banks sign placement forms through Privy since a few months (SIGNATURE_SINCE_DAYS); older ones were signed on paper.
    const wanted = showcase !== undefined || (approvedAt >= now - SIGNATURE_SINCE_DAYS * DAY && random.chance(0.6));
    const sentWhen = approvedAt + random.int(5, 60) * MINUTE + random.int(1, 59) * SECOND;
    if (!wanted || !customer.email || sentWhen > now) return;
    const sentOn = dayOf(sentWhen);
    // Still open on the demo's today: sent within the validity (14 days, the sent day included).
    const open = daysBetween(sentOn, today) <= 12;
    let outcome: SignatureStatus = showcase ?? (open ? (random.chance(0.45) ? 'sent' : random.chance(0.8) ? 'signed' : 'declined') : random.chance(0.88) ? 'signed' : random.chance(0.5) ? 'declined' : 'expired');
    const completeWhen = sentWhen + random.int(10, 72 * 60) * MINUTE + random.int(1, 59) * SECOND;
    if ((outcome === 'signed' || outcome === 'declined') && completeWhen > now) outcome = 'sent';
    if (outcome === 'sent' && !open) outcome = 'signed';
    const expiresAt = jobAt(signatureExpiresOn(sentOn));
    if (outcome === 'expired' && expiresAt > now) outcome = 'signed';
    if (outcome === 'signed' && completeWhen > now) return;

    const number = this.facts.depositNumber;
    const formAt = this.moment('signature', sentWhen - random.int(1, 4) * MINUTE);
    const fileName = `formulir-pembukaan-${number}.pdf`;
    const documentId = this.document(formAt, 'FORM', 'form', fileName, this.operator.id);
    // upload-doc files it on the timeline (documents-service recordOnTimeline: no new version).
    this.record(formAt, this.operator, 'document.upload', { documentId, type: 'FORM', typeLabel: documentTypeLabels.FORM, fileName }, false);

    const sentAt = this.moment('signature', sentWhen);
    const id = this.newId();
    const providerDocumentId = digest('privy-doc', this.bank.seed, id).toString('hex').slice(0, 40);
    const signingToken = digest('privy-sign', this.bank.seed, id).toString('base64url');
    const publicUrl = this.bank.publicUrl.replace(/\/+$/, '');
    const row = sentSignatureRow(
      {
        id,
        bankId: this.bank.bankId,
        depositId: this.facts.depositId,
        documentId,
        sent: { providerDocumentId, signingUrl: `${publicUrl}${PRIVY_SANDBOX_PATH}/sign/${signingToken}` },
        signer: { name: customer.name, email: customer.email },
        sentOn,
        createdBy: this.operator.id,
      },
      iso(sentAt),
    );
    this.out.signatureRequests.push(row);
    this.record(sentAt, this.operator, 'signature.send', { signatureId: id, documentId, typeLabel: documentTypeLabels.FORM, signerName: customer.name, signerEmail: customer.email });
    let snapshot: SignatureSnapshot = restoreSignature('sent', signatureContext({ signatureId: id, depositId: this.facts.depositId, documentId, sentOn }));
    const decide = (at: number, event: SignatureEvent) => {
      const decision = decideSignature(snapshot, event);
      if (!decision.ok || !decision.changed) throw new Error(`demo: signature of ${number} refused ${event.type}: ${decision.ok ? 'no change' : decision.refusal.message}`);
      snapshot = decision.snapshot;
      // completed_at as server/signature/signature-service.ts stores it: the provider's instant, or the expiry job's.
      Object.assign(row, { status: decision.status, completed_at: iso(at), signed_document_id: decision.context.signedDocumentId, updated_at: iso(at) });
    };

    if (outcome === 'signed' || outcome === 'declined') {
      const at = this.moment('signature', completeWhen);
      const signedDocumentId = outcome === 'signed' ? this.document(at, 'SIGNED_FORM', 'signedForm', `ditandatangani-${id.slice(0, 8)}.pdf`, SYSTEM.id) : null;
      decide(at, { type: 'signature.complete', outcome, at: local(at), ...(signedDocumentId ? { signedDocumentId } : {}), actor: SYSTEM, today: dayOf(at) });
      this.record(at, SYSTEM, 'signature.complete', { signatureId: id, outcome, outcomeLabel: signatureStatusLabels[outcome], ...(signedDocumentId ? { signedDocumentId } : {}) });
    } else if (outcome === 'expired') {
      const at = this.moment('signature', expiresAt);
      decide(at, { type: 'signature.expire', actor: SYSTEM, today: dayOf(at) });
      this.record(at, SYSTEM, 'signature.expire', { signatureId: id });
    } else {
      // Still waiting: the sandbox holds the document and its signing page (privy-sandbox.ts).
      this.out.sandboxPrivyDocuments.push(
        sentDocumentRow(
          {
            docToken: providerDocumentId,
            signingToken,
            title: `${documentTypeLabels.FORM} ${number}`,
            fileName,
            signer: { name: customer.name, email: customer.email, phone: customer.phone },
            reference: id,
            callbackUrl: `${publicUrl}${apiBases.v2Bpr.path}/privy/callback`,
            returnUrl: `${publicUrl}/signature/privy`,
          },
          iso(sentAt),
        ),
      );
    }
    this.signatureStatus = row.status;
  }

  result(): DepositTracks {
    const context = this.bilyet.context;
    if (this.bilyetStatus !== 'none') {
      this.out.bilyets.push(bilyetRowOf({ id: this.facts.depositId, bank_id: this.bank.bankId }, this.verificationCode!, context, iso(this.bilyetUpdatedAt)));
    }
    const last = this.audit.reduce((latest, row) => (row.at > latest ? row.at : latest), '');
    return {
      columns: { bilyet_status: this.bilyetStatus, bilyet_number: context.number, shipment_status: this.latestShipmentStatus(), signature_status: this.signatureStatus },
      changes: this.changes,
      lastAt: last || null,
      audit: this.audit,
    };
  }
}

/** One deposit's bilyet, shipments and signature request, played after its lifecycle. */
export function playDepositTracks(bank: TrackBank, facts: DepositTrackFacts, showcase: DepositShowcase | undefined, out: DemoTrackRows): DepositTracks {
  const story = new TrackStory(bank, facts, out);
  const approvedAt = story.lastOf('deposit.approve');
  // A placement cancelled after its approval never had its bilyet printed.
  if (approvedAt !== null && approvedAt <= bank.now && facts.status !== 'cancelled') {
    if (facts.hasBilyet) story.playBilyet(approvedAt, showcase?.bilyet);
    story.playSignature(approvedAt, showcase?.signature);
  }
  return story.result();
}

// ---------------------------------------------------------------------------- showcases

/**
 * Which deposits are steered into the journeys plain chance may miss on a given day: bilyets
 * waiting to ship, pickups booked, picked up and in transit, a resi typed by hand, a cancelled
 * pickup, a failed delivery, a loss (and a reissue), a lost bilyet on a payout; a signature
 * waiting, declined and expired. A small bank gets one of most.
 */
export function chooseShowcases(bank: TrackBank, facts: readonly DepositTrackFacts[], random: Random): Map<string, DepositShowcase> {
  const chosen = new Map<string, DepositShowcase>();
  const big = facts.length >= 1000;
  const approvedAt = (fact: DepositTrackFacts) => {
    const row = [...fact.audit].reverse().find((entry) => entry.event === 'deposit.approve');
    return row ? Date.parse(row.at) : null;
  };
  const withApproval = facts.map((fact) => ({ fact, approvedAt: approvedAt(fact) })).filter((entry): entry is { fact: DepositTrackFacts; approvedAt: number } => entry.approvedAt !== null);
  // Among the latest approvals of a pool (a bilyet printed long after its deposit started would look odd).
  const take = (count: number, pool: typeof withApproval, assign: (showcase: DepositShowcase) => void, free: (id: string) => boolean) => {
    const candidates = pool.filter((entry) => free(entry.fact.depositId)).sort((a, b) => b.approvedAt - a.approvedAt);
    for (let index = 0; index < count && candidates.length > 0; index += 1) {
      const [entry] = candidates.splice(random.int(0, Math.min(candidates.length, 4) - 1), 1);
      const showcase = chosen.get(entry!.fact.depositId) ?? {};
      assign(showcase);
      chosen.set(entry!.fact.depositId, showcase);
    }
  };
  const freeBilyet = (id: string) => chosen.get(id)?.bilyet === undefined;
  const freeSignature = (id: string) => chosen.get(id)?.signature === undefined;
  const active = withApproval.filter(({ fact }) => fact.status === 'active' && fact.hasBilyet && !fact.audit.some((row) => row.event === 'deposit.requestBreak'));
  const recent = active.filter(({ approvedAt: at }) => at >= bank.now - 60 * DAY && at <= bank.now - 10 * DAY);
  const older = active.filter(({ approvedAt: at }) => at <= bank.now - 45 * DAY);
  const payouts = withApproval.filter(({ fact }) => fact.status === 'disbursing' && fact.hasBilyet);
  const bilyetShowcases: Array<[BilyetShowcase, number, typeof withApproval]> = [
    ['issued', big ? 3 : 2, recent],
    ['requested', big ? 2 : 1, recent],
    ['pickedUp', 1, recent],
    ['inTransit', big ? 3 : 1, recent],
    ['resi', big ? 2 : 1, recent],
    ['cancelled', 1, recent],
    ['failed', 1, recent],
    ['failedUnshipped', big ? 1 : 0, recent],
    ['lost', 1, older],
    ['reissued', big ? 1 : 0, older],
    ['payoutLost', big ? 1 : 0, payouts],
  ];
  for (const [showcase, count, pool] of bilyetShowcases) take(count, pool, (entry) => (entry.bilyet = showcase), freeBilyet);

  const signable = withApproval.filter(({ fact }) => fact.customer.email !== null);
  const waiting = signable.filter(({ fact, approvedAt: at }) => depositStatusesForBilyet.includes(fact.status) && at >= bank.now - 11 * DAY && at <= bank.now - 2 * HOUR);
  const finished = signable.filter(({ approvedAt: at }) => at <= bank.now - 20 * DAY);
  take(big ? 2 : 1, waiting, (entry) => (entry.signature = 'sent'), freeSignature);
  take(1, finished, (entry) => (entry.signature = 'declined'), freeSignature);
  take(1, finished, (entry) => (entry.signature = 'expired'), freeSignature);
  return chosen;
}
