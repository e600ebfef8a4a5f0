import { Hono, type MiddlewareHandler } from 'hono';
import { DOCUMENT_FILE_FIELD } from '../../contract/documents';
import type { AuthService } from '../auth/auth-service';
import type { DepositService } from '../deposits/deposit-service';
import { staffActor } from '../platform/actor';
import { readFields } from '../platform/http/body';
import { ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import { pdfResponse } from '../platform/pdf/pdf-response';
import type { BilyetPrintService } from './bilyet-print-service';
import type { BilyetService } from './bilyet-service';

/** API.md "Documents, signature, courier": the bilyet's journey on /api-v2-bpr; each step answers the deposit's detail. */
export function bilyetRoutes(deps: { auth: AuthService; bilyets: BilyetService; printing: BilyetPrintService; deposits: DepositService; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);

  router.get('/deposito/bilyet/print', session, async (c) => {
    const { doc, filename } = await deps.printing.print(staffActor(c.get('claims')), c.req.query());
    return pdfResponse(doc, { filename, disposition: 'inline' });
  });

  const steps = { 'upload-bilyet': deps.bilyets.upload, 'receive-bilyet': deps.bilyets.receive, 'return-bilyet': deps.bilyets.return, 'lost-bilyet': deps.bilyets.reportLost } as const;
  for (const [path, step] of Object.entries(steps)) {
    router.post(`/deposito/${path}`, session, deps.idempotency, async (c) => {
      const actor = staffActor(c.get('claims'));
      const { fields, files } = await readFields(c);
      const { depositId } = await step(actor, fields, files[DOCUMENT_FILE_FIELD]?.[0] ?? null);
      return ok(c, await deps.deposits.detail(actor, depositId));
    });
  }
  const fieldSteps = { 'resi-bilyet': deps.bilyets.recordResi, 'unship-bilyet': deps.bilyets.unship } as const;
  for (const [path, step] of Object.entries(fieldSteps)) {
    router.post(`/deposito/${path}`, session, deps.idempotency, async (c) => {
      const actor = staffActor(c.get('claims'));
      const { depositId } = await step(actor, (await readFields(c)).fields);
      return ok(c, await deps.deposits.detail(actor, depositId));
    });
  }
  return router;
}
