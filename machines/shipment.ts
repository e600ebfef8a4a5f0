/**
 * One JNE shipment of a bilyet, DOMAIN.md track `requested → pickedUp → inTransit → delivered`,
 * or `cancelled` before pickup, or `failed`. The row is created `requested` when the pickup is
 * booked (no event: the machine's initial state); afterwards the courier's tracking moves it.
 * Pure like the deposit machine: the server rebuilds a snapshot with `restoreShipment` and asks
 * `decideShipment`; `bilyetEventForShipment` says what each change means for the bilyet.
 *
 * Tracking is a report of where the parcel is, not a command: the courier's history can skip
 * steps (a parcel first scanned in transit) and the daily refresh repeats what was already seen.
 * So `shipment.track` takes any forward move and ignores — no transition, not an error — a status
 * equal to or behind the current one, and anything reported once the shipment has ended.
 */
import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import type { ShipmentEventType, ShipmentStatus } from '@contract/deposit';
import type { BilyetEvent } from './bilyet';
import { addDays, formatDateId, isBefore, isOnOrBefore, refusal, type Actor, type IsoDate, type Refusal } from './deposit-rules';
import {
  blank,
  businessDateOf,
  firstRefusal,
  isLocalTimestamp,
  mayAct,
  optional,
  type Check,
  type LocalTimestamp,
  type Phase,
  type TrackRule,
} from './track-rules';

/**
 * The five-digit postal code written in a one-line address ("Jl. Merdeka 1, Kota Bandung, Jawa
 * Barat 40111"), or '' when there is none: the courier sorts by it, the booking dialog shows it,
 * and the server's courier address reads it the same way.
 */
export function postalCodeOf(line: string | null | undefined): string {
  return /\b(\d{5})\b/.exec(line ?? '')?.[1] ?? '';
}

export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  requested: 'Menunggu penjemputan',
  pickedUp: 'Dijemput kurir',
  inTransit: 'Dalam perjalanan',
  delivered: 'Terkirim',
  cancelled: 'Dibatalkan',
  failed: 'Gagal dikirim',
};

export const shipmentEventLabels: Record<ShipmentEventType, string> = {
  'shipment.track': 'Perbarui Pelacakan',
  'shipment.cancel': 'Batalkan Penjemputan',
};

/** The statuses a courier's tracking can report, and how far along each is. */
export type TrackedStatus = Exclude<ShipmentStatus, 'cancelled'>;
const PROGRESS: Record<TrackedStatus, number> = { requested: 0, pickedUp: 1, inTransit: 2, delivered: 3, failed: 3 };
const isTrackedStatus = (value: unknown): value is TrackedStatus => typeof value === 'string' && Object.hasOwn(PROGRESS, value);

/** The shipment's ends: nothing moves it any more. */
export const finishedShipmentStatuses: readonly ShipmentStatus[] = ['delivered', 'cancelled', 'failed'];

/**
 * Where a tracked status takes a shipment in `from`: the status itself when it is further along
 * (failure ends any live shipment), or null when the report is not news (equal, behind, or the
 * shipment has ended).
 */
export function trackedMove(from: ShipmentStatus, reported: TrackedStatus): TrackedStatus | null {
  if (finishedShipmentStatuses.includes(from)) return null;
  return PROGRESS[reported] > PROGRESS[from as TrackedStatus] ? reported : null;
}

export interface ShipmentContext {
  shipmentId: string;
  depositId: string;
  courier: string;
  /** The airwaybill (JNE cnote) given when the pickup was booked. */
  awb: string;
  requestedOn: IsoDate;
  /** The courier's time of the latest status the shipment moved to. */
  statusAt: LocalTimestamp | null;
  deliveredAt: LocalTimestamp | null;
  /** Who signed for the parcel, as the courier reports it. */
  receiverName: string | null;
  cancelledOn: IsoDate | null;
  cancelledBy: string | null;
  cancelReason: string | null;
}

export type ShipmentInput = Pick<ShipmentContext, 'shipmentId' | 'depositId' | 'courier' | 'awb' | 'requestedOn'> & Partial<ShipmentContext>;

