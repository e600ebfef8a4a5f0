import pino from 'pino';
import { Writable } from 'node:stream';
import { readOutbox } from '../../server/platform/mail';
import { sampleJpeg, samplePdf, samplePng } from '../support/sample-files';
import { startServer, type RunningServer, type ServerOptions } from '../../server/main';
import type { DialectName } from '../support/postgres';
import { freshTestDatabase } from '../support/database-template';
import { TestClock } from '../support/test-clock';
import { checkAnswer } from './support/contract-check';

/** Cheap argon2id for tests only; production uses OWASP's parameters (server/auth/passwords.ts). */
export const FAST_ARGON2 = { memoryCost: 256, timeCost: 1, parallelism: 1 };

export { dialects, type DialectName } from '../support/postgres';
export { TestClock } from '../support/test-clock';

export const DEMO_PASSWORD = 'Berjangka#2026';


export interface CallOptions {
  json?: unknown;
  form?: FormData;
  body?: string;
  headers?: Record<string, string>;
  /** Sent as `Bearer <token>`; use `headers.authorization` for any other form. */
  token?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface TestServer {
  server: RunningServer;
  url: string;
  clock: TestClock;
  dataDir: string;
  dialect: DialectName;
  /** PostgreSQL only: this server's own database (`withPg(work, t.databaseUrl)` reaches it) and the schema it works in. */
  databaseUrl: string | undefined;
  pgSchema: string | undefined;
  /** Every log line the server wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** POST /api-v2-bpr/auth/login and return the session token (expects 200). */
  login(email: string, password?: string): Promise<string>;
  /** Raw .eml texts in DATA_DIR/outbox, oldest first. */
  outbox(): string[];
  stop(): Promise<void>;
}

/**
 * The real server in-process on a free port with a fresh database of its own: a new temp
 * DATA_DIR for SQLite, a new database for PostgreSQL, each a copy of the once-migrated template
 * (tests/support/database-template.ts). Demo banks, users and products are seeded as on a first
 * start; the ~2,300 demo deposits only when a test asks for them (`demoDeposits: true`), so the
 * suite does not pay for them in every file.
 */
export async function startTestServer(dialect: DialectName, options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const database = await freshTestDatabase(dialect, 'berjangka-api-');
  const { dataDir, databaseUrl, pgSchema } = database;
  const clock = (options.clock as TestClock | undefined) ?? new TestClock();
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  let server: RunningServer;
  try {
    server = await startServer({
      env: {},
      argon2: FAST_ARGON2,
      logger,
      clock,
      demoDeposits: false,
      ...options,
      config: {
        dataDir,
        databaseUrl,
        publicUrl: 'http://berjangka.test',
        ...options.config,
      },
      ...(pgSchema ? { pgSchema } : {}),
      listenPort: 0,
      hostname: '127.0.0.1',
    });
  } catch (error) {
    await database.drop();
    throw error;
  }

  const call = async (method: string, path: string, callOptions: CallOptions = {}): Promise<CallResult> => {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    let body: BodyInit | undefined;
    if (callOptions.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(callOptions.json);
    } else if (callOptions.form) {
      body = callOptions.form;
    } else if (callOptions.body !== undefined) {
      body = callOptions.body;
    }
    const response = await fetch(`${server.url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return checkAnswer(method, path, { status: response.status, headers: response.headers, body: parsed, text });
  };

  return {
    server,
    url: server.url,
    clock,
    dataDir,
    dialect,
    databaseUrl,
    pgSchema,
    logs,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const result = await call('POST', '/api-v2-bpr/auth/login', { json: { email, password } });
      if (result.status !== 200) throw new Error(`login ${email} answered ${result.status}: ${result.text}`);
      return result.body.data.token as string;
    },
    outbox: () => readOutbox(server.outboxDir),
    async stop() {
      await server.close();
      await database.drop();
    },
  };
}

/** The token of the reset link in a mail. */
export function resetTokenFromMail(eml: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(eml);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${eml}`);
  return decodeURIComponent(match[1]);
}

/** A well-formed PDF, PNG or JPEG of exactly `size` bytes; GIF and text are just their first bytes, padded. */
export function fakeFile(kind: 'pdf' | 'png' | 'jpeg' | 'gif' | 'text', size = 1024): Uint8Array {
  if (kind === 'pdf') return new Uint8Array(samplePdf(size));
  if (kind === 'png') return new Uint8Array(samplePng(4, [14, 90, 107], size));
  if (kind === 'jpeg') return new Uint8Array(sampleJpeg(size));
  const signatures: Record<string, number[]> = {
    gif: [...Buffer.from('GIF89a')],
    text: [...Buffer.from('hello, this is not a document')],
  };
  const bytes = new Uint8Array(size);
  bytes.set(signatures[kind]!.slice(0, size));
  return bytes;
}

export function blob(bytes: Uint8Array, type: string): Blob {
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
