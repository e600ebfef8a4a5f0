import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Database, OutboxTable } from '../db/schema';
import type { Mailer, MailMessage } from '../mail';
import { enqueueOutboxMessage, type OutboxSender } from './outbox-delivery';
import { hasPendingOutboxMessage } from './outbox-repository';
import { newRowId } from '../row-id';

/**
 * Follow-ups: work against the outside world that failed (a mail the SMTP server refused, JNE's
 * tracking or Privy's status unreachable, an ARO letter that could not be drawn) is queued in the
 * outbox and tried again on its schedule — 5 seconds, 5 minutes, 30 minutes, 2 hours, then every
 * few hours for 3 days — instead of waiting for the next day's job. The work itself stays where
 * it was (the area's service re-runs it for one subject); the outbox only remembers and retries.
 */

type FollowUpKind = Exclude<OutboxTable['kind'], 'partner.notification'>;

interface FollowUp {
  kind: FollowUpKind;
  /** What to do again: a shipment, a signature request, a letter, or the mail's own id. */
  subjectId: string;
  bankId: string | null;
  /** What the retry needs beyond the subject (a mail's message); `{}` when the subject says it all. */
  body?: Record<string, unknown>;
}

/** Queues the follow-up, unless one for the same subject already waits. */
export async function enqueueFollowUp(db: Kysely<Database>, clock: Clock, followUp: FollowUp): Promise<void> {
  const orderingKey = `${followUp.kind}:${followUp.subjectId}`;
  if (await hasPendingOutboxMessage(db, followUp.kind, orderingKey)) return;
  await enqueueOutboxMessage(
    db,
    { kind: followUp.kind, destination: followUp.subjectId, orderingKey, bankId: followUp.bankId, depositId: null, eventType: followUp.kind, body: JSON.stringify(followUp.body ?? {}) },
    clock.now(),
  );
}

/** The outbox's sender for a follow-up kind: `retry` does the work for the subject again, and throws when it fails again. */
export function followUpSender(retry: (subjectId: string, body: Record<string, unknown>) => Promise<void>): OutboxSender {
  return async (message) => {
    await retry(message.destination, JSON.parse(message.body) as Record<string, unknown>);
    return { delivered: true, status: null };
  };
}

/**
 * The mailer every service uses: it sends at once (someone may be waiting for a reset link), and
 * a mail the server refuses is queued as a follow-up and sent again within minutes, not lost.
 * `send` resolves once the mail is sent or queued.
 */
export function retryingMailer(mailer: Mailer, deps: { db: Kysely<Database>; clock: Clock; logger: Logger }): Mailer {
  return {
    async send(message: MailMessage) {
      try {
        await mailer.send(message);
      } catch (error) {
        deps.logger.warn({ err: error, subject: message.subject }, 'mail could not be sent; queued to be sent again');
        await enqueueFollowUp(deps.db, deps.clock, { kind: 'mail', subjectId: newRowId(deps.clock.now().getTime()), bankId: null, body: { ...message } });
      }
    },
  };
}

/** The follow-up sender of mails: the same message, through the real mailer. */
export function mailFollowUpSender(mailer: Mailer): OutboxSender {
  return followUpSender(async (_id, body) => mailer.send(body as unknown as MailMessage));
}