export function shipmentContext(input: ShipmentInput): ShipmentContext {
  return { statusAt: null, deliveredAt: null, receiverName: null, cancelledOn: null, cancelledBy: null, cancelReason: null, ...input };
}

interface EventBase {
  actor: Actor;
  /** Business date (Asia/Jakarta) of the action. */
  today: IsoDate;
}

export type ShipmentEvent =
  /**
   * A tracking result (the daily job as SYSTEM, or staff refreshing on demand): the courier's
   * status mapped to ours, its local time, and for `delivered` who received the parcel.
   */
  | ({ type: 'shipment.track'; status: TrackedStatus; at: LocalTimestamp; receiverName?: string } & EventBase)
  /** Staff cancel the booked pickup, only before the courier has collected the parcel. */
  | ({ type: 'shipment.cancel'; reason?: string } & EventBase);

type EventOf<T extends ShipmentEventType> = Extract<ShipmentEvent, { type: T }>;
type ShipmentCheck<E> = Check<ShipmentStatus, ShipmentContext, E>;

const trackChecks: Array<ShipmentCheck<EventOf<'shipment.track'>>> = [
  { category: 'invalid', payload: true, passes: ({ event }) => isTrackedStatus(event.status), message: () => 'Status pelacakan kurir tidak dikenal.' },
  { category: 'invalid', payload: true, passes: ({ event }) => isLocalTimestamp(event.at), message: () => 'Waktu pelacakan kurir tidak valid.' },
  {
    category: 'invalid',
    payload: true,
    passes: ({ event }) => isOnOrBefore(businessDateOf(event.at), event.today),
    message: ({ event }) => `Waktu pelacakan kurir (${formatDateId(businessDateOf(event.at))}) tidak boleh setelah hari ini.`,
  },
  {
    category: 'invalid',
    payload: true,
    passes: ({ status, event }) => trackedMove(status, event.status) !== 'delivered' || !blank(event.receiverName),
    message: () => 'Nama penerima dari kurir wajib ada untuk pengiriman yang terkirim.',
  },
];

const RULES: { [T in ShipmentEventType]: TrackRule<ShipmentStatus, ShipmentContext, EventOf<T>> } = {
  'shipment.track': {
    from: ['requested', 'pickedUp', 'inTransit'],
    roles: ['OPERATOR', 'SYSTEM'],
    roleMessage: 'Hanya staf BPR atau proses sistem yang dapat memperbarui pelacakan pengiriman.',
    checks: trackChecks,
  },
  'shipment.cancel': {
    from: ['requested'],
    roles: ['OPERATOR'],
    roleMessage: 'Hanya staf BPR yang dapat membatalkan penjemputan.',
    checks: [],
  },
};

/** The states in which each event is defined (tracking a finished shipment is ignored, see `shipmentWhyNot`). */
export const shipmentEventSources: { [T in ShipmentEventType]: readonly ShipmentStatus[] } = Object.fromEntries(
  Object.entries(RULES).map(([type, rule]) => [type, rule.from]),
) as never;

const ruleOf = (type: ShipmentEventType) => RULES[type] as unknown as TrackRule<ShipmentStatus, ShipmentContext, ShipmentEvent> | undefined;

function refusalFor(status: ShipmentStatus, context: ShipmentContext, event: ShipmentEvent, phase: Phase): Refusal | null {
  return firstRefusal(ruleOf(event.type)!, { status, context, event }, phase);
}

type TrackParams = { from: ShipmentStatus; to: TrackedStatus | null };

// ---------------------------------------------------------------------------------------------

