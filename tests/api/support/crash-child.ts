/**
 * A Berjangka server in a child process for tests/api/idempotency-crash.test.ts, which kills it
 * with SIGKILL in the middle of a request: it builds a fresh world (deposit fixtures) and places one
 * deposit. CRASH_PAUSE=before-commit|after-commit makes an Idempotency-Key request stop there
 * (printing PAUSED) until the process is killed. Prints READY <json> when it listens.
 */
import type { IdempotencyHooks } from '../../../server/platform/http/idempotency';
import { startWorld } from '../deposit-fixtures';
import type { DialectName } from '../harness';

const dialect = (process.env.CRASH_DIALECT ?? 'sqlite') as DialectName;
const pauseHere = async () => {
  process.stdout.write('PAUSED\n');
  await new Promise<never>(() => {});
};
const hooks: IdempotencyHooks = {
  ...(process.env.CRASH_PAUSE === 'before-commit' ? { beforeCommit: pauseHere } : {}),
  ...(process.env.CRASH_PAUSE === 'after-commit' ? { afterCommit: pauseHere } : {}),
};

const world = await startWorld(dialect, '2026-03-02', { idempotencyHooks: hooks, scheduleJobs: false });
const deposit = await world.place();
const ready = { url: world.t.url, dataDir: world.t.dataDir, databaseUrl: world.t.databaseUrl, pgSchema: world.t.pgSchema, token: world.users.supervisor.token, depositId: deposit.id };
process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
