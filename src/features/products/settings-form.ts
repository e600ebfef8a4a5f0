import { productSettingsInputSchema, type BilyetNumberSource } from '@contract/product-settings';
import { RATIO_NAMES, type RatioName } from '@machines/bank-rules';
import { bpsToPercentText, milliPercentToText, readPercentBps, readPercentMilli, readRupiah, rupiahToText, type NumberReading } from '../../lib/number-input';
import type { ProductSettings, ProductSettingsInput } from '../../lib/product-settings-api';
import { newRowKey } from './product-form';

/**
 * Pengaturan Produk's rules, apart from the view: the draft a screen edits, how it is read into
 * the contract's numbers, and what a save sends — only the settings that changed (PUT keeps what
 * is not sent), each list whole. The contract's schema checks the result in the server's words.
 */

export interface LpsRateDraft {
  key: string;
  effectiveFrom: string;
  rate: string;
}

export interface HolidayDraft {
  key: string;
  /** The year the row is listed under; its date must fall in it, so a row never jumps between years while typed. */
  year: string;
  date: string;
  name: string;
}

export interface SettingsDraft {
  cutOffTime: string;
  tax: string;
  taxThreshold: string;
  lpsCoverage: string;
  lpsRates: LpsRateDraft[];
  holidays: HolidayDraft[];
  /** Neraca Keuangan's thresholds as typed, percent. */
  ratioThresholds: Record<RatioName, string>;
  /** Where a printed bilyet's number comes from; the series' fields as typed. */
  bilyetNumbering: { source: BilyetNumberSource; prefix: string; nextNumber: string; digits: string };
}

export function settingsDraftOf(settings: ProductSettings): SettingsDraft {
  return {
    cutOffTime: settings.cutOffTime,
    tax: bpsToPercentText(settings.taxBps),
    taxThreshold: rupiahToText(settings.taxThresholdRupiah),
    lpsCoverage: rupiahToText(settings.lpsCoverageRupiah),
    lpsRates: [...settings.lpsRates]
      .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
      .map((rate) => ({ key: newRowKey(), effectiveFrom: rate.effectiveFrom, rate: bpsToPercentText(rate.rateBps) })),
    holidays: [...settings.holidays]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((holiday) => ({ key: newRowKey(), year: holiday.date.slice(0, 4), date: holiday.date, name: holiday.name })),
    ratioThresholds: Object.fromEntries(RATIO_NAMES.map((name) => [name, milliPercentToText(Math.round(settings.ratioThresholds[name] * 1000))])) as Record<RatioName, string>,
    bilyetNumbering: {
      source: settings.bilyetNumbering.source,
      prefix: settings.bilyetNumbering.prefix,
      nextNumber: String(settings.bilyetNumbering.nextNumber),
      digits: String(settings.bilyetNumbering.digits),
    },
  };
}

/** A whole number typed in a field; NaN when it is not one (the contract's schema then says why). */
const wholeNumber = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text.trim()) : Number.NaN);

/** The holiday rows by year, oldest year first, each year's rows in the order they were listed. */
export function holidayYears(rows: readonly HolidayDraft[]): Array<{ year: string; rows: HolidayDraft[] }> {
  const years = [...new Set(rows.map((row) => row.year))].sort();
  return years.map((year) => ({ year, rows: rows.filter((row) => row.year === year) }));
}

/** The year a "Tambah tahun" button opens: the one after the last listed, or this year when none is. */
export function nextHolidayYear(rows: readonly HolidayDraft[], today: string): string {
  const last = rows.reduce((max, row) => (row.year > max ? row.year : max), '');
  return last === '' ? today.slice(0, 4) : String(Number(last) + 1);
}

export function blankHoliday(year: string): HolidayDraft {
  return { key: newRowKey(), year, date: '', name: '' };
}

export function blankLpsRate(): LpsRateDraft {
  return { key: newRowKey(), effectiveFrom: '', rate: '' };
}

type Full = Required<ProductSettingsInput>;

