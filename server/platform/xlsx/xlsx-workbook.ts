import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellValue, DEFAULT_WIDTH, drainedOrClosed, KIND_STYLES, neutraliseFormula, zipCaughtUp, type XlsxCellKind, type XlsxColumn } from './xlsx-stream';

/**
 * A streamed workbook of several sheets, each one table under a few lines that say what it is
 * (bank, report, period): the reports' files. Each sheet is written and committed before the
 * next begins, rows come batch by batch as in writeXlsx, and cells are typed the same way, so a
 * report of 200,000 rows never sits in memory and adds up in Excel.
 */
export interface XlsxTable<Row> {
  /** The tab's name; cut to Excel's 31 characters and cleared of the characters it refuses. */
  sheetName: string;
  /** Lines above the table (the first in bold), then a blank line; none: the header is row 1 (a template to fill in). */
  preamble: readonly string[];
  columns: readonly XlsxColumn<Row>[];
  /** The data rows, in batches (a keyset walk) or all at once. */
  rows: AsyncIterable<readonly Row[]> | readonly Row[];
  /** Rows after the data in bold: totals. */
  footer?: readonly Row[];
}

/** Excel refuses []:*?/\ in a sheet name and more than 31 characters; names must differ within a workbook. */
export function excelSheetName(name: string, taken: ReadonlySet<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 31) || 'Lembar';
  let candidate = base;
  for (let index = 2; taken.has(candidate.toLowerCase()); index += 1) candidate = `${base.slice(0, 31 - String(index).length - 1)} ${index}`;
  return candidate;
}

const HEADER_STYLE = Object.freeze({
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEAEC' } },
  border: { bottom: { style: 'thin', color: { argb: 'FF8FA3A8' } } },
  alignment: { vertical: 'middle', wrapText: true },
}) as unknown as Partial<ExcelJS.Style>;

const boldOf = new Map<XlsxCellKind, Partial<ExcelJS.Style>>(
  (Object.keys(KIND_STYLES) as XlsxCellKind[]).map((kind) => [kind, Object.freeze({ ...KIND_STYLES[kind], font: { bold: true }, border: { top: { style: 'thin' } } }) as Partial<ExcelJS.Style>]),
);

async function* batchesOf<Row>(rows: AsyncIterable<readonly Row[]> | readonly Row[]): AsyncGenerator<readonly Row[]> {
  if (Symbol.asyncIterator in rows) {
    yield* rows as AsyncIterable<readonly Row[]>;
    return;
  }
  const all = rows as readonly Row[];
  for (let from = 0; from < all.length; from += 1000) yield all.slice(from, from + 1000);
}

/** Writes every table as its own sheet into `output`; resolves when the last byte is flushed. */
export async function writeXlsxWorkbook(tables: AsyncIterable<XlsxTable<never>> | Iterable<XlsxTable<never>>, output: NodeJS.WritableStream & { writableNeedDrain?: boolean }): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output as never, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } } as never);
  const taken = new Set<string>();
  for await (const table of tables as AsyncIterable<XlsxTable<unknown>>) {
    const name = excelSheetName(table.sheetName, taken);
    taken.add(name.toLowerCase());
    const headerRow = table.preamble.length > 0 ? table.preamble.length + 2 : 1;
    const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headerRow }] });
    worksheet.columns = table.columns.map((column, index) => ({ key: String(index), width: column.width ?? DEFAULT_WIDTH[column.kind] }));
    table.preamble.forEach((line, index) => {
      const row = worksheet.addRow([neutraliseFormula(line)]);
      if (index === 0) row.font = { bold: true, size: 12 };
      row.commit();
    });
    if (table.preamble.length > 0) worksheet.addRow([]).commit();
    const header = worksheet.addRow(table.columns.map((column) => neutraliseFormula(column.header)));
    for (let index = 1; index <= table.columns.length; index += 1) header.getCell(index).style = HEADER_STYLE;
    header.commit();

    // One style object per column and kind, shared by its cells (see writeXlsx).
    const styles = table.columns.map((column) => KIND_STYLES[column.kind]);
    const write = (row: unknown, bold: boolean) => {
      const written = worksheet.addRow(table.columns.map((column) => cellValue(column.kind, column.value(row))));
      table.columns.forEach((column, index) => {
        written.getCell(index + 1).style = bold ? boldOf.get(column.kind)! : styles[index]!;
      });
      written.commit();
    };
    for await (const batch of batchesOf(table.rows)) {
      for (const row of batch) write(row, false);
      await zipCaughtUp(worksheet, output);
      if ((output as PassThrough).destroyed) throw new Error('download aborted by the client');
      if (output.writableNeedDrain) await drainedOrClosed(output as PassThrough, output);
    }
    for (const row of table.footer ?? []) write(row, true);
    worksheet.commit();
  }
  await workbook.commit();
}

/** The workbook as a web stream for a Response body; a failure midway aborts the download. */
export function xlsxWorkbookWebStream(tables: AsyncIterable<XlsxTable<never>> | Iterable<XlsxTable<never>>, onError?: (error: unknown) => void): ReadableStream<Uint8Array> {
  const pass = new PassThrough({ highWaterMark: 1 << 16 });
  writeXlsxWorkbook(tables, pass).catch((error: unknown) => {
    onError?.(error);
    pass.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(pass) as ReadableStream<Uint8Array>;
}
