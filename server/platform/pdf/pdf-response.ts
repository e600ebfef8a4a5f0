import { Readable } from 'node:stream';

const PDF_MEDIA_TYPE = 'application/pdf';

/**
 * The filename as plain ASCII, as the xlsx downloads name theirs (xlsx-stream.ts), so every
 * browser and mail client keeps it: accents dropped ("Sulistyowati Ç" → "Sulistyowati_C"),
 * anything else outside [A-Za-z0-9._-] becomes "_", and it ends in ".pdf".
 */
export function asciiPdfFilename(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[_.]+|_+$/g, '');
  return `${stem || 'dokumen'}.pdf`;
}

/**
 * Headers of a generated PDF: its media type, the filename both as ASCII and (RFC 6266's
 * filename*) in UTF-8, so a browser that reads filename* keeps "Bilyet Budi Santoso.pdf" with its
 * spaces; no-store, because a bilyet or a label carries a holder's personal data.
 */
export function pdfHeaders(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): Record<string, string> {
  const ascii = asciiPdfFilename(filename);
  const full = /\.pdf$/i.test(filename) ? filename : `${filename}.pdf`;
  return {
    'Content-Type': PDF_MEDIA_TYPE,
    'Content-Disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}

/**
 * A drawn document as the answer, streamed: pdfkit's readable becomes the response body and the
 * document is ended here, so its bytes go out as they are written and are never gathered first.
 * `inline` lets a browser open the bilyet in its viewer to print it; `attachment` downloads it.
 */
export function pdfResponse(
  doc: PDFKit.PDFDocument,
  options: { filename: string; disposition?: 'attachment' | 'inline' },
): Response {
  const body = Readable.toWeb(doc) as ReadableStream<Uint8Array>;
  doc.end();
  return new Response(body, { status: 200, headers: pdfHeaders(options.filename, options.disposition) });
}
