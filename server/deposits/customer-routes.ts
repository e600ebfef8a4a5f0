import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/auth-service';
import type { DocumentService } from '../documents/document-service';
import { staffActor } from '../platform/actor';
import { readFields } from '../platform/http/body';
import { ok, okPage } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';
import type { CustomerService } from './customer-service';

/** API.md "Bank, users, settings": /bpr/customers (Nasabah), every staff role. */
export function customerRoutes(deps: { auth: AuthService; customers: CustomerService; documents: DocumentService; idempotency: MiddlewareHandler<AppEnv> }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/bpr/customers', session, async (c) => okPage(c, await deps.customers.list(staffActor(c.get('claims')), c.req.query())));
  router.post('/bpr/customers', session, deps.idempotency, async (c) => {
    const actor = staffActor(c.get('claims'));
    const customer = await deps.customers.create(actor, (await readFields(c)).fields);
    return ok(c, { ...customer, documents: [] }, 201);
  });
  router.get('/bpr/customers/:id', session, async (c) => {
    const actor = staffActor(c.get('claims'));
    const customer = await deps.customers.detail(actor, c.req.param('id'));
    return ok(c, { ...customer, documents: await deps.documents.listOfCustomer(actor, { customerId: customer.id }) });
  });
  router.patch('/bpr/customers/:id', session, deps.idempotency, async (c) => {
    const actor = staffActor(c.get('claims'));
    const { status, customer, changeRequests } = await deps.customers.update(actor, c.req.param('id'), (await readFields(c)).fields);
    const detail = { ...customer, documents: await deps.documents.listOfCustomer(actor, { customerId: customer.id }) };
    // 202: identity data or the payout account wait for another supervisor (the contact part, if any, is applied).
    return status === 202 ? ok(c, { changeRequest: changeRequests[0], changeRequests, customer: detail }, 202) : ok(c, detail);
  });
  return router;
}
