import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBases, authorizationHeader } from '../../contract/bases';
import { sessionDataSchema } from '../../contract/auth';
import { dialects, startTestServer, type TestServer } from './harness';

describe.each(dialects)('session tokens on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe.each(Object.entries(apiBases))('base %s', (_name, base) => {
    const wrongForm = base.authorization === 'bearer' ? 'raw' : 'bearer';

    it(`accepts the ${base.authorization} form and answers the token's claims`, async () => {
      const token = await t.login('supervisor@bpr-demo.test');
      const result = await t.call('GET', `${base.path}/auth/session`, { headers: { authorization: authorizationHeader(base.authorization, token) } });
      expect(result.status).toBe(200);
      const data = sessionDataSchema.parse(result.body.data);
      expect(data.role).toBe('SUPERVISOR');
    });

    it(`answers the ${wrongForm} form with 401`, async () => {
      const token = await t.login('supervisor@bpr-demo.test');
      const result = await t.call('GET', `${base.path}/auth/session`, { headers: { authorization: authorizationHeader(wrongForm, token) } });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({
        statusCode: 401,
        message: 'Format header Authorization tidak sesuai. Silakan login kembali.',
        error: 'Unauthorized',
      });
    });

    it('answers a missing header with 401 asking to log in', async () => {
      const result = await t.call('GET', `${base.path}/auth/session`);
      expect(result.status).toBe(401);
      expect(result.body.message).toBe('Silakan login terlebih dahulu.');
    });

    it('answers an unknown path with the 404 envelope', async () => {
      const result = await t.call('GET', `${base.path}/tidak-ada/sama-sekali`);
      expect(result.status).toBe(404);
      expect(result.body).toEqual({ statusCode: 404, message: 'Alamat yang diminta tidak ditemukan.', error: 'Not Found' });
    });
  });

  it('refuses a token whose payload was altered', async () => {
    const token = await t.login('operator@bpr-demo.test');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN' })).toString('base64url')}.${signature}`;
    expect((await t.call('GET', '/api-v2-bpr/profile/detail', { token: forged })).status).toBe(401);
  });

  it('logout revokes the token on every protected route and base, other sessions keep working', async () => {
    const token = await t.login('admin@bpr-demo.test');
    const other = await t.login('admin@bpr-demo.test');
    const logout = await t.call('POST', '/api-v2-bpr/auth/logout', { token });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ statusCode: 200, message: 'OK', data: null });
    for (const path of ['/api-v2-bpr/profile/detail', '/api-v2-bpr/profile/logo']) {
      expect((await t.call('GET', path, { token })).status).toBe(401);
    }
    expect((await t.call('POST', '/api-v2-bpr/profile/update', { token, json: { name: 'X' } })).status).toBe(401);
    expect((await t.call('GET', '/api-v1/auth/session', { headers: { authorization: token } })).status).toBe(401);
    expect((await t.call('POST', '/api-v2-bpr/auth/logout', { token })).status).toBe(401);
    expect((await t.call('GET', '/api-v2-bpr/profile/detail', { token: other })).status).toBe(200);
  });

  it('logout without a token is 401', async () => {
    expect((await t.call('POST', '/api-v2-bpr/auth/logout')).status).toBe(401);
  });
});
