import { Readable } from 'node:stream';
import { formatDateId } from '../../machines/deposit-rules';
import { jakartaDate } from '../platform/business-date';
import { formatJakartaTime } from '../platform/clock';
import { createPdfDocument } from '../platform/pdf/pdf-document';
import { ACCENT, INK, MUTED, PdfTableWriter, type PageFrame, type PageSetup } from '../platform/pdf/table-writer';
import { cellText, type ReportDocument, type ReportTable } from './report-document';

/**
 * A report as a PDF, A4 landscape: every page names the bank, the report and its period at the
 * top and carries its number at the foot; a table cut by a page break repeats its header row.
 * The document streams out page by page while the rows are read.
 */

const MARGINS = { top: 28, bottom: 34, left: 30, right: 30 };
/** A4 landscape, in points: the reports' tables are wide. */
const PAGE: PageSetup = { width: 841.89, height: 595.28, margins: MARGINS };

function frameOf(report: ReportDocument): PageFrame {
  const printed = `Dicetak ${formatDateId(jakartaDate(report.printedAt))} pukul ${formatJakartaTime(report.printedAt)}`;
  return {
    top(writer) {
      const { bold, regular, left, right } = writer;
      let y = MARGINS.top;
      writer.line([{ font: bold, size: 10.5, x: left, text: bold.fit(report.bankName, 10.5, writer.width * 0.6) }], INK, y);
      const printedWidth = regular.width(printed, 7.5);
      writer.line([{ font: regular, size: 7.5, x: right - printedWidth, text: printed }], MUTED, y + 2);
      y += 15;
      writer.line([{ font: bold, size: 13, x: left, text: bold.fit(report.title, 13, writer.width) }], ACCENT, y);
      y += 17;
      writer.line([{ font: regular, size: 8.5, x: left, text: regular.fit(report.periodLine, 8.5, writer.width) }], INK, y);
      y += 14;
      writer.rule(y, ACCENT, 1);
      return y + 6;
    },
    bottom(writer, number) {
      const { regular, left, right } = writer;
      const y = writer.bottomLimit + 12;
      const footer = `${report.bankName} · ${report.title} · ${report.periodLine}`;
      const pageText = `Halaman ${number}`;
      const pageWidth = regular.width(pageText, 7.5);
      writer.line([{ font: regular, size: 7.5, x: left, text: regular.fit(footer, 7.5, writer.width - pageWidth - 24) }], MUTED, y);
      writer.line([{ font: regular, size: 7.5, x: right - pageWidth, text: pageText }], MUTED, y);
    },
  };
}

async function drawTable(writer: PdfTableWriter, current: ReportTable<never>): Promise<void> {
  const notes = current.notes ?? [];
  // The title stays with its notes, the header row and a couple of rows.
  writer.heading(current.title, notes.length * 10 + writer.style.rowHeight * 3);
  for (const note of notes) writer.paragraph(note);
  if (notes.length > 0) writer.skip(3);
  const cursor = writer.table(current.columns.map((column) => ({ header: column.header, weight: column.weight, align: column.kind === 'text' || column.kind === 'date' ? 'left' : 'right' })), current.title);
  const draw = (row: never) => cursor.row(current.columns.map((column) => cellText(column.kind, column.value(row))));
  if (typeof current.rows === 'function') {
    for await (const batch of current.rows()) {
      for (const row of batch) draw(row);
      await writer.pace();
    }
  } else {
    for (const row of current.rows) draw(row);
  }
  if (cursor.rowsDrawn === 0) cursor.empty(current.emptyText ?? 'Tidak ada data pada periode ini.');
  for (const row of current.totals ?? []) cursor.row(current.columns.map((column) => cellText(column.kind, column.value(row))), 'total');
  writer.skip(10);
}

/** Draws the whole report into `doc` (not ended). */
export async function drawReport(report: ReportDocument, doc: PDFKit.PDFDocument): Promise<number> {
  const writer = new PdfTableWriter(doc, frameOf(report), PAGE);
  writer.newPage();
  for (const current of report.tables) {
    await drawTable(writer, current);
    await writer.pace();
  }
  writer.finish();
  return writer.pageNumber;
}

export function newReportPdf(report: ReportDocument): PDFKit.PDFDocument {
  return createPdfDocument({
    autoFirstPage: false,
    size: [PAGE.width, PAGE.height],
    lang: 'id-ID',
    info: { Title: `${report.title} ${report.period} — ${report.bankName}`, Author: report.bankName, Creator: 'Berjangka', CreationDate: report.printedAt },
  });
}

/** The report as a web stream for a Response body; a failure midway aborts the download. */
export function reportPdfWebStream(report: ReportDocument, onError?: (error: unknown) => void): ReadableStream<Uint8Array> {
  const doc = newReportPdf(report);
  const body = Readable.toWeb(doc as unknown as Readable) as ReadableStream<Uint8Array>;
  drawReport(report, doc).then(
    () => doc.end(),
    (error: unknown) => {
      onError?.(error);
      (doc as unknown as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return body;
}
