/**
 * One electronic signature request (Privy), DOMAIN.md track `sent → signed | declined | expired`.
 * The row is created `sent` when the document goes out (no event: the machine's initial state);
 * the provider finishes it — its callback, or the server polling it — with `signature.complete`,
 * and the daily job expires a request left unanswered for `validityDays` with `signature.expire`.
 * Pure like the deposit machine: the server rebuilds a snapshot with `restoreSignature` and asks
 * `decideSignature`.
 *
 * Providers repeat themselves: a callback is retried until answered 200, polling and the callback
 * can both report the same outcome, and the expiry job may run after the customer signed. So an
 * event for a request that has already finished is a no-op (`changed: false`), not an error:
 * the first outcome stands, and the server answers the provider 200 without writing anything.
 */
import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import type { SignatureEventType, SignatureOutcome, SignatureStatus } from '@contract/deposit';
import { addDays, formatDateId, isOnOrAfter, isOnOrBefore, refusal, type Actor, type IsoDate, type Refusal } from './deposit-rules';
import { businessDateOf, firstRefusal, isLocalTimestamp, mayAct, optional, type Check, type LocalTimestamp, type Phase, type TrackRule } from './track-rules';

export const signatureStatusLabels: Record<SignatureStatus, string> = {
  sent: 'Menunggu tanda tangan',
  signed: 'Ditandatangani',
  declined: 'Ditolak nasabah',
  expired: 'Kedaluwarsa',
};

export const signatureEventLabels: Record<SignatureEventType, string> = {
  'signature.complete': 'Hasil Tanda Tangan',
  'signature.expire': 'Kedaluwarsa',
};

/** How many days a request stays open by default before the daily job expires it. */
export const SIGNATURE_VALIDITY_DAYS = 14;

/** The first day a request sent on `sentOn` counts as expired: valid `validityDays` days, sent day included. */
export function signatureExpiresOn(sentOn: IsoDate, validityDays: number = SIGNATURE_VALIDITY_DAYS): IsoDate {
  return addDays(sentOn, validityDays);
}

/**
 * The last day a request sent on `sentOn` (a WIB business date) may be signed: the day before it
 * counts as expired. Staff's deposit page and the signing page both state this day, so they agree.
 */
export function signatureValidUntil(sentOn: IsoDate, validityDays: number = SIGNATURE_VALIDITY_DAYS): IsoDate {
  return addDays(signatureExpiresOn(sentOn, validityDays), -1);
}

const OUTCOMES: readonly SignatureOutcome[] = ['signed', 'declined', 'expired'];
const isOutcome = (value: unknown): value is SignatureOutcome => OUTCOMES.includes(value as SignatureOutcome);

export interface SignatureContext {
  signatureId: string;
  depositId: string;
  /** The document sent for signing (placement form, break request, disbursement form). */
  documentId: string;
  sentOn: IsoDate;
  validityDays: number;
  /** When it finished: the provider's time, or the business date the job expired it. */
  completedAt: LocalTimestamp | null;
  /** The signed copy (the original with a signature page), when the provider gave one. */
  signedDocumentId: string | null;
}

export type SignatureInput = Pick<SignatureContext, 'signatureId' | 'depositId' | 'documentId' | 'sentOn'> & Partial<SignatureContext>;

export function signatureContext(input: SignatureInput): SignatureContext {
  return { validityDays: SIGNATURE_VALIDITY_DAYS, completedAt: null, signedDocumentId: null, ...input };
}

interface EventBase {
  actor: Actor;
  /** Business date (Asia/Jakarta) of the action. */
  today: IsoDate;
}

export type SignatureEvent =
  /** The provider's outcome (callback or polling, SYSTEM) with its local time; a signed copy once stored. */
  | ({ type: 'signature.complete'; outcome: SignatureOutcome; at: LocalTimestamp; signedDocumentId?: string } & EventBase)
  /** The daily job: the request has been open `validityDays` days. */
  | ({ type: 'signature.expire' } & EventBase);

type EventOf<T extends SignatureEventType> = Extract<SignatureEvent, { type: T }>;
type SignatureCheck<E> = Check<SignatureStatus, SignatureContext, E>;

const completeChecks: Array<SignatureCheck<EventOf<'signature.complete'>>> = [
  { category: 'invalid', payload: true, passes: ({ event }) => isOutcome(event.outcome), message: () => 'Hasil tanda tangan tidak dikenal.' },
  { category: 'invalid', payload: true, passes: ({ event }) => isLocalTimestamp(event.at), message: () => 'Waktu dari penyedia tanda tangan tidak valid.' },
  {
    category: 'invalid',
    payload: true,
    passes: ({ event }) => isOnOrBefore(businessDateOf(event.at), event.today),
    message: () => 'Waktu dari penyedia tanda tangan tidak boleh setelah hari ini.',
  },
  {
    category: 'invalid',
    payload: true,
    passes: ({ context, event }) => isOnOrAfter(businessDateOf(event.at), context.sentOn),
    message: ({ context }) => `Waktu dari penyedia tanda tangan tidak boleh sebelum permintaan dikirim (${formatDateId(context.sentOn)}).`,
  },
];

