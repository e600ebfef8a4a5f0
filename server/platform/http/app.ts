import { Hono } from 'hono';
import type { Logger } from 'pino';
import { apiDocsRoutes } from './api-docs-routes';
import { handleError, notFound } from './errors';
import { healthRoutes } from './health-routes';
import { refuseUnreadableAddresses, requestBodyLimit, requestLog, securityHeaders } from './middleware';
import type { AppEnv } from './session';
import { spaHandler } from './spa';

/** A router of an area and the base path (contract/bases.ts) it is mounted on. */
export type MountedRouter = readonly [basePath: string, router: Hono<AppEnv>];

export interface HttpDeps {
  logger: Logger;
  embedAllowedOrigins: string[];
  /** PUBLIC_URL is https (HSTS). */
  https?: boolean;
  productId?: string;
  /** The areas' routers in the order they are matched (server/routes.ts). */
  routers: readonly MountedRouter[];
  ping: () => Promise<boolean>;
  dialect: string;
  /** The SPA build to serve for non-API GETs (production); omitted when Vite serves it (dev, tests). */
  spaDir?: string;
  maxRequestBytes?: number;
}

/** The Hono app: middleware, /healthz, /api-docs, the areas' routers on their bases, and the SPA. */
export function createHttpApp(deps: HttpDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requestLog(deps.logger));
  app.use('*', securityHeaders({ embedAllowedOrigins: deps.embedAllowedOrigins, https: deps.https ?? false }));
  app.use('*', requestBodyLimit(deps.maxRequestBytes));
  app.use('*', refuseUnreadableAddresses());
  app.onError(handleError(deps.logger));
  app.notFound(notFound);

  app.route('/', healthRoutes({ ping: deps.ping, dialect: deps.dialect }));
  app.route('/', apiDocsRoutes());
  for (const [basePath, router] of deps.routers) app.route(basePath, router);

  if (deps.spaDir) {
    const spa = spaHandler(deps.spaDir, { embedAllowedOrigins: deps.embedAllowedOrigins, productId: deps.productId ?? 'BPR' });
    app.get('*', (c) => spa(c) ?? notFound(c));
  }
  return app;
}
