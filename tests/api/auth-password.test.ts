import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DAY, MINUTE, dialects, resetTokenFromMail, startTestServer, type TestServer } from './harness';

const EXPIRED_USER = 'kedaluwarsa@bpr-demo.test';

describe.each(dialects)('expired password on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const loginExpired = async (password = DEMO_PASSWORD) => {
    const result = await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: EXPIRED_USER, password } });
    expect(result.status).toBe(403);
    expect(result.body.error).toBe('PasswordExpired');
    expect(result.body.statusCode).toBe(403);
    return result.body.data.changePasswordToken as string;
  };
  const change = (token: string | null, newPassword: string, headers: Record<string, string> = {}) =>
    t.call('POST', '/api-v2-bpr/auth/change-expired-password', {
      json: { email: EXPIRED_USER, newPassword },
      headers: token ? { authorization: `Bearer ${token}`, ...headers } : headers,
    });

  it('answers a correct but expired password with 403 PasswordExpired and a change token, a wrong one with 401', async () => {
    expect(typeof (await loginExpired())).toBe('string');
    expect((await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: EXPIRED_USER, password: 'Salah#Sekali99' } })).status).toBe(401);
  });

  it('accepts only the change token, as Bearer', async () => {
    const token = await loginExpired();
    expect((await change(null, 'Deposito!Baru2026')).status).toBe(401);
    expect((await change(null, 'Deposito!Baru2026', { authorization: token })).status).toBe(401);
    const session = await t.login('admin@bpr-demo.test');
    const withSession = await change(session, 'Deposito!Baru2026');
    expect(withSession.status).toBe(401);
    expect(withSession.body.message).toBe('Token ganti kata sandi tidak valid atau sudah kedaluwarsa. Silakan login kembali.');
  });

  it('refuses the token for another account', async () => {
    const token = await loginExpired();
    const result = await t.call('POST', '/api-v2-bpr/auth/change-expired-password', {
      json: { email: 'admin@bpr-demo.test', newPassword: 'Deposito!Baru2026' },
      token,
    });
    expect(result.status).toBe(401);
  });

  it('gives each broken password rule its own Indonesian message', async () => {
    const token = await loginExpired();
    const short = await change(token, 'Ab#1');
    expect(short.status).toBe(400);
    expect(short.body.message).toEqual(['Kata sandi baru minimal 8 karakter.']);
    expect((await change(token, 'x'.repeat(129))).body.message).toEqual(['Kata sandi baru paling banyak 128 karakter.']);
    expect((await change(token, EXPIRED_USER.toUpperCase())).body.message).toEqual(['Kata sandi baru tidak boleh sama dengan email.']);
    expect((await change(token, 'Password123')).body.message).toEqual(['Kata sandi baru terlalu umum dan mudah ditebak; pilih kata sandi lain.']);
    expect((await change(token, DEMO_PASSWORD)).body.message).toEqual(['Kata sandi baru harus berbeda dari kata sandi lama.']);
    const missing = await t.call('POST', '/api-v2-bpr/auth/change-expired-password', { json: {}, token });
    expect(missing.body.message).toEqual(['Email wajib diisi.', 'Kata sandi baru wajib diisi.']);
  });

  it('stops working 10 minutes after it was issued', async () => {
    const token = await loginExpired();
    t.clock.advance(10 * MINUTE);
    expect((await change(token, 'Deposito!Baru2026')).status).toBe(401);
  });

  it('changes the password once: the token cannot be used again, the new password logs in', async () => {
    const token = await loginExpired();
    const first = await change(token, 'Deposito!Baru2026');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ statusCode: 200, message: 'OK', data: null });
    expect((await change(token, 'Deposito!Lagi2026')).status).toBe(401);
    expect((await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: EXPIRED_USER, password: DEMO_PASSWORD } })).status).toBe(401);
    expect(await t.login(EXPIRED_USER, 'Deposito!Baru2026')).toMatch(/^ey/);
  });

  it('expires a password again after PASSWORD_MAX_AGE_DAYS (90)', async () => {
    t.clock.advance(89 * DAY);
    expect(await t.login(EXPIRED_USER, 'Deposito!Baru2026')).toMatch(/^ey/);
    t.clock.advance(1 * DAY);
    await loginExpired('Deposito!Baru2026');
  });
});

describe.each(dialects)('forgot password on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const requestReset = (email: string) => t.call('POST', '/api-v2/auth/send-forgot-password', { json: { email, userLevel: 1 } });
  const reset = (token: string, password: string) => t.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: token, password } });

  it('answers 200 for an unknown email and sends nothing', async () => {
    const result = await requestReset('siapa@tidak-ada.test');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ statusCode: 200, message: 'OK', data: null });
    expect(t.outbox()).toHaveLength(0);
  });

  it('validates the request in Indonesian', async () => {
    const result = await t.call('POST', '/api-v2/auth/send-forgot-password', { json: { email: 'bukan-email', userLevel: 7 } });
    expect(result.status).toBe(400);
    expect(result.body.message).toEqual(['Email tidak valid.', 'Jenis pengguna tidak dikenal.']);
  });

  it('mails a reset link under PUBLIC_URL and logs it', async () => {
    expect((await requestReset('operator@bpr-demo.test')).status).toBe(200);
    const mails = t.outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: operator@bpr-demo.test');
    expect(mails[0]).toContain('http://berjangka.test/reset-password?token=');
    const logged = t.logs.find((line) => line.msg === 'mail written to outbox');
    expect(String(logged?.link)).toContain('/reset-password?token=');
  });

  it('resets the password once with the token; the token cannot be used again', async () => {
    await requestReset('operator@bpr-demo.test');
    const token = resetTokenFromMail(t.outbox().at(-1)!);
    const weak = await reset(token, 'qwerty123');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toEqual(['Kata sandi terlalu umum dan mudah ditebak; pilih kata sandi lain.']);
    expect((await reset(token, 'Bunga!Deposito7')).status).toBe(200);
    const again = await reset(token, 'Bunga!Deposito8');
    expect(again.status).toBe(400);
    expect(again.body.message).toEqual(['Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa. Silakan minta tautan baru.']);
    expect(await t.login('operator@bpr-demo.test', 'Bunga!Deposito7')).toMatch(/^ey/);
    expect((await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: 'operator@bpr-demo.test', password: DEMO_PASSWORD } })).status).toBe(401);
  });

  it('refuses a token after 30 minutes', async () => {
    await requestReset('supervisor@bpr-demo.test');
    const token = resetTokenFromMail(t.outbox().at(-1)!);
    t.clock.advance(30 * MINUTE);
    expect((await reset(token, 'Bunga!Deposito9')).status).toBe(400);
    expect(await t.login('supervisor@bpr-demo.test')).toMatch(/^ey/);
  });

  it('a newer link replaces an older one', async () => {
    await requestReset('admin@bpr-lain.test');
    const older = resetTokenFromMail(t.outbox().at(-1)!);
    await requestReset('admin@bpr-lain.test');
    const newer = resetTokenFromMail(t.outbox().at(-1)!);
    expect((await reset(older, 'Bunga!Deposito9')).status).toBe(400);
    expect((await reset(newer, 'Bunga!Deposito9')).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    expect((await reset('tidak-ada-token-seperti-ini', 'Bunga!Deposito9')).status).toBe(400);
  });
});
