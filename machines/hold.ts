/**
 * A hold (blokir) on a deposit, DOMAIN.md "Holds (blokir)": a track beside the deposit's.
 *
 *   active → releaseRequested → released      (four eyes: the approver is not the requester)
 *            releaseRequested → active         (a supervisor turns the request down)
 *   active | releaseRequested → released      (the daily job, on the hold's end date)
 *
 * A hold is placed (created `active`) by a supervisor; `holdPlacementRefusal` says when it may not
 * be. Pure like the deposit machine: the server rebuilds a snapshot with `restoreHold` and asks
 * `decideHold`, and writes the deposit's `HoldInForce` (machines/deposit-rules/hold.ts) from the
 * holds still in force in the same transaction.
 */
import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import { formatDateId, hasRole, isIsoDate, isBefore, isOnOrBefore, refusal, type Actor, type IsoDate, type Refusal } from './deposit-rules';

export type HoldStatus = 'active' | 'releaseRequested' | 'released';
type HoldEventType = 'hold.requestRelease' | 'hold.approveRelease' | 'hold.rejectRelease' | 'hold.expire';

export const holdStatusLabels: Record<HoldStatus, string> = {
  active: 'Aktif',
  releaseRequested: 'Menunggu Persetujuan Pelepasan',
  released: 'Dilepas',
};

export const holdEventLabels: Record<HoldEventType | 'hold.place', string> = {
  'hold.place': 'Blokir Dipasang',
  'hold.requestRelease': 'Ajukan Pelepasan Blokir',
  'hold.approveRelease': 'Setujui Pelepasan Blokir',
  'hold.rejectRelease': 'Tolak Pelepasan Blokir',
  'hold.expire': 'Blokir Berakhir',
};

/** Holds that still freeze their deposit. */
export const holdsInForce: readonly HoldStatus[] = ['active', 'releaseRequested'];

export interface ReleaseRequest {
  by: string;
  on: IsoDate;
  reason: string;
}

export interface HoldContext {
  holdId: string;
  placedBy: string;
  /** The day it ends: the daily job of that day releases it. */
  until: IsoDate | null;
  releaseRequest: ReleaseRequest | null;
  /** Null when released by the daily job at its end date. */
  releasedBy: string | null;
  releasedOn: IsoDate | null;
}

export type HoldInput = Pick<HoldContext, 'holdId' | 'placedBy' | 'until'> & Partial<HoldContext>;

export function holdContext(input: HoldInput): HoldContext {
  return { releaseRequest: null, releasedBy: null, releasedOn: null, ...input };
}

interface EventBase {
  actor: Actor;
  today: IsoDate;
}

export type HoldEvent =
  | ({ type: 'hold.requestRelease'; reason: string } & EventBase)
  | ({ type: 'hold.approveRelease' } & EventBase)
  | ({ type: 'hold.rejectRelease'; reason: string } & EventBase)
  | ({ type: 'hold.expire' } & EventBase);

const HOLD_MESSAGES = {
  placeRole: 'Hanya supervisor yang dapat memasang blokir.',
  requestRole: 'Hanya staf BPR yang dapat mengajukan pelepasan blokir.',
  decideRole: 'Hanya supervisor yang dapat memutuskan pelepasan blokir.',
  ownRelease: 'Pelepasan blokir harus disetujui oleh supervisor lain, bukan pengajunya.',
  expireRole: 'Hanya proses harian sistem yang dapat mengakhiri blokir pada tanggal berakhirnya.',
  reasonRequired: 'Alasan wajib diisi.',
  badDate: 'Tanggal bisnis tidak valid.',
} as const;

/** Where each event is defined (the machine's `on` below says the same; a test holds them together). */
export const holdEventSources: Record<HoldEventType, readonly HoldStatus[]> = {
  'hold.requestRelease': ['active'],
  'hold.approveRelease': ['releaseRequested'],
  'hold.rejectRelease': ['releaseRequested'],
  'hold.expire': ['active', 'releaseRequested'],
};

const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

function stateMessage(type: HoldEventType, status: HoldStatus): string {
  if (status === 'released') return 'Blokir ini sudah dilepas.';
  if (type === 'hold.requestRelease') return 'Pelepasan blokir ini sudah diajukan dan menunggu persetujuan.';
  return 'Belum ada pengajuan pelepasan untuk blokir ini.';
}

/**
 * Why `event` is refused for a hold in `status`, or null when it is accepted. `offer` skips the
 * payload (what `holdAllowedEvents` asks before anyone typed a reason). Order as the deposit
 * machine's: who, the state, the conditions, the payload.
 */
