import { describe, expect, it } from 'vitest';
import { findBankByCode, INDONESIAN_BANKS } from '@machines/customer-rules/indonesian-banks';

describe('INDONESIAN_BANKS: the sandi bank list for the payout-account picker', () => {
  it('has a real list, not a stub', () => {
    expect(INDONESIAN_BANKS.length).toBeGreaterThanOrEqual(40);
  });

  it('gives every bank a code of exactly three digits and a non-empty, trimmed name', () => {
    for (const bank of INDONESIAN_BANKS) {
      expect(bank.code, bank.name).toMatch(/^\d{3}$/);
      expect(bank.name.trim(), bank.code).toBe(bank.name);
      expect(bank.name.length, bank.code).toBeGreaterThan(0);
    }
  });

  it('never gives two banks the same code', () => {
    const codes = INDONESIAN_BANKS.map((bank) => bank.code);
    const repeated = codes.filter((code, index) => codes.indexOf(code) !== index);
    expect(repeated).toEqual([]);
  });

  it('never gives two banks the same name, even ignoring case', () => {
    const names = INDONESIAN_BANKS.map((bank) => bank.name.toLocaleLowerCase('id'));
    const repeated = names.filter((name, index) => names.indexOf(name) !== index);
    expect(repeated).toEqual([]);
  });

  it('is sorted by name in Indonesian collation', () => {
    const names = INDONESIAN_BANKS.map((bank) => bank.name);
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'id'));
    expect(names).toEqual(sorted);
  });

  it('is frozen, list and entries alike', () => {
    expect(Object.isFrozen(INDONESIAN_BANKS)).toBe(true);
    for (const bank of INDONESIAN_BANKS) expect(Object.isFrozen(bank), bank.name).toBe(true);
  });
});

describe('findBankByCode', () => {
  // Hand-checked against all four sources named in the module's header.
  it.each([
    ['002', 'Bank Rakyat Indonesia (BRI)'],
    ['008', 'Bank Mandiri'],
    ['009', 'Bank Negara Indonesia (BNI)'],
    ['014', 'Bank Central Asia (BCA)'],
    ['200', 'Bank Tabungan Negara (BTN)'],
    ['451', 'Bank Syariah Indonesia (BSI)'],
  ])('finds %s: %s', (code, name) => {
    expect(findBankByCode(code)).toEqual({ code, name });
  });

  it('returns the same entry the list holds', () => {
    const bca = INDONESIAN_BANKS.find((bank) => bank.code === '014');
    expect(findBankByCode('014')).toBe(bca);
  });

  it('returns undefined for a code no bank has, and for malformed input', () => {
    expect(findBankByCode('999')).toBeUndefined();
    expect(findBankByCode('')).toBeUndefined();
    expect(findBankByCode('14')).toBeUndefined();
    expect(findBankByCode(' 014')).toBeUndefined();
    // BRI Syariah's and BNI Syariah's codes from before the 2021 BSI merger are not offered.
    expect(findBankByCode('422')).toBeUndefined();
    expect(findBankByCode('427')).toBeUndefined();
  });
});
