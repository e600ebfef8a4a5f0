import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteDataDirFromTemplate } from '../../support/database-template';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Every mail written to the outbox so far, newest last, as raw .eml text. */
  outbox(): string[];
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the product the way `npm start` does (server/start.ts), on a fresh data directory and a
 * free port, and waits until /healthz answers. The SPA build is made once by the global setup.
 *
 * On SQLite the data directory starts with a copy of the migrated template the API tests use
 * (tests/support/database-template.ts, built by the global setup): the server still migrates (it
 * finds nothing pending) and seeds the demo into the empty database as a first start does,
 * without importing the whole geography again for each file.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const onPostgres = Boolean(env.DATABASE_URL ?? process.env.DATABASE_URL);
  const dataDir = onPostgres ? mkdtempSync(join(tmpdir(), 'berjangka-e2e-')) : await sqliteDataDirFromTemplate('berjangka-e2e-');
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /healthz in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    port,
    dataDir,
    outbox() {
      const dir = join(dataDir, 'outbox');
      let names: string[] = [];
      try {
        names = readdirSync(dir).filter((name) => name.endsWith('.eml')).sort();
      } catch {
        return [];
      }
      return names.map((name) => readFileSync(join(dir, name), 'utf8'));
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
