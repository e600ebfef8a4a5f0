import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/schema';
import type { AppEnv } from '../platform/http/session';
import { inProcessFetch, type FetchLike } from '../platform/provider-http';
import { resolveStoredSecret } from '../platform/stored-secret';
import { privyClient, type SignatureProvider } from './privy-client';
import { privySandbox, type AppendSignaturePage } from './privy-sandbox';

/** Where the composition mounts the Privy sandbox. */
export const PRIVY_SANDBOX_PATH = '/sandbox/privy';

/** The sandbox's Merchant-Key when PRIVY_MERCHANT_KEY is unset (it holds only demo documents). */
export const SANDBOX_PRIVY_MERCHANT_KEY = 'sandbox-privy-merchant-key';

/** The per-install callback secret in DATA_DIR when PRIVY_CALLBACK_SECRET is unset (sandbox only). */
export const PRIVY_CALLBACK_SECRET_FILE = 'privy-callback-secret';

export interface SignatureDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The sandbox's signed copy: the original with a signature page (server/signature/signed-copy.ts). */
  appendSignaturePage: AppendSignaturePage;
  logger?: Logger;
  /** How the client reaches Privy; default the global fetch (PRIVY_URL) or the sandbox in process. */
  fetch?: FetchLike;
  /** How the sandbox POSTs its callbacks; default the global fetch. */
  callbackFetch?: FetchLike;
  callbackRetryDelaysMs?: number[];
  timeoutMs?: number;
}

export interface SignatureSetup {
  client: SignatureProvider;
  /** Mount at PRIVY_SANDBOX_PATH when present (PRIVY_URL unset). */
  sandbox?: Hono<AppEnv>;
  sandboxPath: typeof PRIVY_SANDBOX_PATH;
  /** What /privy/callback verifies X-Privy-Signature with. */
  callbackSecret: string;
}

/**
 * The Privy client for this configuration: Privy itself when PRIVY_URL is set; otherwise the
 * sandbox (returned for mounting; its signing pages are under PUBLIC_URL/sandbox/privy) and a
 * client that reaches it in process. Without PRIVY_CALLBACK_SECRET the sandbox signs its
 * callbacks with a secret generated once and kept in DATA_DIR, like JWT_SECRET.
 */
export function signatureFromConfig(config: Pick<Config, 'privy' | 'publicUrl' | 'dataDir'>, deps: SignatureDeps): SignatureSetup {
  const timeout = deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {};
  if (config.privy.url) {
    if (!config.privy.merchantKey || !config.privy.callbackSecret) throw new Error('PRIVY_URL is set without PRIVY_MERCHANT_KEY and PRIVY_CALLBACK_SECRET');
    return {
      client: privyClient({ baseUrl: config.privy.url, merchantKey: config.privy.merchantKey, ...(deps.fetch ? { fetch: deps.fetch } : {}), ...timeout }),
      sandboxPath: PRIVY_SANDBOX_PATH,
      callbackSecret: config.privy.callbackSecret,
    };
  }
  const merchantKey = config.privy.merchantKey ?? SANDBOX_PRIVY_MERCHANT_KEY;
  const callbackSecret = resolveStoredSecret(config.privy.callbackSecret, config.dataDir, PRIVY_CALLBACK_SECRET_FILE);
  const publicBaseUrl = `${config.publicUrl.replace(/\/+$/, '')}${PRIVY_SANDBOX_PATH}`;
  const sandbox = privySandbox({
    db: deps.db,
    clock: deps.clock,
    merchantKey,
    callbackSecret,
    publicBaseUrl,
    appendSignaturePage: deps.appendSignaturePage,
    ...(deps.callbackFetch ? { callbackFetch: deps.callbackFetch } : {}),
    ...(deps.callbackRetryDelaysMs ? { callbackRetryDelaysMs: deps.callbackRetryDelaysMs } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  return {
    client: privyClient({ baseUrl: `${publicBaseUrl}/v3/merchant`, merchantKey, fetch: deps.fetch ?? inProcessFetch(sandbox, PRIVY_SANDBOX_PATH), ...timeout }),
    sandbox,
    sandboxPath: PRIVY_SANDBOX_PATH,
    callbackSecret,
  };
}
