import PDFDocument from 'pdfkit';
import { FONTS, setFont } from './fonts';

/**
 * A new pdfkit document set in DejaVu Sans, through the shared parsed face (fonts.ts): given as
 * pdfkit's `font` option, the path would be parsed again for every document. pdfkit still opens
 * Helvetica as its default (0.4 ms); nothing is drawn in it, so it is not written to the file.
 */
export function createPdfDocument(options: Omit<PDFKit.PDFDocumentOptions, 'font'>): PDFKit.PDFDocument {
  return setFont(new PDFDocument(options), FONTS.sans);
}
