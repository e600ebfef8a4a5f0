import { Hono } from 'hono';
import { ok } from '../platform/http/envelope';
import type { AppEnv } from '../platform/http/session';
import type { GeographyService } from './geography-service';

/**
 * API.md "Master data (v2-general)": /geography and /geography/zip-code/search. Public and
 * read-only: the registration form uses them before anyone has an account, and they answer open
 * data (the same for every bank), so a token is neither needed nor checked. The data changes only
 * with a migration, so browsers may keep an answer for an hour.
 */
const CACHE_CONTROL = 'public, max-age=3600';

export function geographyRoutes(deps: { geography: GeographyService }) {
  const router = new Hono<AppEnv>();
  router.get('/geography', async (c) => {
    const areas = await deps.geography.list(c.req.query());
    c.header('cache-control', CACHE_CONTROL);
    return ok(c, areas);
  });
  router.get('/geography/zip-code/search', async (c) => {
    const results = await deps.geography.searchZip(c.req.query());
    c.header('cache-control', CACHE_CONTROL);
    return ok(c, results);
  });
  return router;
}
