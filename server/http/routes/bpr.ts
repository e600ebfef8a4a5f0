import { Hono } from 'hono';
import { pageQuerySchema } from '../../../contract/deposit-api';
import type { AuthService } from '../../services/auth-service';
import { parseOrThrow, type DepositService } from '../../services/deposit-service';
import { ok } from '../envelope';
import { requireSession, type AppEnv } from '../session';
import { okPage, staffActor } from './deposits';

/** /api-v2-bpr/bpr/…: what Beranda and Proses Dokumen show about the bank's deposits. */
export function bprRoutes(deps: { auth: AuthService; deposits: DepositService }) {
  const { deposits } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/bpr/count-unprocessed-deposito', session, async (c) => ok(c, await deposits.unprocessedCounts(staffActor(c.get('claims')))));
  router.get('/bpr/list-proses-deposito', session, async (c) => {
    const query = parseOrThrow(pageQuerySchema, c.req.query());
    return okPage(c, await deposits.processList(staffActor(c.get('claims')), query.page, query.limit));
  });
  router.get('/bpr/deposito-channeling', session, async (c) => ok(c, await deposits.channeling(staffActor(c.get('claims')), c.req.query())));
  return router;
}
