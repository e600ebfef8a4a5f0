import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createHttpServer } from './platform/http/http-server';
import { accountServices, openCore, partnerKeys, purgeStaleRows, type CoreOptions } from './core';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { Config } from './platform/config';
import type { DatabaseHandle } from './platform/db/database';
import { createHttpApp } from './platform/http/app';
import type { AppEnv } from './platform/http/session';
import type { FileStore } from './platform/files/file-store';
import { scheduleDailyJob, type DailyFollowUp } from './jobs/daily-schedule';
import type { DailyScheduler } from './platform/scheduler';
import { createAroLetterService } from './documents/aro-letter-service';
import { areaRouters, LARGE_REQUEST_BODIES } from './routes';
import { createPartnerAdminService, type PartnerAdminService } from './partner/partner-admin-service';
import { createPartnerGateway } from './partner/partner-gateway';
import { partnerNotificationSender } from './partner/partner-notification-service';
import { createOutboxDelivery, type OutboxDelivery } from './platform/outbox/outbox-delivery';
import { followUpSender, mailFollowUpSender } from './platform/outbox/follow-ups';
import { createPartnerService } from './partner/partner-service';
import type { createAuthService } from './auth/auth-service';
import type { Clock } from './platform/clock';
import { createChangeRequestService } from './deposits/change-request-service';
import { createHoldService } from './holds/hold-service';
import { createLedgerService } from './ledger/ledger-service';
import { startDepositSearchIndexer } from './deposits/deposit-search-index';
import { createDepositService, type DepositTracksReader } from './deposits/deposit-service';
import { createBilyetService } from './documents/bilyet-service';
import { createBilyetPrintService } from './documents/bilyet-print-service';
import { createShipmentService, shipmentsOfDeposit } from './courier/shipment-service';
import { courierFromConfig, type CourierDeps } from './courier/jne-provider';
import { signatureFromConfig } from './signature/privy-provider';
import { appendSignaturePage } from './signature/signed-copy';
import { createSignatureService } from './signature/signature-service';
import type { FetchLike } from './platform/provider-http';
import { createDocumentService } from './documents/document-service';
import { createVerificationService } from './documents/verification-service';
import { createDepositTransitions } from './deposits/transition-service';
import { createDisbursementService } from './disbursements/disbursement-service';
import { createInterestService } from './interest/interest-service';
import { createProfileService } from './auth/profile-service';
import { createUserAdminService } from './auth/user-admin-service';
import { createProductService } from './products/product-service';
import { createBalanceSheetService } from './bank/balance-sheet-service';
import { createProductSettingsService } from './products/product-settings-service';
import { createCustomerService } from './deposits/customer-service';
import { idempotency, type IdempotencyHooks } from './platform/http/idempotency';
import type { createRegistrationService } from './auth/registration-service';
import { createPlacementService } from './deposits/placement-service';
import { createDepositImportService } from './deposits/deposit-import-service';
import { createInvoiceService } from './invoices/invoice-service';
import { runOwedMonthlyInvoices } from './jobs/monthly-invoices';
import { jakartaDate } from './platform/business-date';
import { createReportService } from './reports/report-service';

export interface ServerOptions extends CoreOptions {
  /** startServer only: run the daily job at 00:05 WIB and catch up today at start (default on, off under Vitest). */
  scheduleJobs?: boolean;
  /** Runs the outbox's delivery worker while listening (default: yes). */
  deliverOutbox?: boolean;
  /** The outbox's senders' fetch (tests: a receiver that fails). */
  outboxFetch?: typeof fetch;
  /** Serve this SPA build for non-API GETs (npm start). */
  spaDir?: string;
  /** Tests only: called just before and after an Idempotency-Key request commits (the crash test stops there). */
  idempotencyHooks?: IdempotencyHooks;
  /** How the Privy sandbox POSTs its callbacks (default the global fetch to PUBLIC_URL); tests route them into the app. */
  privyCallbackFetch?: FetchLike;
  /** Tests: wraps how the JNE client reaches JNE or its sandbox (an outage). */
  courierFetch?: CourierDeps['wrapFetch'];
  /** Tests: how the Privy sandbox retries a callback that failed. */
  privyCallbackRetryDelaysMs?: number[];
}

