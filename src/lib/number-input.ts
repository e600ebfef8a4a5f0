/**
 * What staff type into number fields, read the way Indonesians write numbers: a percentage with a
 * decimal comma ("5,75") and rupiah with dots for thousands ("1.500.000"). Each reader answers the
 * value or an Indonesian problem naming the field, never a float: rates become whole basis points
 * by string arithmetic, so "5,75" is exactly 575 and never 574.9999.
 */

export type NumberReading = { ok: true; value: number } | { ok: false; problem: string };

const PERCENT = /^(\d{1,3})(?:[,.](\d*))?$/;

/**
 * A percentage as basis points: "5,75" → 575, "6" → 600, "6,5" → 650, "0,25%" → 25. A dot is read
 * as a decimal point too (a percentage never has thousands). At most two decimals, as the server
 * keeps rates (contract/product.ts); an empty field is a problem ("wajib diisi").
 */
export function readPercentBps(text: string, label: string): NumberReading {
  const trimmed = text.replace(/\s+/g, '').replace(/%$/, '');
  if (trimmed === '') return { ok: false, problem: `${label} wajib diisi.` };
  const match = PERCENT.exec(trimmed);
  if (!match) return { ok: false, problem: `${label} harus berupa angka persen, misalnya 5,75.` };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, problem: `${label} paling banyak dua angka desimal.` };
  return { ok: true, value: Number(match[1]) * 100 + Number(fraction.padEnd(2, '0')) };
}

/**
 * A percentage with up to three decimals as thousandths of a percent: "1,215" → 1215, "12" →
 * 12000. For thresholds such as ROA's 1,215%, which two decimals cannot hold.
 */
export function readPercentMilli(text: string, label: string): NumberReading {
  const trimmed = text.replace(/\s+/g, '').replace(/%$/, '');
  if (trimmed === '') return { ok: false, problem: `${label} wajib diisi.` };
  const match = PERCENT.exec(trimmed);
  if (!match) return { ok: false, problem: `${label} harus berupa angka persen, misalnya 12,5.` };
  const fraction = match[2] ?? '';
  if (fraction.length > 3) return { ok: false, problem: `${label} paling banyak tiga angka desimal.` };
  return { ok: true, value: Number(match[1]) * 1000 + Number(fraction.padEnd(3, '0')) };
}

/** Thousandths of a percent as a field shows them: 1215 → "1,215", 12000 → "12,00" (two decimals unless a third is needed). */
export function milliPercentToText(milli: number): string {
  const whole = Math.trunc(milli / 1000);
  const fraction = String(Math.abs(milli % 1000)).padStart(3, '0');
  return `${whole},${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
}

/** Basis points as a percentage field shows them: 575 → "5,75", 600 → "6,00" (no % sign: the field's label has it). */
export function bpsToPercentText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(Math.abs(bps % 100)).padStart(2, '0');
  return `${whole},${fraction}`;
}

const RUPIAH_GROUPED = /^\d{1,3}(?:\.\d{3})+$/;
const RUPIAH_PLAIN = /^\d+$/;

/**
 * Whole rupiah: "1.500.000", "Rp 1.500.000" or "1500000" → 1500000. Dots must group thousands
 * ("1.50.000" is a typo, not a number); a comma (cents) is refused since amounts are whole rupiah.
 * An empty field is a problem ("wajib diisi"); a field that may be empty checks that first.
 */
export function readRupiah(text: string, label: string): NumberReading {
  const trimmed = text.replace(/^\s*rp\.?/i, '').replace(/\s+/g, '');
  if (trimmed === '') return { ok: false, problem: `${label} wajib diisi.` };
  if (trimmed.includes(',')) return { ok: false, problem: `${label} harus rupiah utuh, tanpa sen.` };
  if (!RUPIAH_GROUPED.test(trimmed) && !RUPIAH_PLAIN.test(trimmed)) return { ok: false, problem: `${label} harus berupa angka rupiah, misalnya 1.500.000.` };
  const value = Number(trimmed.replace(/\./g, ''));
  if (!Number.isSafeInteger(value)) return { ok: false, problem: `${label} terlalu besar.` };
  return { ok: true, value };
}

const thousands = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0, useGrouping: true });

/** Whole rupiah as a money field shows them, without "Rp" (the field shows it): 1500000 → "1.500.000". */
export function rupiahToText(amount: number): string {
  return thousands.format(amount);
}

/** Whole months: "12" → 12; anything else is a problem. */
export function readWholeNumber(text: string, label: string): NumberReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: `${label} wajib diisi.` };
  if (!/^\d+$/.test(trimmed)) return { ok: false, problem: `${label} harus berupa angka bulat.` };
  return { ok: true, value: Number(trimmed) };
}
