import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { readFields } from '../platform/http/body';
import { ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import { ServiceError } from '../platform/errors';
import { parseOrThrow } from '../platform/validation';
import { periodSchema } from '../../contract/balance-sheet';
import { balanceSheetTemplate, readBalanceSheetTemplate } from './balance-sheet-xlsx';
import type { BalanceSheetService } from './balance-sheet-service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /api-v2-bpr/bpr/neraca-keuangan: a month's balance sheet and ratios, the months on file, the xlsx template and its import. */
export function balanceSheetRoutes(deps: { auth: AuthService; balanceSheets: BalanceSheetService; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/bpr/neraca-keuangan', session, async (c) => {
    const actor = staffActor(c.get('claims'));
    const period = c.req.query('period');
    return ok(c, period === undefined ? await deps.balanceSheets.months(actor) : await deps.balanceSheets.month(actor, period));
  });
  router.post('/bpr/neraca-keuangan', session, deps.idempotency, async (c) => ok(c, await deps.balanceSheets.enter(staffActor(c.get('claims')), (await readFields(c)).fields), 201));
  router.get('/bpr/neraca-keuangan/template', session, async (c) => {
    const period = parseOrThrow(periodSchema, c.req.query('period'));
    const bytes = await balanceSheetTemplate(period);
    return c.body(new Uint8Array(bytes), 200, { 'content-type': XLSX, 'content-disposition': `attachment; filename="neraca-keuangan-${period}.xlsx"` });
  });
  router.post('/bpr/neraca-keuangan/import', session, deps.idempotency, async (c) => {
    const { fields, files } = await readFields(c);
    const file = files.file?.[0];
    if (!file) throw new ServiceError('invalid', 'Pilih berkas template Neraca Keuangan (xlsx).');
    const lines = await readBalanceSheetTemplate(file.bytes);
    return ok(c, await deps.balanceSheets.enter(staffActor(c.get('claims')), { period: fields.period, lines }, 'xlsx'), 201);
  });
  return router;
}
