import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';

/** One request the receiver got: a delivery attempt of one outbox message. */
export interface HeardNotification {
  /** The `webhook-id` header: the outbox message's id. */
  id: string;
  body: string;
  type: string;
  depositId: string;
  /** The `x-berjangka-instance` header that tests/api/support/instance-child.ts adds when it has a name. */
  instance: string | undefined;
  /** When it arrived and when it was answered, on one counter shared by every arrival and answer. */
  arrived: number;
  answered: number | null;
  status: number | null;
}

export type ReceiverPolicy = (request: HeardNotification, receiver: NotificationReceiver) => 'answer' | 'hold';

export interface NotificationReceiver {
  url: string;
  heard: HeardNotification[];
  /** Requests whose Standard Webhooks signature did not verify (answered 401, never counted as heard). */
  forged: string[];
  /** How each verified request is treated from now on: answered 204 at once (the default) or held unanswered. */
  policy: ReceiverPolicy;
  /** Requests held and not answered yet. */
  held(): HeardNotification[];
  /** Answers every held request 204. */
  release(): void;
  /** The first 2xx answer of each webhook-id, in the order they were answered. */
  acknowledged(): HeardNotification[];
  close(): Promise<void>;
}

/**
 * A partner's notification receiver for the outbox tests: it verifies each request's Standard
 * Webhooks signature with the partner's notification secret, as a partner must, and keeps every
 * attempt with the order it arrived and was answered in, so a test can tell a redelivery from a
 * duplicate and see whether a deposit's next event waited for the one before.
 */
export async function startNotificationReceiver(secret: () => string): Promise<NotificationReceiver> {
  let tick = 0;
  const waiting = new Map<HeardNotification, ServerResponse>();
  const answer = (heard: HeardNotification, response: ServerResponse) => {
    heard.answered = ++tick;
    heard.status = 204;
    response.statusCode = 204;
    response.end();
  };
  const receiver: NotificationReceiver = {
    url: '',
    heard: [],
    forged: [],
    policy: () => 'answer',
    held: () => [...waiting.keys()],
    release() {
      for (const [heard, response] of waiting) answer(heard, response);
      waiting.clear();
    },
    acknowledged() {
      const first = new Map<string, HeardNotification>();
      for (const heard of receiver.heard) if (heard.status !== null && heard.status < 300 && !first.has(heard.id)) first.set(heard.id, heard);
      return [...first.values()].sort((a, b) => a.answered! - b.answered!);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of waiting.values()) response.destroy();
        waiting.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      let event: { type: string; data: { depositId: string } };
      try {
        event = new Webhook(secret()).verify(body, request.headers as Record<string, string>) as typeof event;
      } catch {
        receiver.forged.push(body);
        response.statusCode = 401;
        response.end();
        return;
      }
      const instance = request.headers['x-berjangka-instance'];
      const heard: HeardNotification = {
        id: String(request.headers['webhook-id']),
        body,
        type: event.type,
        depositId: event.data.depositId,
        instance: typeof instance === 'string' ? instance : undefined,
        arrived: ++tick,
        answered: null,
        status: null,
      };
      receiver.heard.push(heard);
      if (receiver.policy(heard, receiver) === 'hold') {
        waiting.set(heard, response);
        // The sender gave up or was killed: the attempt stays unanswered.
        response.on('close', () => waiting.delete(heard));
        return;
      }
      answer(heard, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/berjangka/notifikasi`;
  return receiver;
}

/** Waits (Vitest's own vi.waitFor) until `condition` holds; fails naming `what` after `ms`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    },
    { timeout: ms, interval: 20 },
  );
}

/**
 * Where a deposit's notifications broke its order: for each deposit, its events must be first
 * acknowledged in the order they were written (`written`, ids in order), and none may have
 * arrived before the one ahead of it was acknowledged. Empty when every deposit's order held.
 */
export function orderBreaks(heard: readonly HeardNotification[], written: ReadonlyMap<string, readonly string[]>): string[] {
  const breaks: string[] = [];
  const firstAck = new Map<string, number>();
  for (const request of heard) if (request.status !== null && request.status < 300 && !firstAck.has(request.id)) firstAck.set(request.id, request.answered!);
  for (const [depositId, ids] of written) {
    for (let at = 1; at < ids.length; at += 1) {
      const before = firstAck.get(ids[at - 1]!);
      const early = heard.find((request) => request.id === ids[at] && (before === undefined || request.arrived < before));
      if (early) breaks.push(`${depositId}: ${ids[at]} arrived before ${ids[at - 1]} was acknowledged`);
    }
  }
  return breaks;
}
