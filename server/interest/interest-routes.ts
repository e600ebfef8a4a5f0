import { staffActor } from '../platform/actor';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/auth-service';
import type { InterestService } from './interest-service';
import { readFields } from '../platform/http/body';
import { ok, okPage } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import { xlsxDownload, type XlsxDownloadDeps } from '../platform/xlsx/xlsx-download';
import { interestTemplateExport } from './interest-template-export';

/** API.md "Interest and payouts": bunga bulanan on /api-v2-bpr and its transfer template. */
export function interestRoutes(deps: { auth: AuthService; interest: InterestService; idempotency: MiddlewareHandler<AppEnv>; exports: XlsxDownloadDeps }) {
  const { interest } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);

  router.get('/deposito/monthly-interest', session, async (c) => {
    const { items, meta, period, summary } = await interest.monthly(staffActor(c.get('claims')), c.req.query());
    return okPage(c, { items, meta }, { period, summary });
  });
  router.get('/deposito/monthly-interest-disbursement', session, async (c) => okPage(c, await interest.history(staffActor(c.get('claims')), c.req.query())));
  router.post('/deposito/monthly-interest-disbursement', session, deps.idempotency, async (c) =>
    ok(c, await interest.markPaid(staffActor(c.get('claims')), (await readFields(c)).fields)),
  );
  router.get('/deposito/monthly-interest-template/download', session, xlsxDownload(deps.exports, 'interestTemplate', interestTemplateExport));
  router.get('/deposito/monthly-interest-template/count', session, async (c) => ok(c, await interest.templateCount(staffActor(c.get('claims')), c.req.query())));
  return router;
}
