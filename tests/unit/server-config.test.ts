import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config';
import { contentSecurityPolicy } from '../../server/platform/http/middleware';

describe('server configuration', () => {
  it('has defaults that run on a fresh machine', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      embedAllowedOrigins: [],
      productId: 'BPR',
      storageKey: undefined,
      smtpUrl: undefined,
      mailFrom: 'Berjangka <no-reply@berjangka.local>',
      publicUrl: 'http://localhost:3000',
      passwordMaxAgeDays: 90,
      trustedProxyHops: 0,
      logLevel: 'info',
    });
  });

  it('takes the product id for host replies and refuses one that could not be a message suffix', () => {
    expect(loadConfig({ PRODUCT_ID: 'DEPOSITO' }).productId).toBe('DEPOSITO');
    expect(() => loadConfig({ PRODUCT_ID: 'BPR<script>' })).toThrow(/PRODUCT_ID/);
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/berjangka',
      DATABASE_URL: 'postgres://u:p@db/berjangka',
      JWT_SECRET: '',
      EMBED_ALLOWED_ORIGINS: 'https://host.example, https://other.example:8443/',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://berjangka.bpr.example/',
      PASSWORD_MAX_AGE_DAYS: '60',
      TRUSTED_PROXY_HOPS: '1',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/berjangka',
      databaseUrl: 'postgres://u:p@db/berjangka',
      jwtSecret: undefined,
      embedAllowedOrigins: ['https://host.example', 'https://other.example:8443'],
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://berjangka.bpr.example',
      passwordMaxAgeDays: 60,
      trustedProxyHops: 1,
      logLevel: 'warn',
    });
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('stops on invalid values, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ EMBED_ALLOWED_ORIGINS: "https://ok.example; script-src 'unsafe-eval'" })).toThrow(/EMBED_ALLOWED_ORIGINS/);
  });

  it('lets only self and the embedding origins frame the app', () => {
    expect(contentSecurityPolicy([])).toContain("frame-ancestors 'self'");
    expect(contentSecurityPolicy(['https://a.example', 'https://b.example'])).toMatch(/frame-ancestors 'self' https:\/\/a\.example https:\/\/b\.example$/);
  });
});
