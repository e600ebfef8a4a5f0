import { describe, expect, it } from 'vitest';
import { answeredFinally, createIdempotentSender, payloadFingerprint } from '../../src/lib/idempotency';

const refusal = { statusCode: 409, message: 'Bilyet deposito belum dikembalikan nasabah atau dicatat hilang.', error: 'Conflict' };
const noAnswer = { statusCode: 0, message: 'Tidak dapat terhubung ke server. Periksa koneksi Anda.', error: 'NetworkError' };
const serverDown = { statusCode: 503, message: 'Terjadi kesalahan pada server. Silakan coba lagi.', error: 'Service Unavailable' };

/** A sender whose keys are k1, k2, … and a request that records the key and answers `outcome`. */
function harness() {
  let minted = 0;
  const send = createIdempotentSender(() => `k${(minted += 1)}`);
  const keys: string[] = [];
  const attempt = (payload: unknown, outcome: 'ok' | object) =>
    send(payload, async (key) => {
      keys.push(key);
      if (outcome !== 'ok') throw outcome;
      return 'saved';
    }).catch((error: unknown) => error);
  return { attempt, keys };
}

const payout = (depositId: string, reference = 'TRF-1') => ({ depositId, reference, paidAt: '2026-11-20' });

describe('which Idempotency-Key a save carries', () => {
  it('a refused payout does not lend its key to the next payout (the server would answer 422)', async () => {
    const { attempt, keys } = harness();
    expect(await attempt(payout('dep-1'), refusal)).toBe(refusal);
    expect(await attempt(payout('dep-2'), 'ok')).toBe('saved');
    expect(keys).toEqual(['k1', 'k2']);
  });

  it('the same payload sent again after a refusal is a new submission with a new key', async () => {
    // The server stored the refusal under k1; once the bilyet is back, k1 would only replay it.
    const { attempt, keys } = harness();
    await attempt(payout('dep-1'), refusal);
    await attempt(payout('dep-1'), 'ok');
    expect(keys).toEqual(['k1', 'k2']);
  });

  it('the same payload retried after no answer or a 5xx keeps its key, until the server answers', async () => {
    const { attempt, keys } = harness();
    await attempt(payout('dep-1'), noAnswer);
    await attempt(payout('dep-1'), serverDown);
    expect(await attempt(payout('dep-1'), 'ok')).toBe('saved');
    // Answered: the key is spent, a later save of the same values is new.
    await attempt(payout('dep-1'), 'ok');
    expect(keys).toEqual(['k1', 'k1', 'k1', 'k2']);
  });

  it('a changed field after a failed attempt is another payload with its own key', async () => {
    const { attempt, keys } = harness();
    await attempt(payout('dep-1', 'TRF-1'), noAnswer);
    await attempt(payout('dep-1', 'TRF-2'), noAnswer);
    await attempt(payout('dep-1', 'TRF-1'), 'ok');
    expect(keys).toEqual(['k1', 'k2', 'k1']);
  });

  it('counts any answer below 500 as final, and no answer or a 5xx as open', () => {
    for (const status of [200, 400, 403, 404, 409, 413, 422]) expect(answeredFinally({ statusCode: status }), String(status)).toBe(true);
    for (const status of [0, 500, 502, 503]) expect(answeredFinally({ statusCode: status }), String(status)).toBe(false);
    expect(answeredFinally(new TypeError('fetch failed'))).toBe(false);
    expect(answeredFinally(null)).toBe(false);
  });
});

describe('payload fingerprints', () => {
  it('ignore the order of keys', () => {
    expect(payloadFingerprint({ a: 1, b: { c: 2, d: [3, 4] } })).toBe(payloadFingerprint({ b: { d: [3, 4], c: 2 }, a: 1 }));
    expect(payloadFingerprint({ b: { d: [4, 3] } })).not.toBe(payloadFingerprint({ b: { d: [3, 4] } }));
  });

  it('tell files apart by name, size, type and modification time', () => {
    const file = (name: string, bytes: number, lastModified = 1) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf', lastModified });
    expect(payloadFingerprint({ proof: file('bukti.pdf', 10) })).toBe(payloadFingerprint({ proof: file('bukti.pdf', 10) }));
    expect(payloadFingerprint({ proof: file('bukti.pdf', 10) })).not.toBe(payloadFingerprint({ proof: file('bukti-2.pdf', 10) }));
    expect(payloadFingerprint({ proof: file('bukti.pdf', 10) })).not.toBe(payloadFingerprint({ proof: file('bukti.pdf', 11) }));
    expect(payloadFingerprint({ proof: file('bukti.pdf', 10, 1) })).not.toBe(payloadFingerprint({ proof: file('bukti.pdf', 10, 2) }));
  });
});
