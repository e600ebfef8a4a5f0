import type { XlsxTable } from '../platform/xlsx/xlsx-workbook';
import type { ReportDocument, ReportTable } from './report-document';

/**
 * A report as a workbook: one sheet per table, each under the bank's name, the report's title with
 * the table's, the period line and the table's notes; cells typed by their column's kind.
 */
export async function* reportSheets(report: ReportDocument): AsyncGenerator<XlsxTable<never>> {
  for (const current of report.tables as readonly ReportTable<never>[]) {
    yield {
      sheetName: current.sheetName ?? current.title,
      preamble: [report.bankName, `${report.title} — ${current.title}`, report.periodLine, ...(current.notes ?? [])],
      columns: current.columns.map((column) => ({ header: column.header, kind: column.kind, value: column.value, ...(column.width === undefined ? {} : { width: column.width }) })),
      rows: typeof current.rows === 'function' ? current.rows() : current.rows,
      footer: current.totals ?? [],
    };
  }
}
