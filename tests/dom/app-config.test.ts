import { afterEach, describe, expect, it } from 'vitest';
import { readRuntimeConfig } from '@src/app/config';

function withMeta(tags: Record<string, string>): Document {
  const doc = document.implementation.createHTMLDocument('t');
  for (const [name, content] of Object.entries(tags)) {
    const meta = doc.createElement('meta');
    meta.name = name;
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('runtime configuration from index.html', () => {
  it('reads the embed origins and the product id the server wrote into meta tags', () => {
    const doc = withMeta({
      'berjangka:embed-allowed-origins': 'https://host.mitra.test, https://portal.mitra.test:8443/',
      'berjangka:product': 'BPRX',
    });
    expect(readRuntimeConfig(doc, { VITE_EMBED_ALLOWED_ORIGINS: 'https://env.test' })).toEqual({
      embedAllowedOrigins: ['https://host.mitra.test', 'https://portal.mitra.test:8443'],
      product: 'BPRX',
      mode: 'demo',
    });
  });

  it('is production only when the server says so; without the tag (Vite in npm run dev) or with another word, the demo', () => {
    expect(readRuntimeConfig(withMeta({ 'berjangka:mode': 'production' }), {}).mode).toBe('production');
    expect(readRuntimeConfig(withMeta({ 'berjangka:mode': 'demo' }), {}).mode).toBe('demo');
    expect(readRuntimeConfig(withMeta({ 'berjangka:mode': 'produksi' }), {}).mode).toBe('demo');
    expect(readRuntimeConfig(withMeta({}), {}).mode).toBe('demo');
  });

  it('falls back to the build-time variables, then to BPR and no host', () => {
    const doc = withMeta({});
    expect(readRuntimeConfig(doc, { VITE_EMBED_ALLOWED_ORIGINS: 'https://env.test', VITE_PRODUCT: 'DEP' })).toEqual({
      embedAllowedOrigins: ['https://env.test'],
      product: 'DEP',
      mode: 'demo',
    });
    expect(readRuntimeConfig(doc, {})).toEqual({ embedAllowedOrigins: [], product: 'BPR', mode: 'demo' });
  });

  it('an empty meta tag means no host is allowed, whatever the build said', () => {
    const doc = withMeta({ 'berjangka:embed-allowed-origins': '', 'berjangka:product': '' });
    expect(readRuntimeConfig(doc, { VITE_EMBED_ALLOWED_ORIGINS: 'https://env.test' })).toEqual({ embedAllowedOrigins: [], product: 'BPR', mode: 'demo' });
  });
});
