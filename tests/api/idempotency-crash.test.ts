import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dropPgTestDatabase } from '../support/database-template';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/main';
import { dialects, FAST_ARGON2, TestClock, type DialectName } from './harness';
import { bundledEntry } from '../support/bundled-entry';

/**
 * A retry after a crash never runs a change twice: the server (a child process) is killed with
 * SIGKILL in the middle of an approval, before and after its commit, and restarted on the same
 * data (in this process: what matters is what the killed one left); the retry with the same
 * Idempotency-Key runs the approval once, or answers it from the store.
 */

interface Child {
  process: ChildProcess;
  /** Resolves with the rest of the first stdout line that starts with `prefix`. */
  waitFor(prefix: string): Promise<string>;
}

function startChild(entry: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, VITEST: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiters: Array<{ prefix: string; resolve: (rest: string) => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (line.startsWith(waiter.prefix)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line.slice(waiter.prefix.length).trim());
      }
    }
  });
  return {
    process: child,
    waitFor: (prefix) =>
      new Promise((resolve, reject) => {
        const seen = lines.find((line) => line.startsWith(prefix));
        if (seen !== undefined) return resolve(seen.slice(prefix.length).trim());
        waiters.push({ prefix, resolve });
        child.once('exit', (code) => reject(new Error(`the server child exited (${code}) before printing ${prefix}`)));
      }),
  };
}

async function kill(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGKILL');
  await exited;
}

describe.each(dialects)('a crash in the middle of a request (%s)', (dialect: DialectName) => {
  const children: Child[] = [];
  const restarted: RunningServer[] = [];
  const leftovers: Array<{ dataDir: string; databaseUrl?: string }> = [];
  afterEach(async () => {
    for (const child of children.splice(0)) await kill(child);
    for (const server of restarted.splice(0)) await server.close();
    for (const { dataDir, databaseUrl } of leftovers.splice(0)) {
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropPgTestDatabase(new URL(databaseUrl).pathname.slice(1));
    }
  });

  /** A world whose next Idempotency-Key request stops at `pause`; the approval under way and the way to restart. */
  async function crashDuringApproval(pause: 'before-commit' | 'after-commit') {
    const first = startChild(await bundledEntry('tests/api/support/crash-child.ts'), { CRASH_PAUSE: pause, CRASH_DIALECT: dialect });
    children.push(first);
    const world = JSON.parse(await first.waitFor('READY ')) as { url: string; dataDir: string; databaseUrl?: string; pgSchema?: string; token: string; depositId: string };
    leftovers.push({ dataDir: world.dataDir, ...(world.databaseUrl ? { databaseUrl: world.databaseUrl } : {}) });
    const key = `crash-${pause}-${world.depositId}`;
    const approve = (url: string) =>
      fetch(`${url}/api-v2-bpr/deposito/approve-deposito`, {
        method: 'POST',
        headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ depositId: world.depositId }),
      });
    const lost = approve(world.url).then(
      () => 'answered',
      () => 'connection lost',
    );
    await first.waitFor('PAUSED');
    await kill(first);
    expect(await lost).toBe('connection lost');

    // Started again on the data the killed process left, with the world's clock.
    const second = await startServer({
      env: {},
      argon2: FAST_ARGON2,
      clock: new TestClock('2026-03-02T02:00:00.000Z'),
      seed: false,
      scheduleJobs: false,
      config: { dataDir: world.dataDir, databaseUrl: dialect === 'postgres' ? world.databaseUrl : undefined, logLevel: 'silent' },
      ...(world.pgSchema ? { pgSchema: world.pgSchema } : {}),
      listenPort: 0,
      hostname: '127.0.0.1',
    });
    restarted.push(second);
    const { url } = second;
    const detail = async () => {
      const response = await fetch(`${url}/api-v2-bpr/deposito/${world.depositId}`, { headers: { authorization: `Bearer ${world.token}` } });
      return (await response.json()).data as { status: string; version: number; timeline: Array<{ event: string }> };
    };
    return { retry: () => approve(url), detail };
  }

  it('killed before the commit: neither the approval nor the key was kept, and the retry approves once', async () => {
    const { retry, detail } = await crashDuringApproval('before-commit');
    expect(await detail()).toMatchObject({ status: 'pending', version: 1 });
    const retried = await retry();
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const after = await detail();
    expect(after).toMatchObject({ version: 2 });
    expect(after.timeline.filter((entry) => entry.event === 'deposit.approve')).toHaveLength(1);
    // And once more: now the answer is stored with the approval.
    const again = await retry();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await detail()).version).toBe(2);
  }, 60_000);

  it('killed after the commit, before the answer left: the retry is answered from the store, nothing runs twice', async () => {
    const { retry, detail } = await crashDuringApproval('after-commit');
    const committed = await detail();
    expect(committed.version).toBe(2);
    const retried = await retry();
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retried.json()) as { data: { version: number } }).data.version).toBe(2);
    const after = await detail();
    expect(after.version).toBe(2);
    expect(after.timeline.filter((entry) => entry.event === 'deposit.approve')).toHaveLength(1);
  }, 60_000);
});
