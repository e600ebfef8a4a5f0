import { describe, expect, it } from 'vitest';
import { messageProblem } from './support/fuzz/checks';
import { fuzzShares, fuzzSuite } from './support/fuzz/fuzz-suite';

/**
 * The fuzz suite (support/fuzz/fuzz-suite.ts) on every operation outside the deposit's life
 * (accounts, banks, users, products, settings, geography, reports), raw HTTP requests and paths
 * no operation documents; and the check that tells Indonesian messages from the rest.
 */

describe('the Indonesian check of the fuzz suite', () => {
  it('refuses English, internal text and echoes, and accepts the sentences staff read', () => {
    for (const english of [
      'Invalid input: expected string, received number',
      'Too big: expected string to have <=100 characters',
      'Required',
      'Unrecognized key: "x"',
      'Nilai undefined tidak valid.',
      'Kolom [object Object] tidak valid.',
      'Error: SQLITE_CONSTRAINT: UNIQUE constraint failed',
      'Terjadi kesalahan di /work/server/x.ts:12:5.',
      'Nama tidak valid: ' + 'x'.repeat(600),
      'Tanggal tidak valid\u0000.',
      'Tanggal tidak valid',
      'Bad Request',
    ]) {
      expect(messageProblem(english), english).not.toBeNull();
    }
    for (const indonesian of [
      'Alamat yang diminta tidak ditemukan.',
      'Idempotency-Key tidak valid: 1–255 karakter tanpa spasi.',
      'Kolom "installmentIds.0" tidak valid.',
      'Tanggal harus berformat YYYY-MM-DD.',
      'Pencairan dicatat lewat /deposito/disbursement-paid beserta bukti transfernya.',
      'Logo " " kosong.',
    ]) {
      expect(messageProblem(indonesian), indonesian).toBeNull();
    }
  });
});

fuzzSuite({ file: 'tests/api/fuzz-platform.test.ts', operations: fuzzShares().platform, withRawRequests: true });
