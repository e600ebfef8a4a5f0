import { describe, expect, it } from 'vitest';
import { isVerificationCodeShaped, maskHolderName, newVerificationCode, verdictOf } from '../../server/documents/bilyet-verification';

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
      expect(verdictOf({ number: 'B-1', currentNumber: 'B-1', bilyetStatus, depositStatus: 'active' })).toEqual({ inForce: true, note: 'Bilyet ini asli dan berlaku.' });
    }
  });

  it('says a lost bilyet, and the old paper of a reissued one, is no longer in force', () => {
    expect(verdictOf({ number: 'B-1', currentNumber: 'B-1', bilyetStatus: 'lost', depositStatus: 'active' }).inForce).toBe(false);
    const replaced = verdictOf({ number: 'B-1', currentNumber: 'B-2', bilyetStatus: 'issued', depositStatus: 'active' });
    expect(replaced).toEqual({ inForce: false, note: 'Bilyet ini sudah tidak berlaku: telah dilaporkan hilang dan diganti dengan bilyet baru.' });
  });

  it('says a returned bilyet or one of a closed deposit is genuine but no longer in force', () => {
    expect(verdictOf({ number: 'B-1', currentNumber: 'B-1', bilyetStatus: 'returned', depositStatus: 'disbursing' }).inForce).toBe(false);
    expect(verdictOf({ number: 'B-1', currentNumber: 'B-1', bilyetStatus: 'received', depositStatus: 'closed' })).toEqual({ inForce: false, note: 'Bilyet ini asli, tetapi depositonya sudah dicairkan atau ditutup.' });
  });
});
