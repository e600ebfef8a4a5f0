/**
 * The deposit lifecycle of DOMAIN.md, shared by the server (which decides every transition with
 * it) and the SPA (which offers exactly the events it allows).
 *
 * The machine is pure: no effects, no clock. Every event carries who acts (`actor`) and the
 * business date (`today`); everything a guard needs about the deposit lives in the context,
 * which the server fills from its rows. Each event has one list of checks (see `EVENT_RULES`);
 * the machine's guard, `whyNot` and `allowedEvents` all read that one list, so the answer to
 * "may I?" and the reason for "no" can never disagree.
 *
 * Server use:
 *   const snapshot = restoreDeposit(row.status, depositContext(row...));
 *   const outcome = decide(snapshot, { type, ...payload, actor, today });
 *   outcome.ok ? write(outcome.status, outcome.context) : answer(outcome.refusal.status, outcome.refusal.message);
 *
 * Three files, one surface (this one, which every importer uses): deposit-labels.ts (the words),
 * deposit-event-rules.ts (context, events and each event's checks), deposit-machine.ts (the
 * states and transitions, and the questions asked of a snapshot).
 */
export type { Actor, Refusal } from './deposit-rules';
export { REFUSAL_STATUS } from './deposit-rules';
export { depositEventLabels, depositStatusLabels, heldStatuses, unprocessedStatuses } from './deposit-labels';
export {
  bilyetPayoutRefusal,
  depositContext,
  depositEventRoles,
  latestValueDate,
  previewBreakFor,
  rolloverBlocker,
  scheduleFor,
  type BreakRequest,
  type DepositContext,
  type DepositEvent,
  type DepositInput,
} from './deposit-event-rules';
export {
  allowedEvents,
  blockedEvents,
  decide,
  depositEventSources,
  depositMachine,
  restoreDeposit,
  whyNot,
  type DepositSnapshot,
} from './deposit-machine';
