/**
 * Issue 19's outbox benchmark: 10,000 partner notifications waiting in the outbox (5,000 deposits'
 * `deposit.approved` and `deposit.activated`, as approvals write them), delivered by the server's
 * own worker to the partner's receiver. The server is started as `npm start` starts it (a child
 * process with the start script's node flags) on a database prepared beforehand; this process is
 * the partner's receiver, answering 204 to each notification whose Standard Webhooks signature
 * holds. Timed from the server answering /healthz (its worker starts then) to the 10,000th
 * notification received; each must arrive once, each deposit's two in order. On SQLite and, with
 * BENCH_DATABASE_URL, PostgreSQL (a database of its own beside it, `<name>_outbox`, made afresh).
 * Budget: ≤ 60 s for the 10,000; never pass/fail.
 *
 *   npx tsx bench/outbox-delivery.ts [sqlite] [postgres]      (both when BENCH_DATABASE_URL is set)
 *   BENCH_OUTBOX_MESSAGES=2000 npx tsx bench/outbox-delivery.ts sqlite     (a quick look)
 *   BENCH_LOAD_PROFILE=1 npx tsx bench/outbox-delivery.ts sqlite          (the server runs with --cpu-prof)
 *   import { runOutboxBenchmarks } from './outbox-delivery'                (from bench/run.ts)
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { openCore } from '../server/core';
import { createPartnerAdminService } from '../server/partner/partner-admin-service';
import { partnerSealingKey } from '../server/partner/partner-secrets';
import { systemClock } from '../server/platform/clock';
import { enqueueOutboxMessage } from '../server/platform/outbox/outbox-delivery';
import { backendCpu, cpuSeconds, databaseCpuSince, type LoadDialect, siblingDatabase, startServerProcess } from './load';
import { cpuReferenceMs } from './sampling';

type Log = (line: string) => void;

export interface OutboxFigures {
  dialect: LoadDialect;
  messages: number;
  /** From the server answering /healthz to the last notification received. */
  seconds: number;
  /** From the first notification received to the last. */
  deliveringSeconds: number;
  perSecond: number;
  /** Notifications received more than once, and deposits whose second arrived before its first was answered. */
  duplicates: number;
  orderBreaks: number;
  /** Requests whose signature did not verify. */
  forged: number;
  /** Share of one core the server used while delivering, and PostgreSQL's backends. */
  serverCpu: number;
  databaseCpu?: number;
}

const MESSAGES = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 10_000);
const PARTNER = 'BENCH-MITRA';
const JWT_SECRET = 'bench-outbox-jwt-secret-0123456789abcdef0123456789abcdef';

