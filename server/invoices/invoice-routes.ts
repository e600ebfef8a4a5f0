import { Hono } from 'hono';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { ok, okPage } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import { pdfResponse } from '../platform/pdf/pdf-response';
import { xlsxDownload, type XlsxDownloadDeps } from '../platform/xlsx/xlsx-download';
import { invoiceLinesExport } from './invoice-lines-export';
import type { InvoiceService } from './invoice-service';

/**
 * API.md "Reports and invoices": the platform's invoices on /api-v1 with the raw token (as the
 * platform's other v1 routes), every staff role reading.
 */
export function invoiceRoutes(deps: { auth: AuthService; invoices: InvoiceService }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('raw', deps.auth);
  router.get('/bpr-invoice/my-invoice', session, async (c) => okPage(c, await deps.invoices.list(staffActor(c.get('claims')), c.req.query())));
  router.get('/bpr-invoice/invoice', session, async (c) => ok(c, await deps.invoices.detail(staffActor(c.get('claims')), c.req.query())));
  router.get('/bpr-invoice-doc/my-invoice/pdf', session, async (c) => {
    const { doc, filename } = await deps.invoices.document(staffActor(c.get('claims')), c.req.query());
    return pdfResponse(doc, { filename });
  });
  return router;
}

/** The month's invoice lines as xlsx, among the reports on /api-v2-bpr (Bearer). */
export function invoiceReportRoutes(deps: { auth: AuthService; exports: XlsxDownloadDeps }) {
  const router = new Hono<AppEnv>();
  router.get('/report/invoice/xlsx', requireSession('bearer', deps.auth), xlsxDownload(deps.exports, 'invoiceLines', invoiceLinesExport));
  return router;
}
