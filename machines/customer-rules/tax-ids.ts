/**
 * The tax and business identifiers of a customer, DOMAIN.md "Customers (CIF)".
 *
 * NPWP: the old 15-digit number (printed `01.234.567.8-901.000`) or the 16-digit one in force
 * since 2024 (an individual's NIK serves as their NPWP). NIB (Nomor Induk Berusaha, from OSS):
 * 13 digits. Both are kept as bare digits; punctuation typed from a card is dropped.
 */

const digitsOf = (value: string) => value.replace(/[\s.-]/g, '');

/** The NPWP as bare digits, or null when it is not 15 or 16 digits. */
export function normalizeNpwp(value: string): string | null {
  const npwp = digitsOf(value);
  return /^\d{15}$|^\d{16}$/.test(npwp) ? npwp : null;
}

export function npwpProblem(value: string): string | null {
  return normalizeNpwp(value) ? null : `NPWP harus 15 atau 16 digit angka (terisi ${digitsOf(value).length} karakter).`;
}

/** How an NPWP is printed: the 15-digit form with its dots and dash, a 16-digit one as it is. */
export function formatNpwp(npwp: string): string {
  if (!/^\d{15}$/.test(npwp)) return npwp;
  return `${npwp.slice(0, 2)}.${npwp.slice(2, 5)}.${npwp.slice(5, 8)}.${npwp.slice(8, 9)}-${npwp.slice(9, 12)}.${npwp.slice(12)}`;
}

/** The NIB as bare digits, or null when it is not 13 digits. */
export function normalizeNib(value: string): string | null {
  const nib = digitsOf(value);
  return /^\d{13}$/.test(nib) ? nib : null;
}

export function nibProblem(value: string): string | null {
  return normalizeNib(value) ? null : `NIB harus 13 digit angka (terisi ${digitsOf(value).length} karakter).`;
}
