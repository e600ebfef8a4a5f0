import { depositEventLabels } from '@machines/deposit';
import type { DepositEventType, DepositStatus } from '@contract/deposit';
import type { BlockedEvent, DepositDetail } from '../../lib/deposit-api';

/** The events staff start from the action menu (the daily job's are never offered). */
const STAFF_EVENTS = new Set<DepositEventType>([
  'deposit.approve',
  'deposit.reject',
  'deposit.cancel',
  'deposit.changeDate',
  'deposit.stopAro',
  'deposit.extend',
  'deposit.requestBreak',
  'deposit.approveBreak',
  'deposit.rejectBreak',
  'deposit.requestDisbursement',
  'deposit.markPaid',
]);

/**
 * What the action menu offers: the events the server's deposit machine allows this user on this
 * deposit today (the detail's `allowedEvents`), those staff start from a menu. Not decided again
 * here: the server knows the product's limits, the holidays and the bank's cut-off the detail
 * does not carry, and a transition answers the detail anew.
 */
export function offeredActions(detail: Pick<DepositDetail, 'allowedEvents'>): DepositEventType[] {
  return detail.allowedEvents.filter((type) => STAFF_EVENTS.has(type));
}

/**
 * The actions shown disabled: the server's machine refused them for this user today and said why
 * (bilyet not back, cut-off passed, the requester's own break). Not re-decided here: the server
 * knows the holidays and product limits the detail does not carry.
 */
export function blockedActions(detail: Pick<DepositDetail, 'blockedEvents'>): BlockedEvent[] {
  return detail.blockedEvents.filter((blocked) => STAFF_EVENTS.has(blocked.type));
}

export const actionLabel = (type: DepositEventType): string => depositEventLabels[type];

/** Deposits that still pay the customer (interest or principal): their payout account or instruction can still change. */
const CHANGEABLE: readonly DepositStatus[] = ['pending', 'approved', 'active', 'breakRequested', 'matured', 'disbursing'];
export const canRaiseChange = (status: DepositStatus): boolean => CHANGEABLE.includes(status);

/** Shared with the products and due-date screens, which may not import this feature: the words live in lib/. */
export { instructionLabels, interestPaymentLabels, statusTones } from '../../lib/deposit-labels';

/** The bilyet's journey (DOMAIN.md), as the header names it: the bilyet machine's own words. */
export { bilyetStatusLabels } from '@machines/bilyet';
