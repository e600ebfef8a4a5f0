import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Database, OutboxTable } from '../db/schema';
import { newRowId } from '../row-id';
import { afterFailure, OUTBOX_GIVE_UP_MS } from './outbox-schedule';
import { dueOutboxMessages, insertOutboxMessage, leaseOutboxMessage, recordOutboxAttempt, type OutboxRow } from './outbox-repository';

/** What a sender answers for one attempt: delivered, or why not (the receiver's status, an error). */
export type SendOutcome = { delivered: true; status: number | null } | { delivered: false; status: number | null; error: string };

/** Delivers one message of its kind; the area that writes the kind supplies it. */
export type OutboxSender = (message: OutboxRow) => Promise<SendOutcome>;

/** How long one delivery holds its message: longer than a sender's timeout. */
export const OUTBOX_LEASE_MS = 60_000;
const BATCH = 20;

/**
 * Writes a message in the caller's transaction (`trx`: the change it tells of), due at once.
 */
export async function enqueueOutboxMessage(
  trx: Kysely<Database>,
  message: { kind: OutboxTable['kind']; destination: string; orderingKey: string; bankId: string | null; depositId: string | null; eventType: string; body: string },
  now: Date,
): Promise<string> {
  const id = newRowId(now.getTime());
  await insertOutboxMessage(trx, {
    id,
    kind: message.kind,
    destination: message.destination,
    ordering_key: message.orderingKey,
    bank_id: message.bankId,
    deposit_id: message.depositId,
    event_type: message.eventType,
    body: message.body,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now.toISOString(),
    give_up_at: new Date(now.getTime() + OUTBOX_GIVE_UP_MS).toISOString(),
    lease_until: null,
    last_status: null,
    last_error: null,
    created_at: now.toISOString(),
    delivered_at: null,
  });
  return id;
}

/**
 * The outbox's worker: each round takes the due messages, leases each (so another instance on
 * the same database skips it), sends it with its kind's sender and records the outcome — the
 * next attempt by the retry schedule, or failed after 3 days. A crash mid-delivery leaves a lease
 * that runs out, and the message is sent again: delivery is at least once.
 */
export function createOutboxDelivery(deps: { db: Kysely<Database>; clock: Clock; logger: Logger; senders: Partial<Record<OutboxTable['kind'], OutboxSender>> }) {
  const { db, clock, logger } = deps;

  async function deliver(message: OutboxRow, heldUntil: string): Promise<void> {
    const sender = deps.senders[message.kind];
    const started = clock.now();
    let outcome: SendOutcome;
    try {
      outcome = sender ? await sender(message) : { delivered: false, status: null, error: `no sender for ${message.kind}` };
    } catch (error) {
      outcome = { delivered: false, status: null, error: error instanceof Error ? error.message : String(error) };
    }
    const attempts = message.attempts + 1;
    const lost = () => logger.warn({ outboxId: message.id, kind: message.kind, attempts, status: outcome.status }, 'outbox lease ran out during the attempt; another instance took the message over');
    if (outcome.delivered) {
      const recorded = await recordOutboxAttempt(db, message.id, heldUntil, { status: 'delivered', attempts, nextAttemptAt: message.next_attempt_at, lastStatus: outcome.status, lastError: null, deliveredAt: clock.now().toISOString() });
      if (!recorded) lost();
      return;
    }
    const next = afterFailure(attempts, started, new Date(message.give_up_at));
    const recorded = await recordOutboxAttempt(db, message.id, heldUntil, {
      status: next.status,
      attempts,
      nextAttemptAt: next.status === 'pending' ? next.nextAttemptAt.toISOString() : message.next_attempt_at,
      lastStatus: outcome.status,
      lastError: outcome.error.slice(0, 500),
      deliveredAt: null,
    });
    if (!recorded) return lost();
    logger[next.status === 'failed' ? 'warn' : 'info']({ outboxId: message.id, kind: message.kind, attempts, status: outcome.status, error: outcome.error }, next.status === 'failed' ? 'outbox message failed for good' : 'outbox message not delivered, will retry');
  }

  /** One round: every message due now, each delivered once; how many were tried. */
  async function deliverDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const now = clock.now();
      const due = await dueOutboxMessages(db, now.toISOString(), BATCH);
      let leased = 0;
      for (const message of due) {
        // The lease runs from when it is taken, not from the round's start: after slow receivers
        // earlier in the round, a lease counted from then could have run out already, and another
        // instance would send the message while this one does.
        const at = clock.now();
        const until = new Date(at.getTime() + OUTBOX_LEASE_MS).toISOString();
        if (!(await leaseOutboxMessage(db, message, at.toISOString(), until))) continue;
        leased += 1;
        await deliver(message, until);
      }
      tried += leased;
      // Delivering one may make the next of its deposit due: ask again until a round finds none.
      if (leased === 0) return tried;
    }
  }

  /** Rounds every `intervalMs` until stopped; a round never overlaps the one before. */
  function start(intervalMs = 1_000): { stop(): Promise<void> } {
    let stopped = false;
    let running: Promise<void> = Promise.resolve();
    const round = () => {
      running = deliverDue()
        .then(() => undefined)
        .catch((error: unknown) => logger.error({ err: error }, 'outbox round failed'))
        .finally(() => {
          if (!stopped) timer = setTimeout(round, intervalMs);
        });
    };
    let timer = setTimeout(round, intervalMs);
    return {
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await running;
      },
    };
  }

  return { deliverDue, start };
}

export type OutboxDelivery = ReturnType<typeof createOutboxDelivery>;
