import { describe, expect, it } from 'vitest';
import { maskNik, nikFacts, nikProblems, normalizeNik } from '@machines/customer-rules/nik';
import { emailProblem, maskPhone, nationalPhone, normalizeEmail, normalizePhone, phoneProblem } from '@machines/customer-rules/contact';
import { formatNpwp, nibProblem, normalizeNib, normalizeNpwp, npwpProblem } from '@machines/customer-rules/tax-ids';

// Districts the stub geography knows: Bandung Wetan (Kota Bandung) and Cibinong (Kab. Bogor).
const KNOWN = new Set(['32.73.09', '32.01.01']);
const exists = (code: string) => KNOWN.has(code);

describe('NIK: 16 digits, a district that exists, the birth date and gender it encodes, a serial', () => {
  // 32 73 09 | 12 03 85 | 0001: a man born 12 March 1985, registered in Bandung Wetan.
  const man = '3273091203850001';
  // The same date for a woman: day 12 + 40 = 52.
  const woman = '3273095203850002';

  it('reads the facts: district, birth day and month, two-digit year, gender, serial', () => {
    expect(nikFacts(man)).toEqual({ districtCode: '32.73.09', birthDay: 12, birthMonth: 3, birthYearTwoDigits: 85, gender: 'MALE', serial: '0001' });
    expect(nikFacts(woman)).toMatchObject({ birthDay: 12, gender: 'FEMALE', serial: '0002' });
  });

  it('accepts a NIK that agrees with the form, typed with spaces or dots as on a photocopy', () => {
    expect(nikProblems(man, { birthDate: '1985-03-12', gender: 'MALE' }, exists)).toEqual([]);
    expect(nikProblems('3273 0952 0385 0002', { birthDate: '1985-03-12', gender: 'FEMALE' }, exists)).toEqual([]);
    expect(normalizeNik('3273.0912.0385-0001')).toBe(man);
  });

  it('not 16 digits: one sentence, saying how many were typed', () => {
    expect(nikProblems('327309120385001', {}, exists)).toEqual(['NIK harus 16 digit angka (terisi 15 karakter).']);
    expect(nikProblems('32730912038500O1', {}, exists)).toEqual(['NIK harus 16 digit angka (terisi 16 karakter).']);
  });

  it('a district code that is not in the geography', () => {
    expect(nikProblems('9999991203850001', { birthDate: '1985-03-12', gender: 'MALE' }, exists)).toEqual([
      'Kode wilayah NIK 999999 tidak terdaftar: 6 digit pertama adalah kode provinsi, kabupaten/kota dan kecamatan tempat KTP diterbitkan.',
    ]);
  });

  it('a birth date that disagrees with the form (day, month or year)', () => {
    expect(nikProblems(man, { birthDate: '1985-03-13' }, exists)).toEqual([
      'Tanggal lahir pada NIK (12-03-85) tidak sama dengan tanggal lahir yang diisi (13-03-1985).',
    ]);
    expect(nikProblems(man, { birthDate: '1986-03-12' }, exists)).toHaveLength(1);
    expect(nikProblems(man, { birthDate: '1985-04-12' }, exists)).toHaveLength(1);
    // The century is not in the NIK: 2085 would agree as 1985 does (the form's date decides it).
    expect(nikProblems(man, { birthDate: '2085-03-12' }, exists)).toEqual([]);
  });

  it("a gender that disagrees with the day's +40, each way", () => {
    expect(nikProblems(woman, { birthDate: '1985-03-12', gender: 'MALE' }, exists)).toEqual([
      'NIK ini milik perempuan (tanggal lahirnya ditambah 40), sedangkan jenis kelamin diisi laki-laki.',
    ]);
    expect(nikProblems(man, { gender: 'FEMALE' }, exists)).toEqual([
      'NIK ini milik laki-laki (tanggal lahirnya tidak ditambah 40), sedangkan jenis kelamin diisi perempuan.',
    ]);
  });

  it('a date part that is no date: day 32–40, 31 February, 29 February of a year not divisible by 4', () => {
    const bad = (datePart: string) => nikProblems(`327309${datePart}0001`, {}, exists);
    expect(bad('320385')).toEqual(['Digit 7–12 NIK (320385) bukan tanggal lahir yang valid (DDMMYY, tanggal ditambah 40 untuk perempuan).']);
    expect(bad('400385')).toHaveLength(1);
    expect(bad('710285')).toHaveLength(1); // a woman born 31 February
    expect(bad('291301')).toHaveLength(1); // month 13
    expect(bad('290201')).toHaveLength(1); // 29 Feb 2001
    expect(bad('290200')).toEqual([]); // 29 Feb 2000
    expect(bad('690296')).toEqual([]); // a woman born 29 Feb 1996
    expect(bad('710185')).toEqual([]); // a woman born 31 January
  });

  it('serial 0000 is refused; every broken rule is said, not only the first', () => {
    expect(nikProblems('3273091203850000', {}, exists)).toEqual(['Nomor urut NIK (4 digit terakhir) tidak boleh 0000.']);
    expect(nikProblems('9999995203850000', { birthDate: '1990-01-01', gender: 'MALE' }, exists)).toHaveLength(4);
  });

  it('lists show the first four and the last four digits', () => {
    expect(maskNik('3201010101010001')).toBe('3201********0001');
    expect(maskNik('3201 0101 0101 0001')).toBe('3201********0001');
  });
});

