import { BALANCE_SHEET_LINE_LABELS, BALANCE_SHEET_LINES, OPTIONAL_LINES, type BalanceSheetLine } from '../../contract/balance-sheet';
import { ServiceError } from '../platform/errors';
import { loadUploadedWorkbook } from '../platform/xlsx/xlsx-upload';
import { xlsxBuffer, type XlsxColumn } from '../platform/xlsx/xlsx-stream';

/**
 * The Neraca Keuangan template: one row per line with its code (what the import reads), its name
 * and the value in whole rupiah. Rows are found by code, so staff may reorder or annotate the
 * sheet; the deposito row may stay empty to take Berjangka's own figure.
 */

const SHEET = 'Neraca';
const CODE_HEADER = 'Kode';
const NOT_XLSX = 'Berkas harus berupa template Neraca Keuangan (xlsx) yang diunduh dari layar ini.';

type TemplateRow = { code: string; label: string; value: number | null };

const TEMPLATE_COLUMNS: readonly XlsxColumn<TemplateRow>[] = [
  { header: CODE_HEADER, kind: 'text', width: 24, value: (row) => row.code },
  { header: 'Uraian', kind: 'text', width: 46, value: (row) => row.label },
  { header: 'Nilai (Rp)', kind: 'rupiah', width: 22, value: (row) => row.value },
];

export async function balanceSheetTemplate(period: string, values?: Partial<Record<BalanceSheetLine, number>>): Promise<Buffer> {
  const rows: TemplateRow[] = BALANCE_SHEET_LINES.map((line) => ({
    code: line,
    label: `${BALANCE_SHEET_LINE_LABELS[line]}${OPTIONAL_LINES.has(line) ? ' — kosongkan untuk memakai data Berjangka' : ''}`,
    value: values?.[line] ?? null,
  }));
  rows.push({ code: '', label: '', value: null }, { code: 'periode', label: `Periode ${period}; laba rugi, pendapatan dan beban: sejak Januari.`, value: null });
  return xlsxBuffer({ sheetName: SHEET, columns: TEMPLATE_COLUMNS, rows: (async function* () {
    yield rows;
  })() });
}

/** The lines a filled template holds: numbers by code; a text that is a number is read too. */
export async function readBalanceSheetTemplate(bytes: Uint8Array): Promise<Record<string, unknown>> {
  // The template is a few kilobytes; anything near a megabyte of content is not it.
  const workbook = await loadUploadedWorkbook(bytes, NOT_XLSX, { maxInflatedBytes: 2 * 1024 * 1024 });
  const sheet = workbook.getWorksheet(SHEET) ?? workbook.worksheets[0];
  if (!sheet) throw new ServiceError('invalid', NOT_XLSX);
  const lines: Record<string, unknown> = {};
  const known = new Set<string>(BALANCE_SHEET_LINES);
  sheet.eachRow((row) => {
    const code = String(row.getCell(1).text ?? '').trim();
    if (!known.has(code)) return;
    const cell = row.getCell(3).value;
    const raw = typeof cell === 'object' && cell !== null && 'result' in cell ? (cell as { result: unknown }).result : cell;
    if (raw === null || raw === undefined || raw === '') return;
    // "1.500.000" as typed by hand in an Indonesian sheet: dots group thousands.
    lines[code] = typeof raw === 'number' ? raw : /^-?[\d.]+$/.test(String(raw).trim()) ? Number(String(raw).trim().replace(/\./g, '')) : raw;
  });
  if (Object.keys(lines).length === 0) throw new ServiceError('invalid', NOT_XLSX);
  return lines;
}
