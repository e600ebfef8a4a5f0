import { interestInstallmentMachine, type InstallmentEvent, type InstallmentInput } from '../../machines/interest-installment';
import type { Actor } from '../../machines/deposit-rules';
import { getEdgeCoveringPaths, type GeneratedPath } from './walk';

/**
 * Installment 3 of a deposit valued 31 Jan 2026: it covers [31 Mar, 30 Apr) and is paid on
 * Thu 30 Apr 2026. Rp 10.000.000 at 6% for 30 days = 49 315 gross; tax 20% = 9 863; net 39 452.
 */
export const input: InstallmentInput = {
  installmentId: 'ins-3',
  depositId: 'dep-1',
  sequence: 3,
  periodStart: '2026-03-31',
  periodEnd: '2026-04-30',
  payDate: '2026-04-30',
  grossInterest: 49_315,
  tax: 9_863,
  netInterest: 39_452,
};

export const actors = {
  system: { id: 'system', role: 'SYSTEM' },
  supervisor: { id: 'usr-spv-1', role: 'SUPERVISOR' },
  operator: { id: 'usr-op-1', role: 'OPERATOR' },
} satisfies Record<string, Actor>;

/** Accepted and refused variants of both events. */
export const events: InstallmentEvent[] = [
  { type: 'installment.fallDue', actor: actors.system, today: '2026-04-29' },
  { type: 'installment.fallDue', actor: actors.system, today: '2026-04-30' },
  { type: 'installment.fallDue', actor: actors.supervisor, today: '2026-04-30' },
  { type: 'installment.markPaid', actor: actors.supervisor, today: '2026-05-04', reference: 'TRF-BUNGA-2026-04', paidAt: '2026-04-30' },
  { type: 'installment.markPaid', actor: actors.supervisor, today: '2026-05-04', reference: ' ', paidAt: '2026-04-30' },
  { type: 'installment.markPaid', actor: actors.supervisor, today: '2026-05-04', reference: 'TRF-BUNGA-2026-04', paidAt: '2026-05-05' },
  { type: 'installment.markPaid', actor: actors.operator, today: '2026-05-04', reference: 'TRF-BUNGA-2026-04', paidAt: '2026-04-30' },
];

const sources: Record<InstallmentEvent['type'], string> = { 'installment.fallDue': 'scheduled', 'installment.markPaid': 'due' };

export const machine = interestInstallmentMachine;

export const paths: GeneratedPath<InstallmentEvent>[] = getEdgeCoveringPaths(interestInstallmentMachine, {
  events,
  input,
  // Events a state does not define are not guarded branches; refused ones stay in as self-loops.
  filterEvents: (snapshot, event) => sources[event.type as InstallmentEvent['type']] === snapshot.value,
}) as never;

export const name = 'interest-installment';