interface Berjangka {
  config: Config;
  app: Hono<AppEnv>;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
  services: {
    auth: ReturnType<typeof createAuthService>;
    registration: ReturnType<typeof createRegistrationService>;
    profile: ReturnType<typeof createProfileService>;
    transitions: ReturnType<typeof createDepositTransitions>;
    deposits: ReturnType<typeof createDepositService>;
    shipments: ReturnType<typeof createShipmentService>;
    signatures: ReturnType<typeof createSignatureService>;
    aroLetters: ReturnType<typeof createAroLetterService>;
    interest: ReturnType<typeof createInterestService>;
    disbursements: ReturnType<typeof createDisbursementService>;
    changeRequests: ReturnType<typeof createChangeRequestService>;
    holds: ReturnType<typeof createHoldService>;
    /** The platform operator's partner commands, on this server's keys (npm run admin -- partner). */
    partnerAdmin: PartnerAdminService;
    /** The outbox's worker: startServer runs its rounds; deliverDue() runs one now. */
    outbox: OutboxDelivery;
  };
  /** Demo banks and users created by this start (empty when they existed already). */
  seeded: string[];
  /** What runs after each daily job (providers, PDFs); `npm run jobs` runs them too. */
  followUps: DailyFollowUp[];
  /** Where mail goes when SMTP_URL is unset. */
  outboxDir: string;
  /** Where uploaded bytes live (FILE_STORE, or options.fileStore). */
  fileStore: FileStore;
  close(): Promise<void>;
}

