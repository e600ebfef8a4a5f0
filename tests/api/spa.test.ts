import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

describe('serving the SPA build (npm start)', () => {
  let t: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'berjangka-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Berjangka</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets/index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
    writeFileSync(join(dist, '..', `${dist.split('/').pop()}-secret.txt`), 'rahasia');
    t = await startTestServer('sqlite', {
      spaDir: dist,
      config: { embedAllowedOrigins: ['https://induk.example', 'http://localhost:4321'], productId: 'DEPOSITO' },
    });
  });
  afterAll(async () => {
    await t?.stop();
    rmSync(dist, { recursive: true, force: true });
    rmSync(join(dist, '..', `${dist.split('/').pop()}-secret.txt`), { force: true });
  });

  it('answers client-side routes with index.html, never cached', async () => {
    for (const path of ['/', '/login', '/deposito/123', '/reset-password?token=abc']) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('tells the SPA the embed origins and product id through meta tags in index.html', async () => {
    const html = await (await fetch(`${t.url}/home`)).text();
    expect(html).toContain('<meta name="berjangka:embed-allowed-origins" content="https://induk.example,http://localhost:4321">');
    expect(html).toContain('<meta name="berjangka:product" content="DEPOSITO">');
  });

  it('serves hashed assets with a one-year immutable cache and other files without', async () => {
    const asset = await fetch(`${t.url}/assets/index-abc123.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const robots = await fetch(`${t.url}/robots.txt`);
    expect(robots.headers.get('cache-control')).toBe('no-cache');
    expect(asset.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('answers missing files, paths outside dist and unknown API paths with the 404 envelope', async () => {
    const outside = `/..%2f${dist.split('/').pop()}-secret.txt`;
    for (const path of ['/assets/gone-123.js', '/favicon.ico', outside, '/api-v2-bpr/tidak-ada', '/api-v1']) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error).toBe('Not Found');
    }
  });

  it('still answers the API', async () => {
    expect((await t.call('GET', '/healthz')).status).toBe(200);
    expect(await t.login('admin@bpr-demo.test')).toMatch(/^ey/);
  });
});
