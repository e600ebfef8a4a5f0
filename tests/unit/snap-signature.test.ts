import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  accessTokenStringToSign,
  bodyDigest,
  checkTimestamp,
  minifyJson,
  requestStringToSign,
  signAccessTokenRequest,
  signRequest,
  snapTimestamp,
  verifyAccessTokenRequest,
  verifyRequest,
} from '../../server/partner/snap-signature';

/**
 * SNAP's signatures against a worked example computed with another implementation: OpenSSL 3.0's
 * command line, on the test key pair in tests/support/snap/ (made for these tests, of no
 * partner):
 *
 *   printf '%s' 'mitra-uji-123|2026-03-02T09:15:00+07:00' \
 *     | openssl dgst -sha256 -sign test-partner-private.pem -binary | base64 -w0
 *   printf '%s' "$MINIFIED_BODY" | openssl dgst -sha256 -r
 *   printf '%s' "POST:/api-partner/v1.0/deposito/placement:tok-abc.def:$DIGEST:2026-03-02T09:15:00+07:00" \
 *     | openssl dgst -sha512 -hmac 'rahasia-mitra-uji' -binary | base64 -w0
 */

const key = (name: string) => readFileSync(new URL(`../support/snap/${name}`, import.meta.url), 'utf8');
const PRIVATE_KEY = key('test-partner-private.pem');
const PUBLIC_KEY = key('test-partner-public.pem');
const CLIENT_KEY = 'mitra-uji-123';
const TIMESTAMP = '2026-03-02T09:15:00+07:00';
const TOKEN_SIGNATURE_BY_OPENSSL =
  'qJqBB6rVW9GgzJ5NGekQ7nNnidxVD/J4fWxVdCo4CmSTkZHt4nODxJoM/B8chmbcDHSMR/bCmNIpQBkJb6skaFliEPHXrRx8EZn86IjdC2IMdAleCQSuNyLNbIdQYlAiEQOed074WmqhVv41WTEdn/buRnFM3Twbdxo0eD2UH+GLmnN+dAp/yFN3EDepkkCEYReRFY60eLljy6Kou2U6lxSYO1gvcdFR5XOG7d8g8zrdnYiegAr2Wklmp5LBTloO7VdypLWPmS8BfXQMLgjdhX70OZhkIliLjXZEKCJT8hWiCN4vhkuaDPWFdBKk4ie5sTrg3Sv+Nt4B1KLKnUOp7Q==';

/** A body as a partner might pretty-print it: its minified form is what OpenSSL hashed above. */
const PRETTY_BODY = `{
  "partnerReferenceNo": "MU-0001",
  "amount": 50000000,
  "rate": 6.25,
  "customer": {
    "name": "Siti \\"Ani\\" Aminah",
    "address": "Jl. Merdeka  No. 1"
  }
}`;
const MINIFIED_BODY = '{"partnerReferenceNo":"MU-0001","amount":50000000,"rate":6.25,"customer":{"name":"Siti \\"Ani\\" Aminah","address":"Jl. Merdeka  No. 1"}}';
const BODY_DIGEST_BY_OPENSSL = '8c097bf85ba39b2be9b0a23ac938bd968a3121323ed084780afa189b5998cd37';
const CALL = { method: 'post', path: '/api-partner/v1.0/deposito/placement', accessToken: 'tok-abc.def', body: PRETTY_BODY, timestamp: TIMESTAMP };
const CLIENT_SECRET = 'rahasia-mitra-uji';
const CALL_SIGNATURE_BY_OPENSSL = 'zil1C2HrNBuHiuvoC/H4m3c8G56zWSBEl4EiDFgn2pDiSUYzgJGunP4CJtCB9CzU1b2LcMA9NSvpxXE7lhGIVw==';

describe('the access token signature (SHA256withRSA)', () => {
  it('signs clientKey|timestamp as OpenSSL does, and verifies with the registered public key', () => {
    expect(accessTokenStringToSign(CLIENT_KEY, TIMESTAMP)).toBe('mitra-uji-123|2026-03-02T09:15:00+07:00');
    expect(signAccessTokenRequest(PRIVATE_KEY, CLIENT_KEY, TIMESTAMP)).toBe(TOKEN_SIGNATURE_BY_OPENSSL);
    expect(verifyAccessTokenRequest(PUBLIC_KEY, CLIENT_KEY, TIMESTAMP, TOKEN_SIGNATURE_BY_OPENSSL)).toBe(true);
  });

  it('refuses another timestamp or client key, a changed signature, garbage and a key that is no key', () => {
    expect(verifyAccessTokenRequest(PUBLIC_KEY, CLIENT_KEY, '2026-03-02T09:15:01+07:00', TOKEN_SIGNATURE_BY_OPENSSL)).toBe(false);
    expect(verifyAccessTokenRequest(PUBLIC_KEY, 'mitra-lain', TIMESTAMP, TOKEN_SIGNATURE_BY_OPENSSL)).toBe(false);
    const flipped = `${TOKEN_SIGNATURE_BY_OPENSSL[0] === 'q' ? 'r' : 'q'}${TOKEN_SIGNATURE_BY_OPENSSL.slice(1)}`;
    expect(verifyAccessTokenRequest(PUBLIC_KEY, CLIENT_KEY, TIMESTAMP, flipped)).toBe(false);
    expect(verifyAccessTokenRequest(PUBLIC_KEY, CLIENT_KEY, TIMESTAMP, 'bukan tanda tangan!')).toBe(false);
    expect(verifyAccessTokenRequest(PUBLIC_KEY, CLIENT_KEY, TIMESTAMP, '')).toBe(false);
    expect(verifyAccessTokenRequest('-----BEGIN PUBLIC KEY-----\nrusak\n-----END PUBLIC KEY-----', CLIENT_KEY, TIMESTAMP, TOKEN_SIGNATURE_BY_OPENSSL)).toBe(false);
  });
});