describe('phone numbers: Indonesian, one number however it is typed', () => {
  it('0812…, +62 812…, 62812… and (0812) 3456-7890 are the same number, kept in E.164', () => {
    for (const typed of ['081234567890', '0812-3456-7890', '+62 812 3456 7890', '6281234567890', '(0812) 3456-7890', '+62 (0)812 3456 7890']) {
      expect(normalizePhone(typed), typed).toBe('+6281234567890');
    }
    // A Bandung landline: area code 22, subscriber 4231234.
    expect(normalizePhone('(022) 423-1234')).toBe('+62224231234');
  });

  it('too short, too long, letters or a foreign number are refused with a sentence', () => {
    expect(normalizePhone('0812345')).toBeNull(); // 6 digits after the 0
    expect(normalizePhone('08123456789012')).toBeNull(); // 13 digits after the 0
    expect(normalizePhone('0812-345-678O')).toBeNull();
    expect(normalizePhone('812345678')).toBeNull(); // no 0 or +62: could be anything
    expect(phoneProblem('0812345')).toBe('Nomor telepon tidak valid: tulis seperti 0812 3456 7890 atau +62 812 3456 7890.');
    expect(phoneProblem('+65 9123 4567')).toBe('Nomor telepon harus nomor Indonesia (+62 atau diawali 0).');
    expect(phoneProblem('0812 3456 7890')).toBeNull();
  });

  it('staff read the national form; lists mask its middle', () => {
    expect(nationalPhone('+6281234567890')).toBe('081234567890');
    expect(maskPhone('+6281234567890')).toBe('0812*****890');
  });
});

describe('email', () => {
  it('accepts an address and keeps its domain in lower case', () => {
    expect(normalizeEmail(' Rina.Wati+deposito@Contoh.CO.ID ')).toBe('Rina.Wati+deposito@contoh.co.id');
  });

  it('refuses what a mail server would not take', () => {
    for (const typed of ['rina', 'rina@', '@contoh.co.id', 'rina@contoh', 'rina wati@contoh.co.id', 'rina@contoh..co.id', 'rina@-contoh.co.id', '.rina@contoh.co.id', 'rina@contoh.c0']) {
      expect(normalizeEmail(typed), typed).toBeNull();
    }
    expect(emailProblem('rina@contoh')).toBe('Alamat email tidak valid: tulis seperti nama@contoh.co.id.');
  });
});

describe('NPWP and NIB', () => {
  it('NPWP: 15 digits (the old card) or 16 (the NIK-based one), punctuation dropped', () => {
    expect(normalizeNpwp('01.234.567.8-901.000')).toBe('012345678901000');
    expect(normalizeNpwp('3273091203850001')).toBe('3273091203850001');
    expect(formatNpwp('012345678901000')).toBe('01.234.567.8-901.000');
    expect(formatNpwp('3273091203850001')).toBe('3273091203850001');
  });

  it('NPWP of another length is refused with the count typed', () => {
    expect(normalizeNpwp('01.234.567.8-901.00')).toBeNull();
    expect(npwpProblem('01.234.567.8-901.00')).toBe('NPWP harus 15 atau 16 digit angka (terisi 14 karakter).');
    expect(npwpProblem('01234567890100A')).toBe('NPWP harus 15 atau 16 digit angka (terisi 15 karakter).');
  });

  it('NIB: 13 digits', () => {
    expect(normalizeNib('9120 0010 1234 5')).toBe('9120001012345');
    expect(nibProblem('912000101234')).toBe('NIB harus 13 digit angka (terisi 12 karakter).');
  });
});