/** The partner's side: verifies each notification, answers 204, remembers what arrived when. */
async function startReceiver(secret: () => string) {
  const seen = new Map<string, number>();
  /** Per deposit, the time its `deposit.approved` was answered, and whether `activated` came before. */
  const approvedAt = new Map<string, number>();
  const state = { received: 0, duplicates: 0, orderBreaks: 0, forged: 0, first: 0, last: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event: { type: string; data: { depositId: string } };
      try {
        event = new Webhook(secret()).verify(body, request.headers as Record<string, string>) as typeof event;
      } catch {
        state.forged += 1;
        response.statusCode = 401;
        response.end();
        return;
      }
      const id = String(request.headers['webhook-id']);
      const now = performance.now();
      if (state.first === 0) state.first = now;
      const times = seen.get(id) ?? 0;
      seen.set(id, times + 1);
      if (times > 0) state.duplicates += 1;
      else state.received += 1;
      if (event.type === 'deposit.approved') approvedAt.set(event.data.depositId, now);
      else if (!approvedAt.has(event.data.depositId)) state.orderBreaks += 1;
      state.last = now;
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/berjangka/notifikasi`, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The server's database before it starts: migrated with the demo's banks (so `npm start` seeds
 * none), the partner with its address, and the notifications written as approvals write them.
 */
async function prepare(dataDir: string, databaseUrl: string | undefined, receiverUrl: string): Promise<string> {
  const core = await openCore({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, demoDeposits: false });
  try {
    const db = core.database.db;
    const admin = createPartnerAdminService({ db, clock: systemClock, sealingKey: partnerSealingKey(core.jwtSecret) });
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await admin.create({ code: PARTNER, name: 'PT Mitra Bench', publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(), feeBps: 50 });
    const { notificationSecret } = await admin.setNotificationUrl(PARTNER, receiverUrl);
    const bank = await db.selectFrom('banks').select('id').orderBy('name').executeTakeFirstOrThrow();
    const deposits = MESSAGES / 2;
    for (let from = 0; from < deposits; from += 500) {
      await db.transaction().execute(async (trx) => {
        for (let at = from; at < Math.min(deposits, from + 500); at += 1) {
          const depositId = randomUUID();
          const now = new Date();
          for (const [version, type, status] of [[2, 'deposit.approved', 'active'], [2, 'deposit.activated', 'active']] as const) {
            const body = JSON.stringify({ type, occurredAt: now.toISOString(), data: { partnerReferenceNo: `ORD-BENCH-${at}`, depositId, depositNumber: `DEP-2611-${String(at).padStart(8, '0')}`, bankCode: bank.id, status, version } });
            await enqueueOutboxMessage(trx, { kind: 'partner.notification', destination: PARTNER, orderingKey: depositId, bankId: bank.id, depositId, eventType: type, body }, now);
          }
        }
      });
    }
    return notificationSecret;
  } finally {
    await core.close();
  }
}

async function benchOneDialect(dialect: LoadDialect, log: Log): Promise<OutboxFigures> {
  const dataDir = join(tmpdir(), `berjangka-bench-outbox-${dialect}`);
  rmSync(dataDir, { recursive: true, force: true });
  const databaseUrl = dialect === 'postgres' ? await siblingDatabase('outbox', true) : undefined;
  let secret = '';
  const receiver = await startReceiver(() => secret);
  try {
    const preparing = performance.now();
    secret = await prepare(dataDir, databaseUrl, receiver.url);
    log(`  ${MESSAGES.toLocaleString('en-US')} notifications of ${(MESSAGES / 2).toLocaleString('en-US')} deposits written to the outbox (${((performance.now() - preparing) / 1000).toFixed(1)} s, not timed)`);
    log(`  machine reference: ${cpuReferenceMs().toFixed(0)} ms (bench/sampling.ts; ~125 ms when this machine is quiet)`);
    const server = await startServerProcess(dialect, log, { dataDir, ...(databaseUrl ? { databaseUrl } : {}), env: { JWT_SECRET }, settle: false });
    const started = performance.now();
    const pid = server.child.pid!;
    const serverBefore = cpuSeconds(pid);
    const databaseBefore = server.databaseUrl ? await backendCpu(server.databaseUrl) : undefined;
    try {
      const deadline = started + 15 * 60_000;
      while (receiver.state.received < MESSAGES) {
        if (performance.now() > deadline) throw new Error(`only ${receiver.state.received} of ${MESSAGES} notifications arrived in 15 minutes; see ${server.logFile}`);
        if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}; see ${server.logFile}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const { state } = receiver;
      const seconds = (state.last - started) / 1000;
      const serverCpu = (cpuSeconds(pid) - serverBefore) / seconds;
      const databaseCpu = await databaseCpuSince(server.databaseUrl, databaseBefore, seconds);
      return {
        dialect,
        messages: MESSAGES,
        seconds,
        deliveringSeconds: (state.last - state.first) / 1000,
        perSecond: MESSAGES / seconds,
        duplicates: state.duplicates,
        orderBreaks: state.orderBreaks,
        forged: state.forged,
        serverCpu,
        ...(databaseCpu !== undefined ? { databaseCpu } : {}),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await receiver.close();
  }
}

export function describeOutbox(figures: OutboxFigures): string {
  const budget = figures.messages === 10_000 ? `   (budget ≤ 60 s: ${figures.seconds <= 60 ? 'within budget' : 'OVER budget'})` : '';
  return (
    `    ${figures.messages.toLocaleString('en-US')} notifications in ${figures.seconds.toFixed(1)} s from the server's start (${figures.deliveringSeconds.toFixed(1)} s from the first to the last): ` +
    `${figures.perSecond.toFixed(0)}/s; received twice ${figures.duplicates}, out of order ${figures.orderBreaks}, bad signature ${figures.forged}; ` +
    `CPU server ${(figures.serverCpu * 100).toFixed(0)}% (${((figures.serverCpu / figures.perSecond) * 1e6).toFixed(0)} µs a notification)` +
    (figures.databaseCpu !== undefined ? `, PostgreSQL ${(figures.databaseCpu * 100).toFixed(0)}% (${((figures.databaseCpu / figures.perSecond) * 1e6).toFixed(0)} µs)` : '') +
    budget
  );
}

export async function runOutboxBenchmarks(log: Log = console.log, dialects?: LoadDialect[]): Promise<OutboxFigures[]> {
  const chosen = dialects ?? (process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']);
  const figures: OutboxFigures[] = [];
  for (const dialect of chosen) {
    log(`  --- ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ---`);
    const measured = await benchOneDialect(dialect, log);
    log(describeOutbox(measured));
    figures.push(measured);
  }
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const asked = process.argv.slice(2).filter((arg): arg is LoadDialect => arg === 'sqlite' || arg === 'postgres');
  await runOutboxBenchmarks(console.log, asked.length > 0 ? asked : undefined);
}
