import { Hono, type MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { depositImportTemplateQuerySchema } from '../../contract/deposit-import';
import type { AuthService } from '../auth/auth-service';
import type { GeographyService } from '../master-data/geography-service';
import { staffActor } from '../platform/actor';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/schema';
import { readFields } from '../platform/http/body';
import { ok, okPage } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import { parseOrThrow } from '../platform/validation';
import { xlsxDownloadHeaders } from '../platform/xlsx/xlsx-stream';
import { xlsxWorkbookWebStream } from '../platform/xlsx/xlsx-workbook';
import type { DepositImportService } from './deposit-import-service';
import { sampleRows, templateTables } from './deposit-import-template';

/** Where the template's sample book reads the bank's products and the geography. */
interface DepositImportTemplateDeps {
  db: Kysely<Database>;
  clock: Clock;
  geography: GeographyService;
}

/** API.md "Placements, import and holds": Impor Deposito's template, its dry run and commit, and past imports (ADMIN). */
export function depositImportRoutes(deps: { auth: AuthService; imports: DepositImportService; template: DepositImportTemplateDeps; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/deposito/import/template', session, async (c) => {
    const actor = staffActor(c.get('claims'));
    deps.imports.requireAdmin(actor);
    const { sample } = parseOrThrow(depositImportTemplateQuerySchema, c.req.query());
    const today = jakartaDate(deps.template.clock.now());
    const rows = sample === '1' ? await sampleRows(deps.template.db, deps.template.geography, actor.bankId, today) : [];
    const filename = sample === '1' ? `contoh-impor-deposito-${today}.xlsx` : 'template-impor-deposito.xlsx';
    return new Response(xlsxWorkbookWebStream(templateTables(rows)), { status: 200, headers: xlsxDownloadHeaders(filename) });
  });
  router.get('/deposito/import', session, async (c) => okPage(c, await deps.imports.list(staffActor(c.get('claims')), c.req.query())));
  router.post('/deposito/import', session, deps.idempotency, async (c) => {
    const actor = staffActor(c.get('claims'));
    // Refused before the upload is read: a 50 MB file from a role that may not import costs nothing.
    deps.imports.requireAdmin(actor);
    const { fields, files } = await readFields(c);
    const { status, result } = await deps.imports.run(actor, fields, files);
    return ok(c, result, status);
  });
  return router;
}
