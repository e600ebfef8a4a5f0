import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { Database, DepositRow } from '../platform/db/schema';
import type { OutboxSender } from '../platform/outbox/outbox-delivery';
import { enqueueOutboxMessage } from '../platform/outbox/outbox-delivery';
import { secretOpener, type SealingKey } from './partner-secrets';
import { findPartnerByCode, findPartnerDeposits } from './partner-repository';

/**
 * Notifications to a partner (API.md "Notifications to the partner"): what becomes of a deposit
 * it placed is written to the outbox in the transaction of the change, and delivered to the
 * partner's URL signed per the Standard Webhooks specification (webhook-id = the outbox row's id,
 * so a retry carries the same id and the same body).
 */

/** The partner's event for a step of the deposit machine (its event, the status it led to). */
export function partnerEventsOf(step: { event: string; to: string }): string[] {
  switch (step.event) {
    case 'deposit.approve':
      return step.to === 'active' ? ['deposit.approved', 'deposit.activated'] : ['deposit.approved'];
    case 'deposit.activate':
      return ['deposit.activated'];
    case 'deposit.reject':
      return ['deposit.rejected'];
    case 'deposit.cancel':
    case 'deposit.withdraw':
      return ['deposit.cancelled'];
    case 'deposit.rollover':
      return ['deposit.rolledOver'];
    case 'deposit.mature':
      return ['deposit.matured'];
    case 'deposit.approveBreak':
    case 'deposit.rejectBreak':
      return ['breakRequest.decided'];
    case 'deposit.markPaid':
      return ['deposit.paidOut'];
    default:
      return [];
  }
}

/** A deposit as its notifications name it. */
type NotifiedDeposit = Pick<DepositRow, 'id' | 'bank_id' | 'deposit_number' | 'channel' | 'partner_reference_no'>;

/** One event to tell: its type and what it adds to the deposit's common fields. */
export interface PartnerEvent {
  type: string;
  data?: Record<string, unknown>;
}

/**
 * In the change's transaction: one outbox message per event, when the deposit came from a
 * partner with access to the API (deposits.channel is its code). `after` is the deposit's status
 * and version once the change is written, so a partner can order what it hears.
 */
export async function notifyPartner(trx: Kysely<Database>, row: NotifiedDeposit, events: readonly PartnerEvent[], after: { status: string; version: number }, now: Date): Promise<void> {
  if (!row.channel || !row.partner_reference_no || events.length === 0) return;
  if (!(await findPartnerByCode(trx, row.channel))) return;
  for (const event of events) {
    const body = JSON.stringify({
      type: event.type,
      occurredAt: now.toISOString(),
      data: { partnerReferenceNo: row.partner_reference_no, depositId: row.id, depositNumber: row.deposit_number, bankCode: row.bank_id, status: after.status, version: after.version, ...event.data },
    });
    await enqueueOutboxMessage(trx, { kind: 'partner.notification', destination: row.channel, orderingKey: row.id, bankId: row.bank_id, depositId: row.id, eventType: event.type, body }, now);
  }
}

/** In the transition's transaction: the partner events of the machine's steps. */
export async function notifyPartnerOfSteps(trx: Kysely<Database>, row: NotifiedDeposit, steps: ReadonlyArray<{ event: string; to: string }>, after: { status: string; version: number }, now: Date): Promise<void> {
  await notifyPartner(trx, row, steps.flatMap(partnerEventsOf).map((type) => ({ type })), after, now);
}

/** The partner's event when the bilyet's track moves (issued, handed to the courier, received); none for the bank's own steps. */
function bilyetEventOf(before: string, after: string | undefined): string | null {
  if (after === undefined || after === before) return null;
  switch (after) {
    case 'issued':
      return 'bilyet.issued';
    case 'shipped':
      return 'bilyet.shipped';
    case 'received':
      return 'bilyet.received';
    default:
      return null;
  }
}

/** In the track change's transaction: bilyet.issued / shipped / received, with the bilyet's number. */
export async function notifyPartnerOfBilyet(trx: Kysely<Database>, before: DepositRow, after: DepositRow, now: Date): Promise<void> {
  const type = bilyetEventOf(before.bilyet_status, after.bilyet_status);
  if (!type) return;
  await notifyPartner(trx, after, [{ type, data: { bilyetStatus: after.bilyet_status, bilyetNumber: after.bilyet_number } }], { status: after.status, version: after.version }, now);
}

/** An installment as interest.paid tells it. */
export interface PaidInstallment {
  deposit_id: string;
  period_number: number;
  sequence: number;
  pay_date: string;
  gross_interest: number | string;
  tax: number | string;
  net_interest: number | string;
  paid_at: string | null;
  reference: string | null;
}

/** In the marking's transaction: interest.paid for each installment of a partner's deposit. */
export async function notifyPartnerOfInterestPaid(trx: Kysely<Database>, installments: readonly PaidInstallment[], now: Date): Promise<void> {
  const deposits = await findPartnerDeposits(trx, [...new Set(installments.map((item) => item.deposit_id))]);
  for (const deposit of deposits) {
    const events = installments
      .filter((item) => item.deposit_id === deposit.id)
      .map((item) => ({
        type: 'interest.paid',
        data: {
          installment: {
            periodNumber: item.period_number,
            sequence: item.sequence,
            payDate: item.pay_date,
            grossInterest: Number(item.gross_interest),
            tax: Number(item.tax),
            netInterest: Number(item.net_interest),
            paidAt: item.paid_at,
            reference: item.reference,
          },
        },
      }));
    await notifyPartner(trx, deposit, events, { status: deposit.status, version: deposit.version }, now);
  }
}

/** In the decision's transaction: changeRequest.decided for a request raised on a partner's deposit. */
export async function notifyPartnerOfChangeDecision(
  trx: Kysely<Database>,
  request: { id: string; deposit_id: string | null; kind: string },
  decision: { status: 'approved' | 'rejected'; reason: string | null },
  now: Date,
): Promise<void> {
  if (!request.deposit_id) return;
  const [deposit] = await findPartnerDeposits(trx, [request.deposit_id]);
  if (!deposit) return;
  const data = { changeRequest: { id: request.id, kind: request.kind, decision: decision.status, reason: decision.reason } };
  await notifyPartner(trx, deposit, [{ type: 'changeRequest.decided', data }], { status: deposit.status, version: deposit.version }, now);
}

/** How long a partner's receiver may take to answer. */
const RECEIVER_TIMEOUT_MS = 10_000;

/** The outbox's sender of partner notifications: the partner's URL and secret read at each attempt (a URL set later is used). */
export function partnerNotificationSender(deps: { db: Kysely<Database>; sealingKey: SealingKey; fetch?: typeof fetch }): OutboxSender {
  const send = deps.fetch ?? fetch;
  const webhookOf = secretOpener(deps.sealingKey, (secret) => new Webhook(secret));
  return async (message) => {
    const partner = await findPartnerByCode(deps.db, message.destination);
    if (!partner?.notification_url || !partner.notification_secret_sealed) return { delivered: false, status: null, error: 'mitra belum punya alamat notifikasi' };
    const webhook = webhookOf(partner.notification_secret_sealed);
    const sentAt = new Date();
    const response = await send(partner.notification_url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': message.id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': webhook.sign(message.id, sentAt, message.body),
      },
      body: message.body,
      signal: AbortSignal.timeout(RECEIVER_TIMEOUT_MS),
      redirect: 'manual',
    });
    await response.body?.cancel();
    return response.status >= 200 && response.status < 300 ? { delivered: true, status: response.status } : { delivered: false, status: response.status, error: `HTTP ${response.status}` };
  };
}
