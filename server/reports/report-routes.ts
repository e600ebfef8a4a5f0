import { Hono } from 'hono';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import type { ReportService } from './report-service';

/** /api-v2-bpr/report…: the catalogue, a report's file, Beranda's summary. Every staff role reads them. */
export function reportRoutes(deps: { auth: AuthService; reports: ReportService }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/report/list-report', session, (c) => ok(c, deps.reports.catalogue(staffActor(c.get('claims')))));
  router.get('/report/list-summary', session, async (c) => ok(c, await deps.reports.summary(staffActor(c.get('claims')), c.req.query())));
  router.get('/report', session, async (c) => {
    const file = await deps.reports.file(staffActor(c.get('claims')), c.req.query());
    return new Response(file.body, { status: 200, headers: file.headers });
  });
  return router;
}
