import type { ReportType } from '../../contract/reports';
import { formatDateId, formatRateBps, formatRupiah } from '../../machines/deposit-rules';
import type { XlsxCellKind } from '../platform/xlsx/xlsx-stream';

/**
 * A report as both renderers see it (report-xlsx.ts, report-pdf.ts): a few tables under the
 * bank's name, the report's title and its month. A table's rows are either in hand (sums of a
 * few dozen lines) or a keyset walk started when the renderer reaches it, so a list of 200,000
 * placements streams from the database into the file. Both files show the same rows with the
 * same figures; the xlsx keeps them typed (rupiah as numbers, dates as dates).
 */

export type CellKind = XlsxCellKind;
export type CellValue = string | number | null;

export interface ReportColumn<Row> {
  header: string;
  kind: CellKind;
  /** text: text; date: 'YYYY-MM-DD'; rupiah: whole rupiah; rate: basis points; integer: a count; percent: a fraction. */
  value: (row: Row) => CellValue;
  /** Share of the PDF page's width (relative to the table's other columns). */
  weight: number;
  /** Column width in Excel characters (defaults by kind). */
  width?: number;
}

export interface ReportTable<Row = never> {
  title: string;
  /** The Excel tab (≤ 31 characters); the title when absent. */
  sheetName?: string;
  /** Lines under the title: what the table counts and how. */
  notes?: readonly string[];
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[] | (() => AsyncIterable<readonly Row[]>);
  /** Rows after the data, in bold. */
  totals?: readonly Row[];
  /** What the PDF says when there are no rows. */
  emptyText?: string;
}

export interface ReportDocument {
  type: ReportType;
  title: string;
  bankName: string;
  /** 'YYYY-MM' */
  period: string;
  /** 'Periode November 2026 · posisi per 30-Nov-2026'. */
  periodLine: string;
  /** When it was drawn. */
  printedAt: Date;
  /** The files' name without extension: 'posisi-deposito-2026-10'. */
  fileStem: string;
  tables: readonly ReportTable<never>[];
}

/** Builds a column with the row type checked at the call site. */
export const column = <Row>(header: string, kind: CellKind, weight: number, value: (row: Row) => CellValue, width?: number): ReportColumn<Row> => ({
  header,
  kind,
  weight,
  value,
  ...(width === undefined ? {} : { width }),
});

/** A table whose row type is checked where it is written and erased where tables are listed together. */
export const table = <Row>(definition: ReportTable<Row>): ReportTable<never> => definition as unknown as ReportTable<never>;

/** A fraction as a percentage with two decimals and a decimal comma: 0.12345 → '12,35%'. */
export function formatShare(fraction: number): string {
  return `${(fraction * 100).toFixed(2).replace('.', ',')}%`;
}

/** Basis points that may carry decimals (a weighted average): 587.5 → '5,88%'. */
export function formatRate(bps: number): string {
  return Number.isInteger(bps) ? formatRateBps(bps) : formatShare(bps / 10_000);
}

/** A cell as the PDF prints it, in UI.md's spellings (Rp 1.500.000, 15-Agt-2026, 6,00%). */
export function cellText(kind: CellKind, value: CellValue): string {
  if (value === null || value === '') return '';
  switch (kind) {
    case 'text':
      return String(value);
    case 'date':
      return formatDateId(String(value));
    case 'rupiah':
      return formatRupiah(Number(value));
    case 'rate':
      return formatRate(Number(value));
    case 'percent':
      return formatShare(Number(value));
    case 'integer':
      return String(Math.trunc(Number(value))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  }
}
