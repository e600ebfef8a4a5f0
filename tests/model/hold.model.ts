import type { AnyEventObject } from 'xstate';
import { holdMachine, type HoldInput } from '../../machines/hold';
import { getEdgeCoveringPaths, type ModelPath } from './walk';

export const name = 'hold';
export const machine = holdMachine;

/**
 * Supervisor Sari placed a collateral hold on Mon 2 Mar 2026; operator Ani, supervisor Budi, admin
 * Dewi and the daily job act on it. One hold runs until Wed 1 Apr 2026, the other has no end date.
 */
export const actors = {
  operator: { id: 'usr-ani', role: 'OPERATOR' },
  placer: { id: 'usr-sari', role: 'SUPERVISOR' },
  otherSupervisor: { id: 'usr-budi', role: 'SUPERVISOR' },
  admin: { id: 'usr-dewi', role: 'ADMIN' },
  system: { id: 'SYSTEM', role: 'SYSTEM' },
} as const;

export const inputs = {
  untilApril: { holdId: 'hold-1', placedBy: actors.placer.id, until: '2026-04-01' },
  openEnded: { holdId: 'hold-2', placedBy: actors.placer.id, until: null },
} satisfies Record<string, HoldInput>;

const on = '2026-03-10';
export const events: AnyEventObject[] = [
  { type: 'hold.requestRelease', actor: actors.operator, today: on, reason: 'Kredit lunas.' },
  { type: 'hold.requestRelease', actor: actors.placer, today: on, reason: 'Kredit lunas.' },
  { type: 'hold.requestRelease', actor: actors.otherSupervisor, today: on, reason: '  ' },
  { type: 'hold.requestRelease', actor: actors.system, today: on, reason: 'Kredit lunas.' },
  ...[actors.operator, actors.placer, actors.otherSupervisor, actors.admin, actors.system].map((actor) => ({ type: 'hold.approveRelease', actor, today: on })),
  { type: 'hold.rejectRelease', actor: actors.otherSupervisor, today: on, reason: 'Kredit belum lunas.' },
  { type: 'hold.rejectRelease', actor: actors.admin, today: on, reason: '' },
  { type: 'hold.rejectRelease', actor: actors.operator, today: on, reason: 'Kredit belum lunas.' },
  { type: 'hold.expire', actor: actors.system, today: '2026-03-31' },
  { type: 'hold.expire', actor: actors.system, today: '2026-04-01' },
  { type: 'hold.expire', actor: actors.admin, today: '2026-04-01' },
];

export const paths: ModelPath[] = (Object.keys(inputs) as Array<keyof typeof inputs>).flatMap((inputName) =>
  getEdgeCoveringPaths(machine, { events, input: inputs[inputName] } as never).map((path) => ({ ...path, input: inputs[inputName] })),
);
