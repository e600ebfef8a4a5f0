import { describe, expect, it } from 'vitest';
import { shipmentEventTypeSchema, shipmentStatusSchema, type ShipmentStatus } from '../../contract/deposit';
import { bilyetContext, decideBilyet, restoreBilyet } from '../../machines/bilyet';
import { hasRole, refusal, type Actor } from '../../machines/deposit-rules';
import {
  bilyetEventForShipment,
  decideShipment,
  shipmentAllowedEvents,
  shipmentContext,
  shipmentEventLabels,
  shipmentEventSources,
  shipmentMachine,
  shipmentStatusLabels,
  shipmentWhyNot,
  restoreShipment,
  type ShipmentContext,
  type ShipmentEvent,
  type ShipmentSnapshot,
} from '../../machines/shipment';
import { actors, describeEvent, events, input, paths } from './shipment.model';
import { describeSteps, replay, unwalked } from './walk';

// ---------------------------------------------------------------------------------------------
// The oracle, written out independently of the machine: refused (null), ignored ('ignored': the
// report is not news), or the state and context changes.

type Expected = { status: ShipmentStatus; context: Partial<ShipmentContext> } | 'ignored' | null;

const ORDER = ['requested', 'pickedUp', 'inTransit', 'delivered'];
const LIVE = ['requested', 'pickedUp', 'inTransit'];

function expectedOutcome(status: ShipmentStatus, e: ShipmentEvent): Expected {
  if (e.type === 'shipment.cancel') {
    return status === 'requested' && hasRole(e.actor.role, 'OPERATOR')
      ? { status: 'cancelled', context: { cancelledOn: e.today, cancelledBy: e.actor.id, cancelReason: e.reason ?? null } }
      : null;
  }
  if (!(hasRole(e.actor.role, 'OPERATOR') || e.actor.role === 'SYSTEM')) return null;
  if (![...ORDER, 'failed'].includes(e.status) || e.at.slice(0, 10) > e.today) return null;
  const forward = LIVE.includes(status) && (e.status === 'failed' || ORDER.indexOf(e.status) > ORDER.indexOf(status));
  if (!forward) return 'ignored';
  if (e.status === 'delivered') {
    return e.receiverName ? { status: 'delivered', context: { statusAt: e.at, deliveredAt: e.at, receiverName: e.receiverName } } : null;
  }
  return { status: e.status, context: { statusAt: e.at } };
}

/** What each state means, and that a finished shipment ignores every well-formed report. */
function assertStateMeaning(snapshot: ShipmentSnapshot) {
  const c = snapshot.context;
  const status = snapshot.value as ShipmentStatus;
  expect(c.deliveredAt !== null && c.receiverName !== null).toBe(status === 'delivered');
  expect(c.cancelledOn !== null && c.cancelledBy !== null).toBe(status === 'cancelled');
  // Moved by the courier at least once: its time is kept; still requested or cancelled: never moved.
  expect(c.statusAt !== null).toBe(!['requested', 'cancelled'].includes(status));
  expect(snapshot.status).toBe(LIVE.includes(status) ? 'active' : 'done');
  if (!LIVE.includes(status)) {
    for (const event of events.filter((e) => e.type === 'shipment.track')) {
      const outcome = decideShipment(snapshot, event);
      if (outcome.ok) expect([outcome.changed, outcome.status]).toEqual([false, status]);
      else expect(outcome.refusal.category).toBe('invalid');
    }
  }
}

