import { assign, setup } from 'xstate';
import { hasRole, type Actor } from './deposit-rules/authority';

/**
 * A change request's life (DOMAIN.md "Customers (CIF)", Permintaan Perubahan): a customer's
 * identity data, payout account or maturity instruction waits, pending, for a supervisor's
 * decision. Four eyes: whoever raised it (staff, from the customer's or the deposit's page) does
 * not decide it; a rejection says why. A decided request is decided for good. The server decides
 * with `changeRequestRefusal` (the same rules) and applies the change in the same transaction.
 */

type ChangeRequestStatus = 'pending' | 'approved' | 'rejected';

interface ChangeRequestContext {
  /** The staff who raised it; null when the customer asked through the platform. */
  requestedBy: string | null;
  decidedBy: string | null;
  reason: string | null;
}

export type ChangeRequestEvent = { type: 'changeRequest.approve'; actor: Actor } | { type: 'changeRequest.reject'; actor: Actor; reason: string };

interface ChangeRequestRefusal {
  category: 'forbidden' | 'conflict' | 'invalid';
  message: string;
}

export const CHANGE_REQUEST_MESSAGES = {
  decided: 'Permintaan perubahan ini sudah diputuskan.',
  notSupervisor: 'Hanya supervisor yang dapat memutuskan permintaan perubahan.',
  ownRequest: 'Permintaan perubahan ini Anda ajukan sendiri; keputusannya harus oleh supervisor lain.',
  reasonRequired: 'Alasan penolakan wajib diisi.',
} as const;

/** Why `event` may not decide a request in `status` with `context`, or null when it may. */
export function changeRequestRefusal(status: ChangeRequestStatus, context: Pick<ChangeRequestContext, 'requestedBy'>, event: ChangeRequestEvent): ChangeRequestRefusal | null {
  if (status !== 'pending') return { category: 'conflict', message: CHANGE_REQUEST_MESSAGES.decided };
  if (!hasRole(event.actor.role, 'SUPERVISOR')) return { category: 'forbidden', message: CHANGE_REQUEST_MESSAGES.notSupervisor };
  if (context.requestedBy !== null && context.requestedBy === event.actor.id) return { category: 'forbidden', message: CHANGE_REQUEST_MESSAGES.ownRequest };
  if (event.type === 'changeRequest.reject' && event.reason.trim() === '') return { category: 'invalid', message: CHANGE_REQUEST_MESSAGES.reasonRequired };
  return null;
}

export const changeRequestMachine = setup({
  types: {
    context: {} as ChangeRequestContext,
    events: {} as ChangeRequestEvent,
    input: {} as { requestedBy: string | null },
  },
  guards: {
    allowed: ({ context }, params: { event: ChangeRequestEvent }) => changeRequestRefusal('pending', context, params.event) === null,
  },
}).createMachine({
  id: 'changeRequest',
  context: ({ input }) => ({ requestedBy: input.requestedBy, decidedBy: null, reason: null }),
  initial: 'pending',
  states: {
    pending: {
      on: {
        'changeRequest.approve': {
          guard: { type: 'allowed', params: ({ event }) => ({ event }) },
          target: 'approved',
          actions: assign({ decidedBy: ({ event }) => event.actor.id }),
        },
        'changeRequest.reject': {
          guard: { type: 'allowed', params: ({ event }) => ({ event }) },
          target: 'rejected',
          actions: assign({ decidedBy: ({ event }) => event.actor.id, reason: ({ event }) => event.reason.trim() }),
        },
      },
    },
    approved: { type: 'final' },
    rejected: { type: 'final' },
  },
});
