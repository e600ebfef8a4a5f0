import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument, documentedRoutes } from '../../server/platform/http/openapi';
import { dialects, fakeFile, blob, startTestServer, type TestServer } from './harness';
import { partnerDocumentedRoutes } from '../../server/partner/partner-openapi';

const EMBEDDERS = ['https://host.example', 'https://portal.bank.example:8443'];

describe.each(dialects)('HTTP basics on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, {
      config: { embedAllowedOrigins: EMBEDDERS },
      // A file store that fails, to reach the unexpected-error path through a real route.
      fileStore: {
        kind: 'failing',
        putBeforeTransaction: async () => {
          throw new Error('disk on fire at /secret/path');
        },
        putInTransaction: async () => {
          throw new Error('disk on fire at /secret/path');
        },
        get: async () => null,
        delete: async () => undefined,
      },
      mailer: {
        send: async () => {
          throw new Error('smtp down');
        },
      },
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const expectSecurityHeaders = (headers: Headers) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain(`frame-ancestors 'self' ${EMBEDDERS.join(' ')}`);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  };

  it('sends the security headers on success, error and not-found answers', async () => {
    expectSecurityHeaders((await t.call('GET', '/healthz')).headers);
    expectSecurityHeaders((await t.call('POST', '/api-v2-bpr/auth/login', { json: {} })).headers);
    expectSecurityHeaders((await t.call('GET', '/api-v1/tidak-ada')).headers);
    expectSecurityHeaders((await t.call('GET', '/api-docs')).headers);
  });

  it('keeps API answers out of caches', async () => {
    const login = await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: 'admin@bpr-demo.test', password: 'Berjangka#2026' } });
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect((await t.call('GET', '/api-v2-bpr/profile/detail', { token: login.body.data.token })).headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown paths, also outside the bases, with the 404 envelope', async () => {
    for (const path of ['/api-v2-general/geography/x', '/api-v2/auth/login', '/tidak-ada']) {
      const result = await t.call('GET', path);
      expect(result.status).toBe(404);
      expect(result.body).toEqual({ statusCode: 404, message: 'Alamat yang diminta tidak ditemukan.', error: 'Not Found' });
    }
    expect((await t.call('DELETE', '/api-v2-bpr/auth/login')).status).toBe(404);
  });

  it('answers an unexpected error with 500, a generic Indonesian message and no stack, and logs it', async () => {
    const token = await t.login('admin@bpr-demo.test');
    const form = new FormData();
    form.append('logo', blob(fakeFile('png'), 'image/png'), 'logo.png');
    const result = await t.call('POST', '/api-v2-bpr/profile/update', { token, form });
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ statusCode: 500, message: 'Terjadi kesalahan pada server. Silakan coba lagi nanti.', error: 'Internal Server Error' });
    expect(result.text).not.toContain('disk on fire');
    expect(result.text).not.toMatch(/at .*\.ts:\d+/);
    const logged = t.logs.find((line) => line.msg === 'unexpected error');
    expect(JSON.stringify(logged)).toContain('disk on fire');
    expectSecurityHeaders(result.headers);
  });

  it('still answers forgot-password with 200 when the mail server fails, and logs the failure (the mail is queued to be sent again: follow-ups.test.ts)', async () => {
    const result = await t.call('POST', '/api-v2/auth/send-forgot-password', { json: { email: 'operator@bpr-demo.test', userLevel: 1 } });
    expect(result.status).toBe(200);
    await expect.poll(() => t.logs.some((line) => line.msg === 'mail could not be sent; queued to be sent again')).toBe(true);
  });

  it('logs one JSON line per request with method, path, status and duration', async () => {
    await t.call('GET', '/api-v2-bpr/nirwana');
    const line = t.logs.filter((entry) => entry.msg === 'request').find((entry) => entry.path === '/api-v2-bpr/nirwana');
    expect(line).toMatchObject({ method: 'GET', path: '/api-v2-bpr/nirwana', status: 404 });
    expect(typeof line?.durationMs).toBe('number');
  });

  it('GET /healthz answers 200 while the database answers', async () => {
    const result = await t.call('GET', '/healthz');
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ status: 'ok', database: dialect });
  });

  it('serves the OpenAPI 3.1 document and a viewer whose assets are local', async () => {
    const doc = await t.call('GET', '/api-docs/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.paths['/api-v2-bpr/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(doc.body.paths['/api-v2-bpr/auth/registration'].post.requestBody.content['multipart/form-data'].schema.properties.documents.type).toBe('array');

    const page = await t.call('GET', '/api-docs');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/https?:\/\//);
    const scripts = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(page.text).not.toMatch(/<script>[^<]/); // no inline script: the CSP forbids it
    for (const asset of scripts) {
      const response = await fetch(`${t.url}${asset}`);
      expect(response.status, asset).toBe(200);
    }
  });

  it('answers a URL or headers over Node\'s limit with 431 in the envelope and with the security headers', async () => {
    const longUrl = await fetch(`${t.url}/api-v2-bpr/invoice/all-deposito?q=${'a'.repeat(20_000)}`);
    expect(longUrl.status).toBe(431);
    expect(await longUrl.json()).toEqual({ statusCode: 431, message: 'Alamat atau header permintaan terlalu panjang.', error: 'Request Header Fields Too Large' });
    expectSecurityHeaders(longUrl.headers);
    const longHeader = await fetch(`${t.url}/healthz`, { headers: { 'x-panjang': 'b'.repeat(20_000) } });
    expect(longHeader.status).toBe(431);
    expectSecurityHeaders(longHeader.headers);
    // The server is still there.
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });

  it('refuses a NUL character in the path, the query or the body with 400 (PostgreSQL cannot store one)', async () => {
    const token = await t.login('supervisor@bpr-demo.test');
    const inPath = await t.call('GET', '/api-v2-bpr/deposito/%00', { token });
    expect(inPath.status).toBe(400);
    expect(inPath.body.message).toEqual(['Alamat permintaan berisi karakter NUL, yang tidak dapat diproses.']);
    expect((await t.call('GET', '/api-v2-bpr/invoice/all-deposito?productId=%00', { token })).status).toBe(400);
    expect((await t.call('GET', '/api-v2-bpr/invoice/all-deposito?q=%E0%A4%A', { token })).body.message).toEqual(['Alamat permintaan tidak valid.']);
    const inBody = await t.call('POST', '/api-v2-bpr/deposito/approve-deposito', { token, json: { depositId: 'a\u0000b' } });
    expect(inBody.status).toBe(400);
    expect(inBody.body.message).toEqual(['Data yang dikirim berisi karakter NUL, yang tidak dapat disimpan.']);
    const inForm = new FormData();
    inForm.append('name', 'Nama\u0000');
    expect((await t.call('POST', '/api-v2-bpr/profile/update', { token, form: inForm })).status).toBe(400);
  });

  it('answers every rule in Indonesian, also those a field has no message for', async () => {
    const token = await t.login('supervisor@bpr-demo.test');
    const longReference = await t.call('GET', `/api-v2-bpr/deposito/monthly-interest-disbursement?reference=${'R'.repeat(101)}`, { token });
    expect(longReference.status).toBe(400);
    expect(longReference.body.message).toEqual(['Nomor referensi paling banyak 100 karakter.']);
    const wrongType = await t.call('POST', '/api-v2-bpr/deposito/monthly-interest-disbursement', { token, json: { installmentIds: 'semua', paidAt: 20260302, reference: ['x'] } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toEqual(['Pilih minimal satu bunga.', 'Tanggal harus berformat YYYY-MM-DD.', 'Nomor referensi transfer wajib diisi.']);
  });

  it('documents every route the server registers, the partner door in its own SNAP document (the providers\' sandboxes speak JNE\'s and Privy\'s API, not ours)', () => {
    const registered = t.server.app.routes
      .filter((route) => route.method !== 'ALL' && route.path !== '/*' && !route.path.startsWith('/api-docs') && !route.path.startsWith('/sandbox/'))
      .map((route) => `${route.method} ${route.path}`);
    expect(new Set(registered)).toEqual(new Set([...documentedRoutes(), ...partnerDocumentedRoutes()]));
    expect(Object.keys(openApiDocument().paths as object).length).toBeGreaterThan(5);
  });
});

describe('HSTS', () => {
  it('is sent when PUBLIC_URL is https, and not when it is http', async () => {
    const secure = await startTestServer('sqlite', { config: { publicUrl: 'https://berjangka.bpr.example' } });
    const plain = await startTestServer('sqlite');
    try {
      expect((await secure.call('GET', '/healthz')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect((await secure.call('GET', '/tidak-ada')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect((await plain.call('GET', '/healthz')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await secure.stop();
      await plain.stop();
    }
  });
});

describe('health when the database is gone', () => {
  it('GET /healthz answers 503', async () => {
    const t = await startTestServer('sqlite');
    try {
      await t.server.database.close();
      const result = await t.call('GET', '/healthz');
      expect(result.status).toBe(503);
      expect(result.body).toEqual({ statusCode: 503, message: 'Basis data tidak dapat dihubungi.', error: 'Service Unavailable' });
    } finally {
      await t.stop().catch(() => undefined);
    }
  });
});
