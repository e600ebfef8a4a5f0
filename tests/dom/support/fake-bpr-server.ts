import { vi } from 'vitest';

/** One request the screens sent, as the fake server read it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  idempotencyKey: string | null;
  /** JSON bodies parsed; multipart bodies as an object of fields, files as `file:<name>:<size>`. */
  body: unknown;
  /** The signal the request went with: aborted when the screen no longer wants the answer. */
  signal: AbortSignal | null;
}

/** What a route answers: a status and a body, or 'no-answer' for a dropped connection. */
export type FakeAnswer = { status: number; body: unknown } | 'no-answer';

/** The server's own words for a key reused with another payload (server/platform/http/idempotency.ts). */
export const KEY_REUSED = 'Idempotency-Key ini sudah dipakai untuk permintaan lain. Gunakan kunci baru untuk permintaan baru.';

function readBody(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  if (body instanceof FormData) {
    const fields: Record<string, string> = {};
    for (const [name, value] of body.entries()) fields[name] = typeof value === 'string' ? value : `file:${(value as File).name}:${value.size}`;
    return fields;
  }
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return body;
}

/** Rejects as `fetch` does when `signal` aborts; never settles otherwise. */
function abortOf(signal: AbortSignal | null): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () => reject(new DOMException('This operation was aborted', 'AbortError'));
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Stands in for `fetch` under the app's real API client, with the server's Idempotency-Key rules
 * (API.md): the same key and payload answers the stored answer again; the same key with another
 * payload answers 422; a 5xx or a dropped connection is not stored. `answer` decides everything
 * else, at once or later (a promise: the request is still out, and an abort ends it as `fetch` does).
 */
export function fakeBprServer(answer: (request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: SeenRequest[] = [];
  const stored = new Map<string, { payload: string; status: number; body: unknown }>();
  const respond = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetch = vi.fn(async (input: unknown, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init?.headers);
    const request: SeenRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api-v2-bpr/, ''),
      query: url.searchParams,
      idempotencyKey: headers.get('idempotency-key'),
      body: readBody(init?.body),
      signal: init?.signal ?? null,
    };
    requests.push(request);
    const payload = JSON.stringify([request.method, request.path, request.body]);
    const key = request.idempotencyKey;
    const previous = key ? stored.get(key) : undefined;
    if (previous && previous.payload !== payload) return respond(422, { statusCode: 422, message: KEY_REUSED, error: 'Unprocessable Entity' });
    if (previous) return respond(previous.status, previous.body);
    const answered = answer(request);
    const result = answered instanceof Promise ? await Promise.race([answered, abortOf(request.signal)]) : answered;
    if (result === 'no-answer') throw new TypeError('fetch failed');
    if (key && result.status < 500) stored.set(key, { payload, ...result });
    return respond(result.status, result.body);
  });

  return {
    fetch,
    requests,
    /** The writes (anything but GET), oldest first. */
    writes: () => requests.filter((request) => request.method !== 'GET'),
  };
}

/** A list answer of `rows` on one page. */
export function page<T>(rows: T[], extra: Record<string, unknown> = {}) {
  return { status: 200, body: { statusCode: 200, message: 'OK', data: rows, meta: { page: 1, limit: 20, total: rows.length, totalPages: 1 }, ...extra } };
}

export function ok(data: unknown) {
  return { status: 200, body: { statusCode: 200, message: 'OK', data } };
}

export function refused(status: number, message: string) {
  return { status, body: { statusCode: status, message, error: status === 409 ? 'Conflict' : 'Error' } };
}
