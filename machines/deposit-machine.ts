/**
 * The deposit machine (DOMAIN.md's lifecycle): which event is defined in which state and where it
 * leads, each transition guarded by the event's checks (deposit-event-rules.ts). Pure: no
 * effects, no clock; the server rebuilds a snapshot from its rows and asks `decide`.
 */
import { setup, assign, transition, type SnapshotFrom } from 'xstate';
import type { CloseReason, DepositEventType, DepositStatus, MaturityInstruction } from '@contract/deposit';
import { depositEventTypeSchema } from '@contract/deposit';
import { extensionPeriod, isOnOrBefore, maturityDate as computeMaturityDate, offeredTenor, refusal, rolloverPeriod, type Actor, type IsoDate, type Refusal } from './deposit-rules';
import { depositStatusLabels } from './deposit-labels';
import { EVENT_RULES, firstRefusal, mayTake, roleMessage, blank, depositContext, type DepositContext, type DepositEvent, type DepositInput, type EventOf, type EventRule } from './deposit-event-rules';

/** The refusal of an event in a state it is not defined in, naming the states it is. */
function stateMessage(type: DepositEventType, status: DepositStatus): string {
  const expected = depositEventSources[type].map((s) => depositStatusLabels[s]).join(' atau ');
  return `Deposito tidak dalam status ${expected} (status saat ini: ${depositStatusLabels[status]}).`;
}

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
  },
  guards: {
    /** Every check of the event passes (the state is implied by where the transition is). */
    allowed: ({ context, event }) => firstRefusal(context, event, 'full') === null,
    allowedOnOrAfterValueDate: ({ context, event }) =>
      firstRefusal(context, event, 'full') === null && isOnOrBefore(context.depositDate, event.today),
    /**
     * An approved deposit's value date moved to today or earlier: it starts at once, as the daily
     * job's deposit.activate would have (the server records that step on the timeline too).
     */
    allowedFromNewValueDate: ({ context, event }) =>
      firstRefusal(context, event, 'full') === null && isOnOrBefore((event as EventOf<'deposit.changeDate'>).depositDate, event.today),
  },
  actions: {
    changeValueDate: assign(({ context, event }) => {
      const { depositDate } = event as EventOf<'deposit.changeDate'>;
      return { depositDate, periodStart: depositDate, maturityDate: computeMaturityDate(depositDate, context.tenorMonths) };
    }),
    stopAro: assign({ instruction: 'PAYOUT' as MaturityInstruction }),
    rollOver: assign(({ context, event }) => {
      const { rateBps, netInterest } = event as EventOf<'deposit.rollover'>;
      const period = rolloverPeriod({
        instruction: context.instruction,
        principal: context.amount,
        tenorMonths: context.tenorMonths,
        maturityDate: context.maturityDate,
        rateBps,
        netInterest,
      });
      return {
        amount: period.principal,
        rateBps: period.rateBps,
        periodStart: period.periodStart,
        maturityDate: period.maturityDate,
        periodNumber: context.periodNumber + 1,
      };
    }),
    extend: assign(({ context, event }) => {
      const { tenorMonths, instruction, today } = event as EventOf<'deposit.extend'>;
      const period = extensionPeriod({
        principal: context.amount,
        tenorMonths,
        rateBps: offeredTenor(context.product, tenorMonths, today)!.rateBps,
        startDate: today,
      });
      return {
        tenorMonths,
        rateBps: period.rateBps,
        periodStart: period.periodStart,
        maturityDate: period.maturityDate,
        periodNumber: context.periodNumber + 1,
        instruction: instruction ?? context.instruction,
      };
    }),
    recordBreakRequest: assign(({ event }) => {
      const { actor, today, breakDate, reason } = event as EventOf<'deposit.requestBreak'>;
      return { breakRequest: { requestedBy: actor.id, requestedOn: today, breakDate, reason: blank(reason) ? null : reason!.trim() } };
    }),
    fixBreakSettlement: assign(({ event }) => ({
      settlement: (event as EventOf<'deposit.approveBreak'>).settlement,
      disbursementReason: 'broken' as CloseReason,
    })),
    clearBreakRequest: assign({ breakRequest: null }),
    decideMaturityPayout: assign({ disbursementReason: 'matured' as CloseReason }),
    recordPayment: assign(({ context, event }) => {
      const { reference, proofFileId, paidAt, actor } = event as EventOf<'deposit.markPaid'>;
      return { closeReason: context.disbursementReason, payment: { reference: reference.trim(), proofFileId, paidAt, paidBy: actor.id } };
    }),
  },
}).createMachine({
  id: 'deposit',
  initial: 'pending',
  context: ({ input }) => depositContext(input),
  states: {
    pending: {
      on: {
        'deposit.approve': [
          { guard: 'allowedOnOrAfterValueDate', target: 'active' },
          { guard: 'allowed', target: 'approved' },
        ],
        'deposit.reject': { guard: 'allowed', target: 'rejected' },
        'deposit.cancel': { guard: 'allowed', target: 'cancelled' },
        'deposit.withdraw': { guard: 'allowed', target: 'cancelled' },
        'deposit.changeDate': { guard: 'allowed', actions: 'changeValueDate' },
      },
    },
    approved: {
      on: {
        'deposit.activate': { guard: 'allowed', target: 'active' },
        'deposit.cancel': { guard: 'allowed', target: 'cancelled' },
        'deposit.changeDate': [
          { guard: 'allowedFromNewValueDate', target: 'active', actions: 'changeValueDate' },
          { guard: 'allowed', actions: 'changeValueDate' },
        ],
      },
    },
    active: {
      on: {
        'deposit.stopAro': { guard: 'allowed', actions: 'stopAro' },
        'deposit.rollover': { guard: 'allowed', actions: 'rollOver' },
        'deposit.mature': { guard: 'allowed', target: 'matured' },
        'deposit.requestBreak': { guard: 'allowed', target: 'breakRequested', actions: 'recordBreakRequest' },
      },
    },
    breakRequested: {
      on: {
        'deposit.approveBreak': { guard: 'allowed', target: 'disbursing', actions: 'fixBreakSettlement' },
        'deposit.rejectBreak': { guard: 'allowed', target: 'active', actions: 'clearBreakRequest' },
      },
    },
    matured: {
      on: {
        'deposit.extend': { guard: 'allowed', target: 'active', actions: 'extend' },
        'deposit.requestDisbursement': { guard: 'allowed', target: 'disbursing', actions: 'decideMaturityPayout' },
      },
    },
    disbursing: {
      on: {
        'deposit.markPaid': { guard: 'allowed', target: 'closed', actions: 'recordPayment' },
      },
    },
    closed: { type: 'final' },
    rejected: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type DepositSnapshot = SnapshotFrom<typeof depositMachine>;

/**
 * The states in which each event is defined, read from the machine's own transitions: the rules'
 * refusals ("Deposito tidak dalam status …"), allowedEvents and blockedEvents can name no other.
 */
export const depositEventSources: { [T in DepositEventType]: readonly DepositStatus[] } = Object.fromEntries(
  depositEventTypeSchema.options.map((type) => [
    type,
    Object.entries(depositMachine.states)
      .filter(([, node]) => node.transitions.has(type))
      .map(([status]) => status as DepositStatus),
  ]),
) as never;

/** A snapshot rebuilt from stored data, for `whyNot`, `allowedEvents` and `decide`. */
export function restoreDeposit(status: DepositStatus, context: DepositContext): DepositSnapshot {
  return depositMachine.resolveState({ value: status, context });
}

/**
 * Why `event` is refused for this deposit, or null when the machine accepts it.
 * Categories: `forbidden` → 403 (role; approving one's own break request),
 * `conflict` → 409 (wrong state; business date, product or bilyet does not allow it now),
 * `invalid` → 400 (payload: reason missing, date out of range, tenor not offered…).
 * Order: role first (an operator never approves, whatever the state), then state, then the
 * deposit's conditions, then the payload.
 */
export function whyNot(snapshot: DepositSnapshot, event: DepositEvent): Refusal | null {
  const rule = EVENT_RULES[event.type] as EventRule<never> | undefined;
  if (!rule) return refusal('invalid', 'Jenis aksi tidak dikenal.');
  if (!mayTake(event.actor, rule)) return refusal('forbidden', roleMessage(rule));
  const status = snapshot.value as DepositStatus;
  if (!depositEventSources[event.type].includes(status)) return refusal('conflict', stateMessage(event.type, status));
  return firstRefusal(snapshot.context, event, 'full');
}

/**
 * The events this actor may start on this deposit today: role, state, business date, product and
 * bilyet conditions hold. The payload (reason, dates, tenor) is asked for afterwards and checked
 * by `whyNot` / the server. In lifecycle order of `depositEventLabels`.
 */
export function allowedEvents(snapshot: DepositSnapshot, actor: Actor, today: IsoDate): DepositEventType[] {
  const status = snapshot.value as DepositStatus;
  return (Object.keys(EVENT_RULES) as DepositEventType[]).filter((type) => {
    if (!depositEventSources[type].includes(status)) return false;
    return firstRefusal(snapshot.context, { type, actor, today } as DepositEvent, 'offer') === null;
  });
}

/** An event this actor's role may start in the deposit's state, refused today, with the machine's reason. */
interface BlockedEvent {
  type: DepositEventType;
  /** Indonesian, as `whyNot` words it (the same check that keeps it out of `allowedEvents`). */
  reason: string;
}

/**
 * The other half of `allowedEvents`: events defined in the deposit's current state that the
 * actor's role permits, but that a condition refuses today — the business date (cut-off passed,
 * maturity reached), the product, a track (bilyet not back), or who asked (the requester of a
 * break). Shown disabled with their reason, so staff learn why before filling in a form. Events
 * of other states and of other roles are left out: they are not this person's to take here.
 */
export function blockedEvents(snapshot: DepositSnapshot, actor: Actor, today: IsoDate): BlockedEvent[] {
  const status = snapshot.value as DepositStatus;
  const blocked: BlockedEvent[] = [];
  for (const type of Object.keys(EVENT_RULES) as DepositEventType[]) {
    const rule = EVENT_RULES[type];
    if (!depositEventSources[type].includes(status) || !mayTake(actor, rule as EventRule<never>)) continue;
    const refused = firstRefusal(snapshot.context, { type, actor, today } as DepositEvent, 'offer');
    if (refused) blocked.push({ type, reason: refused.message });
  }
  return blocked;
}

type Decision =
  | { ok: true; snapshot: DepositSnapshot; status: DepositStatus; context: DepositContext }
  | { ok: false; refusal: Refusal };

/** Whether the event is allowed and, when it is, the next state and context (pure). */
export function decide(snapshot: DepositSnapshot, event: DepositEvent): Decision {
  const reason = whyNot(snapshot, event);
  if (reason) return { ok: false, refusal: reason };
  const [next] = transition(depositMachine, snapshot, event);
  return { ok: true, snapshot: next, status: next.value as DepositStatus, context: next.context };
}
