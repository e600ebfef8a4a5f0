import type { AnyEventObject } from 'xstate';
import { changeRequestMachine } from '../../machines/change-request';
import { getEdgeCoveringPaths, type ModelPath } from './walk';

export const name = 'change-request';
export const machine = changeRequestMachine;

/** Supervisor Sari raised the change from the customer's page; Budi is another supervisor. */
export const actors = {
  operator: { id: 'usr-op', role: 'OPERATOR' },
  maker: { id: 'usr-sari', role: 'SUPERVISOR' },
  otherSupervisor: { id: 'usr-budi', role: 'SUPERVISOR' },
  admin: { id: 'usr-admin', role: 'ADMIN' },
} as const;
export const input = { requestedBy: actors.maker.id };

export const events: AnyEventObject[] = [
  ...Object.values(actors).map((actor) => ({ type: 'changeRequest.approve', actor })),
  ...Object.values(actors).map((actor) => ({ type: 'changeRequest.reject', actor, reason: 'Tidak sesuai KTP.' })),
  { type: 'changeRequest.reject', actor: actors.otherSupervisor, reason: '   ' },
];

export const paths: ModelPath[] = getEdgeCoveringPaths(machine, { events, input } as never);
