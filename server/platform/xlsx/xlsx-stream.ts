import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Streaming xlsx: rows are pulled batch by batch from an async source and written straight into
 * the zip, so a 100,000-row export never holds the workbook in memory.
 *
 * Cells hold what they mean, so staff can sort, filter and add up in Excel: business dates are
 * date serials shown DD-MMM-YYYY in Indonesian ([$-421] = id-ID), rupiah are whole numbers with a
 * Rupiah format, rates are fractions with a percent format (625 bps → 0.0625 → "6,25%" in an
 * Indonesian Excel), counts are integers. Each kind has one style object shared by all its cells
 * (see writeXlsx), so the typing costs a little arithmetic per cell and nothing per style.
 */
export type XlsxCellKind = 'text' | 'date' | 'rupiah' | 'rate' | 'integer' | 'percent';

export interface XlsxColumn<Row> {
  header: string;
  kind: XlsxCellKind;
  width?: number;
  /** text: any text; date: 'YYYY-MM-DD'; rupiah: whole rupiah; rate: basis points; integer: a count; percent: a fraction (0.25 = 25%). */
  value: (row: Row) => string | number | null | undefined;
}

export const RUPIAH_NUMBER_FORMAT = '"Rp" #,##0';
/** DD-MMM-YYYY with the Indonesian locale's month abbreviations, whatever the reader's own locale. */
export const DATE_NUMBER_FORMAT = '[$-421]dd-mmm-yyyy';
/** Two decimals as on screen (6,25%); Excel shows the decimal comma of the reader's locale. */
export const RATE_NUMBER_FORMAT = '0.00%';
export const INTEGER_NUMBER_FORMAT = '0';
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const style = (numFmt?: string): Partial<ExcelJS.Style> => Object.freeze(numFmt ? { numFmt } : {}) as Partial<ExcelJS.Style>;
export const KIND_STYLES: Record<XlsxCellKind, Partial<ExcelJS.Style>> = {
  text: style(),
  date: style(DATE_NUMBER_FORMAT),
  rupiah: style(RUPIAH_NUMBER_FORMAT),
  rate: style(RATE_NUMBER_FORMAT),
  integer: style(INTEGER_NUMBER_FORMAT),
  percent: style(RATE_NUMBER_FORMAT),
};

export const DEFAULT_WIDTH: Record<XlsxCellKind, number> = { text: 24, date: 14, rupiah: 18, rate: 11, integer: 10, percent: 10 };

const DAY_MS = 86_400_000;
/** Days from Excel's day 0 (30 Dec 1899, as the 1900 date system counts) to 1 Jan 1970. */
const UNIX_EPOCH_SERIAL = 25_569;

/** 'YYYY-MM-DD' → Excel's date serial (whole days); null when it is not such a date. */
export function excelDateSerial(date: string): number | null {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (date.length !== 10 || !year || !month || !day) return null;
  return Date.UTC(year, month - 1, day) / DAY_MS + UNIX_EPOCH_SERIAL;
}

/**
 * Text a spreadsheet may take for a formula (OWASP "CSV injection"): it begins with = + - @, a tab
 * or a carriage return. Such text gets a quote prefix, so a product named =HYPERLINK(…) reaches
 * the file as '=HYPERLINK(…), read as text by whoever opens or re-imports it. Every text cell of
 * every export passes here (cellValue, the preamble and headers of writeXlsx/writeXlsxWorkbook);
 * numbers never do, so a negative amount stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function cellValue(kind: XlsxCellKind, value: string | number | null | undefined): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'date':
      return excelDateSerial(String(value));
    case 'rate':
      return Number(value) / 10_000;
    case 'rupiah':
    case 'integer':
    case 'percent':
      return Number(value);
    case 'text':
      return neutraliseFormula(String(value));
  }
}

export interface XlsxSheet<Row> {
  sheetName: string;
  columns: readonly XlsxColumn<Row>[];
  rows: AsyncIterable<readonly Row[]>;
}

/**
 * Writes the workbook into `output` and resolves when the last byte is flushed. Between batches
 * it waits for `output` to drain, so a slow reader slows the database reads instead of filling memory.
 */
