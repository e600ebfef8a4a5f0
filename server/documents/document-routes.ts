import { Hono, type MiddlewareHandler } from 'hono';
import { DOCUMENT_FILE_FIELD } from '../../contract/documents';
import type { AuthService } from '../auth/auth-service';
import { staffActor } from '../platform/actor';
import { storedFileResponse } from '../platform/files/file-response';
import { readFields } from '../platform/http/body';
import { ok } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import type { AroLetterService } from './aro-letter-service';
import type { DocumentService } from './document-service';

/** API.md "Documents, signature, courier": documents of deposits and customers on /api-v2-bpr. */
export function documentRoutes(deps: { auth: AuthService; documents: DocumentService; aroLetters: AroLetterService; idempotency: MiddlewareHandler<AppEnv> }) {
  const { documents } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);

  router.post('/deposito/upload-doc', session, deps.idempotency, async (c) => {
    const { fields, files } = await readFields(c);
    return ok(c, await documents.upload(staffActor(c.get('claims')), fields, files[DOCUMENT_FILE_FIELD]?.[0] ?? null), 201);
  });
  router.get('/invoice/doc', session, async (c) => ok(c, await documents.listOfDeposit(staffActor(c.get('claims')), c.req.query())));
  router.get('/invoice/doc/customer', session, async (c) => ok(c, await documents.listOfCustomer(staffActor(c.get('claims')), c.req.query())));
  router.get('/deposito/aro-doc-by-cust-id', session, async (c) => ok(c, await deps.aroLetters.ofCustomer(staffActor(c.get('claims')), c.req.query())));
  router.get('/deposito/document/:id', session, async (c) => {
    const { row, bytes } = await documents.file(staffActor(c.get('claims')), c.req.param('id'));
    return storedFileResponse({ mediaType: row.media_type, bytes }, { name: row.file_name.replace(/\.[a-z]+$/, ''), cacheControl: 'private, no-store' });
  });
  return router;
}
