import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import { apiBases } from '../../contract/bases';
import type { AuthService } from '../services/auth-service';
import type { ChangeRequestService } from '../services/change-request-service';
import type { DepositService } from '../services/deposit-service';
import type { DisbursementService } from '../services/disbursement-service';
import type { DownloadService } from '../exports/download-service';
import type { InterestService } from '../services/interest-service';
import type { ProfileService } from '../services/profile-service';
import type { RegistrationService } from '../services/registration-service';
import { handleError, notFound } from './errors';
import { requestBodyLimit, requestLog, securityHeaders } from './middleware';
import { apiDocsRoutes } from './routes/api-docs';
import { authRoutes } from './routes/auth';
import { bprRoutes, type DepositMonthsDeps } from './routes/bpr';
import { changeRequestRoutes } from './routes/change-requests';
import { depositRoutes } from './routes/deposits';
import { disbursementRoutes } from './routes/disbursements';
import { downloadRoutes } from './routes/downloads';
import { interestRoutes } from './routes/interest';
import { healthRoutes } from './routes/health';
import { passwordResetRoutes } from './routes/password-reset';
import { productRoutes } from './routes/products';
import { profileRoutes } from './routes/profile';
import { sessionRoutes } from './routes/session';
import type { AppEnv } from './session';
import type { MiddlewareHandler } from 'hono';
import { spaHandler } from './spa';

export interface HttpDeps {
  logger: Logger;
  embedAllowedOrigins: string[];
  productId?: string;
  auth: AuthService;
  registration: RegistrationService;
  profile: ProfileService;
  deposits: DepositService;
  /** Database and clock for GET /bpr/deposit-months. */
  depositMonths: DepositMonthsDeps;
  interest: InterestService;
  disbursements: DisbursementService;
  changeRequests: ChangeRequestService;
  /** Excel downloads (server/exports). */
  downloads: DownloadService;
  /** Idempotency-Key handling for state-changing deposit routes (server/http/idempotency.ts). */
  idempotency: MiddlewareHandler<AppEnv>;
  /** Read-only lists that need no service (GET /api-v1/{product}/all-product). */
  db: Kysely<Database>;
  ping: () => Promise<boolean>;
  dialect: string;
  /** The SPA build to serve for non-API GETs (production); omitted when Vite serves it (dev, tests). */
  spaDir?: string;
  maxRequestBytes?: number;
}

/** The Hono app: middleware, the four bases with their routers, /healthz, /api-docs, and the SPA. */
export function createHttpApp(deps: HttpDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requestLog(deps.logger));
  app.use('*', securityHeaders(deps.embedAllowedOrigins));
  app.use('*', requestBodyLimit(deps.maxRequestBytes));
  app.onError(handleError(deps.logger));
  app.notFound(notFound);

  app.route('/', healthRoutes({ ping: deps.ping, dialect: deps.dialect }));
  app.route('/', apiDocsRoutes());

  app.route(apiBases.v2Bpr.path, authRoutes({ auth: deps.auth, registration: deps.registration }));
  app.route(apiBases.v2Bpr.path, profileRoutes({ auth: deps.auth, profile: deps.profile }));
  // Deposit routers: the ones with fixed /deposito/<name> paths before depositRoutes, whose
  // GET /deposito/:id would otherwise answer them.
  const depositDeps = { auth: deps.auth, deposits: deps.deposits, idempotency: deps.idempotency };
  app.route(apiBases.v2Bpr.path, downloadRoutes({ auth: deps.auth, downloads: deps.downloads }));
  app.route(apiBases.v2Bpr.path, interestRoutes({ ...depositDeps, interest: deps.interest }));
  app.route(apiBases.v2Bpr.path, disbursementRoutes({ ...depositDeps, disbursements: deps.disbursements }));
  app.route(apiBases.v2Bpr.path, changeRequestRoutes({ ...depositDeps, changeRequests: deps.changeRequests }));
  app.route(apiBases.v2Bpr.path, bprRoutes({ ...depositDeps, months: deps.depositMonths }));
  app.route(apiBases.v2Bpr.path, depositRoutes(depositDeps));
  app.route(apiBases.v1.path, productRoutes({ auth: deps.auth, db: deps.db }));
  app.route(apiBases.v2.path, passwordResetRoutes({ auth: deps.auth }));
  for (const base of Object.values(apiBases)) app.route(base.path, sessionRoutes(base.authorization, deps.auth));

  if (deps.spaDir) {
    const spa = spaHandler(deps.spaDir, { embedAllowedOrigins: deps.embedAllowedOrigins, productId: deps.productId ?? 'BPR' });
    app.get('*', (c) => spa(c) ?? notFound(c));
  }
  return app;
}
