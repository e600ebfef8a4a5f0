import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { tokenFromHeader, type AppEnv, type SessionAuthenticator } from '../platform/http/session';
import { inProcessFetch, publicPart, type FetchLike } from '../platform/provider-http';
import { CourierError, jneClient, type CourierClient, type JneAccount } from './jne-client';
import { jneSandbox } from './jne-sandbox';
import { findShipmentByAwb } from './shipment-repository';

/** Where the composition mounts the JNE sandbox. */
const JNE_SANDBOX_PATH = '/sandbox/jne';

/** The sandbox's account when JNE_USERNAME / JNE_API_KEY are unset (it holds only demo shipments). */
export const SANDBOX_JNE_USERNAME = 'BERJANGKA';
export const SANDBOX_JNE_API_KEY = 'sandbox-jne-api-key';

export interface CourierDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Proves the staff session the sandbox's control endpoint asks for. */
  auth: SessionAuthenticator;
  logger?: Logger;
  /** How the client reaches JNE; default the global fetch (JNE_URL) or the sandbox in process. */
  fetch?: FetchLike;
  /** Tests: wraps however the client reaches JNE (to take it down for a while). */
  wrapFetch?: (reach: FetchLike) => FetchLike;
  /** JNE's per-customer fields (BRANCH, CUST_ID, …); default the sandbox's. */
  account?: Partial<JneAccount>;
  timeoutMs?: number;
}

interface CourierSetup {
  client: CourierClient;
  /** Mount at JNE_SANDBOX_PATH when present (JNE_URL unset): the sandbox's control endpoint only. */
  sandbox?: Hono<AppEnv>;
  sandboxPath: typeof JNE_SANDBOX_PATH;
  /** False with JNE_URL=off: nothing to track. */
  enabled: boolean;
}

/** What staff read when the installation runs without JNE. */
export const JNE_OFF_MESSAGE =
  'Integrasi JNE tidak aktif di instalasi ini (JNE_URL=off): penjemputan, pembatalan dan pelacakan lewat JNE tidak tersedia. Kirim bilyet dengan kurir lain lalu catat nomor resinya.';

/** JNE_URL=off: every call is refused with the reason, before anything is written. */
function disabledCourier(): CourierClient {
  const refuse = async (): Promise<never> => {
    throw new CourierError('disabled', JNE_OFF_MESSAGE);
  };
  return { createPickup: refuse, cancelPickup: refuse, track: refuse };
}

/**
 * The JNE client for this configuration: JNE itself when JNE_URL is set; otherwise the sandbox
 * (returned for mounting) and a client that reaches it in process — the same client code, the
 * same HTTP shape, without needing the port or a loopback connection.
 */
export function courierFromConfig(config: Pick<Config, 'jne'>, deps: CourierDeps): CourierSetup {
  const account = { ...config.jne.account, ...deps.account };
  const wrap = deps.wrapFetch ?? ((reach: FetchLike) => reach);
  const common = { ...(Object.keys(account).length > 0 ? { account } : {}), ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) };
  if (config.jne.off) return { client: disabledCourier(), sandboxPath: JNE_SANDBOX_PATH, enabled: false };
  if (config.jne.url) {
    if (!config.jne.username || !config.jne.apiKey) throw new Error('JNE_URL is set without JNE_USERNAME and JNE_API_KEY');
    return {
      client: jneClient({ baseUrl: config.jne.url, username: config.jne.username, apiKey: config.jne.apiKey, fetch: wrap(deps.fetch ?? ((input, init) => fetch(input, init))), ...common }),
      sandboxPath: JNE_SANDBOX_PATH,
      enabled: true,
    };
  }
  const username = config.jne.username ?? SANDBOX_JNE_USERNAME;
  const apiKey = config.jne.apiKey ?? SANDBOX_JNE_API_KEY;
  const control = {
    async staffBank(authorization: string | undefined): Promise<string | null> {
      try {
        return (await deps.auth.authenticate(tokenFromHeader(authorization, 'bearer'))).bprId;
      } catch (error) {
        if (error instanceof ServiceError) return null;
        throw error;
      }
    },
    bankOwns: async (bankId: string, awb: string) => (await findShipmentByAwb(deps.db, bankId, awb)) !== undefined,
  };
  const sandbox = jneSandbox({ db: deps.db, clock: deps.clock, username, apiKey, control, ...(deps.logger ? { logger: deps.logger } : {}) });
  return {
    client: jneClient({ baseUrl: `http://sandbox.invalid${JNE_SANDBOX_PATH}`, username, apiKey, fetch: wrap(deps.fetch ?? inProcessFetch(sandbox, JNE_SANDBOX_PATH)), ...common }),
    // Its credentials are published: pickups, tracing and cancellations stay in process.
    sandbox: publicPart(sandbox, JNE_SANDBOX_PATH, (path) => path === '/control/advance'),
    sandboxPath: JNE_SANDBOX_PATH,
    enabled: true,
  };
}
