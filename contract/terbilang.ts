/**
 * Amounts in Indonesian words, as a bilyet and an ARO letter write them beside the figures
 * ("Terbilang: satu miliar dua ratus lima puluh juta rupiah"). Our own function because the
 * packages on npm write "milyar" and get the trillions wrong; it lives in contract/ so the SPA
 * can show the same words the printed bilyet carries.
 */

const ONES = ['nol', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'] as const;

/**
 * Thousand-groups from the highest down. "miliar" is KBBI's spelling ("milyar" is the common
 * misspelling a bank's auditor flags); "triliun" is 10^12.
 */
const SCALES = [
  { value: 1_000_000_000_000, word: 'triliun' },
  { value: 1_000_000_000, word: 'miliar' },
  { value: 1_000_000, word: 'juta' },
  { value: 1_000, word: 'ribu' },
] as const;

/** The largest amount written: 999 triliun and change, still well inside a safe integer. */
export const TERBILANG_MAX = 999_999_999_999_999;

/** 1..999 in words; 0 gives the empty string (a group of zeros is not spoken). */
function belowThousand(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  // "se-" replaces "satu" before ratus, puluh, belas and ribu: seratus, sepuluh, sebelas, seribu.
  if (hundreds === 1) words.push('seratus');
  else if (hundreds > 1) words.push(`${ONES[hundreds]} ratus`);
  if (rest === 10) words.push('sepuluh');
  else if (rest === 11) words.push('sebelas');
  else if (rest > 11 && rest < 20) words.push(`${ONES[rest - 10]} belas`);
  else if (rest >= 20) {
    words.push(`${ONES[Math.floor(rest / 10)]} puluh`);
    if (rest % 10 > 0) words.push(ONES[rest % 10]!);
  } else if (rest > 0) words.push(ONES[rest]!);
  return words.join(' ');
}

/**
 * A non-negative whole number in lower-case Indonesian words: 0 → "nol", 1000 → "seribu",
 * 1_000_000 → "satu juta" (never "sejuta": only ribu takes "se-"), up to 999 triliun.
 * Throws a RangeError for negatives, fractions and anything above TERBILANG_MAX.
 */
export function terbilang(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > TERBILANG_MAX) {
    throw new RangeError(`terbilang: expected a whole number from 0 to ${TERBILANG_MAX}, got ${n}`);
  }
  if (n === 0) return ONES[0];
  const words: string[] = [];
  let rest = n;
  for (const scale of SCALES) {
    const group = Math.floor(rest / scale.value);
    rest -= group * scale.value;
    if (group === 0) continue;
    words.push(scale.word === 'ribu' && group === 1 ? 'seribu' : `${belowThousand(group)} ${scale.word}`);
  }
  if (rest > 0) words.push(belowThousand(rest));
  return words.join(' ');
}

/** Whole rupiah in words with the currency: 1_250_000_000 → "satu miliar dua ratus lima puluh juta rupiah". */
export function rupiahInWords(n: number): string {
  return `${terbilang(n)} rupiah`;
}
