import { z } from 'zod';

/**
 * Field builders whose error messages are the Indonesian sentences staff read.
 * One message per field: each builder stops at the first failing rule.
 */

/** A required text field, trimmed; `label` is how the form names it ("Nama bank"). */
export function requiredText(label: string, max = 255) {
  return z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .min(1, { error: `${label} wajib diisi.`, abort: true })
    .max(max, { error: `${label} paling banyak ${max} karakter.` });
}

/** A required email address, trimmed and lower-cased. */
export function requiredEmail(label = 'Email') {
  return requiredText(label, 254)
    .pipe(z.email({ error: `${label} tidak valid.` }))
    .transform((email) => email.toLowerCase());
}

/** An Indonesian phone number: 8 to 15 digits, optionally written with +62, spaces or dashes. */
export function phoneNumber(label = 'Nomor telepon') {
  return requiredText(label, 20).refine((value) => /^(\+62|0)[0-9]{7,14}$/.test(value.replace(/[\s-]/g, '')), {
    error: `${label} tidak valid; gunakan angka, contoh 081234567890.`,
  });
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The length rules of a new password; the server adds "not the email" and "not a common password". */
export function newPasswordField(label = 'Kata sandi') {
  return z
    .string({ error: `${label} wajib diisi.` })
    .min(PASSWORD_MIN_LENGTH, { error: `${label} minimal ${PASSWORD_MIN_LENGTH} karakter.`, abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: `${label} paling banyak ${PASSWORD_MAX_LENGTH} karakter.` });
}