export function holdRefusal(status: HoldStatus, context: HoldContext, event: HoldEvent, phase: 'offer' | 'full' = 'full'): Refusal | null {
  const { actor } = event;
  switch (event.type) {
    case 'hold.requestRelease':
      if (!actor || !hasRole(actor.role, 'OPERATOR')) return refusal('forbidden', HOLD_MESSAGES.requestRole);
      break;
    case 'hold.approveRelease':
    case 'hold.rejectRelease':
      if (!actor || !hasRole(actor.role, 'SUPERVISOR')) return refusal('forbidden', HOLD_MESSAGES.decideRole);
      break;
    case 'hold.expire':
      if (!actor || actor.role !== 'SYSTEM') return refusal('forbidden', HOLD_MESSAGES.expireRole);
      break;
    default:
      return refusal('invalid', 'Jenis aksi tidak dikenal.');
  }
  if (!holdEventSources[event.type].includes(status)) return refusal('conflict', stateMessage(event.type, status));
  if (event.type === 'hold.approveRelease' && context.releaseRequest?.by === actor.id) return refusal('forbidden', HOLD_MESSAGES.ownRelease);
  if (!isIsoDate(event.today)) return refusal('invalid', HOLD_MESSAGES.badDate);
  if (event.type === 'hold.expire' && (context.until === null || isBefore(event.today, context.until))) {
    return refusal('conflict', context.until === null ? 'Blokir ini tidak memiliki tanggal berakhir.' : `Blokir berlaku sampai ${formatDateId(context.until)}.`);
  }
  if (phase === 'offer') return null;
  if ((event.type === 'hold.requestRelease' || event.type === 'hold.rejectRelease') && blank(event.reason)) return refusal('invalid', HOLD_MESSAGES.reasonRequired);
  return null;
}

interface HoldPlacement {
  actor: Actor;
  today: IsoDate;
  letterDate: IsoDate | null;
  until: IsoDate | null;
}

/** Why a hold may not be placed as asked, or null (the deposit's own state is the service's to check). */
export function holdPlacementRefusal(placement: HoldPlacement): Refusal | null {
  if (!hasRole(placement.actor.role, 'SUPERVISOR')) return refusal('forbidden', HOLD_MESSAGES.placeRole);
  if (!isIsoDate(placement.today)) return refusal('invalid', HOLD_MESSAGES.badDate);
  if (placement.letterDate !== null && !isOnOrBefore(placement.letterDate, placement.today)) return refusal('invalid', 'Tanggal surat tidak boleh setelah hari ini.');
  if (placement.until !== null && !isBefore(placement.today, placement.until)) return refusal('invalid', 'Tanggal berakhir blokir harus setelah hari ini.');
  return null;
}

type EventOf<T extends HoldEventType> = Extract<HoldEvent, { type: T }>;

export const holdMachine = setup({
  types: {
    context: {} as HoldContext,
    events: {} as HoldEvent,
    input: {} as HoldInput,
  },
  guards: {
    allowedIn: ({ context, event }, params: { status: HoldStatus }) => holdRefusal(params.status, context, event) === null,
  },
  actions: {
    recordReleaseRequest: assign(({ event }) => {
      const { actor, today, reason } = event as EventOf<'hold.requestRelease'>;
      return { releaseRequest: { by: actor.id, on: today, reason: reason.trim() } };
    }),
    clearReleaseRequest: assign({ releaseRequest: null }),
    recordRelease: assign(({ event }) => ({ releasedBy: event.actor.id, releasedOn: event.today })),
    recordExpiry: assign(({ event }) => ({ releasedBy: null, releasedOn: event.today })),
  },
}).createMachine({
  id: 'hold',
  initial: 'active',
  context: ({ input }) => holdContext(input),
  states: {
    active: {
      on: {
        'hold.requestRelease': { guard: { type: 'allowedIn', params: { status: 'active' } }, target: 'releaseRequested', actions: 'recordReleaseRequest' },
        'hold.expire': { guard: { type: 'allowedIn', params: { status: 'active' } }, target: 'released', actions: 'recordExpiry' },
      },
    },
    releaseRequested: {
      on: {
        'hold.approveRelease': { guard: { type: 'allowedIn', params: { status: 'releaseRequested' } }, target: 'released', actions: 'recordRelease' },
        'hold.rejectRelease': { guard: { type: 'allowedIn', params: { status: 'releaseRequested' } }, target: 'active', actions: 'clearReleaseRequest' },
        'hold.expire': { guard: { type: 'allowedIn', params: { status: 'releaseRequested' } }, target: 'released', actions: 'recordExpiry' },
      },
    },
    released: { type: 'final' },
  },
});

type HoldSnapshot = SnapshotFrom<typeof holdMachine>;

export function restoreHold(status: HoldStatus, context: HoldContext): HoldSnapshot {
  return holdMachine.resolveState({ value: status, context });
}

type HoldDecision = { ok: true; status: HoldStatus; context: HoldContext } | { ok: false; refusal: Refusal };

/** Whether the event is accepted and, when it is, the hold's next state and context (pure). */
export function decideHold(snapshot: HoldSnapshot, event: HoldEvent): HoldDecision {
  const refused = holdRefusal(snapshot.value as HoldStatus, snapshot.context, event);
  if (refused) return { ok: false, refusal: refused };
  const [next] = transition(holdMachine, snapshot, event);
  return { ok: true, status: next.value as HoldStatus, context: next.context };
}

/** What staff may start on the hold today (the buttons on Blokir); the job's expiry is not offered. */
export function holdAllowedEvents(snapshot: HoldSnapshot, actor: Actor, today: IsoDate): Array<Exclude<HoldEventType, 'hold.expire'>> {
  const staffEvents = ['hold.requestRelease', 'hold.approveRelease', 'hold.rejectRelease'] as const;
  return staffEvents.filter((type) => holdRefusal(snapshot.value as HoldStatus, snapshot.context, { type, actor, today, reason: '' } as HoldEvent, 'offer') === null);
}
