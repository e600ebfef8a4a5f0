import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/schema';
import type { AppEnv } from '../platform/http/session';
import { randomBytes } from 'node:crypto';
import { inProcessFetch, publicPart, type FetchLike } from '../platform/provider-http';
import { resolveStoredSecret } from '../platform/stored-secret';
import { privyClient, SignatureError, type SignatureProvider } from './privy-client';
import { privySandbox, type AppendSignaturePage } from './privy-sandbox';

/** Where the composition mounts the Privy sandbox. */
export const PRIVY_SANDBOX_PATH = '/sandbox/privy';

/** The sandbox's Merchant-Key when PRIVY_MERCHANT_KEY is unset (it holds only demo documents). */
export const SANDBOX_PRIVY_MERCHANT_KEY = 'sandbox-privy-merchant-key';

/** The per-install callback secret in DATA_DIR when PRIVY_CALLBACK_SECRET is unset (sandbox only). */
export const PRIVY_CALLBACK_SECRET_FILE = 'privy-callback-secret';

interface SignatureDeps {
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

/** Where Privy (and the sandbox) POST a signature's outcome, below PUBLIC_URL. */
export const PRIVY_CALLBACK_PATH = '/api-v2-bpr/privy/callback';

/** What staff read when the installation runs without Privy. */
export const PRIVY_OFF_MESSAGE =
  'Integrasi Privy tidak aktif di instalasi ini (PRIVY_URL=off): permintaan tanda tangan elektronik tidak dapat dikirim. Mintalah nasabah menandatangani dokumen di kantor bank.';

/** PRIVY_URL=off: every call is refused with the reason, before anything is written. */
function disabledSignatureProvider(): SignatureProvider {
  const refuse = async (): Promise<never> => {
    throw new SignatureError('disabled', PRIVY_OFF_MESSAGE);
  };
  return { send: refuse, status: refuse };
}

interface SignatureSetup {
  client: SignatureProvider;
  /** Mount at PRIVY_SANDBOX_PATH when present (PRIVY_URL unset): the signer's pages only. */
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
  if (config.privy.off) {
    // No provider signs callbacks: a secret nobody knows answers every one 401.
    return { client: disabledSignatureProvider(), sandboxPath: PRIVY_SANDBOX_PATH, callbackSecret: randomBytes(48).toString('base64url') };
  }
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
    callbackUrl: `${config.publicUrl.replace(/\/+$/, '')}${PRIVY_CALLBACK_PATH}`,
    publicBaseUrl,
    appendSignaturePage: deps.appendSignaturePage,
    ...(deps.callbackFetch ? { callbackFetch: deps.callbackFetch } : {}),
    ...(deps.callbackRetryDelaysMs ? { callbackRetryDelaysMs: deps.callbackRetryDelaysMs } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  return {
    client: privyClient({ baseUrl: `${publicBaseUrl}/v3/merchant`, merchantKey, fetch: deps.fetch ?? inProcessFetch(sandbox, PRIVY_SANDBOX_PATH), ...timeout }),
    // The signer's page is the customer's; the merchant API (a published key) stays in process.
    sandbox: publicPart(sandbox, PRIVY_SANDBOX_PATH, (path) => path.startsWith('/sign/')),
    sandboxPath: PRIVY_SANDBOX_PATH,
    callbackSecret,
  };
}
