import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { createAuthService } from './auth/auth-service';
import { countBanks } from './auth/bank-repository';
import { purgePartnerRequests } from './partner/partner-repository';
import { partnerSealingKey, type SealingKey } from './partner/partner-secrets';
import { partnerTokenKey, type TokenKey } from './partner/partner-token';
import { argon2Hasher, OWASP_ARGON2_PARAMS, type Argon2Params, type PasswordHasher } from './auth/passwords';
import { createRegistrationService } from './auth/registration-service';
import { resolveJwtSecret } from './auth/secrets';
import { purgeExpiredRevocations } from './auth/token-repository';
import { createGeographyService } from './master-data/geography-service';
import { systemClock, type Clock } from './platform/clock';
import { loadConfig, type Config } from './platform/config';
import { openDatabase, type DatabaseHandle } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import type { Database } from './platform/db/schema';
import { databaseFileStore, diskFileStore, type FileStore } from './platform/files/file-store';
import { s3FileStore } from './platform/files/s3-file-store';
import { purgeIdempotencyKeys } from './platform/http/idempotency-repository';
import { createLogger } from './platform/logger';
import { outboxMailer, smtpMailer, type Mailer } from './platform/mail';
import { retryingMailer } from './platform/outbox/follow-ups';
import { purgeThrottles } from './platform/throttle-repository';

export interface CoreOptions {
  /** Environment to read the configuration from (default process.env); tests pass {}. */
  env?: Record<string, string | undefined>;
  /** Settings that win over the environment, e.g. { dataDir, databaseUrl, logLevel }. */
  config?: Partial<Config>;
  /** Source of "now" for expiries, lockout and password age; tests move it. */
  clock?: Clock;
  /** argon2id cost; production uses OWASP's parameters, tests may pass cheaper ones. */
  argon2?: Argon2Params;
  /** PostgreSQL only: work inside this (existing) schema; tests give each run its own. */
  pgSchema?: string;
  /** 'when-empty' (default): demo data when there is no bank yet; true: always (idempotent); false: never. Production (NODE_ENV=production) never seeds. */
  seed?: boolean | 'when-empty';
  /** Seed the demo deposits with the demo banks (default true). */
  demoDeposits?: boolean;
  /** Demo mode: create the demo partner DEMO-MITRA when absent (default: with the demo deposits). */
  demoPartner?: boolean;
  logger?: Logger;
  mailer?: Mailer;
  /** Wins over FILE_STORE (config.fileStore). */
  fileStore?: FileStore;
}

/** What every entry point stands on, the server's HTTP app and the command-line tools alike. */
interface Core {
  config: Config;
  logger: Logger;
  clock: Clock;
  hasher: PasswordHasher;
  database: DatabaseHandle;
  fileStore: FileStore;
  /** Sends at once, and queues a mail the server refuses to be sent again (platform/outbox/follow-ups.ts). */
  mailer: Mailer;
  /** The mail server itself (SMTP, or files in outboxDir), for the outbox's retries. */
  mailSender: Mailer;
  /** Where mail goes when SMTP_URL is unset. */
  outboxDir: string;
  jwtSecret: string;
  /** Demo banks and users created by this start (empty when they existed already). */
  seeded: string[];
  /** DATA_DIR/demo-partner.json when this start created the demo partner (DEMO-MITRA), else null. */
  demoPartnerFile: string | null;
  close(): Promise<void>;
}

/**
 * Configuration, logger, clock and password hasher; the database, migrated, its stale rows
 * forgotten and (in demo mode, when empty) seeded; the file store, the mailer, the token secret.
 * Nothing of the areas' routes, documents or reports is loaded here (the demo seed only when it
 * runs), so a command that needs a few services (`npm run admin`) starts in about a third of
 * the server's time.
 */
