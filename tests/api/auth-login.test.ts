import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDataSchema, tokenClaimsSchema } from '../../contract/auth';
import { DEMO_PASSWORD, HOUR, MINUTE, dialects, startTestServer, type TestServer } from './harness';

function claimsOf(token: string) {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header!, 'base64url').toString()),
    claims: tokenClaimsSchema.parse(JSON.parse(Buffer.from(payload!, 'base64url').toString())),
  };
}

describe.each(dialects)('login on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers 200 with the envelope, a token and the user of the contract', async () => {
    const result = await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: 'Supervisor@BPR-demo.test ', password: DEMO_PASSWORD } });
    expect(result.status).toBe(200);
    expect(result.body.statusCode).toBe(200);
    expect(result.body.message).toBe('OK');
    const data = loginDataSchema.parse(result.body.data);
    expect(data.user).toMatchObject({ email: 'supervisor@bpr-demo.test', role: 'SUPERVISOR', bpr: { name: 'BPR Demo Sejahtera', logoUrl: null } });
  });

  it('signs an HS256 token with sub, bprId, role, jti and an exp 8 hours ahead', async () => {
    const token = await t.login('operator@bpr-demo.test');
    const { header, claims } = claimsOf(token);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(claims.role).toBe('OPERATOR');
    expect(claims.exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + 8 * 3600);
    const profile = await t.call('GET', '/api-v2-bpr/profile/detail', { token });
    expect(profile.body.data.id).toBe(claims.sub);
    expect(profile.body.data.bpr.id).toBe(claims.bprId);
    expect(claimsOf(await t.login('operator@bpr-demo.test')).claims.jti).not.toBe(claims.jti);
  });

  it('answers a wrong password and an unknown email with the same 401 message', async () => {
    const wrongPassword = await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: 'admin@bpr-lain.test', password: 'Salah#Sekali99' } });
    const unknownEmail = await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: 'tidak-ada@bpr-demo.test', password: DEMO_PASSWORD } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ statusCode: 401, message: 'Email atau kata sandi salah.', error: 'Unauthorized' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('answers missing fields with 400 and one Indonesian sentence per field', async () => {
    const result = await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: '  ' } });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ statusCode: 400, message: ['Email wajib diisi.', 'Kata sandi wajib diisi.'], error: 'Bad Request' });
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    const result = await t.call('POST', '/api-v2-bpr/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(result.status).toBe(400);
    expect(result.body.message).toEqual(['Format data yang dikirim tidak valid.']);
  });

  it('refuses a session token once its 8 hours are over', async () => {
    const token = await t.login('admin@bpr-demo.test');
    t.clock.advance(8 * HOUR - MINUTE);
    expect((await t.call('GET', '/api-v2-bpr/profile/detail', { token })).status).toBe(200);
    t.clock.advance(MINUTE);
    const expired = await t.call('GET', '/api-v2-bpr/profile/detail', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Sesi tidak valid atau sudah berakhir. Silakan login kembali.');
  });
});
