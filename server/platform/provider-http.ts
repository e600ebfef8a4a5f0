import { Hono, type Env } from 'hono';

/**
 * What the provider clients (server/courier/jne-client.ts, server/signature/privy-client.ts) share:
 * the fetch they are given, a time limit on every call, and one error type the HTTP layer maps
 * to a status code.
 */

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** How a provider call failed, from our API's point of view. */
type ProviderFailure =
  /** We would send something the provider cannot take (checked before sending). */
  | 'invalid'
  /** The provider refused what we sent (its answer names why). */
  | 'refused'
  | 'not-found'
  /** The provider refused because of the state of the thing (e.g. a pickup already made). */
  | 'conflict'
  /** The provider refused our credentials: a configuration problem, not the user's. */
  | 'credentials'
  /** An answer we cannot read, or the provider's own failure (HTTP 5xx). */
  | 'bad-answer'
  | 'unreachable'
  | 'timeout'
  /** The installation runs without this provider (JNE_URL / PRIVY_URL = off). */
  | 'disabled';

const STATUS_OF: Record<ProviderFailure, 400 | 404 | 409 | 422 | 502 | 503> = {
  invalid: 400,
  refused: 422,
  'not-found': 404,
  conflict: 409,
  credentials: 502,
  'bad-answer': 502,
  unreachable: 503,
  timeout: 503,
  disabled: 503,
};

/**
 * A provider call that did not succeed, with the Indonesian sentence staff read. `httpStatus` is
 * what our API answers: 4xx when the provider refused the request (the user can change it), 502
 * when the provider or our configuration of it is at fault, 503 when it could not be reached in
 * time (try again later).
 */
export class ProviderError extends Error {
  readonly httpStatus: 400 | 404 | 409 | 422 | 502 | 503;
  constructor(
    readonly provider: 'jne' | 'privy',
    readonly kind: ProviderFailure,
    message: string,
    /** The provider's own words, when it gave any (for logs). */
    readonly providerReason?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
    this.httpStatus = STATUS_OF[kind];
  }
}

/**
 * The part of a sandbox that may face the internet: requests whose path below `mountPath` the
 * predicate allows reach `app`, every other one is a 404. The rest of the sandbox (its merchant
 * API, whose credentials are published) stays reachable only in process, by our own client.
 */
export function publicPart<E extends Env>(app: Hono<E>, mountPath: string, allowed: (path: string) => boolean): Hono<E> {
  const outer = new Hono<E>();
  outer.use('*', async (c, next) => {
    const path = c.req.path.startsWith(mountPath) ? c.req.path.slice(mountPath.length) : c.req.path;
    if (!allowed(path)) return c.json({ message: 'Alamat ini tidak tersedia.' }, 404);
    await next();
  });
  outer.route('/', app);
  return outer;
}

/** The outcome of one HTTP exchange: the status and the whole body, or why there is none. */
type Exchange = { ok: true; status: number; body: Uint8Array } | { ok: false; failure: 'timeout' | 'unreachable'; cause: unknown };

/**
 * One request with a time limit (AbortSignal.timeout) that covers the body too: a provider that
 * stalls mid-body times out like one that never answers. A network error or the limit comes back
 * as a value, not a throw.
 */
export async function exchange(fetchFn: FetchLike, url: string, init: RequestInit, timeoutMs: number): Promise<Exchange> {
  try {
    const response = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = new Uint8Array(await response.arrayBuffer());
    return { ok: true, status: response.status, body };
  } catch (error) {
    const name = (error as { name?: string } | undefined)?.name;
    return { ok: false, failure: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable', cause: error };
  }
}

/** A body as JSON, or undefined when it is not JSON. */
export function jsonOf(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}

/**
 * A fetch that hands requests to a Hono app in this process, as if it were mounted at
 * `mountPath`: the sandbox clients use it so that they need neither the port the server listens
 * on nor a loopback connection, and so that a request made inside a database transaction does
 * not wait for a connection that transaction holds (SQLite has one). Any URL is routed by its
 * path, so absolute URLs the sandbox hands out (download links) work too. The request's signal
 * is honoured: an aborted request rejects like a real fetch.
 */
export function inProcessFetch<E extends Env>(app: Hono<E>, mountPath: string): FetchLike {
  const host = new Hono();
  host.route(mountPath, app);
  return async (input, init) => {
    const request = new Request(input, init);
    const signal = request.signal;
    if (signal.aborted) throw signal.reason;
    return await new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      Promise.resolve(host.fetch(request)).then(
        (response) => {
          signal.removeEventListener('abort', onAbort);
          resolve(response);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  };
}
