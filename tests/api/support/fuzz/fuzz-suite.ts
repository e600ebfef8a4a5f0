import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../harness';
import { answerProblems, envelopeProblems, parseJson } from './checks';
import { describeRequest, percentEncode, send } from './client';
import { startFuzzServer, type FuzzServer } from './fuzz-server';
import { fuzzOperations, type FuzzOperation } from './operations';
import { MIDDLEWARE_SHARE, mutationTable, plainRequest, requestArbitrary, turnOf, type AuthVariant, type FuzzRequest } from './requests';
import { apiBases } from '../../../../contract/bases';
import { RAW_REQUESTS, rawBytes, sendRaw } from './raw-http';

/**
 * The fuzz suite over HTTP, on SQLite and on PostgreSQL, for a share of the OpenAPI document's
 * operations (server/platform/http/openapi.ts): first a hand-picked table (each field, parameter
 * and header given every kind of hostile value once, the body every other shape, every kind of
 * caller), then fast-check's requests generated from the schemas and mutated, which shrink to a
 * minimal request on failure. Whatever is sent, the answer is no 5xx, errors come in the envelope
 * with Indonesian messages (checks.ts), and the server logs no error.
 *
 * The operations are shared among two test files (tests/api/fuzz-*.test.ts) so that each of the
 * two workers on CI's two cores takes one half: the file that fuzzes every operation alone was the
 * last to finish by minutes.
 *
 * Deterministic: a fixed seed per operation. FUZZ_SEED=<n> picks another, FUZZ_RUNS=<n> sends
 * more generated requests per operation (default 25).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_302);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

/** FUZZ_STATS=1 prints, per operation, how often each status was answered, and every distinct message. */
const STATS = process.env.FUZZ_STATS === '1';
const statuses = new Map<string, Map<number, number>>();
const messages = new Set<string>();

