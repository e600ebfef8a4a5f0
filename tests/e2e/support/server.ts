import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { jakartaDate } from '../../../server/platform/business-date';

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
 * A data directory seeded once for the run (global-setup.ts): what `npm start` leaves in a new
 * DATA_DIR after its first start (demo banks, users, products, ~2,300 deposits and their files),
 * made on `port` (PUBLIC_URL names it in the demo's links) on the business date `day`.
 */
export interface SeededDataDir {
  dataDir: string;
  port: number;
  day: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSeededDataDir: SeededDataDir | null;
  }
}

/**
 * Settings a test may pass that change nothing the first start writes: with any other (or
 * with a DATABASE_URL or FILE_STORE=s3 in the environment) the server seeds its own data.
 */
const SEED_NEUTRAL_SETTINGS = new Set(['EMBED_ALLOWED_ORIGINS', 'LOG_LEVEL']);

/** Files a first start writes that are secrets of that installation: each server makes its own. */
const INSTALLATION_SECRETS = /secret$/;

/** Whether a copy of the run's seeded data is the same as what a first start would write for `env`. */
export function seededDataFits(seed: SeededDataDir | null | undefined, env: Record<string, string>): seed is SeededDataDir {
  if (!seed || seed.day !== jakartaDate(new Date())) return false;
  const environment = { ...process.env, ...env };
  if (environment.DATABASE_URL || environment.FILE_STORE === 's3') return false;
  return Object.keys(env).every((name) => SEED_NEUTRAL_SETTINGS.has(name));
}

/** Seeds a data directory by a first start (global-setup.ts); the server is stopped again. */
export async function seedDataDir(): Promise<SeededDataDir> {
  const port = await freePort();
  const day = jakartaDate(new Date());
  const dataDir = mkdtempSync(join(tmpdir(), 'berjangka-e2e-seed-'));
  // A first start migrates and seeds everything: on a busy machine it takes minutes.
  const server = await spawnServer(dataDir, port, {}, 600_000);
  await server.stop({ keepData: true });
  for (const name of readdirSync(dataDir)) if (INSTALLATION_SECRETS.test(name)) rmSync(join(dataDir, name));
  return { dataDir, port, day };
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Starts the product the way `npm start` does (server/start.ts), on a fresh data directory and a
 * free port, and waits until /healthz answers. The SPA build is made once by the global setup.
 *
 * The first start's demo data is seeded once per run (global-setup.ts): when `env` changes
 * nothing that start writes and the seed's port is free, the new data directory is a copy of the
 * seeded one and the server listens on that port (the demo's links name it), so it starts as a
 * restart of a just-seeded installation (with secrets of its own). Otherwise it seeds its own.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const seed = inject('e2eSeededDataDir');
  if (seededDataFits(seed, env) && (await portIsFree(seed.port))) {
    const dataDir = mkdtempSync(join(tmpdir(), 'berjangka-e2e-'));
    cpSync(seed.dataDir, dataDir, { recursive: true });
    try {
      return await spawnServer(dataDir, seed.port, env);
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      // Another process took the port meanwhile: seed as before instead.
      if (!/EADDRINUSE/.test(String(error))) throw error;
    }
  }
  return spawnServer(mkdtempSync(join(tmpdir(), 'berjangka-e2e-')), await freePort(), env);
}

async function spawnServer(dataDir: string, port: number, env: Record<string, string>, timeoutMs = 120_000): Promise<RunningServer & { stop(options?: { keepData?: boolean }): Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + timeoutMs;
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
    async stop(options: { keepData?: boolean } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
