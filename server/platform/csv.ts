import { neutraliseFormula } from './xlsx/xlsx-stream';

/**
 * CSV lines for files another system imports (the core banking's journal import): RFC 4180 —
 * comma-separated, a field with a comma, quote or line break quoted and its quotes doubled — and,
 * as in every export, text that a spreadsheet would run as a formula gets a quote prefix
 * (xlsx-stream.ts neutraliseFormula). Numbers are written as they are.
 */
export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