describe('shipment machine: generated paths walk every transition', () => {
  const walked = new Set<string>();

  for (const [index, path] of paths.entries()) {
    it(`#${index}: ${describeSteps(path.steps, describeEvent)}`, () => {
      let previous = shipmentMachine.resolveState({ value: 'requested', context: shipmentContext(input) });
      const taken = replay(shipmentMachine, path.steps, {
        input,
        afterEach: (snapshot, step) => {
          if (step.event.type === 'xstate.init') {
            expect(snapshot.value).toBe('requested');
            expect(snapshot.context).toEqual(previous.context);
            return;
          }
          const event = step.event as ShipmentEvent;
          const expected = expectedOutcome(previous.value as ShipmentStatus, event);
          const decision = decideShipment(previous, event);
          expect(shipmentWhyNot(previous, event) === null).toBe(expected !== null);
          // An ignored report takes a defined transition that changes nothing, which xstate's
          // can() (would anything change?) answers false, like a refusal; whyNot tells them apart.
          expect(previous.can(event)).toBe(expected !== null && expected !== 'ignored');
          if (expected === null || expected === 'ignored') {
            expect(snapshot.value).toBe(previous.value);
            expect(snapshot.context).toEqual(previous.context);
            expect(decision.ok && decision.changed).toBe(false);
            expect(decision.ok).toBe(expected === 'ignored');
          } else {
            expect(snapshot.value).toBe(expected.status);
            expect(snapshot.context).toEqual({ ...previous.context, ...expected.context });
            expect(decision.ok && decision.changed && decision.status).toBe(expected.status);
          }
          assertStateMeaning(snapshot as ShipmentSnapshot);
          previous = snapshot as ShipmentSnapshot;
        },
      });
      for (const name of taken) walked.add(name);
    });
  }

  it('walked every transition the machine defines, the ignored reports included', () => {
    const defined = unwalked(shipmentMachine, []);
    expect(defined.filter((name) => name.endsWith('(self)'))).toHaveLength(3);
    expect(defined).toHaveLength(13);
    expect(unwalked(shipmentMachine, walked)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

const context = shipmentContext(input);
const at = (status: ShipmentStatus, overrides: Partial<ShipmentContext> = {}) => restoreShipment(status, { ...context, ...overrides });
const track = (overrides: Partial<Extract<ShipmentEvent, { type: 'shipment.track' }>> = {}): ShipmentEvent => ({
  type: 'shipment.track',
  actor: actors.system,
  today: '2026-03-06',
  status: 'delivered',
  at: '2026-03-06T14:20',
  receiverName: 'Budi Santoso',
  ...overrides,
});
const cancel: ShipmentEvent = { type: 'shipment.cancel', actor: actors.operator, today: '2026-03-04' };

describe('shipment: tracking', () => {
  it('moves forward, skipping steps: requested straight to delivered with the receiver', () => {
    const outcome = decideShipment(at('requested'), track());
    expect(outcome).toMatchObject({ ok: true, changed: true, status: 'delivered', context: { deliveredAt: '2026-03-06T14:20', receiverName: 'Budi Santoso' } });
    expect(decideShipment(at('requested'), track({ status: 'inTransit', receiverName: undefined }))).toMatchObject({ ok: true, changed: true, status: 'inTransit' });
  });

  it('ignores a status equal to or behind the current one, and anything once the shipment ended: not an error', () => {
    for (const reported of ['requested', 'pickedUp', 'inTransit'] as const) {
      const outcome = decideShipment(at('inTransit', { statusAt: '2026-03-05T07:00' }), track({ status: reported, receiverName: undefined }));
      expect(outcome).toMatchObject({ ok: true, changed: false, status: 'inTransit', context: { statusAt: '2026-03-05T07:00' } });
    }
    for (const ended of ['delivered', 'cancelled', 'failed'] as const) {
      expect(shipmentWhyNot(at(ended), track())).toBeNull();
      expect(decideShipment(at(ended), track({ status: 'pickedUp' }))).toMatchObject({ ok: true, changed: false, status: ended });
    }
  });

  it('refuses a delivery without receiver, a time after today, a status the courier cannot report, someone else than staff or the job', () => {
    expect(shipmentWhyNot(at('inTransit'), track({ receiverName: ' ' }))).toEqual(refusal('invalid', 'Nama penerima dari kurir wajib ada untuk pengiriman yang terkirim.'));
    expect(shipmentWhyNot(at('inTransit'), track({ at: '2026-03-07T08:00' }))).toEqual(refusal('invalid', 'Waktu pelacakan kurir (07-Mar-2026) tidak boleh setelah hari ini.'));
    expect(shipmentWhyNot(at('inTransit'), track({ at: '2026-03-06 14:20' }))).toEqual(refusal('invalid', 'Waktu pelacakan kurir tidak valid.'));
    expect(shipmentWhyNot(at('inTransit'), track({ at: '2026-03-06T24:00' }))).toEqual(refusal('invalid', 'Waktu pelacakan kurir tidak valid.'));
    expect(shipmentWhyNot(at('inTransit'), track({ status: 'cancelled' as never }))).toEqual(refusal('invalid', 'Status pelacakan kurir tidak dikenal.'));
    expect(shipmentWhyNot(at('inTransit'), track({ actor: { id: 'x', role: 'NASABAH' as never } }))).toEqual(
      refusal('forbidden', 'Hanya staf BPR atau proses sistem yang dapat memperbarui pelacakan pengiriman.'),
    );
    // A report that is not news needs no receiver name.
    expect(shipmentWhyNot(at('delivered'), track({ receiverName: undefined }))).toBeNull();
  });
});

describe('shipment: cancelling the pickup', () => {
  it('staff cancel before pickup, with an optional reason', () => {
    expect(decideShipment(at('requested'), { ...cancel, reason: ' Diambil di kantor. ' })).toMatchObject({
      ok: true,
      changed: true,
      status: 'cancelled',
      context: { cancelledOn: '2026-03-04', cancelledBy: 'usr-op-1', cancelReason: 'Diambil di kantor.' },
    });
  });

  it('refused once the courier has collected the parcel', () => {
    for (const status of ['pickedUp', 'inTransit', 'delivered'] as const) {
      expect(shipmentWhyNot(at(status), cancel)).toEqual(refusal('conflict', 'Pengiriman sudah dijemput kurir; tidak dapat dibatalkan.'));
    }
    expect(shipmentWhyNot(at('cancelled'), cancel)).toEqual(refusal('conflict', 'Penjemputan sudah dibatalkan.'));
    expect(shipmentWhyNot(at('failed'), cancel)).toEqual(refusal('conflict', 'Pengiriman tidak dalam status Menunggu penjemputan (status saat ini: Gagal dikirim).'));
    expect(shipmentWhyNot(at('requested'), { ...cancel, actor: actors.system })).toEqual(refusal('forbidden', 'Hanya staf BPR yang dapat membatalkan penjemputan.'));
  });

  it('allowedEvents: staff may refresh or cancel before pickup, refresh while moving, nothing once ended; the job only tracks', () => {
    expect(shipmentAllowedEvents(at('requested'), actors.operator, '2026-03-04')).toEqual(['shipment.track', 'shipment.cancel']);
    expect(shipmentAllowedEvents(at('pickedUp'), actors.supervisor, '2026-03-04')).toEqual(['shipment.track']);
    expect(shipmentAllowedEvents(at('requested'), actors.system, '2026-03-04')).toEqual(['shipment.track']);
    for (const ended of ['delivered', 'cancelled', 'failed'] as const) expect(shipmentAllowedEvents(at(ended), actors.operator, '2026-03-08')).toEqual([]);
  });
});

describe('shipment: what a change means for the bilyet', () => {
  const by = { actor: actors.system as Actor, today: '2026-03-06' };
  const bilyet = (status: 'issued' | 'shipped', shipmentStatus: ShipmentStatus) =>
    restoreBilyet(
      status,
      bilyetContext({
        depositId: 'dep-1',
        depositStatus: 'active',
        shipmentStatus,
        number: 'BLY-1',
        issuedOn: '2026-03-02',
        scanDocumentId: 'doc-scan-1',
        ...(status === 'shipped' ? { courier: 'JNE', awb: input.awb, shippedOn: '2026-03-03' } : {}),
      }),
    );

  it('booked: the bilyet is shipped with JNE and the AWB', () => {
    const event = bilyetEventForShipment(null, 'requested', context, { actor: actors.operator, today: '2026-03-03' });
    expect(event).toEqual({ type: 'bilyet.ship', courier: 'JNE', awb: 'JNE-0012345678', actor: actors.operator, today: '2026-03-03' });
    expect(decideBilyet(bilyet('issued', 'requested'), event!)).toMatchObject({ ok: true, status: 'shipped' });
  });

  it('delivered: the bilyet becomes received on the delivery date with the courier’s receiver name', () => {
    const outcome = decideShipment(at('inTransit'), track());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const event = bilyetEventForShipment('inTransit', outcome.status, outcome.context, by);
    expect(event).toEqual({ type: 'bilyet.receive', receivedAt: '2026-03-06', receivedBy: 'Budi Santoso', ...by });
    expect(decideBilyet(bilyet('shipped', 'delivered'), event!)).toMatchObject({ ok: true, status: 'received', context: { receivedBy: 'Budi Santoso', handedOverAtCounter: false } });
  });

  it('cancelled: the bilyet is back at the bank (issued); failed: nothing until staff have it in hand', () => {
    const cancelled = decideShipment(at('requested'), cancel);
    const event = cancelled.ok ? bilyetEventForShipment('requested', cancelled.status, cancelled.context, { actor: actors.operator, today: '2026-03-04' }) : null;
    expect(event).toEqual({ type: 'bilyet.unship', actor: actors.operator, today: '2026-03-04' });
    expect(decideBilyet(bilyet('shipped', 'cancelled'), event!)).toMatchObject({ ok: true, status: 'issued', context: { courier: null, awb: null } });
    expect(bilyetEventForShipment('inTransit', 'failed', context, by)).toBeNull();
    expect(bilyetWhyNotUnship(bilyet('shipped', 'failed'))).toBeNull();
  });

  it('moves that do not concern the bilyet, and reports that were not news: nothing', () => {
    expect(bilyetEventForShipment('requested', 'pickedUp', context, by)).toBeNull();
    expect(bilyetEventForShipment('pickedUp', 'inTransit', context, by)).toBeNull();
    expect(bilyetEventForShipment('delivered', 'delivered', { ...context, deliveredAt: '2026-03-06T14:20', receiverName: 'Budi' }, by)).toBeNull();
  });
});

function bilyetWhyNotUnship(snapshot: ReturnType<typeof restoreBilyet>) {
  const outcome = decideBilyet(snapshot, { type: 'bilyet.unship', actor: actors.operator, today: '2026-03-09' });
  return outcome.ok ? null : outcome.refusal;
}

describe('shipment: labels and contract', () => {
  it('labels every status and event of the contract', () => {
    expect(Object.keys(shipmentStatusLabels).sort()).toEqual([...shipmentStatusSchema.options].sort());
    expect(Object.keys(shipmentEventLabels).sort()).toEqual([...shipmentEventTypeSchema.options].sort());
    expect(Object.keys(shipmentEventSources).sort()).toEqual([...shipmentEventTypeSchema.options].sort());
  });
});
