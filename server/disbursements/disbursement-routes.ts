import { staffActor } from '../platform/actor';
import { Hono, type MiddlewareHandler } from 'hono';
import { DISBURSEMENT_PROOF_FIELD, dueInformationQuerySchema } from '../../contract/disbursement';
import { approveDepositRequestSchema } from '../../contract/deposit-api';
import type { AuthService } from '../auth/auth-service';
import type { DepositService } from '../deposits/deposit-service';
import { parseOrThrow } from '../platform/validation';
import type { DisbursementService } from './disbursement-service';
import { readFields } from '../platform/http/body';
import { ok, okPage } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import { storedFileResponse } from '../platform/files/file-response';
import { xlsxDownload, type XlsxDownloadDeps } from '../platform/xlsx/xlsx-download';
import { disbursementsExport } from './disbursements-export';

/** API.md "Interest and payouts": payouts, stop-ARO and due information on /api-v2-bpr and its Excel download. */
export function disbursementRoutes(deps: { auth: AuthService; deposits: DepositService; disbursements: DisbursementService; idempotency: MiddlewareHandler<AppEnv>; exports: XlsxDownloadDeps }) {
  const { disbursements, deposits } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);

  router.get('/deposito/disbursements', session, async (c) => okPage(c, await disbursements.list(staffActor(c.get('claims')), c.req.query())));
  router.get('/deposito/disbursements/download', session, xlsxDownload(deps.exports, 'disbursements', disbursementsExport));
  router.get('/deposito/disbursements/count', session, async (c) => ok(c, await disbursements.count(staffActor(c.get('claims')), c.req.query())));
  router.post('/deposito/disbursement-paid', session, deps.idempotency, async (c) => {
    const { fields, files } = await readFields(c);
    return ok(c, await disbursements.markPaid(staffActor(c.get('claims')), fields, files[DISBURSEMENT_PROOF_FIELD]?.[0] ?? null));
  });
  router.get('/deposito/disbursement-proof/:fileId', session, async (c) => {
    const file = await disbursements.proofFile(staffActor(c.get('claims')), c.req.param('fileId'));
    return storedFileResponse(file, { name: `bukti-transfer-${c.req.param('fileId')}`, cacheControl: 'private, no-store' });
  });
  router.post('/deposito/pencairan-aro', session, deps.idempotency, async (c) => {
    const body = parseOrThrow(approveDepositRequestSchema, (await readFields(c)).fields);
    return ok(c, await deposits.act(staffActor(c.get('claims')), body.depositId, { type: 'deposit.stopAro' }, body.version));
  });
  router.get('/deposito/due-information', session, async (c) => {
    const query = parseOrThrow(dueInformationQuerySchema, c.req.query());
    const { items, meta, from, to } = await deposits.dueInformation(staffActor(c.get('claims')), query.days, query.page, query.limit);
    return okPage(c, { items, meta }, { range: { from, to, days: query.days } });
  });
  return router;
}
