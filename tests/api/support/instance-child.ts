/**
 * One Berjangka instance in a child process for tests/api/multi-instance.test.ts: the real server
 * configured from its environment like `npm start` (DATABASE_URL, JWT_SECRET, FILE_STORE, S3_*,
 * TRUSTED_PROXY_HOPS, DATA_DIR of its own), on a PostgreSQL database and schema another instance
 * shares (DATABASE_URL, INSTANCE_PG_SCHEMA), its clock standing at INSTANCE_NOW. Prints READY <json> when it listens.
 *
 * The daily job is not started by a timer here, so the test decides when each instance runs it:
 * `RUN <tag> <date> [pause]` on stdin runs the scheduler's own catch-up (runDailyCatchUp) up to
 * <date> and prints `RAN <tag> <reports json>`; with `pause` the run stops after its first
 * write (its group transaction open, nothing committed), prints `PAUSED <tag>` and waits for
 * `CONTINUE <tag>`. Logs (warn and worse) go to stderr.
 */
import { createInterface } from 'node:readline';
import pino from 'pino';
import { runDailyCatchUp } from '../../../server/jobs/catch-up';
import { startServer } from '../../../server/main';
import { FAST_ARGON2, TestClock } from '../harness';

const logs = pino({ level: 'warn' }, pino.destination(2));
const name = process.env.INSTANCE_NAME;
const taggedFetch: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-berjangka-instance': name! } });
const server = await startServer({
  env: process.env,
  argon2: FAST_ARGON2,
  clock: new TestClock(process.env.INSTANCE_NOW),
  logger: logs,
  seed: false,
  scheduleJobs: false,
  ...(name ? { outboxFetch: taggedFetch } : {}),
  ...(process.env.INSTANCE_PG_SCHEMA ? { pgSchema: process.env.INSTANCE_PG_SCHEMA } : {}),
  listenPort: 0,
  hostname: '127.0.0.1',
});

const resumers = new Map<string, () => void>();
const say = (line: string) => process.stdout.write(`${line}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, tag = '', date = '', option] = line.trim().split(/\s+/);
  if (command === 'CONTINUE') {
    resumers.get(tag)?.();
    return;
  }
  if (command !== 'RUN') return;
  let paused = option !== 'pause';
  const afterWrite = async () => {
    if (paused) return;
    paused = true;
    const resumed = new Promise<void>((resolve) => resumers.set(tag, resolve));
    say(`PAUSED ${tag}`);
    await resumed;
  };
  runDailyCatchUp({ db: server.database.db, clock: server.clock, logger: logs, afterWrite }, date).then(
    (reports) => say(`RAN ${tag} ${JSON.stringify(reports)}`),
    (error: unknown) => say(`RAN ${tag} ${JSON.stringify({ error: String(error) })}`),
  );
});

process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});

say(`READY ${JSON.stringify({ url: server.url, fileStore: server.fileStore.kind })}`);
