import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './harness';
import { answerProblems, envelopeProblems, messageProblem, parseJson } from './support/fuzz/checks';
import { describeRequest, percentEncode, send } from './support/fuzz/client';
import { startFuzzServer, type FuzzServer } from './support/fuzz/fuzz-server';
import { fuzzOperations, type FuzzOperation } from './support/fuzz/operations';
import { mutationTable, plainRequest, requestArbitrary, type AuthVariant, type FuzzRequest } from './support/fuzz/requests';
import { apiBases } from '../../contract/bases';
import { RAW_REQUESTS, rawBytes, sendRaw } from './support/fuzz/raw-http';

/**
 * Fuzzes every operation of the OpenAPI document (server/platform/http/openapi.ts) over HTTP,
 * on SQLite and on PostgreSQL: first a hand-picked table (each field, parameter and header given
 * every kind of hostile value once, the body every other shape, every kind of caller), then
 * fast-check's requests generated from the schemas and mutated, which shrink to a minimal
 * request on failure. Whatever is sent, the answer is no 5xx, errors come in the envelope with
 * Indonesian messages (support/fuzz/checks.ts), and the server logs no error.
 *
 * Deterministic: a fixed seed per operation. FUZZ_SEED=<n> picks another, FUZZ_RUNS=<n> sends
 * more generated requests per operation (default 25).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_302);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const operations = fuzzOperations();
/** FUZZ_STATS=1 prints, per operation, how often each status was answered, and every distinct message. */
const STATS = process.env.FUZZ_STATS === '1';
const statuses = new Map<string, Map<number, number>>();
const messages = new Set<string>();

/** fast-check's failure report names its own seed and path; this adds how to run the whole suite again the same way. */
async function replayable(run: Promise<void>): Promise<void> {
  try {
    await run;
  } catch (error) {
    if (error instanceof Error) error.message = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run tests/api/fuzz.test.ts\n${error.message}`;
    throw error;
  }
}

/** A seed of its own for each operation, so a new operation does not change the others' requests. */
function seedOf(operation: FuzzOperation): number {
  let hash = SEED;
  for (const char of operation.id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe('the Indonesian check of the fuzz suite', () => {
  it('refuses English, internal text and echoes, and accepts the sentences staff read', () => {
    for (const english of [
      'Invalid input: expected string, received number',
      'Too big: expected string to have <=100 characters',
      'Required',
      'Unrecognized key: "x"',
      'Nilai undefined tidak valid.',
      'Kolom [object Object] tidak valid.',
      'Error: SQLITE_CONSTRAINT: UNIQUE constraint failed',
      'Terjadi kesalahan di /work/server/x.ts:12:5.',
      'Nama tidak valid: ' + 'x'.repeat(600),
      'Tanggal tidak valid\u0000.',
      'Tanggal tidak valid',
      'Bad Request',
    ]) {
      expect(messageProblem(english), english).not.toBeNull();
    }
    for (const indonesian of [
      'Alamat yang diminta tidak ditemukan.',
      'Idempotency-Key tidak valid: 1–255 karakter tanpa spasi.',
      'Kolom "installmentIds.0" tidak valid.',
      'Tanggal harus berformat YYYY-MM-DD.',
      'Pencairan dicatat lewat /deposito/disbursement-paid beserta bukti transfernya.',
      'Logo " " kosong.',
    ]) {
      expect(messageProblem(indonesian), indonesian).toBeNull();
    }
  });
});

describe.each(dialects)('fuzzing every documented operation on %s', (dialect) => {
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
    );

    // The server is still there.
    expect((await fetch(`${server.t.url}/healthz`)).status).toBe(200);
  }, 240_000);

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
    ));
  }, 120_000);
});