describe('the call signature (HMAC-SHA512 over the minified body)', () => {
  it('minifies outside strings only: field order, numbers and the spaces and escaped quotes inside strings as sent', () => {
    expect(minifyJson(PRETTY_BODY)).toBe(MINIFIED_BODY);
    expect(minifyJson('{ "a" : [ 1.0 , 12345678901234567890 ] ,\r\n\t"b":"x\\\\" }')).toBe('{"a":[1.0,12345678901234567890],"b":"x\\\\"}');
    expect(minifyJson('')).toBe('');
  });

  it('hashes and signs as OpenSSL does, the method upper-cased', () => {
    expect(bodyDigest(PRETTY_BODY)).toBe(BODY_DIGEST_BY_OPENSSL);
    // SHA-256 of nothing, for a call without a body.
    expect(bodyDigest('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(requestStringToSign(CALL)).toBe(`POST:/api-partner/v1.0/deposito/placement:tok-abc.def:${BODY_DIGEST_BY_OPENSSL}:2026-03-02T09:15:00+07:00`);
    expect(signRequest(CLIENT_SECRET, CALL)).toBe(CALL_SIGNATURE_BY_OPENSSL);
    expect(verifyRequest(CLIENT_SECRET, { ...CALL, body: MINIFIED_BODY }, CALL_SIGNATURE_BY_OPENSSL)).toBe(true);
  });

  it('refuses the signature for another body, path, token, timestamp or secret', () => {
    expect(verifyRequest(CLIENT_SECRET, { ...CALL, body: MINIFIED_BODY.replace('50000000', '50000001') }, CALL_SIGNATURE_BY_OPENSSL)).toBe(false);
    expect(verifyRequest(CLIENT_SECRET, { ...CALL, path: '/api-partner/v1.0/deposito/cancel' }, CALL_SIGNATURE_BY_OPENSSL)).toBe(false);
    expect(verifyRequest(CLIENT_SECRET, { ...CALL, accessToken: 'tok-lain' }, CALL_SIGNATURE_BY_OPENSSL)).toBe(false);
    expect(verifyRequest(CLIENT_SECRET, { ...CALL, timestamp: '2026-03-02T09:15:00+07:01' }, CALL_SIGNATURE_BY_OPENSSL)).toBe(false);
    expect(verifyRequest('rahasia-lain', CALL, CALL_SIGNATURE_BY_OPENSSL)).toBe(false);
    expect(verifyRequest(CLIENT_SECRET, CALL, '')).toBe(false);
  });
});

describe('X-TIMESTAMP', () => {
  const now = new Date('2026-03-02T02:15:00.000Z');

  it('accepts ISO-8601 with an offset or Z within 5 minutes either way, and writes Jakarta time', () => {
    expect(checkTimestamp('2026-03-02T09:15:00+07:00', now)).toBe('ok');
    expect(checkTimestamp('2026-03-02T02:20:00Z', now)).toBe('ok');
    expect(checkTimestamp('2026-03-02T09:10:00.123+07:00', now)).toBe('ok');
    expect(snapTimestamp(now)).toBe('2026-03-02T09:15:00+07:00');
  });

  it('calls a timestamp more than 5 minutes off stale, and one without its offset or seconds invalid', () => {
    expect(checkTimestamp('2026-03-02T09:20:01+07:00', now)).toBe('stale');
    expect(checkTimestamp('2026-03-02T09:09:59+07:00', now)).toBe('stale');
    expect(checkTimestamp('2026-03-02T09:15:00', now)).toBe('invalid');
    expect(checkTimestamp('2026-03-02T09:15+07:00', now)).toBe('invalid');
    expect(checkTimestamp('2026-03-02', now)).toBe('invalid');
    expect(checkTimestamp('2026-13-45T09:15:00+07:00', now)).toBe('invalid');
  });
});
