/**
 * A customer's phone and email as Berjangka keeps them, DOMAIN.md "Customers (CIF)".
 *
 * Phone: Indonesian numbers only (the bank reaches its customers by SMS/WhatsApp and the courier
 * calls them). `0812-3456-7890`, `+62 812 3456 7890`, `62812…` and `(0812) 34567890` are the same
 * number, kept in E.164 (`+6281234567890`). The national significant number (after the 0 or +62)
 * starts with 1–9 and has 8–12 digits: mobile numbers 8xx of 9–12 digits, landlines an area code
 * and the subscriber's number.
 */

/** The number in E.164 (`+62…`), or null when it is not an Indonesian number Berjangka accepts. */
export function normalizePhone(value: string): string | null {
  const compact = value.trim().replace(/[\s().-]/g, '');
  let national: string;
  if (compact.startsWith('+62')) national = compact.slice(3);
  else if (compact.startsWith('+')) return null;
  else if (compact.startsWith('62')) national = compact.slice(2);
  else if (compact.startsWith('0')) national = compact.slice(1);
  else return null;
  if (national.startsWith('0')) national = national.slice(1); // "+62 (0)812…" as some cards print it
  return /^[1-9]\d{7,11}$/.test(national) ? `+62${national}` : null;
}

/** Why a phone number is refused, in Indonesian, or null when it is accepted. */
export function phoneProblem(value: string): string | null {
  if (normalizePhone(value)) return null;
  const compact = value.trim().replace(/[\s().-]/g, '');
  if (compact.startsWith('+') && !compact.startsWith('+62')) return 'Nomor telepon harus nomor Indonesia (+62 atau diawali 0).';
  return 'Nomor telepon tidak valid: tulis seperti 0812 3456 7890 atau +62 812 3456 7890.';
}

/** How staff read a stored number: the national form, `081234567890`. */
export function nationalPhone(e164: string): string {
  return e164.startsWith('+62') ? `0${e164.slice(3)}` : e164;
}

/** How lists show a phone: its first four and last three digits in the national form (`0812*****890`). */
export function maskPhone(e164: string): string {
  const national = nationalPhone(e164);
  if (national.length <= 7) return '*'.repeat(national.length);
  return `${national.slice(0, 4)}${'*'.repeat(national.length - 7)}${national.slice(-3)}`;
}

/**
 * An email address a mail server will take: one @, a local part without spaces, a domain of
 * labels (letters, digits, hyphens; not starting or ending with a hyphen) with a top-level domain
 * of two letters or more. Kept with the domain in lower case.
 */
export function normalizeEmail(value: string): string | null {
  const email = value.trim();
  const at = email.lastIndexOf('@');
  if (at <= 0 || email.length > 254) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (local.length > 64 || !/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) || !/^[a-z]{2,}$/.test(labels.at(-1)!)) return null;
  return `${local}@${domain}`;
}

export function emailProblem(value: string): string | null {
  return normalizeEmail(value) ? null : 'Alamat email tidak valid: tulis seperti nama@contoh.co.id.';
}
