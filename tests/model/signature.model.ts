import type { AnyMachineSnapshot } from 'xstate';
import type { SignatureStatus } from '../../contract/deposit';
import { signatureEventSources, signatureMachine, type SignatureEvent, type SignatureInput } from '../../machines/signature';
import type { Actor } from '../../machines/deposit-rules';
import { describeEvent as describePayload, getEdgeCoveringPaths, type GeneratedPath } from './walk';

/**
 * A placement form sent for signing on Mon 2 Mar 2026. With the default 14 days it is valid
 * through Sun 15 Mar and expires from Mon 16 Mar; a bank that set 7 days sees it expire from 9 Mar.
 */
export const inputs = {
  defaultValidity: { signatureId: 'sig-1', depositId: 'dep-1', documentId: 'doc-form-1', sentOn: '2026-03-02' },
  sevenDays: { signatureId: 'sig-2', depositId: 'dep-2', documentId: 'doc-form-2', sentOn: '2026-03-02', validityDays: 7 },
} satisfies Record<string, SignatureInput>;

export const actors = {
  operator: { id: 'usr-op-1', role: 'OPERATOR' },
  admin: { id: 'usr-adm-1', role: 'ADMIN' },
  system: { id: 'system', role: 'SYSTEM' },
} satisfies Record<string, Actor>;

/**
 * Each outcome Privy can report, and refused variants: staff posing as the provider, a time
 * before the request was sent or after today, an outcome Privy does not have; the expiry job
 * before and after the validity ends, and staff trying to expire.
 */
export const events: SignatureEvent[] = [
  { type: 'signature.complete', actor: actors.system, today: '2026-03-03', outcome: 'signed', at: '2026-03-03T10:00', signedDocumentId: 'doc-signed-1' },
  { type: 'signature.complete', actor: actors.system, today: '2026-03-04', outcome: 'declined', at: '2026-03-04T11:30' },
  { type: 'signature.complete', actor: actors.system, today: '2026-03-16', outcome: 'expired', at: '2026-03-16T00:00' },
  { type: 'signature.complete', actor: actors.operator, today: '2026-03-03', outcome: 'signed', at: '2026-03-03T10:00' },
  { type: 'signature.complete', actor: actors.system, today: '2026-03-03', outcome: 'signed', at: '2026-03-01T10:00' },
  { type: 'signature.complete', actor: actors.system, today: '2026-03-04', outcome: 'signed', at: '2026-03-05T10:00' },
  { type: 'signature.complete', actor: actors.system, today: '2026-03-04', outcome: 'pending' as never, at: '2026-03-04T10:00' },
  { type: 'signature.expire', actor: actors.system, today: '2026-03-15' },
  { type: 'signature.expire', actor: actors.system, today: '2026-03-16' },
  { type: 'signature.expire', actor: actors.admin, today: '2026-03-16' },
];

/** Only events the state defines are walked; what a finished request does with them is asserted per state. */
const filterEvents = (snapshot: AnyMachineSnapshot, event: { type: string }) =>
  (signatureEventSources[event.type as SignatureEvent['type']] ?? []).includes(snapshot.value as SignatureStatus);

export interface SignaturePath extends GeneratedPath<SignatureEvent> {
  input: SignatureInput;
  inputName: keyof typeof inputs;
  label: string;
}

export function describeEvent(event: { type: string }): string {
  if (event.type === 'xstate.init') return event.type;
  const { type, actor, today, ...payload } = event as SignatureEvent;
  return `${type} by ${actor.role} ${actor.id} on ${today}${describePayload({ type, ...payload }).slice(type.length)}`;
}

export const machine = signatureMachine;

export const paths: SignaturePath[] = (Object.keys(inputs) as Array<keyof typeof inputs>).flatMap((inputName) =>
  getEdgeCoveringPaths(signatureMachine, { events, input: inputs[inputName], filterEvents }).map((path) => ({
    ...(path as GeneratedPath<SignatureEvent>),
    input: inputs[inputName],
    inputName,
    label: inputName,
  })),
);

export const name = 'signature';
