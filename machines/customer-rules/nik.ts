/**
 * The NIK (Nomor Induk Kependudukan) of an individual customer, DOMAIN.md "Customers (CIF)":
 *
 *   PP KK CC DDMMYY SSSS
 *   ── ── ── ────── ────
 *   province, regency/city, district (kecamatan) of the registering region: must exist in the
 *   geography data (Kemendagri's codes, which the server reads); birth date, with 40 added to the
 *   day for women; a serial, never 0000.
 *
 * Each broken rule has its own Indonesian sentence, so the form says exactly what to correct.
 * The geography is not this module's: the caller passes how to ask whether a district exists.
 */
import { daysInMonth, type IsoDate } from '../deposit-rules/dates';

export type Gender = 'MALE' | 'FEMALE';

const GENDER_WORD: Record<Gender, string> = { MALE: 'laki-laki', FEMALE: 'perempuan' };

/** What a well-formed NIK says about its holder. */
interface NikFacts {
  /** The district code in the geography's dotted form: "32.73.09". */
  districtCode: string;
  /** Birth day and month as encoded (the day without the +40), and the two-digit year. */
  birthDay: number;
  birthMonth: number;
  birthYearTwoDigits: number;
  gender: Gender;
  serial: string;
}

/** What the form says about the holder, to compare with the NIK. */
export interface NikHolder {
  birthDate?: IsoDate | null;
  gender?: Gender | null;
}

/** Spaces, dots and dashes staff type from a photocopy are not part of the number. */
export function normalizeNik(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/** The district a NIK's first six digits name, in the geography's dotted form ("32.73.09"). */
export function nikDistrictCode(value: string): string {
  const nik = normalizeNik(value);
  return `${nik.slice(0, 2)}.${nik.slice(2, 4)}.${nik.slice(4, 6)}`;
}

/** The facts a 16-digit NIK encodes, or null when it is not 16 digits or its date part is no date. */
export function nikFacts(value: string): NikFacts | null {
  const nik = normalizeNik(value);
  if (!/^\d{16}$/.test(nik)) return null;
  const encodedDay = Number(nik.slice(6, 8));
  const birthMonth = Number(nik.slice(8, 10));
  const birthYearTwoDigits = Number(nik.slice(10, 12));
  const gender: Gender = encodedDay > 40 ? 'FEMALE' : 'MALE';
  const birthDay = gender === 'FEMALE' ? encodedDay - 40 : encodedDay;
  // The century is not encoded: a 29 February is possible in 2000 as in any year divisible by 4.
  const longestMonth = birthMonth === 2 && birthYearTwoDigits % 4 === 0 ? 29 : daysInMonth(2001, birthMonth || 1);
  if (birthMonth < 1 || birthMonth > 12 || birthDay < 1 || birthDay > longestMonth) return null;
  return {
    districtCode: nikDistrictCode(nik),
    birthDay,
    birthMonth,
    birthYearTwoDigits,
    gender,
    serial: nik.slice(12),
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * Every rule the NIK breaks, one Indonesian sentence each (empty when it is acceptable):
 * `districtExists` answers whether a dotted district code is in the geography.
 */
export function nikProblems(value: string, holder: NikHolder, districtExists: (districtCode: string) => boolean): string[] {
  const nik = normalizeNik(value);
  if (!/^\d{16}$/.test(nik)) return [`NIK harus 16 digit angka (terisi ${nik.length} karakter).`];
  const problems: string[] = [];
  if (!districtExists(nikDistrictCode(nik))) {
    problems.push(`Kode wilayah NIK ${nik.slice(0, 6)} tidak terdaftar: 6 digit pertama adalah kode provinsi, kabupaten/kota dan kecamatan tempat KTP diterbitkan.`);
  }
  const facts = nikFacts(nik);
  if (!facts) {
    problems.push(`Digit 7–12 NIK (${nik.slice(6, 12)}) bukan tanggal lahir yang valid (DDMMYY, tanggal ditambah 40 untuk perempuan).`);
  } else {
    if (holder.birthDate) {
      const [year, month, day] = holder.birthDate.split('-').map(Number) as [number, number, number];
      if (facts.birthDay !== day || facts.birthMonth !== month || facts.birthYearTwoDigits !== year % 100) {
        problems.push(
          `Tanggal lahir pada NIK (${two(facts.birthDay)}-${two(facts.birthMonth)}-${two(facts.birthYearTwoDigits)}) tidak sama dengan tanggal lahir yang diisi (${two(day)}-${two(month)}-${year}).`,
        );
      }
    }
    if (holder.gender && facts.gender !== holder.gender) {
      problems.push(
        facts.gender === 'FEMALE'
          ? `NIK ini milik perempuan (tanggal lahirnya ditambah 40), sedangkan jenis kelamin diisi ${GENDER_WORD[holder.gender]}.`
          : `NIK ini milik laki-laki (tanggal lahirnya tidak ditambah 40), sedangkan jenis kelamin diisi ${GENDER_WORD[holder.gender]}.`,
      );
    }
  }
  if (nik.slice(12) === '0000') problems.push('Nomor urut NIK (4 digit terakhir) tidak boleh 0000.');
  return problems;
}

/** How lists show a NIK: the region's first four digits and the serial, the rest hidden ("3201********0001"). */
export function maskNik(value: string): string {
  const nik = normalizeNik(value);
  if (nik.length <= 8) return '*'.repeat(nik.length);
  return `${nik.slice(0, 4)}${'*'.repeat(nik.length - 8)}${nik.slice(-4)}`;
}
