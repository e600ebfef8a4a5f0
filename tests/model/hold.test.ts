import { describe, expect, it } from 'vitest';
import { decideHold, holdAllowedEvents, holdEventSources, holdMachine, holdPlacementRefusal, holdRefusal, restoreHold, type HoldContext, type HoldStatus } from '../../machines/hold';
import { heldMessage, holdLabel, interestHeldMessage } from '../../machines/deposit-rules';
import { walkModel } from './harness';
import * as model from './hold.model';

/**
 * The oracle, by hand from DOMAIN.md "Holds (blokir)": any staff asks for a release with a reason;
 * a supervisor or admin who did not ask approves it, or turns it down with a reason; the daily job
 * ends a hold on or after its end date, whether or not a release waits.
 */
const SUPERVISORS = new Set(['SUPERVISOR', 'ADMIN']);
const STAFF = new Set(['OPERATOR', 'SUPERVISOR', 'ADMIN']);

function expected(status: HoldStatus, context: HoldContext, event: Record<string, any>): HoldStatus | null {
  const role: string = event.actor.role;
  const reasoned = typeof event.reason === 'string' && event.reason.trim() !== '';
  switch (event.type) {
    case 'hold.requestRelease':
      return status === 'active' && STAFF.has(role) && reasoned ? 'releaseRequested' : null;
    case 'hold.approveRelease':
      return status === 'releaseRequested' && SUPERVISORS.has(role) && context.releaseRequest?.by !== event.actor.id ? 'released' : null;
    case 'hold.rejectRelease':
      return status === 'releaseRequested' && SUPERVISORS.has(role) && reasoned ? 'active' : null;
    case 'hold.expire':
      return status !== 'released' && role === 'SYSTEM' && context.until !== null && event.today >= context.until ? 'released' : null;
    default:
      return null;
  }
}

walkModel({
  title: 'a hold (blokir), walked by generated paths',
  paths: model.paths,
  build: () => model.machine,
  check: ({ snapshot, previous, event, path }) => {
    if (event.type === 'xstate.init') {
      expect(snapshot.value).toBe('active');
      expect(snapshot.context).toEqual({ ...(path.input as object), releaseRequest: null, releasedBy: null, releasedOn: null });
      return;
    }
    const before = previous!;
    const next = expected(before.value as HoldStatus, before.context, event);
    const refused = holdRefusal(before.value as HoldStatus, before.context, event as never);
    expect(refused === null).toBe(next !== null);
    if (next === null) {
      expect([snapshot.value, snapshot.context]).toEqual([before.value, before.context]);
      return;
    }
    expect(snapshot.value).toBe(next);
    const context = snapshot.context as HoldContext;
    if (event.type === 'hold.requestRelease') expect(context.releaseRequest).toEqual({ by: event.actor.id, on: event.today, reason: event.reason.trim() });
    if (event.type === 'hold.rejectRelease') expect(context.releaseRequest).toBeNull();
    if (event.type === 'hold.approveRelease') expect([context.releasedBy, context.releasedOn]).toEqual([event.actor.id, event.today]);
    if (event.type === 'hold.expire') expect([context.releasedBy, context.releasedOn]).toEqual([null, event.today]);
    // Once released, nothing moves it again.
    if (next === 'released') expect(snapshot.status).toBe('done');
  },
});

describe('hold rules: the sentences and the small print', () => {
  const { operator, placer, otherSupervisor } = model.actors;
  const asked = restoreHold('releaseRequested', { ...model.inputs.untilApril, releaseRequest: { by: placer.id, on: '2026-03-10', reason: 'Lunas.' }, releasedBy: null, releasedOn: null });

  it('names the hold in every refusal of the deposit, and of its interest when the hold stops payouts', () => {
    expect(holdLabel('COLLATERAL', ' KR-2026-0113 ')).toBe('agunan kredit KR-2026-0113');
    expect(heldMessage({ label: holdLabel('COLLATERAL', 'KR-2026-0113') })).toBe('Deposito diblokir: agunan kredit KR-2026-0113.');
    expect(interestHeldMessage({ label: holdLabel('LEGAL', 'PN-JKT/12') })).toBe('Pembayaran bunga dihentikan selama deposito diblokir: perintah hukum PN-JKT/12.');
  });

  it('offers staff only what they may start: the requester sees only turning the request down, another supervisor both decisions, an operator nothing', () => {
    expect(holdAllowedEvents(asked, placer, '2026-03-11')).toEqual(['hold.rejectRelease']);
    expect(holdAllowedEvents(asked, otherSupervisor, '2026-03-11')).toEqual(['hold.approveRelease', 'hold.rejectRelease']);
    expect(holdAllowedEvents(asked, operator, '2026-03-11')).toEqual([]);
    const active = restoreHold('active', { ...model.inputs.openEnded, releaseRequest: null, releasedBy: null, releasedOn: null });
    expect(holdAllowedEvents(active, operator, '2026-03-11')).toEqual(['hold.requestRelease']);
  });

  it('refuses in order: who, then the state, then the date, then the reason', () => {
    expect(decideHold(asked, { type: 'hold.approveRelease', actor: placer, today: '2026-03-11' })).toEqual({
      ok: false,
      refusal: { category: 'forbidden', status: 403, message: 'Pelepasan blokir harus disetujui oleh supervisor lain, bukan pengajunya.' },
    });
    expect(holdRefusal('released', asked.context, { type: 'hold.requestRelease', actor: operator, today: '2026-03-11', reason: 'x' })?.message).toBe('Blokir ini sudah dilepas.');
    expect(holdRefusal('active', asked.context, { type: 'hold.expire', actor: model.actors.system, today: '2026-03-31' })?.message).toBe('Blokir berlaku sampai 01-Apr-2026.');
    expect(holdRefusal('active', { ...asked.context, until: null }, { type: 'hold.expire', actor: model.actors.system, today: '2026-03-31' })?.message).toBe('Blokir ini tidak memiliki tanggal berakhir.');
  });

  it('a hold is placed by a supervisor, with a letter not from the future and an end date after today', () => {
    const today = '2026-03-10';
    expect(holdPlacementRefusal({ actor: operator, today, letterDate: null, until: null })?.status).toBe(403);
    expect(holdPlacementRefusal({ actor: placer, today, letterDate: '2026-03-11', until: null })?.message).toBe('Tanggal surat tidak boleh setelah hari ini.');
    expect(holdPlacementRefusal({ actor: placer, today, letterDate: today, until: today })?.message).toBe('Tanggal berakhir blokir harus setelah hari ini.');
    expect(holdPlacementRefusal({ actor: placer, today, letterDate: today, until: '2026-03-11' })).toBeNull();
  });

  it('the table of where each event is defined is the machine\'s own', () => {
    for (const [type, sources] of Object.entries(holdEventSources)) {
      const fromMachine = Object.entries(holdMachine.states).filter(([, node]) => node.transitions.has(type)).map(([status]) => status);
      expect([type, fromMachine.sort()]).toEqual([type, [...sources].sort()]);
    }
  });
});
