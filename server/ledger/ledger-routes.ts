import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { readFields } from '../platform/http/body';
import { ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import type { LedgerService } from './ledger-service';

/** API.md "The bank's ledger" on /api-v2-bpr: the chart of accounts, the journal and its summary. */
export function ledgerRoutes(deps: { auth: AuthService; ledger: LedgerService; idempotency: MiddlewareHandler<AppEnv> }) {
  const { ledger } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/bpr/accounting-settings', session, async (c) => ok(c, await ledger.settings(staffActor(c.get('claims')))));
  router.put('/bpr/accounting-settings', session, deps.idempotency, async (c) => ok(c, await ledger.saveSettings(staffActor(c.get('claims')), (await readFields(c)).fields)));
  router.get('/report/journal/summary', session, async (c) => ok(c, await ledger.summary(staffActor(c.get('claims')), c.req.query())));
  router.get('/report/journal', session, async (c) => {
    const query = c.req.query();
    if ((query.format ?? 'json') === 'json') return ok(c, await ledger.journal(staffActor(c.get('claims')), query));
    const file = await ledger.journalFile(staffActor(c.get('claims')), query);
    return new Response(file.body, { status: 200, headers: file.headers });
  });
  return router;
}
