import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { Database, DepositRow } from '../platform/db/schema';
import type { OutboxSender } from '../platform/outbox/outbox-delivery';
import { enqueueOutboxMessage } from '../platform/outbox/outbox-delivery';
import { openSecret, type SealingKey } from './partner-secrets';
import { findPartnerByCode } from './partner-repository';

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

/**
 * In the transition's transaction: one outbox message per partner event of these steps, when
 * the deposit came from a partner with access to the API (deposits.channel is its code).
 */
export async function notifyPartnerOfSteps(trx: Kysely<Database>, row: DepositRow, steps: ReadonlyArray<{ event: string; to: string }>, after: { status: string; version: number }, now: Date): Promise<void> {
  if (!row.channel || !row.partner_reference_no) return;
  const events = steps.flatMap(partnerEventsOf);
  if (events.length === 0 || !(await findPartnerByCode(trx, row.channel))) return;
  for (const type of events) {
    const body = JSON.stringify({
      type,
      occurredAt: now.toISOString(),
      data: { partnerReferenceNo: row.partner_reference_no, depositId: row.id, depositNumber: row.deposit_number, bankCode: row.bank_id, status: after.status, version: after.version },
    });
    await enqueueOutboxMessage(trx, { kind: 'partner.notification', destination: row.channel, orderingKey: row.id, bankId: row.bank_id, depositId: row.id, eventType: type, body }, now);
  }
}

/** How long a partner's receiver may take to answer. */
const RECEIVER_TIMEOUT_MS = 10_000;

/** The outbox's sender of partner notifications: the partner's URL and secret read at each attempt (a URL set later is used). */
export function partnerNotificationSender(deps: { db: Kysely<Database>; sealingKey: SealingKey; fetch?: typeof fetch }): OutboxSender {
  const send = deps.fetch ?? fetch;
  return async (message) => {
    const partner = await findPartnerByCode(deps.db, message.destination);
    if (!partner?.notification_url || !partner.notification_secret_sealed) return { delivered: false, status: null, error: 'mitra belum punya alamat notifikasi' };
    const webhook = new Webhook(openSecret(deps.sealingKey, partner.notification_secret_sealed));
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
