import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MISSING_SIGNATURE,
  parsePrivyCallback,
  PrivyCallbackError,
  readPrivyCallback,
  signPrivyCallback,
  verifyPrivySignature,
  WRONG_SIGNATURE,
} from '../../server/signature/privy-callback';

/** Privy's callback: HMAC-SHA256 of the raw body under the shared secret, then the body read. */

const SECRET = 'rahasia-callback-privy-yang-cukup-panjang';
const SIGNED_BODY = JSON.stringify({
  eventId: 'b7d1c0a2-0c4e-4f57-9a55-6d8e8b8f0f11',
  event: 'document.signed',
  docToken: '41bc84b42c8543daf448d893c255be1dbdcc722e',
  documentStatus: 'Completed',
  reference: 'sig-123',
  signedAt: '2026-03-02T03:15:00.000Z',
  occurredAt: '2026-03-02T03:15:00.000Z',
  recipient: { name: 'Budi Santoso', email: 'budi@example.test', signatoryStatus: 'Completed' },
});

function refused(work: () => unknown): PrivyCallbackError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(PrivyCallbackError);
    return error as PrivyCallbackError;
  }
  throw new Error('expected a PrivyCallbackError');
}

describe('Privy callback signature', () => {
  it('is the hex HMAC-SHA256 of the raw body under the secret', () => {
    expect(signPrivyCallback(SIGNED_BODY, SECRET)).toBe(createHmac('sha256', SECRET).update(SIGNED_BODY).digest('hex'));
    expect(signPrivyCallback(new TextEncoder().encode(SIGNED_BODY), SECRET)).toBe(signPrivyCallback(SIGNED_BODY, SECRET));
  });

  it('accepts a valid signature, with or without the sha256= prefix and in upper case', () => {
    const signature = signPrivyCallback(SIGNED_BODY, SECRET);
    expect(verifyPrivySignature(SIGNED_BODY, signature, SECRET)).toBe(true);
    expect(verifyPrivySignature(SIGNED_BODY, `sha256=${signature}`, SECRET)).toBe(true);
    expect(verifyPrivySignature(SIGNED_BODY, signature.toUpperCase(), SECRET)).toBe(true);
  });

  it('refuses a forged signature (another secret), a tampered body, a missing or malformed header', () => {
    expect(verifyPrivySignature(SIGNED_BODY, signPrivyCallback(SIGNED_BODY, 'tebakan'), SECRET)).toBe(false);
    const tampered = SIGNED_BODY.replace('Completed', 'Declined');
    expect(verifyPrivySignature(tampered, signPrivyCallback(SIGNED_BODY, SECRET), SECRET)).toBe(false);
    expect(verifyPrivySignature(`${SIGNED_BODY} `, signPrivyCallback(SIGNED_BODY, SECRET), SECRET)).toBe(false);
    expect(verifyPrivySignature(SIGNED_BODY, undefined, SECRET)).toBe(false);
    expect(verifyPrivySignature(SIGNED_BODY, '', SECRET)).toBe(false);
    expect(verifyPrivySignature(SIGNED_BODY, 'abc', SECRET)).toBe(false);
    expect(verifyPrivySignature(SIGNED_BODY, signPrivyCallback(SIGNED_BODY, SECRET).slice(0, 63), SECRET)).toBe(false);
    // No secret configured: nothing verifies.
    expect(verifyPrivySignature(SIGNED_BODY, signPrivyCallback(SIGNED_BODY, ''), '')).toBe(false);
  });
});

describe('reading a Privy callback', () => {
  it('reads a signed callback into the document id, status, time and event id', () => {
    expect(readPrivyCallback(SIGNED_BODY, signPrivyCallback(SIGNED_BODY, SECRET), SECRET)).toEqual({
      providerDocumentId: '41bc84b42c8543daf448d893c255be1dbdcc722e',
      status: 'signed',
      signedAt: '2026-03-02T03:15:00.000Z',
      occurredAt: '2026-03-02T03:15:00.000Z',
      eventId: 'b7d1c0a2-0c4e-4f57-9a55-6d8e8b8f0f11',
      reference: 'sig-123',
    });
  });

  it('reads declined and expired callbacks (no signing time)', () => {
    const declined = parsePrivyCallback(JSON.stringify({ eventId: 'e2', docToken: 'doc-2', documentStatus: 'Declined', occurredAt: '2026-03-03T01:00:00Z' }));
    expect(declined).toMatchObject({ status: 'declined', signedAt: null, occurredAt: '2026-03-03T01:00:00.000Z', reference: null });
    expect(parsePrivyCallback(JSON.stringify({ eventId: 'e3', docToken: 'doc-3', event: 'document.expired' })).status).toBe('expired');
  });

  it('answers 401 for a missing or wrong signature before reading the body', () => {
    const missing = refused(() => readPrivyCallback(SIGNED_BODY, null, SECRET));
    expect([missing.httpStatus, missing.message]).toEqual([401, MISSING_SIGNATURE]);
    expect(missing.message).toBe('Callback Privy ditolak: header X-Privy-Signature tidak ada.');
    const forged = refused(() => readPrivyCallback('not even json', signPrivyCallback('something else', SECRET), SECRET));
    expect([forged.httpStatus, forged.message]).toEqual([401, WRONG_SIGNATURE]);
  });

  it('answers 400, in Indonesian, for a signed body that is not a callback', () => {
    const notJson = refused(() => readPrivyCallback('{oops', signPrivyCallback('{oops', SECRET), SECRET));
    expect([notJson.httpStatus, notJson.message]).toEqual([400, 'Callback Privy tidak dapat dibaca: isinya bukan JSON.']);
    const incomplete = refused(() => parsePrivyCallback(JSON.stringify({ docToken: 'doc-1', documentStatus: 'In Progress' })));
    expect([incomplete.httpStatus, incomplete.message]).toEqual([400, 'Callback Privy tidak lengkap: eventId, documentStatus tidak ada atau tidak dikenal.']);
    expect(refused(() => parsePrivyCallback('[1,2]')).httpStatus).toBe(400);
    expect(refused(() => parsePrivyCallback(JSON.stringify({ eventId: 'e', docToken: 'd', documentStatus: 'Completed' }))).message).toBe(
      'Callback Privy tidak lengkap: waktu penandatanganan (signedAt) tidak ada.',
    );
  });

  it('verifies a replayed body again, with the same event id: idempotency is the receiver\'s, by eventId', () => {
    const signature = signPrivyCallback(SIGNED_BODY, SECRET);
    const first = readPrivyCallback(SIGNED_BODY, signature, SECRET);
    const replay = readPrivyCallback(SIGNED_BODY, signature, SECRET);
    expect(replay.eventId).toBe(first.eventId);
  });
});
