import type { AnyMachineSnapshot } from 'xstate';
import type { BilyetStatus } from '../../contract/deposit';
import { bilyetEventSources, bilyetMachine, type BilyetEvent, type BilyetInput } from '../../machines/bilyet';
import type { Actor } from '../../machines/deposit-rules';
import { describeEvent as describePayload, getEdgeCoveringPaths, type GeneratedPath } from './walk';

/**
 * The bilyet of a deposit valued Mon 2 Mar 2026, maturing Tue 2 Jun 2026. Business dates:
 *   2 Mar issue, 3 Mar ship (or undo it), 4 Mar handed over at the counter, 5 Mar the courier
 *   delivers (recorded the 6th), 10 Mar lost, 12 Mar reissued, 14 Mar the replacement received,
 *   2 Jun returned for the payout (recorded the 3rd).
 */
export const DATES = {
  issue: '2026-03-02',
  ship: '2026-03-03',
  counter: '2026-03-04',
  delivered: '2026-03-05',
  deliveryRecorded: '2026-03-06',
  lost: '2026-03-10',
  reissue: '2026-03-12',
  replacementReceived: '2026-03-14',
  returned: '2026-06-02',
  returnRecorded: '2026-06-03',
} as const;

export const NUMBERS = { first: 'BLY-2026-0001', replacement: 'BLY-2026-0002' } as const;

export const actors = {
  operator: { id: 'usr-op-1', role: 'OPERATOR' },
  supervisor: { id: 'usr-spv-1', role: 'SUPERVISOR' },
  admin: { id: 'usr-adm-1', role: 'ADMIN' },
  system: { id: 'system', role: 'SYSTEM' },
} satisfies Record<string, Actor>;

/**
 * Three deposits walk the same events: an active one whose bilyet travels with a hand-entered
 * resi (no JNE shipment: undoing the shipment is allowed), an approved one whose JNE parcel is in
 * transit (undoing it is refused: the courier has it), and a pending one (no bilyet is issued).
 */
export const inputs = {
  activeHandResi: { depositId: 'dep-1', depositStatus: 'active', shipmentStatus: null },
  approvedJneInTransit: { depositId: 'dep-2', depositStatus: 'approved', shipmentStatus: 'inTransit' },
  pendingDeposit: { depositId: 'dep-3', depositStatus: 'pending' },
} satisfies Record<string, BilyetInput>;

