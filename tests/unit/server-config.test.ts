import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config';
import { contentSecurityPolicy } from '../../server/platform/http/middleware';

describe('server configuration', () => {
  it('has defaults that run on a fresh machine', () => {
    expect(loadConfig({})).toEqual({
      mode: 'demo',
      port: 3000,
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      embedAllowedOrigins: [],
      productId: 'BPR',
      storageKey: undefined,
      smtpUrl: undefined,
      mailFrom: 'Berjangka <no-reply@berjangka.local>',
      supportEmail: 'dukungan@berjangka.local',
      supportPhone: null,
      publicUrl: 'http://localhost:3000',
      passwordMaxAgeDays: 90,
      trustedProxyHops: 0,
      logLevel: 'info',
      fileStore: { kind: 'disk' },
      jne: { url: undefined, username: undefined, apiKey: undefined, account: {} },
      privy: { url: undefined, merchantKey: undefined, callbackSecret: undefined },
      platform: {
        name: 'PT Berjangka Digital Indonesia',
        npwp: '0012 3456 7890 1000',
        address: 'Jl. Jenderal Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan 12190',
        bankName: 'Bank Mandiri',
        accountNumber: '123-00-0987654-3',
        accountName: 'PT Berjangka Digital Indonesia',
      },
    });
  });

  it('reads the platform the invoices name as their issuer; the account name follows the platform name unless given; an NPWP must have 15 or 16 digits', () => {
    expect(loadConfig({ PLATFORM_NAME: 'PT Mitra Deposito', PLATFORM_NPWP: '01.234.567.8-901.000', PLATFORM_BANK_NAME: 'BCA', PLATFORM_BANK_ACCOUNT_NUMBER: '8001234567' }).platform).toEqual({
      name: 'PT Mitra Deposito',
      npwp: '01.234.567.8-901.000',
      address: 'Jl. Jenderal Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan 12190',
      bankName: 'BCA',
      accountNumber: '8001234567',
      accountName: 'PT Mitra Deposito',
    });
    expect(loadConfig({ PLATFORM_BANK_ACCOUNT_NAME: 'PT Rekening Lain' }).platform.accountName).toBe('PT Rekening Lain');
    expect(() => loadConfig({ PLATFORM_NPWP: '12345' })).toThrow(/PLATFORM_NPWP: PLATFORM_NPWP must have 15 or 16 digits/);
  });

  it('reads the support contact GET /settings shows, and refuses an email that is not one', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'helpdesk@bpr-sejahtera.co.id', SUPPORT_PHONE: '021-5551234' })).toMatchObject({ supportEmail: 'helpdesk@bpr-sejahtera.co.id', supportPhone: '021-5551234' });
    expect(() => loadConfig({ SUPPORT_EMAIL: 'bukan email' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('reads the JNE and Privy settings; unset URLs mean the local sandboxes, whose credentials may still be given', () => {
    expect(
      loadConfig({
        JNE_URL: 'https://apiv2.jne.co.id:10205/',
        JNE_USERNAME: 'BPRSEJAHTERA',
        JNE_API_KEY: 'abc123',
        PRIVY_URL: 'https://core.privy.id/v3/merchant/',
        PRIVY_MERCHANT_KEY: 'merchant-key',
        PRIVY_CALLBACK_SECRET: 'callback-secret',
      }),
    ).toMatchObject({
      jne: { url: 'https://apiv2.jne.co.id:10205', username: 'BPRSEJAHTERA', apiKey: 'abc123', account: {} },
      privy: { url: 'https://core.privy.id/v3/merchant', merchantKey: 'merchant-key', callbackSecret: 'callback-secret' },
    });
    expect(loadConfig({ JNE_URL: '', JNE_API_KEY: 'demo', PRIVY_CALLBACK_SECRET: 'rahasia' })).toMatchObject({
      jne: { url: undefined, username: undefined, apiKey: 'demo', account: {} },
      privy: { url: undefined, merchantKey: undefined, callbackSecret: 'rahasia' },
    });
  });

  it('stops on a provider URL without its credentials, or one that is not http(s), naming the variable', () => {
    const stops = (env: Record<string, string>, message: RegExp) => expect(() => loadConfig(env)).toThrow(message);
    stops({ JNE_URL: 'https://apiv2.jne.co.id' }, /JNE_USERNAME: JNE_USERNAME is required when JNE_URL is set \(unset JNE_URL to use the local sandbox, or JNE_URL=off\); JNE_API_KEY: JNE_API_KEY is required when JNE_URL is set/);
    stops({ JNE_URL: 'https://apiv2.jne.co.id', JNE_USERNAME: 'u' }, /JNE_API_KEY: JNE_API_KEY is required when JNE_URL is set/);
    stops({ PRIVY_URL: 'https://core.privy.id/v3/merchant', PRIVY_MERCHANT_KEY: 'k' }, /PRIVY_CALLBACK_SECRET: PRIVY_CALLBACK_SECRET is required when PRIVY_URL is set/);
    stops({ PRIVY_URL: 'https://core.privy.id/v3/merchant', PRIVY_CALLBACK_SECRET: 's' }, /PRIVY_MERCHANT_KEY: PRIVY_MERCHANT_KEY is required when PRIVY_URL is set/);
    stops({ JNE_URL: 'apiv2.jne.co.id:10205', JNE_USERNAME: 'u', JNE_API_KEY: 'k' }, /JNE_URL: JNE_URL must be an http:\/\/ or https:\/\/ URL/);
    stops({ PRIVY_URL: 'ftp://privy.id', PRIVY_MERCHANT_KEY: 'k', PRIVY_CALLBACK_SECRET: 's' }, /PRIVY_URL: PRIVY_URL must be an http:\/\/ or https:\/\/ URL/);
  });

  it('NODE_ENV=production stops without JWT_SECRET, PUBLIC_URL, JNE_URL or PRIVY_URL, naming each; off runs without a provider', () => {
    const complete = { NODE_ENV: 'production', JWT_SECRET: 'rahasia', PUBLIC_URL: 'https://deposito.bpr.example/', JNE_URL: 'off', PRIVY_URL: 'off' };
    expect(loadConfig(complete)).toMatchObject({
      mode: 'production',
      publicUrl: 'https://deposito.bpr.example',
      jne: { url: undefined, off: true },
      privy: { url: undefined, off: true },
    });
    for (const name of ['JWT_SECRET', 'PUBLIC_URL', 'JNE_URL', 'PRIVY_URL'] as const) {
      const env: Record<string, string> = { ...complete, [name]: '' };
      expect(() => loadConfig(env), name).toThrow(new RegExp(`^Invalid configuration: ${name}: ${name} is required when NODE_ENV=production`));
    }
    // A URL still needs its credentials, and says off is the way out.
    expect(() => loadConfig({ ...complete, PRIVY_URL: 'https://core.privy.id/v3/merchant' })).toThrow(/PRIVY_MERCHANT_KEY is required when PRIVY_URL is set \(or PRIVY_URL=off to run without it\)/);
    expect(loadConfig({ ...complete, JNE_URL: 'https://apiv2.jne.co.id', JNE_USERNAME: 'u', JNE_API_KEY: 'k' }).jne).toMatchObject({ url: 'https://apiv2.jne.co.id', username: 'u' });
    // Outside production the same settings are optional, and off works there too.
    expect(loadConfig({ NODE_ENV: 'development', JNE_URL: 'off' })).toMatchObject({ mode: 'demo', jne: { off: true }, privy: { url: undefined } });
    expect(() => loadConfig({ JNE_URL: 'mati' })).toThrow(/^Invalid configuration: JNE_URL: JNE_URL must be an http:\/\/ or https:\/\/ URL, or off to run without it$/);
  });

  it('keeps files on disk by default, in the database or in S3 on request', () => {
    expect(loadConfig({ FILE_STORE: '' }).fileStore).toEqual({ kind: 'disk' });
    expect(loadConfig({ FILE_STORE: 'database' }).fileStore).toEqual({ kind: 'database' });
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'berjangka-files' }).fileStore).toEqual({
      kind: 's3',
      s3: { bucket: 'berjangka-files', region: 'us-east-1', endpoint: undefined, forcePathStyle: false, credentials: undefined },
    });
    expect(
      loadConfig({
        FILE_STORE: 's3',
        S3_BUCKET: 'berjangka-files',
        S3_REGION: 'ap-southeast-3',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      s3: { bucket: 'berjangka-files', region: 'ap-southeast-3', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' } },
    });
  });

  it('stops on a file store setting that cannot work, naming the variable', () => {
    const stops = (env: Record<string, string>, message: RegExp) => expect(() => loadConfig(env)).toThrow(message);
    stops({ FILE_STORE: 'nfs' }, /FILE_STORE: FILE_STORE must be disk, database or s3/);
    stops({ FILE_STORE: 's3' }, /S3_BUCKET: S3_BUCKET is required when FILE_STORE=s3/);
    stops({ FILE_STORE: 's3', S3_BUCKET: 'Berkas_BPR' }, /S3_BUCKET: S3_BUCKET must be a bucket name/);
    stops({ FILE_STORE: 's3', S3_BUCKET: 'berkas', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/);
    stops({ FILE_STORE: 's3', S3_BUCKET: 'berkas', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE: S3_FORCE_PATH_STYLE must be true or false/);
    stops({ FILE_STORE: 's3', S3_BUCKET: 'berkas', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, /S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID/);
    stops({ FILE_STORE: 's3', S3_BUCKET: 'berkas', S3_SECRET_ACCESS_KEY: 'secret' }, /S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required with S3_SECRET_ACCESS_KEY/);
    // S3 settings without FILE_STORE=s3 would silently keep files elsewhere.
    stops({ S3_BUCKET: 'berkas' }, /S3_BUCKET: S3_BUCKET is set but FILE_STORE is disk \(the default\); set FILE_STORE=s3 or unset S3_BUCKET/);
    stops({ FILE_STORE: 'database', S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT: S3_ENDPOINT is set but FILE_STORE is database/);
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
