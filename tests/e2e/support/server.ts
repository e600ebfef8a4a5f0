import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { sqliteDataDirFromTemplate, sqliteTemplate } from '../../support/database-template';
import { SQLITE_FILE } from '../../../server/platform/db/database';
import { serverNodeFlags } from '../../support/server-node-flags';
import { bundledEntry } from '../../support/bundled-entry';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the demo was seeded into by a first start (global-setup.ts); empty when there is none. */
    e2eSeededDataDir: string;
  }
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Every mail written to the outbox so far, newest last, as raw .eml text. */
  outbox(): string[];
  /** Stops the server and removes its data directory, unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
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
 * Starts the product the way `npm start` does (server/start.ts), on a data directory of its own and
 * a free port, and waits until /healthz answers. The SPA build is made once by the global setup.
 *
 * On SQLite the data directory is a copy of the one the global setup's first start seeded the demo
 * into (database, files and generated secret): this start finds the demo there, as any restart
 * does, instead of seeding it again, which took about 10 s of CPU per file. Outside the suite, or
 * with `fresh`, it starts from a copy of the migrated template and seeds the demo itself (the
 * server still migrates and finds nothing pending). On PostgreSQL each start seeds its own.
 */
export async function startServer(env: Record<string, string> = {}, { fresh = false, dataDir: given }: { fresh?: boolean; dataDir?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  const onPostgres = Boolean(env.DATABASE_URL ?? process.env.DATABASE_URL);
  const dataDir = onPostgres ? mkdtempSync(join(tmpdir(), 'berjangka-e2e-')) : await sqliteDataDir(fresh, given);
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), await bundledEntry('server/start.ts')], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  // Listening once server/start.ts prints its banner (after the server listens); a failed start exits first.
  await new Promise<void>((resolve, reject) => {
    const listening = () => output.includes('Berjangka berjalan di ');
    const stopWatching = () => {
      clearTimeout(deadline);
      child.stdout?.off('data', onOutput);
      child.off('exit', onExit);
    };
    const onOutput = () => {
      if (!listening()) return;
      stopWatching();
      resolve();
    };
    const onExit = (code: number | null) => {
      stopWatching();
      reject(new Error(`server exited early (${code}):\n${output}`));
    };
    const deadline = setTimeout(() => {
      stopWatching();
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${output}`));
    }, 120_000);
    child.stdout?.on('data', onOutput);
    child.once('exit', onExit);
    if (child.exitCode !== null) onExit(child.exitCode);
    else onOutput();
  });
  const health = await fetch(`${url}/healthz`);
  if (!health.ok) {
    child.kill('SIGKILL');
    throw new Error(`server started but /healthz answered ${health.status}:\n${output}`);
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
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Written into the global setup's data directory once the demo is seeded there (global-setup.ts). */
export const SEEDED_MARKER = '.e2e-seeded';
/** Written instead when the seeding failed, with what went wrong. */
export const SEEDING_FAILED = '.e2e-seeding-failed';

/**
 * A new SQLite data directory: a copy of the seeded one the global setup provides (once its seeding
 * has finished), or of the migrated template; `given` (the global setup's own) is used as it is.
 */
async function sqliteDataDir(fresh: boolean, given?: string): Promise<string> {
  if (given) {
    copyFileSync(await sqliteTemplate(), join(given, SQLITE_FILE));
    return given;
  }
  const seeded = fresh ? '' : seededDataDir();
  if (!seeded) return sqliteDataDirFromTemplate('berjangka-e2e-');
  await seedingDone(seeded);
  const dataDir = mkdtempSync(join(tmpdir(), 'berjangka-e2e-'));
  cpSync(seeded, dataDir, { recursive: true, filter: (source) => !source.endsWith(SEEDED_MARKER) });
  return dataDir;
}

/**
 * Waits for the demo the global setup seeds (in another process): until its marker, or the
 * failure's, appears in the directory — told by the file system's watch, not by polling.
 */
async function seedingDone(seeded: string): Promise<void> {
  const finished = () => existsSync(join(seeded, SEEDED_MARKER)) || existsSync(join(seeded, SEEDING_FAILED));
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(deadline);
      watcher.close();
      resolve();
    };
    const watcher = watch(seeded, () => (finished() ? done() : undefined));
    const deadline = setTimeout(() => {
      watcher.close();
      reject(new Error('the demo was not seeded within 3 minutes'));
    }, 180_000);
    // Looked at after the watch began, so a marker written in between is not missed.
    if (finished()) done();
  });
  if (existsSync(join(seeded, SEEDING_FAILED))) throw new Error(`seeding the demo failed:\n${readFileSync(join(seeded, SEEDING_FAILED), 'utf8')}`);
}

function seededDataDir(): string {
  try {
    return inject('e2eSeededDataDir') ?? '';
  } catch {
    // Not under Vitest (a script that starts a server): nothing was provided.
    return '';
  }
}
