import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../server/auth/jwt';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const claims = { sub: 'u1', bprId: 'b1', role: 'ADMIN' as const, jti: 'j1', iat: 1_000, exp: 2_000 };

describe('HS256 tokens', () => {
  it('round-trips the claims before exp and refuses the token at exp', () => {
    const token = signJwt(claims, SECRET);
    expect(verifyJwt(token, SECRET, 1_999)).toEqual(claims);
    expect(verifyJwt(token, SECRET, 2_000)).toBeNull();
  });

  it('matches an independent HS256 implementation (RFC 7519 layout)', async () => {
    const { createHmac } = await import('node:crypto');
    const token = signJwt(claims, SECRET);
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(signature).toBe(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url'));
  });

  it('refuses another secret, a changed payload, alg none and malformed tokens', () => {
    const token = signJwt(claims, SECRET);
    expect(verifyJwt(token, 'another-secret', 1_500)).toBeNull();
    const [header, , signature] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ ...claims, role: 'OPERATOR' })).toString('base64url');
    expect(verifyJwt(`${header}.${changed}.${signature}`, SECRET, 1_500)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyJwt(`${none}.${token.split('.')[1]}.`, SECRET, 1_500)).toBeNull();
    expect(verifyJwt('not-a-token', SECRET, 1_500)).toBeNull();
  });

  it('refuses claims outside the contract (e.g. an unknown role)', () => {
    const token = signJwt({ ...claims, role: 'ROOT' as never }, SECRET);
    expect(verifyJwt(token, SECRET, 1_500)).toBeNull();
  });
});
