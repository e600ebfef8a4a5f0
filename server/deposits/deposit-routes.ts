import { Hono, type MiddlewareHandler } from 'hono';
import {
  approveDepositRequestSchema,
  changeDepositDateRequestSchema,
  rejectDepositRequestSchema,
  requestBreakRequestSchema,
  versionFieldSchema,
} from '../../contract/deposit-api';
import { depositEventRequestSchema, depositEventTypeSchema } from '../../contract/deposit';
import type { AuthService } from '../auth/auth-service';
import type { DepositService } from './deposit-service';
import { parseOrThrow } from '../platform/validation';
import { staffActor } from '../platform/actor';
import type { TransitionRequest } from './transition-service';
import { ServiceError } from '../platform/errors';
import { readFields } from '../platform/http/body';
import { ok, okPage } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import { xlsxDownload, type XlsxDownloadDeps } from '../platform/xlsx/xlsx-download';
import { depositListExport } from './deposit-list-export';
import { dueInformationExport } from './due-information-export';

const UNKNOWN_EVENT = 'Jenis aksi tidak dikenal.';
const SYSTEM_EVENTS = new Set<string>(['deposit.activate', 'deposit.rollover', 'deposit.mature']);
const MARK_PAID_ELSEWHERE = 'Pencairan dicatat lewat /deposito/disbursement-paid beserta bukti transfernya.';

/**
 * API.md "Deposits" on /api-v2-bpr: the list and its counts, documents, break preview and every
 * lifecycle event (dedicated paths and POST /deposito/{id}/events). Every state-changing route
 * takes an Idempotency-Key; every transition answers the deposit as it now stands.
 */
export function depositRoutes(deps: { auth: AuthService; deposits: DepositService; idempotency: MiddlewareHandler<AppEnv>; exports: XlsxDownloadDeps }) {
  const { deposits } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  const change = [session, deps.idempotency] as const;
  const actorOf = (c: { get(key: 'claims'): AppEnv['Variables']['claims'] }) => staffActor(c.get('claims'));

  router.get('/invoice/all-deposito', session, async (c) => okPage(c, await deposits.list(actorOf(c), c.req.query())));
  router.get('/invoice/all-deposito/download', session, xlsxDownload(deps.exports, 'depositList', depositListExport));
  router.get('/deposito/due-information/download', session, xlsxDownload(deps.exports, 'dueInformation', dueInformationExport));
  router.get('/invoice/list-count-all-deposito', session, async (c) => ok(c, await deposits.countByStatus(actorOf(c), c.req.query())));
  router.get('/invoice/count-summary-document', session, async (c) => ok(c, await deposits.documentSummary(actorOf(c))));
  router.get('/invoice/deposito/break', session, async (c) => ok(c, await deposits.breakPreview(actorOf(c), c.req.query())));

  router.post('/invoice/deposito/break', ...change, async (c) => {
    const body = parseOrThrow(requestBreakRequestSchema, (await readFields(c)).fields);
    const request = { type: 'deposit.requestBreak' as const, breakDate: body.date, ...(body.reason ? { reason: body.reason } : {}) };
    return ok(c, await deposits.act(actorOf(c), body.depositId, request, body.version));
  });
  router.patch('/invoice/deposit-date', ...change, async (c) => {
    const body = parseOrThrow(changeDepositDateRequestSchema, (await readFields(c)).fields);
    const request = { type: 'deposit.changeDate' as const, depositDate: body.depositDate, ...(body.reason ? { reason: body.reason } : {}) };
    return ok(c, await deposits.act(actorOf(c), body.depositId, request, body.version));
  });
  router.post('/deposito/approve-deposito', ...change, async (c) => {
    const { fields } = await readFields(c);
    // Several at once (Daftar Deposito's "Setujui terpilih"): each answered on its own.
    if ('depositIds' in fields) return ok(c, await deposits.approveMany(actorOf(c), fields));
    const body = parseOrThrow(approveDepositRequestSchema, fields);
    return ok(c, await deposits.act(actorOf(c), body.depositId, { type: 'deposit.approve' }, body.version));
  });
  router.post('/deposito/reject-deposito', ...change, async (c) => {
    const body = parseOrThrow(rejectDepositRequestSchema, (await readFields(c)).fields);
    return ok(c, await deposits.act(actorOf(c), body.depositId, { type: 'deposit.reject', reason: body.reason }, body.version));
  });

  router.get('/deposito/:id', session, async (c) => ok(c, await deposits.detail(actorOf(c), c.req.param('id'))));
  router.post('/deposito/:id/events', ...change, async (c) => {
    const { fields } = await readFields(c);
    const type = depositEventTypeSchema.safeParse(fields.type);
    if (!type.success) throw new ServiceError('invalid', UNKNOWN_EVENT);
    const { version } = parseOrThrow(versionFieldSchema, fields);
    // The daily job's events go to the machine as they are: it refuses them to staff (403) with its own reason.
    if (SYSTEM_EVENTS.has(type.data)) return ok(c, await deposits.act(actorOf(c), c.req.param('id'), { type: type.data } as TransitionRequest, version));
    const request = parseOrThrow(depositEventRequestSchema, fields);
    if (request.type === 'deposit.markPaid') throw new ServiceError('invalid', MARK_PAID_ELSEWHERE);
    return ok(c, await deposits.act(actorOf(c), c.req.param('id'), request, version));
  });

  return router;
}