/** The draft read into the contract's values; every problem at once, in the screen's order. */
function readSettings(draft: SettingsDraft): { ok: true; values: Full } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const take = (reading: NumberReading): number => {
    if (reading.ok) return reading.value;
    problems.push(reading.problem);
    return 0;
  };
  const taxBps = take(readPercentBps(draft.tax, 'Tarif pajak bunga'));
  const taxThresholdRupiah = take(readRupiah(draft.taxThreshold, 'Batas bebas pajak'));
  const lpsCoverageRupiah = take(readRupiah(draft.lpsCoverage, 'Batas penjaminan LPS'));
  const lpsRates = draft.lpsRates.map((row, index) => {
    if (row.effectiveFrom === '') problems.push(`Tanggal berlaku LPS baris ${index + 1} wajib diisi.`);
    return { effectiveFrom: row.effectiveFrom, rateBps: take(readPercentBps(row.rate, `Tingkat bunga LPS baris ${index + 1}`)) };
  });
  const holidays = draft.holidays.map((row) => {
    if (row.date === '') problems.push(`Tanggal hari libur ${row.year}${row.name.trim() ? ` (${row.name.trim()})` : ''} wajib diisi.`);
    else if (!row.date.startsWith(`${row.year}-`)) problems.push(`Tanggal hari libur ${row.name.trim() || row.date} harus di tahun ${row.year}.`);
    return { date: row.date, name: row.name.trim() };
  });
  const ratioThresholds = Object.fromEntries(
    RATIO_NAMES.map((name) => [name, take(readPercentMilli(draft.ratioThresholds[name], `Batas ${RATIO_THRESHOLD_LABELS[name]}`)) / 1000]),
  ) as Full['ratioThresholds'];
  const nextNumber = wholeNumber(draft.bilyetNumbering.nextNumber);
  const digits = wholeNumber(draft.bilyetNumbering.digits);
  if (Number.isNaN(nextNumber)) problems.push('Nomor urut berikutnya harus berupa angka.');
  if (Number.isNaN(digits)) problems.push('Jumlah digit nomor urut harus berupa angka.');
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    values: {
      ratioThresholds,
      bilyetNumbering: { source: draft.bilyetNumbering.source, prefix: draft.bilyetNumbering.prefix.trim(), nextNumber, digits },
      cutOffTime: draft.cutOffTime.trim(),
      taxBps,
      taxThresholdRupiah,
      lpsCoverageRupiah,
      lpsRates: [...lpsRates].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)),
      holidays: [...holidays].sort((a, b) => a.date.localeCompare(b.date)),
    },
  };
}

function savedValues(settings: ProductSettings): Full {
  return {
    cutOffTime: settings.cutOffTime,
    taxBps: settings.taxBps,
    taxThresholdRupiah: settings.taxThresholdRupiah,
    lpsCoverageRupiah: settings.lpsCoverageRupiah,
    lpsRates: [...settings.lpsRates].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)).map(({ effectiveFrom, rateBps }) => ({ effectiveFrom, rateBps })),
    holidays: [...settings.holidays].sort((a, b) => a.date.localeCompare(b.date)).map(({ date, name }) => ({ date, name })),
    ratioThresholds: { ...settings.ratioThresholds },
    bilyetNumbering: { source: settings.bilyetNumbering.source, prefix: settings.bilyetNumbering.prefix, nextNumber: settings.bilyetNumbering.nextNumber, digits: settings.bilyetNumbering.digits },
  };
}

const KEYS: ReadonlyArray<keyof Full> = ['cutOffTime', 'taxBps', 'taxThresholdRupiah', 'lpsCoverageRupiah', 'lpsRates', 'holidays', 'ratioThresholds', 'bilyetNumbering'];

/** How the thresholds' fields name each ratio. */
export const RATIO_THRESHOLD_LABELS: Record<RatioName, string> = { kpmm: 'KPMM', nplGross: 'NPL bruto', ldr: 'LDR', roa: 'ROA', bopo: 'BOPO', cashRatio: 'rasio kas' };

/**
 * PUT's body: only the settings that differ from what the server holds (a list counts as one
 * setting and is sent whole). Nothing changed: `payload` is null.
 */
export function prepareSettings(saved: ProductSettings, draft: SettingsDraft): { ok: true; payload: ProductSettingsInput | null } | { ok: false; problems: string[] } {
  const reading = readSettings(draft);
  if (!reading.ok) return reading;
  const before = savedValues(saved);
  const changes: Record<string, unknown> = {};
  for (const key of KEYS) {
    if (JSON.stringify(reading.values[key]) !== JSON.stringify(before[key])) changes[key] = reading.values[key];
  }
  if (Object.keys(changes).length === 0) return { ok: true, payload: null };
  const checked = productSettingsInputSchema.safeParse(changes);
  if (!checked.success) return { ok: false, problems: [...new Set(checked.error.issues.map((issue) => issue.message))] };
  return { ok: true, payload: changes as ProductSettingsInput };
}

/** The toast after a save: how many interest installments not yet due moved, when any did. */
export function savedMessage(movedInstallments: number): string {
  if (movedInstallments <= 0) return 'Pengaturan produk disimpan.';
  return `Pengaturan produk disimpan. ${movedInstallments.toLocaleString('id-ID')} angsuran bunga yang belum jatuh tempo pindah ke tanggal bayar lain karena perubahan hari libur.`;
}

/** The date of the LPS rate in force on `today`: the latest that took effect on or before it, or null. */
export function lpsInForceFrom(rates: ReadonlyArray<{ effectiveFrom: string }>, today: string): string | null {
  return rates.reduce<string | null>((found, rate) => (rate.effectiveFrom <= today && (found === null || rate.effectiveFrom > found) ? rate.effectiveFrom : found), null);
}

/** The cut-off as the form reads it: `HH:mm`, 24 hours (WIB). */
export function cutOffProblem(text: string): string | null {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(text.trim()) ? null : 'Jam batas transaksi harus berformat JJ:MM (WIB), misalnya 15:00.';
}
