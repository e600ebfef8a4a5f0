import { readFileSync } from 'node:fs';
import { PARTNER_API_BASE } from '../../../contract/partner';
import { signAccessTokenRequest, signRequest, snapTimestamp } from '../../../server/partner/snap-signature';
import type { DialectName } from '../harness';
import { startWorld, type World } from '../deposit-fixtures';

/** The test key pair a partner registers (tests/support/snap/). */
export const TEST_PARTNER_PRIVATE_KEY = readFileSync(new URL('../../support/snap/test-partner-private.pem', import.meta.url), 'utf8');
export const TEST_PARTNER_PUBLIC_KEY = readFileSync(new URL('../../support/snap/test-partner-public.pem', import.meta.url), 'utf8');

export interface PartnerAnswer {
  status: number;
  body: Record<string, any>;
  headers: Headers;
}

export interface PartnerCredentials {
  clientKey: string;
  clientSecret: string;
  privateKeyPem: string;
}

/**
 * A partner's side of the SNAP calls, as a partner's engineers would write it with
 * server/partner/snap-signature.ts: the token request signed with the private key, each call with
 * the client secret. `at` fixes X-TIMESTAMP (default: the clock's now); `tamper` changes a request
 * after it was signed.
 */
export function partnerClient(baseUrl: string, credentials: PartnerCredentials, now: () => Date) {
  let externalIds = 0;
  const send = async (method: string, path: string, headers: Record<string, string>, body: string | undefined): Promise<PartnerAnswer> => {
    const response = await fetch(`${baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : {}, headers: response.headers };
  };
  return {
    credentials,
    async accessToken(options: { at?: Date; clientKey?: string; privateKeyPem?: string } = {}): Promise<PartnerAnswer> {
      const timestamp = snapTimestamp(options.at ?? now());
      const clientKey = options.clientKey ?? credentials.clientKey;
      const signature = signAccessTokenRequest(options.privateKeyPem ?? credentials.privateKeyPem, clientKey, timestamp);
      return send('POST', `${PARTNER_API_BASE}/v1.0/access-token/b2b`, { 'x-timestamp': timestamp, 'x-client-key': clientKey, 'x-signature': signature }, JSON.stringify({ grantType: 'client_credentials' }));
    },
    async token(): Promise<string> {
      const answer = await this.accessToken();
      if (answer.status !== 200) throw new Error(`access token: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.accessToken as string;
    },
    newExternalId(): string {
      externalIds += 1;
      return `${Date.now()}${String(externalIds).padStart(6, '0')}`;
    },
    async call(
      method: 'GET' | 'POST',
      path: string,
      token: string,
      json?: unknown,
      options: { externalId?: string; at?: Date; clientSecret?: string; tamper?: (request: { headers: Record<string, string>; body: string | undefined }) => void } = {},
    ): Promise<PartnerAnswer> {
      const fullPath = `${PARTNER_API_BASE}${path}`;
      const body = json === undefined ? undefined : JSON.stringify(json, null, 2);
      const timestamp = snapTimestamp(options.at ?? now());
      const signature = signRequest(options.clientSecret ?? credentials.clientSecret, { method, path: fullPath, accessToken: token, body: body ?? '', timestamp });
      const request = {
        headers: { authorization: `Bearer ${token}`, 'x-timestamp': timestamp, 'x-partner-id': credentials.clientKey, 'x-external-id': options.externalId ?? this.newExternalId(), 'channel-id': '95221', 'x-signature': signature },
        body,
      };
      options.tamper?.(request);
      return send(method, fullPath, request.headers, request.body);
    },
  };
}

/**
 * A test world (deposit-fixtures.ts) with the partner MITRA-UJI registered and allowed at its
 * main bank, its client, and the monthly product's code; the outbox delivered by hand.
 */
export async function startPartnerWorld(dialect: DialectName, code: string): Promise<{ w: World; partner: ReturnType<typeof partnerClient>; productCode: string }> {
  const w = await startWorld(dialect, '2026-03-02', { deliverOutbox: false });
  const admin = w.t.server.services.partnerAdmin;
  const created = await admin.create({ code, name: 'PT Mitra Uji Digital', publicKeyPem: TEST_PARTNER_PUBLIC_KEY, feeBps: 50 });
  await admin.allowBank(code, w.bank.id);
  const partner = partnerClient(w.t.url, { ...created, privateKeyPem: TEST_PARTNER_PRIVATE_KEY }, () => w.clock.now());
  const productCode = (await w.db.selectFrom('products').select('code').where('id', '=', w.products.monthly).executeTakeFirstOrThrow()).code;
  return { w, partner, productCode };
}
