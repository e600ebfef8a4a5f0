import { z } from 'zod';
import { resolve } from 'node:path';
import type { RunMode } from '../../contract/run-mode';

const DEFAULT_PORT = 3000;

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** A provider's base URL, or `off` to run without that integration. */
const providerUrl = (name: 'JNE_URL' | 'PRIVY_URL') => {
  const error = `${name} must be an http:// or https:// URL, or off to run without it`;
  return optionalText.pipe(z.union([z.literal('off'), z.url({ protocol: /^https?$/, error })], { error }).optional());
};

/** What production cannot start without: no generated secret, no localhost links, no sandbox. */
const PRODUCTION_REQUIRED = {
  JWT_SECRET: 'the session-token signing secret (the same value on every instance)',
  PUBLIC_URL: 'where people reach the app, e.g. https://deposito.bpr.example (links in mails and on the bilyet)',
  JNE_URL: "JNE's API base URL, or off to run without JNE",
  PRIVY_URL: "Privy's merchant API URL, or off to run without Privy",
} as const;

const envSchema = z.object({
  NODE_ENV: optionalText,
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
  SUPPORT_EMAIL: optionalText.pipe(z.email({ error: 'SUPPORT_EMAIL must be an email address' }).optional()),
  SUPPORT_PHONE: optionalText,
  PUBLIC_URL: optionalText,
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FILE_STORE: optionalText.pipe(z.enum(['disk', 'database', 's3'], { error: 'FILE_STORE must be disk, database or s3' }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' }).optional()),
  JNE_URL: providerUrl('JNE_URL'),
  JNE_USERNAME: optionalText,
  JNE_API_KEY: optionalText,
  JNE_BRANCH: optionalText,
  JNE_CUST_ID: optionalText,
  JNE_MERCHANT_ID: optionalText,
  JNE_ORIGIN_CODE: optionalText,
  PRIVY_URL: providerUrl('PRIVY_URL'),
  PRIVY_MERCHANT_KEY: optionalText,
  PRIVY_CALLBACK_SECRET: optionalText,
  PLATFORM_NAME: optionalText,
  PLATFORM_NPWP: optionalText.pipe(
    z.string().refine((value) => /^[0-9]{15,16}$/.test(value.replace(/[.\s-]/g, '')), { error: 'PLATFORM_NPWP must have 15 or 16 digits (dots, dashes and spaces allowed)' }).optional(),
  ),
  PLATFORM_ADDRESS: optionalText,
  PLATFORM_BANK_NAME: optionalText,
  PLATFORM_BANK_ACCOUNT_NUMBER: optionalText,
  PLATFORM_BANK_ACCOUNT_NAME: optionalText,
}).superRefine((values, context) => {
  if (values.NODE_ENV === 'production') {
    for (const [name, what] of Object.entries(PRODUCTION_REQUIRED)) {
      if (values[name as keyof typeof PRODUCTION_REQUIRED] === undefined) context.addIssue({ code: 'custom', path: [name], message: `${name} is required when NODE_ENV=production: ${what}` });
    }
  }
  // A real provider without its credentials could only fail on the first pickup or signature.
  const requireWith = (url: 'JNE_URL' | 'PRIVY_URL', names: Array<keyof typeof values>) => {
    // Off, unset or not a URL (said above): no credentials to ask for.
    if (values[url] === undefined || values[url] === 'off' || !/^https?:\/\//.test(values[url])) return;
    for (const name of names) {
      if (values[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: `${String(name)} is required when ${url} is set (${values.NODE_ENV === 'production' ? `or ${url}=off to run without it` : `unset ${url} to use the local sandbox, or ${url}=off`})` });
    }
  };
  requireWith('JNE_URL', ['JNE_USERNAME', 'JNE_API_KEY']);
  requireWith('PRIVY_URL', ['PRIVY_MERCHANT_KEY', 'PRIVY_CALLBACK_SECRET']);

  const s3Variables = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;
  if (values.FILE_STORE !== 's3') {
    // Most likely FILE_STORE=s3 was forgotten: files would silently go elsewhere.
    for (const name of s3Variables) {
      if (values[name] !== undefined) context.addIssue({ code: 'custom', path: [name], message: `${name} is set but FILE_STORE is ${values.FILE_STORE ?? 'disk (the default)'}; set FILE_STORE=s3 or unset ${name}` });
    }
    return;
  }
  if (!values.S3_BUCKET) context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when FILE_STORE=s3' });
  else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(values.S3_BUCKET)) context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET must be a bucket name: 3-63 lower-case letters, digits, dots or hyphens' });
  if ((values.S3_ACCESS_KEY_ID === undefined) !== (values.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = values.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    context.addIssue({ code: 'custom', path: [missing], message: `${missing} is required with ${missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} (set both, or neither to use the AWS SDK's default credentials)` });
  }
});

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL'];

/** Where uploaded files' bytes live (their metadata is always in stored_files). */
export type FileStoreConfig =
  /** DATA_DIR/files on this machine: one instance only (or a shared DATA_DIR). */
  | { kind: 'disk' }
  /** In the database (table file_contents), written in the transaction that records the file. */
  | { kind: 'database' }
  /** An S3 bucket (AWS or S3-compatible). */
  | { kind: 's3'; s3: S3Config };

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL; undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  /** Bucket in the path (http://host/bucket/key) instead of the host name; most S3-compatible servers need it. */
  forcePathStyle: boolean;
  /** undefined: the AWS SDK's default credential chain (AWS_* variables, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * `demo` (npm start's default): demo data, the providers' sandboxes, printed logins and a banner.
 * `production` (NODE_ENV=production): none of these, and no start without PRODUCTION_REQUIRED.
 */
export type { RunMode };

/** Everything the server reads from its environment, with the defaults that make `npm start` work. */
export interface Config {
  mode: RunMode;
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
  /** Who staff contact for help with Berjangka itself (GET /settings). */
  supportEmail: string;
  supportPhone: string | null;
  /** Where people reach the app; links in mails start with it. */
  publicUrl: string;
  passwordMaxAgeDays: number;
  /**
   * How many reverse proxies (load balancers) in front of the app append to X-Forwarded-For; the
   * client address that throttles count by is the one they saw. 0: the socket's peer address.
   */
  trustedProxyHops: number;
  logLevel: LogLevel;
  fileStore: FileStoreConfig;
  /** JNE (courier): url undefined mounts the local sandbox at /sandbox/jne (server/courier/jne-provider.ts). */
  jne: JneConfig;
  /** Privy (e-signature): url undefined mounts the local sandbox at /sandbox/privy (server/signature/privy-provider.ts). */
  privy: PrivyConfig;
  /** Who issues the platform invoices and where the banks pay them (server/invoices). */
  platform: PlatformIdentity;
}

/**
 * The platform as the seller on its invoices to the banks. The defaults make a fresh machine's
 * demo invoices complete; an installation that bills for real sets every one (README).
 */
export interface PlatformIdentity {
  name: string;
  npwp: string;
  address: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

export const DEFAULT_PLATFORM_IDENTITY: PlatformIdentity = {
  name: 'PT Berjangka Digital Indonesia',
  npwp: '0012 3456 7890 1000',
  address: 'Jl. Jenderal Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan 12190',
  bankName: 'Bank Mandiri',
  accountNumber: '123-00-0987654-3',
  accountName: 'PT Berjangka Digital Indonesia',
};

export interface JneConfig {
  /** JNE's API base, e.g. https://apiv2.jne.co.id:10205 (paths /pickupcashless, /tracing/api/…); undefined: the sandbox. */
  url: string | undefined;
  /** JNE_URL=off: no JNE at all; every JNE action answers why it is unavailable. */
  off?: boolean;
  /** Required with url; without it the sandbox uses a fixed demo account unless these are set. */
  username: string | undefined;
  apiKey: string | undefined;
  /** JNE's per-customer fields (BRANCH, CUST_ID, MERCHANT_ID, ORIGIN_CODE); unset ones keep the sandbox's. */
  account: { branch?: string; custId?: string; merchantId?: string; originCode?: string };
}

export interface PrivyConfig {
  /** Privy's merchant API base, e.g. https://core.privy.id/v3/merchant; undefined: the sandbox. */
  url: string | undefined;
  /** PRIVY_URL=off: no Privy at all; a signature request answers why it is unavailable. */
  off?: boolean;
  /** Required with url; the sandbox uses a fixed demo key unless set. */
  merchantKey: string | undefined;
  /**
   * The shared secret of the callback's HMAC-SHA256 signature. Required with url; with the sandbox
   * and unset, a secret generated on first start and kept in dataDir (like JWT_SECRET).
   */
  callbackSecret: string | undefined;
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
  const jneUrl = values.JNE_URL === 'off' ? undefined : values.JNE_URL?.replace(/\/+$/, '');
  const privyUrl = values.PRIVY_URL === 'off' ? undefined : values.PRIVY_URL?.replace(/\/+$/, '');
  return {
    mode: values.NODE_ENV === 'production' ? 'production' : 'demo',
    port,
    dataDir: resolve(values.DATA_DIR ?? './data'),
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET,
    embedAllowedOrigins: parseOrigins(values.EMBED_ALLOWED_ORIGINS),
    productId: values.PRODUCT_ID,
    storageKey: values.STORAGE_KEY,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? 'Berjangka <no-reply@berjangka.local>',
    supportEmail: values.SUPPORT_EMAIL ?? 'dukungan@berjangka.local',
    supportPhone: values.SUPPORT_PHONE ?? null,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${port || DEFAULT_PORT}`).replace(/\/+$/, ''),
    passwordMaxAgeDays: values.PASSWORD_MAX_AGE_DAYS,
    trustedProxyHops: values.TRUSTED_PROXY_HOPS,
    logLevel: values.LOG_LEVEL,
    fileStore: fileStoreConfig(values),
    jne: {
      url: jneUrl,
      ...(values.JNE_URL === 'off' ? { off: true } : {}),
      username: values.JNE_USERNAME,
      apiKey: values.JNE_API_KEY,
      account: Object.fromEntries(
        Object.entries({ branch: values.JNE_BRANCH, custId: values.JNE_CUST_ID, merchantId: values.JNE_MERCHANT_ID, originCode: values.JNE_ORIGIN_CODE }).filter(([, value]) => value !== undefined),
      ),
    },
    privy: { url: privyUrl, ...(values.PRIVY_URL === 'off' ? { off: true } : {}), merchantKey: values.PRIVY_MERCHANT_KEY, callbackSecret: values.PRIVY_CALLBACK_SECRET },
    platform: {
      name: values.PLATFORM_NAME ?? DEFAULT_PLATFORM_IDENTITY.name,
      npwp: values.PLATFORM_NPWP ?? DEFAULT_PLATFORM_IDENTITY.npwp,
      address: values.PLATFORM_ADDRESS ?? DEFAULT_PLATFORM_IDENTITY.address,
      bankName: values.PLATFORM_BANK_NAME ?? DEFAULT_PLATFORM_IDENTITY.bankName,
      accountNumber: values.PLATFORM_BANK_ACCOUNT_NUMBER ?? DEFAULT_PLATFORM_IDENTITY.accountNumber,
      // The account is usually in the platform's own name.
      accountName: values.PLATFORM_BANK_ACCOUNT_NAME ?? values.PLATFORM_NAME ?? DEFAULT_PLATFORM_IDENTITY.accountName,
    },
  };
}

function fileStoreConfig(values: z.infer<typeof envSchema>): FileStoreConfig {
  if (values.FILE_STORE === 'database') return { kind: 'database' };
  if (values.FILE_STORE !== 's3') return { kind: 'disk' };
  return {
    kind: 's3',
    s3: {
      bucket: values.S3_BUCKET!,
      region: values.S3_REGION ?? 'us-east-1',
      endpoint: values.S3_ENDPOINT?.replace(/\/+$/, ''),
      forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
      credentials: values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY } : undefined,
    },
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