export async function openCore(options: CoreOptions = {}): Promise<Core> {
  const config: Config = { ...loadConfig(options.env ?? process.env), ...options.config };
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const hasher = argon2Hasher(options.argon2 ?? OWASP_ARGON2_PARAMS);

  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
    onConnectionLost: (error) => logger.warn({ err: error }, 'a PostgreSQL connection was lost; the next query opens a new one'),
  });
  let closeFileStore: (() => Promise<void>) | undefined;
  const close = async () => {
    await closeFileStore?.();
    await database.close();
  };
  try {
    // First, so an unreachable S3 bucket stops the start before anything else happens.
    const fileStore = options.fileStore ?? (await openFileStore(config, database.db));
    closeFileStore = fileStore.close?.bind(fileStore);
    if (config.databaseUrl && fileStore.kind === 'disk') {
      logger.warn('FILE_STORE is disk: uploaded files stay in this instance\'s DATA_DIR/files; several instances sharing one PostgreSQL need FILE_STORE=database or s3');
    }
    const applied = await migrateToLatest(database.db, options.pgSchema ? { schema: options.pgSchema } : {});
    if (applied.length > 0) logger.info({ migrations: applied, dialect: database.dialect }, 'database migrated');
    await purgeStaleRows(database.db, clock.now());

    let seeded: string[] = [];
    const seed = config.mode === 'production' ? false : (options.seed ?? 'when-empty');
    if (seed === true || (seed === 'when-empty' && (await countBanks(database.db)) === 0)) {
      const { seedDemoData } = await import('./demo/seed');
      seeded = (
        await seedDemoData({ db: database.db, clock, hasher, passwordMaxAgeDays: config.passwordMaxAgeDays, demoDeposits: options.demoDeposits ?? true, fileStore, publicUrl: config.publicUrl, platform: config.platform })
      ).created;
      if (seeded.length > 0) logger.info({ created: seeded }, 'demo data seeded');
    }

    const outboxDir = join(config.dataDir, 'outbox');
    const mailSender = options.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(outboxDir, config.mailFrom, logger));
    const mailer = retryingMailer(mailSender, { db: database.db, clock, logger });
    const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
    if (config.databaseUrl && !config.jwtSecret) {
      logger.warn('JWT_SECRET is unset: tokens are signed with a secret kept in DATA_DIR; several instances sharing one PostgreSQL need the same JWT_SECRET');
    }
    // The demo's partner on the partner API, with the demo's data (not in the tests' servers without demo deposits).
    let demoPartnerFile: string | null = null;
    if (seed !== false && (options.demoPartner ?? options.demoDeposits ?? true)) {
      const { seedDemoPartner } = await import('./demo/demo-partner');
      const { DEMO_BANKS } = await import('./demo/seed');
      demoPartnerFile = await seedDemoPartner({ db: database.db, clock, sealingKey: partnerSealingKey(jwtSecret), dataDir: config.dataDir, bankNames: DEMO_BANKS.map((bank) => bank.name) });
      if (demoPartnerFile) logger.info({ partner: 'DEMO-MITRA', file: demoPartnerFile }, 'demo partner created');
    }
    return { config, logger, clock, hasher, database, fileStore, mailer, mailSender, outboxDir, jwtSecret, seeded, demoPartnerFile, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** FILE_STORE: DATA_DIR/files, the database (file_contents) or an S3 bucket. */
export async function openFileStore(config: Config, db: Kysely<Database>): Promise<FileStore> {
  switch (config.fileStore.kind) {
    case 'database':
      return databaseFileStore(db);
    case 's3':
      return s3FileStore(config.fileStore.s3);
    default:
      return diskFileStore(join(config.dataDir, 'files'));
  }
}

/**
 * Forgets rows that no longer mean anything: revocations of expired tokens, idempotency answers
 * older than a day (a client retries within minutes), throttles untouched for two days (the
 * longest block is one), partners' X-EXTERNAL-IDs of two days ago (they are unique per day).
 */
export async function purgeStaleRows(db: Kysely<Database>, now: Date): Promise<void> {
  await purgeExpiredRevocations(db, now.toISOString());
  await purgeIdempotencyKeys(db, new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString());
  await purgeThrottles(db, new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000).toISOString());
  await purgePartnerRequests(db, new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000).toISOString());
}

/** The keys the partners' secrets are sealed with and their access tokens signed with, from the installation's token secret. */
export function partnerKeys(core: Pick<Core, 'jwtSecret'>): { sealingKey: SealingKey; tokenKey: TokenKey } {
  return { sealingKey: partnerSealingKey(core.jwtSecret), tokenKey: partnerTokenKey(core.jwtSecret) };
}

/** The accounts' services on the core: sign-in and tokens, the geography they check addresses against, registrations. The server and `npm run admin` build them the same way. */
export function accountServices(core: Core) {
  const { config, logger, clock, hasher, database, fileStore, mailer, jwtSecret } = core;
  const auth = createAuthService({ db: database.db, clock, hasher, jwtSecret, mailer, publicUrl: config.publicUrl, passwordMaxAgeDays: config.passwordMaxAgeDays, logger });
  const geography = createGeographyService({ db: database.db });
  const registration = createRegistrationService({ db: database.db, clock, fileStore, hasher, auth, geography });
  return { auth, geography, registration };
}
