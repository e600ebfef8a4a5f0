import { Hono } from 'hono';
import type { AppEnv } from '../platform/http/session';
import type { PartnerGateway } from './partner-gateway';
import { partnerOpenApiDocument } from './partner-openapi';
import type { PartnerDepositService } from './partner-service';

/** API.md "The channel partner's door", on /api-partner: SNAP's access token, then the signed deposit calls. */
export function partnerRoutes(deps: { gateway: PartnerGateway; partners: PartnerDepositService }) {
  const router = new Hono<AppEnv>();
  const { gateway, partners } = deps;
  router.get('/openapi.json', (c) => c.json(partnerOpenApiDocument()));
  router.post('/v1.0/access-token/b2b', gateway.accessToken());
  router.get('/v1.0/products', gateway.call('products', (caller, _body, c) => partners.products(caller, c.req.query('bankCode')), { idempotent: false }));
  router.post('/v1.0/deposito/placement', gateway.call('placement', (caller, body) => partners.place(caller, body)));
  router.get('/v1.0/deposito/:partnerReferenceNo', gateway.call('status', (caller, _body, c) => partners.status(caller, c.req.param('partnerReferenceNo') ?? ''), { idempotent: false }));
  return router;
}
