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
  partner: { id: 'partner:mitra-1', role: 'PARTNER' },
} satisfies Record<string, Actor>;

/**
 * Accepted and refused variants of every event: the job's and Bunga Bulanan's, and those a deposit
 * transition brings (a payout's posting and settlement, ARO+'s capitalisation, the cancellation).
 */
export const events: InstallmentEvent[] = [
  { type: 'installment.fallDue', actor: actors.system, today: '2026-04-29' },
  { type: 'installment.fallDue', actor: actors.system, today: '2026-04-30' },
  { type: 'installment.fallDue', actor: actors.supervisor, today: '2026-04-30' },
  { type: 'installment.markPaid', actor: actors.supervisor, today: '2026-05-04', reference: 'TRF-BUNGA-2026-04', paidAt: '2026-04-30' },
  { type: 'installment.markPaid', actor: actors.supervisor, today: '2026-05-04', reference: ' ', paidAt: '2026-04-30' },
  { type: 'installment.markPaid', actor: actors.supervisor, today: '2026-05-04', reference: 'TRF-BUNGA-2026-04', paidAt: '2026-05-05' },
  { type: 'installment.markPaid', actor: actors.operator, today: '2026-05-04', reference: 'TRF-BUNGA-2026-04', paidAt: '2026-04-30' },
  // A maturity payout requested on 28 Apr posts it before its pay date, with that day's tax.
  { type: 'installment.postForPayout', actor: actors.operator, today: '2026-04-28', tax: 0, netInterest: 49_315 },
  { type: 'installment.postForPayout', actor: actors.operator, today: '2026-04-28', tax: 9_863, netInterest: 49_315 },
  { type: 'installment.postForPayout', actor: actors.system, today: '2026-04-28', tax: 9_863, netInterest: 39_452 },
  // Its transfer pays it, even before the pay date a holiday moved past the maturity.
  { type: 'installment.settleWithPayout', actor: actors.supervisor, today: '2026-04-29', reference: ' TRF-CAIR-1 ', paidAt: '2026-04-28' },
  { type: 'installment.settleWithPayout', actor: actors.supervisor, today: '2026-04-29', reference: '', paidAt: '2026-04-28' },
  { type: 'installment.settleWithPayout', actor: actors.operator, today: '2026-04-29', reference: 'TRF-CAIR-1', paidAt: '2026-04-28' },
  // ARO+ on the maturity date: the job capitalises it with the tax of its posting.
  { type: 'installment.capitalise', actor: actors.system, today: '2026-04-30', paidAt: '2026-04-30', tax: 0, netInterest: 49_315 },
  { type: 'installment.capitalise', actor: actors.system, today: '2026-04-30', paidAt: '2026-04-30', tax: 9_863, netInterest: 9_863 },
  { type: 'installment.capitalise', actor: actors.supervisor, today: '2026-04-30', paidAt: '2026-04-30', tax: 0, netInterest: 49_315 },
  // A rejection (supervisor), a partner's withdrawal; the job never cancels.
  { type: 'installment.cancel', actor: actors.supervisor, today: '2026-04-10' },
  { type: 'installment.cancel', actor: actors.partner, today: '2026-04-10' },
  { type: 'installment.cancel', actor: actors.system, today: '2026-04-10' },
];

/** Where each event is defined, written out here rather than read from the machine. */
const sources: Record<InstallmentEvent['type'], readonly string[]> = {
  'installment.fallDue': ['scheduled'],
  'installment.markPaid': ['due'],
  'installment.postForPayout': ['scheduled'],
  'installment.settleWithPayout': ['due'],
  'installment.capitalise': ['scheduled', 'due'],
  'installment.cancel': ['scheduled', 'due'],
};

export const machine = interestInstallmentMachine;

export const paths: GeneratedPath<InstallmentEvent>[] = getEdgeCoveringPaths(interestInstallmentMachine, {
  events,
  input,
  // Events a state does not define are not guarded branches; refused ones stay in as self-loops.
  filterEvents: (snapshot, event) => sources[event.type as InstallmentEvent['type']].includes(snapshot.value as string),
}) as never;

export const name = 'interest-installment';