export const shipmentMachine = setup({
  types: {
    context: {} as ShipmentContext,
    events: {} as ShipmentEvent,
    input: {} as ShipmentInput,
  },
  guards: {
    allowed: ({ context, event }, params: { from: ShipmentStatus }) => refusalFor(params.from, context, event, 'full') === null,
    /** An accepted tracking result that moves the shipment from `from` to `to` (to = null: not news). */
    tracked: ({ context, event }, params: TrackParams) =>
      event.type === 'shipment.track' && refusalFor(params.from, context, event, 'full') === null && trackedMove(params.from, event.status) === params.to,
  },
  actions: {
    recordProgress: assign(({ event }) => ({ statusAt: (event as EventOf<'shipment.track'>).at })),
    recordDelivery: assign(({ event }) => {
      const { at, receiverName } = event as EventOf<'shipment.track'>;
      return { statusAt: at, deliveredAt: at, receiverName: receiverName!.trim() };
    }),
    recordCancel: assign(({ event }) => {
      const { actor, today, reason } = event as EventOf<'shipment.cancel'>;
      return { cancelledOn: today, cancelledBy: actor.id, cancelReason: optional(reason) };
    }),
  },
}).createMachine({
  id: 'shipment',
  initial: 'requested',
  context: ({ input }) => shipmentContext(input),
  states: {
    requested: {
      on: {
        'shipment.track': [
          { guard: { type: 'tracked', params: { from: 'requested', to: 'pickedUp' } }, target: 'pickedUp', actions: 'recordProgress' },
          { guard: { type: 'tracked', params: { from: 'requested', to: 'inTransit' } }, target: 'inTransit', actions: 'recordProgress' },
          { guard: { type: 'tracked', params: { from: 'requested', to: 'delivered' } }, target: 'delivered', actions: 'recordDelivery' },
          { guard: { type: 'tracked', params: { from: 'requested', to: 'failed' } }, target: 'failed', actions: 'recordProgress' },
          // Not news: the report is accepted and nothing changes.
          { guard: { type: 'tracked', params: { from: 'requested', to: null } } },
        ],
        'shipment.cancel': { guard: { type: 'allowed', params: { from: 'requested' } }, target: 'cancelled', actions: 'recordCancel' },
      },
    },
    pickedUp: {
      on: {
        'shipment.track': [
          { guard: { type: 'tracked', params: { from: 'pickedUp', to: 'inTransit' } }, target: 'inTransit', actions: 'recordProgress' },
          { guard: { type: 'tracked', params: { from: 'pickedUp', to: 'delivered' } }, target: 'delivered', actions: 'recordDelivery' },
          { guard: { type: 'tracked', params: { from: 'pickedUp', to: 'failed' } }, target: 'failed', actions: 'recordProgress' },
          { guard: { type: 'tracked', params: { from: 'pickedUp', to: null } } },
        ],
      },
    },
    inTransit: {
      on: {
        'shipment.track': [
          { guard: { type: 'tracked', params: { from: 'inTransit', to: 'delivered' } }, target: 'delivered', actions: 'recordDelivery' },
          { guard: { type: 'tracked', params: { from: 'inTransit', to: 'failed' } }, target: 'failed', actions: 'recordProgress' },
          { guard: { type: 'tracked', params: { from: 'inTransit', to: null } } },
        ],
      },
    },
    delivered: { type: 'final' },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
  },
});

export type ShipmentSnapshot = SnapshotFrom<typeof shipmentMachine>;

export function restoreShipment(status: ShipmentStatus, context: ShipmentContext): ShipmentSnapshot {
  return shipmentMachine.resolveState({ value: status, context });
}

const PICKED_UP: readonly ShipmentStatus[] = ['pickedUp', 'inTransit', 'delivered'];

function stateMessage(type: ShipmentEventType, status: ShipmentStatus): string {
  if (type === 'shipment.cancel' && PICKED_UP.includes(status)) return 'Pengiriman sudah dijemput kurir; tidak dapat dibatalkan.';
  if (type === 'shipment.cancel' && status === 'cancelled') return 'Penjemputan sudah dibatalkan.';
  const from = RULES[type].from.map((s) => shipmentStatusLabels[s]).join(' atau ');
  return `Pengiriman tidak dalam status ${from} (status saat ini: ${shipmentStatusLabels[status]}).`;
}

/**
 * Why `event` is refused for this shipment, or null when it is accepted — which for a tracking
 * result that is not news (see `trackedMove`) means accepted and ignored: `decideShipment`
 * answers `changed: false`. Categories: forbidden 403 (role), conflict 409 (state: cancelling
 * after pickup), invalid 400 (an unknown status, a bad or future time, delivered without a
 * receiver name). Role first, then state, then the payload.
 */
