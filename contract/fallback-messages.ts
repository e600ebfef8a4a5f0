import { z } from 'zod';

/**
 * The Indonesian sentence for a rule that has no message of its own. Every field staff fill in
 * names its rules' messages (fields.ts); this catches the rest — an unexpected type, an unknown
 * field sent by another client — so no answer ever reads "Too big: expected string…".
 */
type Issue = z.core.$ZodRawIssue;

function fieldOf(issue: Issue): string {
  const path = (issue as { path?: PropertyKey[] }).path ?? [];
  return path.length > 0 ? `Kolom "${path.map(String).join('.')}"` : 'Isian';
}

function indonesianFallback(issue: Issue): string {
  const field = fieldOf(issue);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} wajib diisi.` : `${field} tidak valid.`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} paling banyak ${String(issue.maximum)} karakter.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} paling banyak ${String(issue.maximum)} isian.`;
      return `${field} paling besar ${String(issue.maximum)}.`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? `${field} wajib diisi.` : `${field} paling sedikit ${String(issue.minimum)} karakter.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} paling sedikit ${String(issue.minimum)} isian.`;
      return `${field} paling kecil ${String(issue.minimum)}.`;
    case 'invalid_value':
      return `${field} harus salah satu dari: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Kolom ${issue.keys.map((key: string) => `"${key}"`).join(', ')} tidak dikenal.`;
    case 'not_multiple_of':
      return `${field} harus kelipatan ${String(issue.divisor)}.`;
    default:
      return `${field} tidak valid.`;
  }
}

z.config({ customError: indonesianFallback });
