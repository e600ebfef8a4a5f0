import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument, documentedRoutes } from '../../server/platform/http/openapi';
import { dialects, fakeFile, blob, startTestServer, type TestServer } from './harness';

const EMBEDDERS = ['https://host.example', 'https://portal.bank.example:8443'];

describe.each(dialects)('HTTP basics on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, {
      config: { embedAllowedOrigins: EMBEDDERS },
      // A file store that fails, to reach the unexpected-error path through a real route.
      fileStore: {
        put: async () => {
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

  it('still answers forgot-password with 200 when the mail server fails, and logs the failure', async () => {
    const result = await t.call('POST', '/api-v2/auth/send-forgot-password', { json: { email: 'operator@bpr-demo.test', userLevel: 1 } });
    expect(result.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.logs.some((line) => line.msg === 'reset mail could not be sent')).toBe(true);
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

  it('documents every route the server registers', () => {
    const registered = t.server.app.routes
      .filter((route) => route.method !== 'ALL' && route.path !== '/*' && !route.path.startsWith('/api-docs'))
      .map((route) => `${route.method} ${route.path}`);
    expect(new Set(registered)).toEqual(new Set(documentedRoutes()));
    expect(Object.keys(openApiDocument().paths as object).length).toBeGreaterThan(5);
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