/** Accepted and refused variants of every event: wrong role, missing document or reason, dates in the future or too early. */
export const events: BilyetEvent[] = [
  { type: 'bilyet.issue', actor: actors.operator, today: DATES.issue, bilyetNumber: NUMBERS.first, scanDocumentId: 'doc-scan-1' },
  { type: 'bilyet.issue', actor: actors.system, today: DATES.issue, bilyetNumber: NUMBERS.first, scanDocumentId: 'doc-scan-1' },
  { type: 'bilyet.issue', actor: actors.operator, today: DATES.issue, bilyetNumber: NUMBERS.first, scanDocumentId: ' ' },
  { type: 'bilyet.ship', actor: actors.operator, today: DATES.ship, courier: 'JNE', awb: 'JNE-0012345678' },
  { type: 'bilyet.ship', actor: actors.supervisor, today: DATES.ship, courier: 'POS Indonesia', awb: '' },
  { type: 'bilyet.unship', actor: actors.operator, today: DATES.ship },
  { type: 'bilyet.unship', actor: actors.system, today: DATES.ship },
  { type: 'bilyet.receive', actor: actors.system, today: DATES.deliveryRecorded, receivedAt: DATES.delivered, receivedBy: 'Budi Santoso' },
  {
    type: 'bilyet.receive',
    actor: actors.operator,
    today: DATES.counter,
    receivedAt: DATES.counter,
    receivedBy: 'Siti Aminah',
    receiptDocumentId: 'doc-receipt-1',
    handedOverAtCounter: true,
  },
  { type: 'bilyet.receive', actor: actors.system, today: DATES.counter, receivedAt: DATES.counter, receivedBy: 'Siti Aminah', handedOverAtCounter: true },
  { type: 'bilyet.receive', actor: actors.operator, today: DATES.deliveryRecorded, receivedAt: '2026-03-09', receivedBy: 'Budi Santoso' },
  { type: 'bilyet.receive', actor: actors.admin, today: DATES.replacementReceived, receivedAt: DATES.replacementReceived, receivedBy: 'Budi Santoso', receiptDocumentId: 'doc-receipt-2' },
  { type: 'bilyet.receive', actor: actors.operator, today: DATES.deliveryRecorded, receivedAt: DATES.delivered, receivedBy: '  ' },
  { type: 'bilyet.return', actor: actors.operator, today: DATES.returnRecorded, returnedAt: DATES.returned, documentId: 'doc-return-1' },
  { type: 'bilyet.return', actor: actors.operator, today: DATES.returnRecorded, returnedAt: '2026-06-04' },
  { type: 'bilyet.return', actor: actors.operator, today: DATES.returnRecorded, returnedAt: DATES.ship },
  { type: 'bilyet.return', actor: actors.system, today: DATES.returnRecorded, returnedAt: DATES.returned },
  { type: 'bilyet.reportLost', actor: actors.supervisor, today: DATES.lost, reason: 'Bilyet hilang bersama tas nasabah.', statementDocumentId: 'doc-loss-1' },
  { type: 'bilyet.reportLost', actor: actors.operator, today: DATES.lost, reason: 'Bilyet hilang bersama tas nasabah.', statementDocumentId: 'doc-loss-1' },
  { type: 'bilyet.reportLost', actor: actors.supervisor, today: DATES.lost, reason: 'Bilyet hilang bersama tas nasabah.', statementDocumentId: '' },
  { type: 'bilyet.reportLost', actor: actors.supervisor, today: DATES.lost, reason: ' ', statementDocumentId: 'doc-loss-1' },
  { type: 'bilyet.reissue', actor: actors.supervisor, today: DATES.reissue, bilyetNumber: NUMBERS.replacement, scanDocumentId: 'doc-scan-2' },
  { type: 'bilyet.reissue', actor: actors.supervisor, today: DATES.reissue, bilyetNumber: NUMBERS.first, scanDocumentId: 'doc-scan-2' },
  { type: 'bilyet.reissue', actor: actors.system, today: DATES.reissue, bilyetNumber: NUMBERS.replacement, scanDocumentId: 'doc-scan-2' },
];

/** Only events the state defines are offered to the walk; refused ones stay in as self-loops. */
const filterEvents = (snapshot: AnyMachineSnapshot, event: { type: string }) =>
  (bilyetEventSources[event.type as BilyetEvent['type']] ?? []).includes(snapshot.value as BilyetStatus);

export interface BilyetPath extends GeneratedPath<BilyetEvent> {
  input: BilyetInput;
  inputName: keyof typeof inputs;
  label: string;
}

/** 'bilyet.issue by OPERATOR usr-op-1 on 2026-03-02', then the rest of the payload. */
export function describeEvent(event: { type: string }): string {
  if (event.type === 'xstate.init') return event.type;
  const { type, actor, today, ...payload } = event as BilyetEvent;
  return `${type} by ${actor.role} ${actor.id} on ${today}${describePayload({ type, ...payload }).slice(type.length)}`;
}

export const machine = bilyetMachine;

export const paths: BilyetPath[] = (Object.keys(inputs) as Array<keyof typeof inputs>).flatMap((inputName) =>
  getEdgeCoveringPaths(bilyetMachine, { events, input: inputs[inputName], filterEvents }).map((path) => ({
    ...(path as GeneratedPath<BilyetEvent>),
    input: inputs[inputName],
    inputName,
    label: inputName,
  })),
);

export const name = 'bilyet';
