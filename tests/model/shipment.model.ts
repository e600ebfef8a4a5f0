import type { AnyMachineSnapshot } from 'xstate';
import type { ShipmentStatus } from '../../contract/deposit';
import type { Actor } from '../../machines/deposit-rules';
import { shipmentEventSources, shipmentMachine, type ShipmentEvent, type ShipmentInput, type TrackedStatus } from '../../machines/shipment';
import { describeEvent as describePayload, getEdgeCoveringPaths, type GeneratedPath } from './walk';

/**
 * A JNE pickup booked Tue 3 Mar 2026 for a bilyet; the courier collects it on the 4th, it is in
 * transit on the 5th, delivered on the 6th (or fails on the 7th).
 */
export const input: ShipmentInput = {
  shipmentId: 'shp-1',
  depositId: 'dep-1',
  courier: 'JNE',
  awb: 'JNE-0012345678',
  requestedOn: '2026-03-03',
};

export const actors = {
  operator: { id: 'usr-op-1', role: 'OPERATOR' },
  supervisor: { id: 'usr-spv-1', role: 'SUPERVISOR' },
  system: { id: 'system', role: 'SYSTEM' },
} satisfies Record<string, Actor>;

const track = (actor: Actor, status: TrackedStatus, at: string, today: string, receiverName?: string): ShipmentEvent => ({
  type: 'shipment.track',
  actor,
  today,
  status,
  at,
  ...(receiverName === undefined ? {} : { receiverName }),
});

/**
 * The courier's reports in order, each one repeated later (not news), one going backwards
 * (`requested` after pickup), skips (straight to in transit or delivered), and refused ones:
 * delivered without a receiver, a time after today, a status the courier cannot report, the
 * wrong role for a cancel.
 */
export const events: ShipmentEvent[] = [
  track(actors.system, 'pickedUp', '2026-03-04T09:15', '2026-03-04'),
  track(actors.system, 'inTransit', '2026-03-05T07:00', '2026-03-05'),
  track(actors.supervisor, 'inTransit', '2026-03-05T07:00', '2026-03-05'),
  track(actors.system, 'delivered', '2026-03-06T14:20', '2026-03-06', 'Budi Santoso'),
  track(actors.system, 'delivered', '2026-03-06T14:20', '2026-03-06'),
  track(actors.system, 'failed', '2026-03-07T16:00', '2026-03-07'),
  track(actors.operator, 'requested', '2026-03-03T10:00', '2026-03-04'),
  track(actors.system, 'pickedUp', '2026-03-09T08:00', '2026-03-05'),
  track(actors.system, 'cancelled' as TrackedStatus, '2026-03-04T09:15', '2026-03-04'),
  { type: 'shipment.cancel', actor: actors.operator, today: '2026-03-03', reason: 'Nasabah mengambil bilyet di kantor.' },
  { type: 'shipment.cancel', actor: actors.system, today: '2026-03-03' },
];

const filterEvents = (snapshot: AnyMachineSnapshot, event: { type: string }) =>
  (shipmentEventSources[event.type as ShipmentEvent['type']] ?? []).includes(snapshot.value as ShipmentStatus);

export function describeEvent(event: { type: string }): string {
  if (event.type === 'xstate.init') return event.type;
  const { type, actor, today, ...payload } = event as ShipmentEvent;
  return `${type} by ${actor.role} ${actor.id} on ${today}${describePayload({ type, ...payload }).slice(type.length)}`;
}

export const machine = shipmentMachine;

export const paths: GeneratedPath<ShipmentEvent>[] = getEdgeCoveringPaths(shipmentMachine, { events, input, filterEvents }) as never;

export const name = 'shipment';
