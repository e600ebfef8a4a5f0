/** LIKE patterns from what a person typed: `\`, `%` and `_` match themselves (use with `escape '\'`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%text%`, lower-cased, for a case-insensitive "contains" against lower(column). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}
