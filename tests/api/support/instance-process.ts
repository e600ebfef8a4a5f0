import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { API } from '../deposit-fixtures';
import { DEMO_PASSWORD } from '../harness';
import { bundledEntry } from '../../support/bundled-entry';

/**
 * A real server process (tests/api/support/instance-child.ts) configured from its environment as
 * `npm start` is: what tests/api/multi-instance.test.ts runs two of on one PostgreSQL, and the
 * outbox tests kill and share. Each has its own DATA_DIR unless given one (another server's, to
 * run on its SQLite file), removed on stop only when it was its own.
 */
export interface Instance {
  name: string;
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Resolves with the rest of the next stdout line starting with `prefix` (or one already seen and not yet taken). */
  next(prefix: string): Promise<string>;
  send(line: string): void;
  call(method: string, path: string, options?: { token?: string; json?: unknown; form?: FormData; client?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; bytes: Uint8Array; headers: Headers }>;
  login(email: string, password?: string, client?: string): Promise<string>;
  /** SIGKILL: the process dies wherever it is, nothing of it runs after. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startInstance(name: string, env: Record<string, string>, options: { dataDir?: string } = {}): Promise<Instance> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `berjangka-instance-${name}-`));
  const child = spawn(process.execPath, [await bundledEntry('tests/api/support/instance-child.ts')], {
    env: { ...process.env, VITEST: '', DATA_DIR: dataDir, TRUSTED_PROXY_HOPS: '1', PUBLIC_URL: 'http://berjangka.test', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const unread: string[] = [];
  const waiters: Array<{ prefix: string; resolve: (rest: string) => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const waiter = waiters.find((candidate) => line.startsWith(candidate.prefix));
    if (!waiter) return void unread.push(line);
    waiters.splice(waiters.indexOf(waiter), 1);
    waiter.resolve(line.slice(waiter.prefix.length).trim());
  });
  const next = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const seen = unread.findIndex((line) => line.startsWith(prefix));
      if (seen >= 0) return resolve(unread.splice(seen, 1)[0]!.slice(prefix.length).trim());
      waiters.push({ prefix, resolve });
      child.once('exit', (code) => reject(new Error(`instance ${name} exited (${code}) before printing ${prefix}`)));
    });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  const { url } = JSON.parse(await next('READY ')) as { url: string };

  const call: Instance['call'] = async (method, path, callOptions = {}) => {
    const headers: Record<string, string> = { 'x-forwarded-for': callOptions.client ?? '10.9.9.9', ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    let body: BodyInit | undefined;
    if (callOptions.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(callOptions.json);
    } else if (callOptions.form) body = callOptions.form;
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const bytes = new Uint8Array(await response.arrayBuffer());
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, bytes, headers: response.headers };
  };

  return {
    name,
    url,
    dataDir,
    process: child,
    next,
    send: (line) => child.stdin!.write(`${line}\n`),
    call,
    async login(email, password = DEMO_PASSWORD, client) {
      const result = await call('POST', `${API}/auth/login`, { json: { email, password }, ...(client ? { client } : {}) });
      if (result.status !== 200) throw new Error(`login ${email} on ${name} answered ${result.status}: ${JSON.stringify(result.body)}`);
      return result.body.data.token as string;
    },
    async kill() {
      if (exited()) return;
      child.kill('SIGKILL');
      await ended;
    },
    async stop() {
      if (!exited()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await ended;
        clearTimeout(timer);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