export async function writeXlsx<Row>(sheet: XlsxSheet<Row>, output: NodeJS.WritableStream & { writableNeedDrain?: boolean }): Promise<number> {
  // zlib level 1: the sheet XML compresses almost as well and the export spends a third less time.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output as never, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } } as never);
  const worksheet = workbook.addWorksheet(sheet.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column, index) => ({ key: String(index), header: neutraliseFormula(column.header), width: column.width ?? DEFAULT_WIDTH[column.kind] }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();
  // One style object per column, shared by all its cells: exceljs resolves a style it has seen
  // (by identity) from a WeakMap instead of rebuilding it for every cell — half the export's time.
  const styles = sheet.columns.map((column) => KIND_STYLES[column.kind]);
  let count = 0;
  for await (const batch of sheet.rows) {
    for (const row of batch) {
      const written = worksheet.addRow(sheet.columns.map((column) => cellValue(column.kind, column.value(row))));
      for (let index = 0; index < styles.length; index += 1) written.getCell(index + 1).style = styles[index]!;
      written.commit();
      count += 1;
    }
    await zipCaughtUp(worksheet, output);
    if ((output as PassThrough).destroyed) throw new Error('download aborted by the client');
    if (output.writableNeedDrain) await drainedOrClosed(output as PassThrough, output);
  }
  worksheet.commit();
  await workbook.commit();
  return count;
}

/**
 * exceljs hands the sheet XML to the zip in 64 KB pieces without waiting for it (its StreamBuf in
 * batch mode ignores backpressure), so on a fast reader the uncompressed XML piles up in front of
 * the deflate stream — 70 MB for 100,000 rows. Once more than ZIP_SLACK_BYTES wait there, we let
 * the zip entry drain before writing on: memory stays flat whatever the row count, and below it
 * the deflating (on libuv's threads) overlaps with writing the next rows.
 */
const ZIP_SLACK_BYTES = 4 * 1024 * 1024;

export async function zipCaughtUp(worksheet: ExcelJS.Worksheet, output: NodeJS.WritableStream): Promise<void> {
  type Pipe = NodeJS.EventEmitter & { writableLength?: number; _writableState?: { length?: number } };
  const pipes = (worksheet as unknown as { stream?: { pipes?: Pipe[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) {
    // archiver's own readable-stream copy predates `writableLength`; its state has the same figure.
    if ((pipe.writableLength ?? pipe._writableState?.length ?? 0) > ZIP_SLACK_BYTES) await drainedOrClosed(pipe, output);
  }
}

/** Resolves on `drain` of `stream`, or when the download's `output` closes (client gone). */
export async function drainedOrClosed(stream: NodeJS.EventEmitter, output: NodeJS.WritableStream): Promise<void> {
  const controller = new AbortController();
  try {
    await Promise.race([once(stream, 'drain', { signal: controller.signal }), once(output as PassThrough, 'close', { signal: controller.signal })]);
  } finally {
    controller.abort();
  }
}

/** The whole workbook in memory: for small files (a template of a few dozen rows), never for exports. */
export async function xlsxBuffer<Row>(sheet: XlsxSheet<Row>): Promise<Buffer> {
  const pass = new PassThrough();
  const chunks: Buffer[] = [];
  pass.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(pass, 'end');
  await writeXlsx(sheet, pass);
  await ended;
  return Buffer.concat(chunks);
}

/** The workbook as a web stream for a Response body; a failure midway aborts the download. */
export function xlsxWebStream<Row>(sheet: XlsxSheet<Row>, onError?: (error: unknown) => void): ReadableStream<Uint8Array> {
  const pass = new PassThrough({ highWaterMark: 1 << 16 });
  writeXlsx(sheet, pass).catch((error: unknown) => {
    onError?.(error);
    pass.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(pass) as ReadableStream<Uint8Array>;
}

/** Headers of a download: xlsx media type and an attachment filename (ASCII, so no encoding games). */
export function xlsxDownloadHeaders(filename: string): Record<string, string> {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return {
    'Content-Type': XLSX_MEDIA_TYPE,
    'Content-Disposition': `attachment; filename="${safe}"`,
    'Cache-Control': 'no-store',
  };
}

/**
 * Keyset paging: asks `fetchAfter` for the next `batchSize` rows after the last key seen (WHERE
 * key > last ORDER BY key LIMIT n), never OFFSET, so the last batch costs what the first does.
 * The next batch is asked for before this one is handed on, so reading it (off-thread: see
 * server/platform/db/offloaded-reads.ts) overlaps with writing this one; at most one batch waits ahead.
 */
export async function* keysetBatches<Row, Key>(
  fetchAfter: (after: Key | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchSize = 1000,
): AsyncGenerator<Row[]> {
  let next = fetchAfter(null, batchSize);
  for (;;) {
    const rows = await next;
    const more = rows.length === batchSize;
    if (more) {
      next = fetchAfter(keyOf(rows[rows.length - 1]!), batchSize);
      // If the consumer stops early (download aborted) nobody awaits this read: keep its failure quiet.
      next.catch(() => {});
    }
    if (rows.length > 0) yield rows;
    if (!more) return;
  }
}
