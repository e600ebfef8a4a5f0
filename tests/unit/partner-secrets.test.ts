import { describe, expect, it } from 'vitest';
import { openSecret, partnerSealingKey, sealSecret, secretOpener } from '../../server/partner/partner-secrets';

describe('partner secrets sealed at rest (AES-256-GCM under a key derived from JWT_SECRET)', () => {
  const key = partnerSealingKey('rahasia-instalasi-uji');

  it('a sealed secret opens to itself, never holds it in clear, and seals differently each time', () => {
    const sealed = sealSecret(key, 'client-secret-123');
    expect(sealed).not.toContain('client-secret-123');
    expect(openSecret(key, sealed)).toBe('client-secret-123');
    expect(sealSecret(key, 'client-secret-123')).not.toBe(sealed);
  });

  it('refuses a text sealed under another installation\'s key, or altered', () => {
    const sealed = sealSecret(key, 'client-secret-123');
    expect(() => openSecret(partnerSealingKey('instalasi-lain'), sealed)).toThrow();
    expect(() => openSecret(key, `${sealed.slice(0, -2)}AA`)).toThrow();
  });

  it('secretOpener opens each sealed text once; a rotated secret (a new text) is opened anew; it keeps only the last `limit`', () => {
    const opened: string[] = [];
    const open = secretOpener(key, (secret) => (opened.push(secret), `dipakai:${secret}`), 2);
    const first = sealSecret(key, 'pertama');
    expect([open(first), open(first)]).toEqual(['dipakai:pertama', 'dipakai:pertama']);
    const rotated = sealSecret(key, 'kedua');
    expect(open(rotated)).toBe('dipakai:kedua');
    open(sealSecret(key, 'ketiga'));
    open(first);
    expect(opened).toEqual(['pertama', 'kedua', 'ketiga', 'pertama']);
  });
});
