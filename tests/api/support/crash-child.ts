/**
 * A Berjangka server in a child process for tests/api/idempotency-crash.test.ts, which kills it
 * with SIGKILL in the middle of a request. CRASH_MODE=create builds a fresh world (deposit
 * fixtures) and places one deposit; CRASH_MODE=reuse starts on the data CRASH_DATA_DIR /
 * CRASH_DATABASE_URL and CRASH_PG_SCHEMA left behind. CRASH_PAUSE=before-commit|after-commit makes an Idempotency-Key
 * request stop there (printing PAUSED) until the process is killed. Prints READY <json> when it listens.
 */
import { startServer } from '../../../server/main';
import type { IdempotencyHooks } from '../../../server/platform/http/idempotency';
import { startWorld } from '../deposit-fixtures';
import { FAST_ARGON2, TestClock, type DialectName } from '../harness';

const dialect = (process.env.CRASH_DIALECT ?? 'sqlite') as DialectName;
const pauseHere = async () => {
  process.stdout.write('PAUSED\n');
  await new Promise<never>(() => {});
};
const hooks: IdempotencyHooks = {
  ...(process.env.CRASH_PAUSE === 'before-commit' ? { beforeCommit: pauseHere } : {}),
  ...(process.env.CRASH_PAUSE === 'after-commit' ? { afterCommit: pauseHere } : {}),
};

if (process.env.CRASH_MODE === 'create') {
  const world = await startWorld(dialect, '2026-03-02', { idempotencyHooks: hooks, scheduleJobs: false });
  const deposit = await world.place();
  const ready = { url: world.t.url, dataDir: world.t.dataDir, databaseUrl: world.t.databaseUrl, pgSchema: world.t.pgSchema, token: world.users.supervisor.token, depositId: deposit.id };
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
} else {
  const server = await startServer({
    env: {},
    argon2: FAST_ARGON2,
    clock: new TestClock('2026-03-02T02:00:00.000Z'),
    seed: false,
    scheduleJobs: false,
    idempotencyHooks: hooks,
    config: { dataDir: process.env.CRASH_DATA_DIR!, databaseUrl: dialect === 'postgres' ? process.env.CRASH_DATABASE_URL : undefined, logLevel: 'silent' },
    ...(process.env.CRASH_PG_SCHEMA ? { pgSchema: process.env.CRASH_PG_SCHEMA } : {}),
    listenPort: 0,
    hostname: '127.0.0.1',
  });
  process.stdout.write(`READY ${JSON.stringify({ url: server.url })}\n`);
}
