import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TokenClaims } from '../../contract/auth';
import { signJwt } from '../../server/auth/jwt';
import { resolveJwtSecret } from '../../server/auth/secrets';
import { DAY, DEMO_PASSWORD, HOUR, MINUTE, dialects, resetTokenFromMail, startTestServer, type TestServer } from './harness';

/** A password change ends every session of the user issued before it, on every base. */
describe.each(dialects)('sessions end with a password change on %s', (dialect) => {
  let t: TestServer;
  beforeEach(async () => {
    t = await startTestServer(dialect);
  });
  afterEach(async () => {
    await t?.stop();
  });

  const sessionStatus = (token: string) => t.call('GET', '/api-v2-bpr/auth/session', { token }).then((result) => result.status);

  it('a reset through the mailed link ends the sessions opened before it; a login with the new password works', async () => {
    const first = await t.login('operator@bpr-demo.test');
    const second = await t.login('operator@bpr-demo.test');
    const someoneElse = await t.login('supervisor@bpr-demo.test');
    expect(await sessionStatus(first)).toBe(200);

    await t.call('POST', '/api-v2/auth/send-forgot-password', { json: { email: 'operator@bpr-demo.test', userLevel: 1 } });
    const resetToken = resetTokenFromMail(t.outbox().at(-1)!);
    expect((await t.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: resetToken, password: 'Bunga!Deposito7' } })).status).toBe(200);

    for (const token of [first, second]) {
      const refused = await t.call('GET', '/api-v2-bpr/auth/session', { token });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('Sesi tidak valid atau sudah berakhir. Silakan login kembali.');
      // The raw-token base refuses it too.
      expect((await t.call('GET', '/api-v1/auth/session', { headers: { authorization: token } })).status).toBe(401);
    }
    expect(await sessionStatus(someoneElse)).toBe(200);
    expect(await sessionStatus(await t.login('operator@bpr-demo.test', 'Bunga!Deposito7'))).toBe(200);
  });

  it('a change of an expired password ends a session opened while the password was still valid', async () => {
    // The demo passwords were set at the clock's start; 90 days later they expire.
    t.clock.advance(90 * DAY - HOUR);
    const beforeExpiry = await t.login('admin@bpr-demo.test');
    t.clock.advance(HOUR + MINUTE);
    expect(await sessionStatus(beforeExpiry)).toBe(200);

    const expired = await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: 'admin@bpr-demo.test', password: DEMO_PASSWORD } });
    expect(expired.status).toBe(403);
    const changed = await t.call('POST', '/api-v2-bpr/auth/change-expired-password', {
      json: { email: 'admin@bpr-demo.test', newPassword: 'Bunga!Deposito7' },
      headers: { authorization: `Bearer ${expired.body.data.changePasswordToken as string}` },
    });
    expect(changed.status).toBe(200);
    expect(await sessionStatus(beforeExpiry)).toBe(401);
    expect(await sessionStatus(await t.login('admin@bpr-demo.test', 'Bunga!Deposito7'))).toBe(200);
  });

  it('a token signed before sessions carried a version (no sv claim) works until the password changes', async () => {
    const current = JSON.parse(Buffer.from((await t.login('supervisor@bpr-demo.test')).split('.')[1]!, 'base64url').toString()) as TokenClaims;
    expect(current.sv).toBe(0);
    const { sv: _sv, ...older } = current;
    const olderToken = signJwt({ ...older, jti: 'issued-by-the-previous-release' }, resolveJwtSecret(undefined, t.dataDir));
    expect(await sessionStatus(olderToken)).toBe(200);

    await t.call('POST', '/api-v2/auth/send-forgot-password', { json: { email: 'supervisor@bpr-demo.test', userLevel: 1 } });
    const resetToken = resetTokenFromMail(t.outbox().at(-1)!);
    await t.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: resetToken, password: 'Bunga!Deposito7' } });
    expect(await sessionStatus(olderToken)).toBe(401);
  });
});