const RULES: { [T in SignatureEventType]: TrackRule<SignatureStatus, SignatureContext, EventOf<T>> } = {
  'signature.complete': {
    from: ['sent'],
    roles: ['SYSTEM'],
    roleMessage: 'Hanya penyedia tanda tangan elektronik (sistem) yang dapat mencatat hasil tanda tangan.',
    checks: completeChecks,
  },
  'signature.expire': {
    from: ['sent'],
    roles: ['SYSTEM'],
    roleMessage: 'Hanya proses harian sistem yang dapat menandai permintaan tanda tangan kedaluwarsa.',
    checks: [
      {
        category: 'conflict',
        passes: ({ context, event }) => isOnOrAfter(event.today, signatureExpiresOn(context.sentOn, context.validityDays)),
        message: ({ context }) =>
          `Permintaan tanda tangan masih berlaku sampai ${formatDateId(signatureValidUntil(context.sentOn, context.validityDays))}.`,
      },
    ],
  },
};

export const signatureEventSources: { [T in SignatureEventType]: readonly SignatureStatus[] } = Object.fromEntries(
  Object.entries(RULES).map(([type, rule]) => [type, rule.from]),
) as never;

const ruleOf = (type: SignatureEventType) => RULES[type] as unknown as TrackRule<SignatureStatus, SignatureContext, SignatureEvent> | undefined;

function refusalFor(status: SignatureStatus, context: SignatureContext, event: SignatureEvent, phase: Phase): Refusal | null {
  return firstRefusal(ruleOf(event.type)!, { status, context, event }, phase);
}

// ---------------------------------------------------------------------------------------------

export const signatureMachine = setup({
  types: {
    context: {} as SignatureContext,
    events: {} as SignatureEvent,
    input: {} as SignatureInput,
  },
  guards: {
    allowed: ({ context, event }) => refusalFor('sent', context, event, 'full') === null,
    /** An accepted provider outcome equal to `outcome`. */
    completedAs: ({ context, event }, params: { outcome: SignatureOutcome }) =>
      event.type === 'signature.complete' && event.outcome === params.outcome && refusalFor('sent', context, event, 'full') === null,
  },
  actions: {
    recordCompletion: assign(({ event }) => {
      const { at, signedDocumentId } = event as EventOf<'signature.complete'>;
      return { completedAt: at, signedDocumentId: optional(signedDocumentId) };
    }),
    recordOutcome: assign(({ event }) => ({ completedAt: (event as EventOf<'signature.complete'>).at })),
    recordExpiry: assign(({ event }) => ({ completedAt: (event as EventOf<'signature.expire'>).today })),
  },
}).createMachine({
  id: 'signature',
  initial: 'sent',
  context: ({ input }) => signatureContext(input),
  states: {
    sent: {
      on: {
        'signature.complete': [
          { guard: { type: 'completedAs', params: { outcome: 'signed' } }, target: 'signed', actions: 'recordCompletion' },
          { guard: { type: 'completedAs', params: { outcome: 'declined' } }, target: 'declined', actions: 'recordOutcome' },
          { guard: { type: 'completedAs', params: { outcome: 'expired' } }, target: 'expired', actions: 'recordOutcome' },
        ],
        'signature.expire': { guard: 'allowed', target: 'expired', actions: 'recordExpiry' },
      },
    },
    signed: { type: 'final' },
    declined: { type: 'final' },
    expired: { type: 'final' },
  },
});

export type SignatureSnapshot = SnapshotFrom<typeof signatureMachine>;

export function restoreSignature(status: SignatureStatus, context: SignatureContext): SignatureSnapshot {
  return signatureMachine.resolveState({ value: status, context });
}

/**
 * Why `event` is refused, or null when it is accepted — for a request already finished that
 * means accepted and ignored (`decideSignature` answers `changed: false`): a repeated or late
 * callback is checked (who, and a readable payload) but never an error. Categories: forbidden
 * 403 (not the provider or the job), conflict 409 (expiring before the validity ends), invalid
 * 400 (an unknown outcome, a bad time, before the request was sent or after today).
 */
export function signatureWhyNot(snapshot: SignatureSnapshot, event: SignatureEvent): Refusal | null {
  const rule = ruleOf(event.type);
  if (!rule) return refusal('invalid', 'Jenis aksi tidak dikenal.');
  if (!mayAct(event.actor, rule.roles)) return refusal('forbidden', rule.roleMessage);
  const status = snapshot.value as SignatureStatus;
  if (rule.from.includes(status)) return refusalFor(status, snapshot.context, event, 'full');
  // Finished: only what the request itself says is checked (a callback the server cannot read is
  // still a 400); the expiry date no longer matters.
  return firstRefusal({ ...rule, checks: rule.checks.filter((check) => check.payload) }, { status, context: snapshot.context, event }, 'full');
}

/** The signature events this actor may start today (only while the request is open). */
export function signatureAllowedEvents(snapshot: SignatureSnapshot, actor: Actor, today: IsoDate): SignatureEventType[] {
  const status = snapshot.value as SignatureStatus;
  return (Object.keys(RULES) as SignatureEventType[]).filter(
    (type) => RULES[type].from.includes(status) && refusalFor(status, snapshot.context, { type, actor, today } as SignatureEvent, 'offer') === null,
  );
}

type SignatureDecision =
  /** `changed: false`: the request had already finished; answer the provider 200 and write nothing. */
  | { ok: true; changed: boolean; snapshot: SignatureSnapshot; status: SignatureStatus; context: SignatureContext }
  | { ok: false; refusal: Refusal };

export function decideSignature(snapshot: SignatureSnapshot, event: SignatureEvent): SignatureDecision {
  const reason = signatureWhyNot(snapshot, event);
  if (reason) return { ok: false, refusal: reason };
  if (snapshot.status === 'done') return { ok: true, changed: false, snapshot, status: snapshot.value as SignatureStatus, context: snapshot.context };
  const [next] = transition(signatureMachine, snapshot, event);
  return { ok: true, changed: next.value !== snapshot.value, snapshot: next, status: next.value as SignatureStatus, context: next.context };
}
