import { Hono } from 'hono';
import type { Logger } from 'pino';
import { apiDocsRoutes } from './api-docs-routes';
import { handleError, notFound } from './errors';
import { healthRoutes } from './health-routes';
import { refuseUnreadableAddresses, requestBodyLimit, requestLog, securityHeaders } from './middleware';
import type { AppEnv } from './session';
import { spaHandler } from './spa';
import { requestsPerTurn } from './turns';

/** ~4 ms of the deposit list's work per loop turn: a new connection gets in every few ms. */
const REQUESTS_PER_TURN = 8;

/** A router of an area and the base path (contract/bases.ts) it is mounted on. */
export type MountedRouter = readonly [basePath: string, router: Hono<AppEnv>];

interface HttpDeps {
  logger: Logger;
  embedAllowedOrigins: string[];
  /** PUBLIC_URL is https (HSTS). */
  https?: boolean;
  productId?: string;
  /** config.mode, told to the SPA (the demo banner, the sandbox's parcel control). */
  mode?: 'demo' | 'production';
  /** The areas' routers in the order they are matched (server/routes.ts). */
  routers: readonly MountedRouter[];
  ping: () => Promise<boolean>;
  dialect: string;
  /** The SPA build to serve for non-API GETs (production); omitted when Vite serves it (dev, tests). */
  spaDir?: string;
  maxRequestBytes?: number;
  /** Paths (base included) whose POST may carry more than maxRequestBytes, with their own limit (an import's upload). */
  largeBodies?: Readonly<Record<string, number>>;
}

/** The Hono app: middleware, /healthz, /api-docs, the areas' routers on their bases, and the SPA. */
export function createHttpApp(deps: HttpDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // SQLite: a bounded number of requests per event-loop turn, so new connections are accepted
  // while the server is saturated (turns.ts).
  if (deps.dialect === 'sqlite') app.use('*', requestsPerTurn(REQUESTS_PER_TURN));
  app.use('*', requestLog(deps.logger));
  app.use('*', securityHeaders({ embedAllowedOrigins: deps.embedAllowedOrigins, https: deps.https ?? false }));
  // Only where a request can carry a body: for GET and HEAD the limit has nothing to check (the
  // Request @hono/node-server builds for them has no body), yet asking for the body made it build
  // the whole web Request (headers, AbortController) for every GET — 8% of the server's CPU under
  // load on the deposit list (bench/load.ts).
  const bodyLimit = requestBodyLimit(deps.maxRequestBytes);
  const largeLimits = new Map(Object.entries(deps.largeBodies ?? {}).map(([path, bytes]) => [path, requestBodyLimit(bytes)]));
  app.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : (largeLimits.get(c.req.path) ?? bodyLimit)(c, next)));
  app.use('*', refuseUnreadableAddresses());
  app.onError(handleError(deps.logger));
  app.notFound(notFound);

  app.route('/', healthRoutes({ ping: deps.ping, dialect: deps.dialect }));
  app.route('/', apiDocsRoutes());
  for (const [basePath, router] of deps.routers) app.route(basePath, router);

  if (deps.spaDir) {
    const spa = spaHandler(deps.spaDir, { embedAllowedOrigins: deps.embedAllowedOrigins, productId: deps.productId ?? 'BPR', mode: deps.mode ?? 'production' });
    app.get('*', (c) => spa(c) ?? notFound(c));
  }
  return app;
}