/** fast-check's failure report names its own seed and path; this adds how to run the whole suite again the same way. */
async function replayable(run: Promise<void>, file: string): Promise<void> {
  try {
    await run;
  } catch (error) {
    if (error instanceof Error) error.message = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run ${file}\n${error.message}`;
    throw error;
  }
}

/** A seed of its own for each operation, so a new operation does not change the others' requests. */
function seedOf(operation: FuzzOperation): number {
  let hash = SEED;
  for (const char of operation.id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

export interface FuzzSuiteOptions {
  /** The test file, named in the line that replays a failure. */
  file: string;
  operations: FuzzOperation[];
  /** Also send the raw requests and the undocumented paths (one file does). */
  withRawRequests: boolean;
}

export function fuzzSuite({ file, operations, withRawRequests }: FuzzSuiteOptions): void {
  it('sends every client address, method and odd header through some operation of this file (each takes a share in turn)', () => {
    expect(new Set(operations.map((operation) => turnOf(operation.id))).size).toBe(MIDDLEWARE_SHARE);
  });

  describe.each(dialects)('fuzzing documented operations on %s', (dialect) => {
    let server: FuzzServer;
    let logsSeen = 0;

    beforeAll(async () => {
      server = await startFuzzServer(dialect);
      logsSeen = server.t.logs.length;
    });
    afterAll(async () => {
      if (STATS) {
        for (const [id, counts] of statuses) console.log(`${id}: ${[...counts].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ')}`);
        console.log([...messages].sort().join('\n'));
      }
      await server?.t.stop();
    });

    /** Sends one request and answers every way its answer (or the server's log) breaks the contract. */
    async function exchange(operation: FuzzOperation, request: FuzzRequest): Promise<string[]> {
      let problems: string[];
      let summary = '';
      try {
        const answer = await send(server.t.url, request, operation.security, server.credentials);
        problems = answerProblems({ operation, request, answer });
        if (STATS) {
          const counts = statuses.get(operation.id) ?? new Map<number, number>();
          counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
          statuses.set(operation.id, counts);
          const message = (answer.json as { message?: unknown } | undefined)?.message;
          for (const sentence of Array.isArray(message) ? message : [message]) if (typeof sentence === 'string' && sentence !== 'OK') messages.add(sentence);
        }
        summary = `answer: ${answer.status} ${answer.contentType} ${answer.text.slice(0, 300)}`;
        if (answer.status >= 200 && answer.status < 300) {
          server.harvest(answer.json);
          if (request.method !== 'GET') await server.refreshSession(request.auth);
        }
      } catch (error) {
        problems = [`no answer: ${(error as Error).message}`];
      }
      const logged = server.t.logs.slice(logsSeen);
      logsSeen = server.t.logs.length;
      for (const line of logged) {
        if (typeof line.level === 'number' && line.level >= 50) problems.push(`server logged "${String(line.msg)}": ${JSON.stringify(line.err ?? line).slice(0, 300)}`);
      }
      return problems.length === 0 ? [] : [...problems, summary, describeRequest(request)];
    }

    it.each(operations.map((operation) => [operation.id, operation] as const))('%s', async (_id, operation) => {
      const ctx = server.ctx;
      const seed = seedOf(operation);

      // The hand-picked table: one mutation per row, from one valid-ish request.
      const failures: string[] = [];
      for (const request of mutationTable(operation, plainRequest(operation, ctx), `tabel-${seed}`)) {
        const problems = await exchange(operation, request);
        if (problems.length > 0) failures.push(problems.join('\n'));
      }
      expect(failures.slice(0, 10).join('\n\n'), `${failures.length} of the table's requests broke the contract`).toBe('');

      // Generated requests; a failure shrinks to a minimal request and names the seed to replay it.
      await replayable(
        fc.assert(
          fc.asyncProperty(
            requestArbitrary(operation, ctx).map((request) => Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) })),
            async (request) => {
              const problems = await exchange(operation, request);
              if (problems.length > 0) throw new Error(problems.join('\n'));
            },
          ),
          // The time limit only cuts a long shrink short; a passing run takes seconds.
          { seed, numRuns: RUNS, interruptAfterTimeLimit: 90_000, markInterruptAsFailure: false },
        ),
        file,
      );

      // The server is still there.
      expect((await fetch(`${server.t.url}/healthz`)).status).toBe(200);
    }, 240_000);

    if (!withRawRequests) return;

    it.each(RAW_REQUESTS)('answers a raw request with %s in the envelope', async (_label, request) => {
      const answer = await sendRaw(Number(new URL(server.t.url).port), rawBytes(request, server.credentials.supervisor.raw!));
      expect(answer, 'an answer').not.toBeNull();
      const { status, headers, body } = answer!;
      const problems = envelopeProblems({ status, contentType: headers['content-type'] ?? '', text: body, json: parseJson(body) });
      if (status >= 400 && headers['x-content-type-options'] !== 'nosniff') problems.push('error answer without the security headers');
      expect(problems.join('\n'), `${status} ${JSON.stringify(headers)} ${body}`).toBe('');
      // One of them logs the supervisor out.
      await server.refreshSession('supervisor');
    });

    it('answers paths no operation documents (under each base, the docs, the root) in the envelope', async () => {
      const prefixes = [...Object.values(apiBases).map((base) => base.path), '/api-docs', ''];
      const segment = fc.oneof(
        { arbitrary: fc.constantFrom('deposito', 'auth', 'bpr', 'invoice', 'tidak-ada', '..', '.', '%2e%2e', '%00', '%', '%zz', '🙂', 'x'.repeat(300), '', 'assets', 'openapi.json'), weight: 3 },
        fc.string({ unit: 'grapheme', maxLength: 12 }),
      );
      const undocumented = fc.record({
        method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        path: fc.tuple(fc.constantFrom(...prefixes), fc.array(segment, { minLength: 1, maxLength: 4 })).map(([prefix, segments]) => `${prefix}/${segments.join('/')}`),
        auth: fc.constantFrom<AuthVariant>('supervisor', 'none', 'garbage'),
      });
      await replayable(fc.assert(
        fc.asyncProperty(undocumented, async ({ method, path, auth }) => {
          const url = `${server.t.url}${path.replace(/[^\x21-\x7e]/gu, (char) => percentEncode(char))}`;
          const headers: Record<string, string> = auth === 'none' ? {} : { authorization: server.credentials[auth].bearer! };
          const response = await fetch(url, { method, headers, signal: AbortSignal.timeout(15_000) });
          const text = await response.text();
          const contentType = response.headers.get('content-type') ?? '';
          const problems = envelopeProblems({ status: response.status, contentType, text, json: contentType.includes('json') ? parseJson(text) : undefined });
          if (problems.length > 0) throw new Error(`${method} ${path}: ${problems.join('; ')}`);
        }),
        { seed: SEED, numRuns: RUNS * 4 },
      ), file);
    }, 120_000);
  });
}

/** The deposit's life (its routes, invoices of breaks, courier, signature, the public check), fuzzed by fuzz-deposits.test.ts. */
const DEPOSIT_PATHS = /^\/(?:api-v2-bpr\/(?:deposito|invoice|jne|privy)\b|verifikasi\/)/;

/** The documented operations in two shares of about equal work: the deposit's life, and the rest (accounts, banks, products, settings, reports). */
export function fuzzShares(): { deposits: FuzzOperation[]; platform: FuzzOperation[] } {
  const operations = fuzzOperations();
  return {
    deposits: operations.filter((operation) => DEPOSIT_PATHS.test(operation.path)),
    platform: operations.filter((operation) => !DEPOSIT_PATHS.test(operation.path)),
  };
}
