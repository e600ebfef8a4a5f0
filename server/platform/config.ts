import { z } from 'zod';
import { resolve } from 'node:path';

const DEFAULT_PORT = 3000;

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText,
  JWT_SECRET: optionalText,
  EMBED_ALLOWED_ORIGINS: optionalText,
  PRODUCT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'PRODUCT_ID must be 1-32 letters, digits, - or _')
    .default('BPR'),
  STORAGE_KEY: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  PUBLIC_URL: optionalText,
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL'];

/** Everything the server reads from its environment, with the defaults that make `npm start` work. */
export interface Config {
  port: number;
  /** Every local file lives below this directory: SQLite database, files/, outbox/, the JWT secret. */
  dataDir: string;
  /** postgres://… to run on PostgreSQL; undefined runs on SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** HS256 signing secret; undefined means generated once and kept in dataDir. */
  jwtSecret: string | undefined;
  /** Origins allowed to frame the app (CSP frame-ancestors) and to talk to the embed bridge. */
  embedAllowedOrigins: string[];
  /** Named in the host window-message replies: LoggedIn{productId} / LoggedOut{productId}. */
  productId: string;
  /** The key the SPA encrypts its local storage with; built into the client (VITE_STORAGE_KEY). */
  storageKey: string | undefined;
  /** smtp(s)://… for real mail; undefined writes .eml files to dataDir/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where people reach the app; links in mails start with it. */
  publicUrl: string;
  passwordMaxAgeDays: number;
  /**
   * How many reverse proxies (load balancers) in front of the app append to X-Forwarded-For; the
   * client address that throttles count by is the one they saw. 0: the socket's peer address.
   */
  trustedProxyHops: number;
  logLevel: LogLevel;
}

/** Parses the environment; an invalid value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  const port = values.PORT;
  return {
    port,
    dataDir: resolve(values.DATA_DIR ?? './data'),
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET,
    embedAllowedOrigins: parseOrigins(values.EMBED_ALLOWED_ORIGINS),
    productId: values.PRODUCT_ID,
    storageKey: values.STORAGE_KEY,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? 'Berjangka <no-reply@berjangka.local>',
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${port || DEFAULT_PORT}`).replace(/\/+$/, ''),
    passwordMaxAgeDays: values.PASSWORD_MAX_AGE_DAYS,
    trustedProxyHops: values.TRUSTED_PROXY_HOPS,
    logLevel: values.LOG_LEVEL,
  };
}

function parseOrigins(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin.length > 0)
    .map((origin) => {
      // The list goes verbatim into a CSP header: accept only plain origins (or a host wildcard).
      if (!/^https?:\/\/[A-Za-z0-9.*:[\]-]+$/.test(origin)) {
        throw new Error(`Invalid configuration: EMBED_ALLOWED_ORIGINS entry "${origin}" is not an origin like https://host.example`);
      }
      return origin;
    });
}
