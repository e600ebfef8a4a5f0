import { describe, expect, it } from 'vitest';
import { changeRequestRefusal } from '../../machines/change-request';
import { walkModel } from './harness';
import * as model from './change-request.model';

/** Who may decide Sari's request, by hand: another supervisor or an admin; not an operator, not Sari; a rejection says why. */
const MAY_DECIDE = new Set([model.actors.otherSupervisor.id, model.actors.admin.id]);

walkModel({
  title: 'a change request, walked by generated paths',
  paths: model.paths,
  input: model.input,
  build: () => model.machine,
  check: ({ snapshot, previous, event }) => {
    if (event.type === 'xstate.init') {
      expect([snapshot.value, snapshot.context]).toEqual(['pending', { requestedBy: 'usr-sari', decidedBy: null, reason: null }]);
      return;
    }
    const allowed = previous!.value === 'pending' && MAY_DECIDE.has(event.actor.id) && (event.type === 'changeRequest.approve' || event.reason.trim() !== '');
    if (!allowed) {
      expect([snapshot.value, snapshot.context]).toEqual([previous!.value, previous!.context]);
      return;
    }
    expect(snapshot.value).toBe(event.type === 'changeRequest.approve' ? 'approved' : 'rejected');
    expect(snapshot.context.decidedBy).toBe(event.actor.id);
    expect(snapshot.context.reason).toBe(event.type === 'changeRequest.reject' ? 'Tidak sesuai KTP.' : null);
  },
});

describe('changeRequestRefusal: the sentence each refusal gets', () => {
  const { operator, maker, otherSupervisor } = model.actors;
  it('names why, in the order a supervisor would ask', () => {
    expect(changeRequestRefusal('approved', model.input, { type: 'changeRequest.approve', actor: otherSupervisor })).toEqual({ category: 'conflict', message: 'Permintaan perubahan ini sudah diputuskan.' });
    expect(changeRequestRefusal('pending', model.input, { type: 'changeRequest.approve', actor: operator })).toEqual({ category: 'forbidden', message: 'Hanya supervisor yang dapat memutuskan permintaan perubahan.' });
    expect(changeRequestRefusal('pending', model.input, { type: 'changeRequest.approve', actor: maker })).toEqual({ category: 'forbidden', message: 'Permintaan perubahan ini Anda ajukan sendiri; keputusannya harus oleh supervisor lain.' });
    expect(changeRequestRefusal('pending', model.input, { type: 'changeRequest.reject', actor: otherSupervisor, reason: ' ' })).toEqual({ category: 'invalid', message: 'Alasan penolakan wajib diisi.' });
  });
  it("a customer's own request (through the platform) has no maker: any supervisor decides it", () => {
    expect(changeRequestRefusal('pending', { requestedBy: null }, { type: 'changeRequest.approve', actor: maker })).toBeNull();
  });
});
