import ExcelJS from 'exceljs';
import { BALANCE_SHEET_LINE_LABELS, BALANCE_SHEET_LINES, OPTIONAL_LINES, type BalanceSheetLine } from '../../contract/balance-sheet';
import { ServiceError } from '../platform/errors';

/**
 * The Neraca Keuangan template: one row per line with its code (what the import reads), its name
 * and the value in whole rupiah. Rows are found by code, so staff may reorder or annotate the
 * sheet; the deposito row may stay empty to take Berjangka's own figure.
 */

const SHEET = 'Neraca';
const CODE_HEADER = 'Kode';
const NOT_XLSX = 'Berkas harus berupa template Neraca Keuangan (xlsx) yang diunduh dari layar ini.';

export async function balanceSheetTemplate(period: string, values?: Partial<Record<BalanceSheetLine, number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Berjangka';
  const sheet = workbook.addWorksheet(SHEET);
  sheet.columns = [
    { header: CODE_HEADER, key: 'code', width: 24 },
    { header: 'Uraian', key: 'label', width: 46 },
    { header: 'Nilai (Rp)', key: 'value', width: 22, style: { numFmt: '#,##0' } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const line of BALANCE_SHEET_LINES) {
    const value = values?.[line];
    sheet.addRow({ code: line, label: `${BALANCE_SHEET_LINE_LABELS[line]}${OPTIONAL_LINES.has(line) ? ' — kosongkan untuk memakai data Berjangka' : ''}`, value: value ?? null });
  }
  sheet.addRow({});
  sheet.addRow({ code: 'periode', label: `Periode ${period}; laba rugi, pendapatan dan beban: sejak Januari.` });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The lines a filled template holds: numbers by code; a text that is a number is read too. */
export async function readBalanceSheetTemplate(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new ServiceError('invalid', NOT_XLSX);
  }
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