/** The composition root: the core (config, the database migrated and seeded, files, mail: core.ts) -> services -> HTTP app. Does not listen. */
export async function buildServer(options: ServerOptions = {}): Promise<Berjangka> {
  const core = await openCore(options);
  const { config, logger, clock, hasher, database, fileStore, mailer, outboxDir, seeded, close } = core;
  try {
    const { auth, geography, registration } = accountServices(core);
    const profile = createProfileService({ db: database.db, clock, fileStore, geography });
    const users = createUserAdminService({ db: database.db, clock, hasher, mailer, auth, logger });
    const transitions = createDepositTransitions({ db: database.db, clock });
    // The documents and courier areas build on deposits; they add their part of its detail once created.
    const later: { tracks?: DepositTracksReader } = {};
    const deposits = createDepositService({ db: database.db, clock, transitions, tracks: () => later.tracks! });
    const interest = createInterestService({ db: database.db, clock });
    const disbursements = createDisbursementService({ db: database.db, clock, fileStore, transitions, deposits });
    const changeRequests = createChangeRequestService({ db: database.db, clock, transitions });
    const documents = createDocumentService({ db: database.db, clock, fileStore });
    const bilyets = createBilyetService({ db: database.db, clock, documents });
    const bilyetPrinting = createBilyetPrintService({ db: database.db, clock, fileStore, deposits, bilyets, publicUrl: config.publicUrl });
    const courier = courierFromConfig(config, { db: database.db, clock, logger, auth, ...(options.courierFetch ? { wrapFetch: options.courierFetch } : {}) });
    const shipments = createShipmentService({ db: database.db, clock, courier: courier.client, bilyets, logger });
    const privy = signatureFromConfig(config, {
      db: database.db,
      clock,
      logger,
      appendSignaturePage: (original, signature) =>
        appendSignaturePage(
          { bytes: original, mediaType: 'application/pdf' },
          { signerName: signature.signerName, signerEmail: signature.signerEmail, signedAt: signature.signedAt, signatureId: signature.providerDocumentId, provider: 'Privy (sandbox)', documentTitle: signature.documentTitle },
        ),
      ...(options.privyCallbackFetch ? { callbackFetch: options.privyCallbackFetch } : {}),
      ...(options.privyCallbackRetryDelaysMs ? { callbackRetryDelaysMs: options.privyCallbackRetryDelaysMs } : {}),
    });
    if (config.mode === 'production' && (courier.sandbox || privy.sandbox)) {
      // loadConfig already requires JNE_URL and PRIVY_URL; a config passed in code must not slip one through.
      throw new Error(`Invalid configuration: ${courier.sandbox ? 'JNE_URL' : 'PRIVY_URL'} is required when NODE_ENV=production (a URL, or off): production mounts no sandbox`);
    }
    const aroLetters = createAroLetterService({ db: database.db, clock, fileStore, documents, logger });
    const followUps: DailyFollowUp[] = [
      // JNE_URL=off: there is no JNE to ask.
      ...(courier.enabled ? [{ name: 'jne-tracking', run: () => shipments.refreshAll() }] : []),
      { name: 'privy-signatures', run: () => signatures.settleOpen() },
      { name: 'aro-letters', run: () => aroLetters.drawRecent() },
      // After the daily job of a 1st: the previous month's invoices (jobs/monthly-invoices.ts).
      { name: 'platform-invoices', run: () => runOwedMonthlyInvoices({ db: database.db, clock, seller: config.platform, logger }, jakartaDate(clock.now())) },
    ];
    const signatures = createSignatureService({ db: database.db, clock, provider: privy.client, documents, callbackSecret: privy.callbackSecret, publicUrl: config.publicUrl, logger });
    const holds = createHoldService({ db: database.db, clock, fileStore });
    later.tracks = async (actor, row, today) => ({
      bilyet: await bilyets.detailOf(actor, row, today),
      shipments: await shipmentsOfDeposit(database.db, row.id),
      holds: await holds.ofDeposit(actor, row.id),
    });

    const balanceSheets = createBalanceSheetService({ db: database.db, clock });
    const partnerKeysOfCore = partnerKeys(core);
    const outbox = createOutboxDelivery({
      db: database.db,
      clock,
      logger,
      senders: {
        'partner.notification': partnerNotificationSender({ db: database.db, sealingKey: partnerKeysOfCore.sealingKey, ...(options.outboxFetch ? { fetch: options.outboxFetch } : {}) }),
        mail: mailFollowUpSender(core.mailSender),
        'jne.tracking': followUpSender((shipmentId, body) => shipments.retryTracking(shipmentId, String(body.bankId))),
        'privy.signature': followUpSender((signatureId) => signatures.retrySettling(signatureId)),
        'aro.letter': followUpSender((letterId) => aroLetters.retryDrawing(letterId)),
      },
    });
    const customers = createCustomerService({ db: database.db, clock, geography });
    // Beranda's summary carries the ratios of the bank's latest balance sheet (Neraca Keuangan).
    const reports = createReportService({ db: database.db, reads: database.reads, clock, logger, latestRatios: (bankId) => balanceSheets.latestRatios(bankId) });
    const placements = createPlacementService({ db: database.db, clock, deposits });
    const routers = areaRouters({
      auth,
      registration,
      profile,
      users,
      products: createProductService({ db: database.db, clock }),
      productSettings: createProductSettingsService({ db: database.db, clock }),
      balanceSheets,
      installation: { productId: config.productId, supportEmail: config.supportEmail, supportPhone: config.supportPhone },
      customers,
      placements,
      partnerApi: {
        gateway: createPartnerGateway({ db: database.db, clock, logger, ...partnerKeysOfCore }),
        partners: createPartnerService({ db: database.db, clock, customers, placements, transitions, changeRequests, documents, tokenKey: partnerKeysOfCore.tokenKey, publicUrl: config.publicUrl }),
      },
      depositImports: createDepositImportService({ db: database.db, clock, geography }),
      deposits,
      interest,
      disbursements,
      changeRequests,
      holds,
      documents,
      bilyets,
      bilyetPrinting,
      aroLetters,
      shipments,
      signatures,
      geography,
      invoices: createInvoiceService({ db: database.db, clock }),
      reports,
      ledger: createLedgerService({ db: database.db, reads: database.reads, clock, reports }),
      sandboxes: [courier, privy].flatMap((setup) => (setup.sandbox ? [[setup.sandboxPath, setup.sandbox] as const] : [])),
      verification: createVerificationService({ db: database.db, clock }),
      idempotency: idempotency({ db: database.db, clock, ...(options.idempotencyHooks ? { hooks: options.idempotencyHooks } : {}) }),
      exports: { db: database.db, reads: database.reads, clock, logger },
      db: database.db,
      clock,
      trustedProxyHops: config.trustedProxyHops,
    });
    const app = createHttpApp({
      logger,
      embedAllowedOrigins: config.embedAllowedOrigins,
      https: config.publicUrl.startsWith('https://'),
      productId: config.productId,
      mode: config.mode,
      routers,
      largeBodies: LARGE_REQUEST_BODIES,
      ping: database.ping,
      dialect: database.dialect,
      ...(options.spaDir ? { spaDir: options.spaDir } : {}),
    });
    return { config, app, database, logger, clock, services: { auth, registration, profile, transitions, deposits, interest, disbursements, changeRequests, holds, shipments, signatures, aroLetters, partnerAdmin: createPartnerAdminService({ db: database.db, clock, sealingKey: partnerKeysOfCore.sealingKey }), outbox }, followUps, seeded, outboxDir, fileStore, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const HOUSEKEEPING_EVERY_MS = 6 * 60 * 60 * 1000;

export interface RunningServer extends Berjangka {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The in-process daily job, or undefined when scheduleJobs is off; its `started` settles once the catch-up run and its follow-ups are done. */
  dailyJob: DailyScheduler | undefined;
}

/**
 * Builds the server and listens. `listenPort` defaults to config.port; pass 0 for a free port.
 * close() stops accepting connections, ends open ones and closes the database.
 */
export async function startServer(options: ServerOptions & { listenPort?: number; hostname?: string } = {}): Promise<RunningServer> {
  const berjangka = await buildServer(options);
  const hostname = options.hostname ?? '0.0.0.0';
  let server: Server | undefined;
  try {
    const address = await new Promise<AddressInfo>((resolve, reject) => {
      const listening = createHttpServer(berjangka.app.fetch, { hostname, embedAllowedOrigins: berjangka.config.embedAllowedOrigins, https: berjangka.config.publicUrl.startsWith('https://') });
      server = listening;
      listening.once('error', reject);
      listening.listen(options.listenPort ?? berjangka.config.port, hostname, () => resolve(listening.address() as AddressInfo));
    });
    const url = `http://127.0.0.1:${address.port}`;
    const jobs = (options.scheduleJobs ?? !process.env.VITEST) ? scheduleDailyJob({ db: berjangka.database.db, clock: berjangka.clock, logger: berjangka.logger, followUps: berjangka.followUps }) : undefined;
    const housekeeping = setInterval(() => {
      purgeStaleRows(berjangka.database.db, berjangka.clock.now()).catch((error: unknown) => berjangka.logger.error({ err: error }, 'housekeeping failed'));
    }, HOUSEKEEPING_EVERY_MS);
    housekeeping.unref();
    const delivery = (options.deliverOutbox ?? true) ? berjangka.services.outbox.start() : undefined;
    const searchIndexer = startDepositSearchIndexer({ db: berjangka.database.db, logger: berjangka.logger });
    return {
      ...berjangka,
      url,
      port: address.port,
      dailyJob: jobs,
      async close() {
        await new Promise<void>((resolve) => {
          if (!server) return resolve();
          server.close(() => resolve());
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        clearInterval(housekeeping);
        await searchIndexer.stop();
        await delivery?.stop();
        await jobs?.stop();
        await berjangka.close();
      },
    };
  } catch (error) {
    await berjangka.close();
    throw error;
  }
}
