import { Hono } from 'hono';
import { snapResponseCode } from '../../contract/partner';
import type { AppEnv } from '../platform/http/session';
import { storedFileResponse } from '../platform/files/file-response';
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
  router.post('/v1.0/deposito/cancel', gateway.call('cancel', (caller, body) => partners.cancel(caller, body)));
  router.post('/v1.0/deposito/break-request', gateway.call('breakRequest', (caller, body) => partners.breakRequest(caller, body)));
  router.post('/v1.0/deposito/change-request', gateway.call('changeRequest', (caller, body) => partners.changeRequest(caller, body)));
  router.get('/v1.0/deposito/:partnerReferenceNo', gateway.call('status', (caller, _body, c) => partners.status(caller, c.req.param('partnerReferenceNo') ?? ''), { idempotent: false }));
  // A status's document link: opened as it is (by the partner's server or its customer's browser), its token the proof.
  router.get('/v1.0/documents/:link', async (c) => {
    const file = await partners.documentFile(c.req.param('link'));
    if (!file.ok) {
      const message = file.reason === 'expired' ? 'Tautan dokumen sudah kedaluwarsa; minta status deposito lagi untuk tautan baru.' : 'Tautan dokumen tidak sah.';
      return c.json({ responseCode: snapResponseCode('status', file.reason === 'expired' ? 'invalidToken' : 'notFound'), responseMessage: message }, file.reason === 'expired' ? 401 : 404);
    }
    return storedFileResponse({ mediaType: file.mediaType, bytes: file.bytes }, { name: file.fileName.replace(/\.[a-z]+$/, ''), cacheControl: 'private, no-store' });
  });
  return router;
}
