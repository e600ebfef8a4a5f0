import { z } from 'zod';
// Rules without a message of their own answer in Indonesian too (installed once, for every schema).
import './fallback-messages';

/**
 * Field builders whose error messages are the Indonesian sentences staff read.
 * One message per field: each builder stops at the first failing rule.
 */

/** Control characters other than tab and line breaks: never part of what a person types. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Any control character, line breaks included: for one-line codes (references, search words). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ANY_CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

/** A required text field, trimmed; `label` is how the form names it ("Nama bank"). */
export function requiredText(label: string, max = 255) {
  return z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .min(1, { error: `${label} wajib diisi.`, abort: true })
    .max(max, { error: `${label} paling banyak ${max} karakter.`, abort: true })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: `${label} berisi karakter yang tidak dapat dibaca.` });
}

/** Optional free text (a reason, a note), trimmed; tabs and line breaks allowed. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} harus berupa teks.` })
    .trim()
    .max(max, { error: `${label} paling banyak ${max} karakter.`, abort: true })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: `${label} berisi karakter yang tidak dapat dibaca.` })
    .optional();
}

/**
 * A one-line code typed from another system — a transfer reference, a search word: printable
 * text only, so what is stored is what a person can read back and type again.
 */
export function printableCode(label: string, max: number) {
  return z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .max(max, { error: `${label} paling banyak ${max} karakter.`, abort: true })
    .refine((value) => !ANY_CONTROL_CHARACTER.test(value), { error: `${label} hanya boleh berisi huruf, angka, spasi dan tanda baca.` });
}

/** A required one-line code (printableCode that must not be empty). */
export function requiredCode(label: string, max: number) {
  return printableCode(label, max).refine((value) => value.length > 0, { error: `${label} wajib diisi.`, abort: true });
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

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

/** The length rules of a new password; the server adds "not the email" and "not a common password". */
export function newPasswordField(label = 'Kata sandi') {
  return z
    .string({ error: `${label} wajib diisi.` })
    .min(PASSWORD_MIN_LENGTH, { error: `${label} minimal ${PASSWORD_MIN_LENGTH} karakter.`, abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: `${label} paling banyak ${PASSWORD_MAX_LENGTH} karakter.` });
}
