import type { z } from 'zod';
import { ValidationError } from './errors';

/**
 * Parses input with a contract schema; on failure, one Indonesian sentence per invalid field
 * (the first problem of each field, in the schema's order).
 */
export function parseFields<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { success: true; data: z.output<S> } | { success: false; messages: string[] } {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    messages.push(issue.code === 'unrecognized_keys' || issue.message.startsWith('Invalid') ? 'Data yang dikirim tidak valid.' : issue.message);
  }
  return { success: false, messages };
}

/** The parsed input, or a ValidationError (400) with one Indonesian sentence per invalid field. */
export function parseOrThrow<S extends Parameters<typeof parseFields>[0]>(schema: S, input: unknown) {
  const parsed = parseFields(schema, input);
  if (!parsed.success) throw new ValidationError(parsed.messages);
  return parsed.data;
}
