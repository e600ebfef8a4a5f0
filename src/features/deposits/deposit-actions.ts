import { allowedEvents, depositContext, depositEventLabels, restoreDeposit } from '@machines/deposit';
import type { DepositEventType, DepositStatus } from '@contract/deposit';
import type { Role } from '@contract/auth';
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

/** The machine's context rebuilt from the detail answer (the fields the server does not send take neutral values). */
export function contextFromDetail(detail: DepositDetail) {
  return depositContext({
    depositId: detail.id,
    amount: detail.amount,
    rateBps: detail.rateBps,
    tenorMonths: detail.tenorMonths,
    placementDate: detail.placementDate,
    depositDate: detail.depositDate,
    periodStart: detail.periodStart,
    maturityDate: detail.maturityDate,
    periodNumber: detail.periodNumber,
    instruction: detail.maturityInstruction,
    interestPayment: detail.interestPayment,
    product: {
      id: detail.product.id,
      active: detail.product.active,
      // The detail does not carry the product's amount limits; the server's list decides then.
      minAmount: 0,
      maxAmount: null,
      // The server sends the tenors offered today; the machine reads them as the one schedule in force.
      rates: [{ effectiveFrom: detail.depositDate, tenors: detail.product.tenors }],
      penaltyBps: detail.product.penaltyBps,
      forfeitAccruedInterest: detail.product.forfeitAccruedInterest,
    },
    breakRequest: detail.breakRequest,
    settlement: detail.settlement,
    closeReason: detail.closeReason,
    bilyet: detail.bilyet.status,
    shipment: detail.shipmentStatus,
    signature: detail.signatureStatus,
  });
}

export interface OfferedActions {
  events: DepositEventType[];
  /** The machine here and the server disagreed; the server's list is used. */
  disagreed: boolean;
  client: DepositEventType[];
}

/**
 * What the action menu offers: the deposit machine's allowedEvents for this deposit, this user and
 * the business date the answer was computed for. The server's `allowedEvents` is the authority
 * (it knows product limits and holidays the detail does not carry): when the two differ the
 * server wins and the difference is logged.
 */
export function offeredActions(detail: DepositDetail, user: { id: string; role: Role }, log: (message: string) => void = console.warn): OfferedActions {
  const snapshot = restoreDeposit(detail.status, contextFromDetail(detail));
  const client = allowedEvents(snapshot, { id: user.id, role: user.role }, detail.today).filter((type) => STAFF_EVENTS.has(type));
  const server = detail.allowedEvents.filter((type) => STAFF_EVENTS.has(type));
  const same = client.length === server.length && client.every((type) => server.includes(type));
  if (!same) log(`Aksi deposito ${detail.depositNumber}: mesin di klien ${client.join(',') || '-'}, server ${server.join(',') || '-'}; memakai daftar server.`);
  return { events: same ? client : server, disagreed: !same, client };
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
