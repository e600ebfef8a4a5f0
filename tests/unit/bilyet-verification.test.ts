import { describe, expect, it } from 'vitest';
import { isVerificationCodeShaped, maskHolderName, newVerificationCode, verdictOf } from '../../server/documents/bilyet-verification';
import { seriesBilyetNumber } from '../../machines/bilyet';

describe('the public verification of a bilyet', () => {
  it('masks every word of the holder name but its first letter', () => {
    expect(maskHolderName('Budi Santoso')).toBe('B*** S******');
    expect(maskHolderName('  Siti   Nurhaliza Putri ')).toBe('S*** N******** P****');
    expect(maskHolderName('A')).toBe('A*');
  });

  it('makes 20-character codes without look-alike letters, different each time', () => {
    const codes = new Set(Array.from({ length: 1000 }, newVerificationCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(isVerificationCodeShaped(code)).toBe(true);
    expect(isVerificationCodeShaped('O0I1ABCDEFGHJKLMNPQR')).toBe(false);
    expect(isVerificationCodeShaped('ABC')).toBe(false);
  });

  it('says an issued bilyet of a running deposit is in force', () => {
    for (const bilyetStatus of ['issued', 'shipped', 'received'] as const) {
      expect(verdictOf({ number: 'B-1', issued: true, currentNumber: 'B-1', bilyetStatus, depositStatus: 'active' })).toEqual({ inForce: true, awaitingIssue: false, note: 'Bilyet ini asli dan berlaku.' });
    }
  });

  it('says a lost bilyet, and the old paper of a reissued one, is no longer in force', () => {
    expect(verdictOf({ number: 'B-1', issued: true, currentNumber: 'B-1', bilyetStatus: 'lost', depositStatus: 'active' }).inForce).toBe(false);
    const replaced = verdictOf({ number: 'B-1', issued: true, currentNumber: 'B-2', bilyetStatus: 'issued', depositStatus: 'active' });
    expect(replaced).toEqual({ inForce: false, awaitingIssue: false, note: 'Bilyet ini sudah tidak berlaku: telah dilaporkan hilang dan diganti dengan bilyet baru.' });
  });

  it('says a returned bilyet or one of a closed deposit is genuine but no longer in force', () => {
    expect(verdictOf({ number: 'B-1', issued: true, currentNumber: 'B-1', bilyetStatus: 'returned', depositStatus: 'disbursing' }).inForce).toBe(false);
    expect(verdictOf({ number: 'B-1', issued: true, currentNumber: 'B-1', bilyetStatus: 'received', depositStatus: 'closed' })).toEqual({ inForce: false, awaitingIssue: false, note: 'Bilyet ini asli, tetapi depositonya sudah dicairkan atau ditutup.' });
  });

  it('says a paper printed from Berjangka and not issued yet is genuine, printed and awaiting issue — not in force, not unknown', () => {
    // Before its scan is uploaded the deposit has no number yet (first issue) or the lost one's (reissue).
    for (const [currentNumber, bilyetStatus] of [[null, 'none'], ['B-0', 'lost']] as const) {
      expect(verdictOf({ number: 'B-1', issued: false, currentNumber, bilyetStatus, depositStatus: 'approved' })).toEqual({
        inForce: false,
        awaitingIssue: true,
        note: 'Dicetak, menunggu penerbitan: bilyet ini asli dan sudah dicetak oleh bank, tetapi baru berlaku setelah bank menerbitkannya (bilyet yang ditandatangani belum dicatat). Hubungi bank penerbit bila ragu.',
      });
    }
    expect(verdictOf({ number: 'B-1', issued: false, currentNumber: null, bilyetStatus: 'none', depositStatus: 'cancelled' })).toMatchObject({ inForce: false, awaitingIssue: false });
  });
});

describe("a bank's bilyet series", () => {
  it('writes the prefix, then the number padded with zeros to the digits, never cut', () => {
    expect(seriesBilyetNumber({ prefix: 'BJ/', digits: 6 }, 42)).toBe('BJ/000042');
    expect(seriesBilyetNumber({ prefix: '', digits: 6 }, 1)).toBe('000001');
    expect(seriesBilyetNumber({ prefix: 'A-', digits: 3 }, 999)).toBe('A-999');
    expect(seriesBilyetNumber({ prefix: 'A-', digits: 3 }, 1000)).toBe('A-1000');
    expect(seriesBilyetNumber({ prefix: ' BPR-2026-', digits: 1 }, 7)).toBe('BPR-2026-7');
  });

  it('refuses a number that is not a whole number from 1', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => seriesBilyetNumber({ prefix: 'X', digits: 4 }, n)).toThrow(RangeError);
  });
});
