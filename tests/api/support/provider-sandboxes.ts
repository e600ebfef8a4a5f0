import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Env } from 'hono';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../../server/platform/db/database';
import type { Database } from '../../../server/platform/db/schema';
import { freshTestDatabase } from '../../support/database-template';
import type { DialectName } from '../../support/postgres';

/** The provider tests' own world: a migrated database, a clock, and apps served over real HTTP. */

export { dialects } from '../../support/postgres';

export { TestClock } from '../../support/test-clock';

export interface TestDatabase {
  db: Kysely<Database>;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh, migrated database: SQLite in a temp dir, or a database of its own on TEST_DATABASE_URL's server (copies of the migrated template). */
export async function openTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const database = await freshTestDatabase(dialect, 'berjangka-providers-');
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, ...(database.pgSchema ? { pgSchema: database.pgSchema } : {}) });
  return {
    db: handle.db,
    dataDir: database.dataDir,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

export interface Served {
  /** http://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

/** Serves `app` mounted at `mountPath` on a free port, as the server would mount it. */
export async function serveMounted<E extends Env>(app: Hono<E>, mountPath: string): Promise<Served> {
  const host = new Hono();
  host.route(mountPath, app);
  return await listen(createServer(getRequestListener(host.fetch)));
}

/** As serveMounted, for an app that must know its own address (its links): built once the port is known. */
export async function serveMountedAt<E extends Env>(mountPath: string, build: (origin: string) => Hono<E>): Promise<Served> {
  const host = new Hono();
  const served = await listen(createServer(getRequestListener(host.fetch)));
  // Before any request arrives: Hono builds its matcher on the first one.
  host.route(mountPath, build(served.origin));
  return served;
}

async function listen(server: Server): Promise<Served> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPortUrl(): Promise<string> {
  const served = await listen(createServer());
  await served.close();
  return served.origin;
}

export interface ReceivedCallback {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface CallbackReceiver extends Served {
  received: ReceivedCallback[];
  /** Answer the next `count` callbacks with `status` (default 500) before accepting again. */
  failNext(count: number, status?: number): void;
}

/** A stand-in for our /privy/callback: records every POST, answers 200 (or fails on request). */
export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  let failures = 0;
  let failureStatus = 500;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (failures > 0) {
        failures -= 1;
        response.writeHead(failureStatus).end('not now');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  const served = await listen(server);
  return {
    ...served,
    received,
    failNext(count, status = 500) {
      failures = count;
      failureStatus = status;
    },
  };
}

/** A small valid PDF (one page), built by hand. */
export function tinyPdf(label = 'Formulir pembukaan deposito'): Uint8Array {
  const stream = `BT /F1 12 Tf 72 720 Td (${label}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(text, 'latin1'));
}