export function shipmentWhyNot(snapshot: ShipmentSnapshot, event: ShipmentEvent): Refusal | null {
  const rule = ruleOf(event.type);
  if (!rule) return refusal('invalid', 'Jenis aksi tidak dikenal.');
  if (!mayAct(event.actor, rule.roles)) return refusal('forbidden', rule.roleMessage);
  const status = snapshot.value as ShipmentStatus;
  // A report about a shipment that has ended is checked like any other, then ignored.
  const ignoredReport = event.type === 'shipment.track' && finishedShipmentStatuses.includes(status);
  if (!rule.from.includes(status) && !ignoredReport) return refusal('conflict', stateMessage(event.type, status));
  return refusalFor(status, snapshot.context, event, 'full');
}

/** The shipment events this actor may start today (tracking only while the shipment is live). */
export function shipmentAllowedEvents(snapshot: ShipmentSnapshot, actor: Actor, today: IsoDate): ShipmentEventType[] {
  const status = snapshot.value as ShipmentStatus;
  return (Object.keys(RULES) as ShipmentEventType[]).filter(
    (type) => RULES[type].from.includes(status) && refusalFor(status, snapshot.context, { type, actor, today } as ShipmentEvent, 'offer') === null,
  );
}

type ShipmentDecision =
  /** `changed: false`: a tracking result that was not news; nothing to store but the refresh itself. */
  | { ok: true; changed: boolean; snapshot: ShipmentSnapshot; status: ShipmentStatus; context: ShipmentContext }
  | { ok: false; refusal: Refusal };

export function decideShipment(snapshot: ShipmentSnapshot, event: ShipmentEvent): ShipmentDecision {
  const reason = shipmentWhyNot(snapshot, event);
  if (reason) return { ok: false, refusal: reason };
  if (snapshot.status === 'done') return { ok: true, changed: false, snapshot, status: snapshot.value as ShipmentStatus, context: snapshot.context };
  const [next] = transition(shipmentMachine, snapshot, event);
  return { ok: true, changed: next.value !== snapshot.value, snapshot: next, status: next.value as ShipmentStatus, context: next.context };
}

/**
 * What a change of a shipment means for its deposit's bilyet: the event the server then decides
 * with the bilyet machine (restored with the shipment's new status), or null.
 *  - booked (no previous status → `requested`): `bilyet.ship` with the courier and the AWB;
 *  - `delivered`: `bilyet.receive` on the delivery's business date, received by the courier's
 *    receiver name (DOMAIN.md: delivered marks the bilyet received);
 *  - `cancelled`: `bilyet.unship`, the bilyet never left the bank;
 *  - `failed`: nothing yet — the parcel travels back to the bank; staff record `bilyet.unship`
 *    once it is in hand, then ship it again or hand it over at the counter.
 * The actor and business date are those of the shipment's own event (SYSTEM for the daily job).
 */
export function bilyetEventForShipment(
  from: ShipmentStatus | null,
  to: ShipmentStatus,
  context: ShipmentContext,
  by: { actor: Actor; today: IsoDate },
): BilyetEvent | null {
  if (from === to) return null;
  if (from === null && to === 'requested') return { type: 'bilyet.ship', courier: context.courier, awb: context.awb, ...by };
  if (to === 'delivered' && context.deliveredAt !== null && context.receiverName !== null) {
    return { type: 'bilyet.receive', receivedAt: businessDateOf(context.deliveredAt), receivedBy: context.receiverName, ...by };
  }
  if (to === 'cancelled') return { type: 'bilyet.unship', ...by };
  return null;
}

/** How far ahead a courier pickup can be booked. */
const PICKUP_BOOKING_DAYS = 7;

/** Why a pickup cannot be booked for this date (today up to PICKUP_BOOKING_DAYS ahead), or null. */
export function pickupDateProblem(pickupDate: IsoDate, today: IsoDate): string | null {
  if (isBefore(pickupDate, today)) return 'Tanggal penjemputan tidak boleh sebelum hari ini.';
  if (isBefore(addDays(today, PICKUP_BOOKING_DAYS), pickupDate)) return `Tanggal penjemputan paling lambat ${PICKUP_BOOKING_DAYS} hari dari hari ini (${formatDateId(addDays(today, PICKUP_BOOKING_DAYS))}).`;
  return null;
}
