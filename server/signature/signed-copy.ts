import { PDFDocument as PdfLibDocument, PageSizes } from 'pdf-lib';
import { FONTS, setFont } from '../platform/pdf/fonts';
import { createPdfDocument } from '../platform/pdf/pdf-document';
import { longDateTimeWib } from '../platform/pdf/indonesian-dates';
import { pdfBytes } from '../platform/pdf/pdf-bytes';
import { mm } from '../platform/pdf/units';

/** The document sent for signature, as it was uploaded or generated. */
interface SignableOriginal {
  bytes: Uint8Array;
  mediaType: 'application/pdf' | 'image/png' | 'image/jpeg';
}

/** Who signed what and when, from Privy's callback. */
export interface SignatureDetails {
  signerName: string;
  signerEmail?: string;
  /** ISO timestamp. */
  signedAt: string;
  signatureId: string;
  provider: 'Privy' | 'Privy (sandbox)';
  documentTitle: string;
}

const INK = '#111111';
const MUTED = '#4a4a4a';
const ACCENT = '#0e5a6b';
const WARNING = '#9b1c1c';

/**
 * The signature page, drawn with pdfkit and DejaVu like every other document of ours, then
 * copied into the original by pdf-lib. pdf-lib alone could only write the standard fonts'
 * WinAnsi letters (embedding a TTF needs @pdf-lib/fontkit, which we do not carry), and a signer's
 * name is printed as the signer wrote it, whatever its letters.
 */
function drawSignaturePage(signature: SignatureDetails): PDFKit.PDFDocument {
  const doc = createPdfDocument({ size: 'A4', margins: { top: mm(25), bottom: mm(20), left: mm(24), right: mm(24) }, lang: 'id-ID' });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const sandbox = signature.provider === 'Privy (sandbox)';

  setFont(doc, FONTS.serifBold).fontSize(17).fillColor(ACCENT).text('Lembar Tanda Tangan Elektronik', left, doc.y, { width });
  doc.moveDown(0.3);
  setFont(doc, FONTS.sans).fontSize(9.5).fillColor(MUTED).text('Lembar ini ditambahkan pada dokumen setelah ditandatangani dan menjadi bagian yang tidak terpisahkan darinya.', { width });
  doc.moveDown(1);

  const rows: Array<[string, string]> = [
    ['Dokumen', signature.documentTitle],
    ['Ditandatangani oleh', signature.signerName],
  ];
  if (signature.signerEmail) rows.push(['Email', signature.signerEmail]);
  rows.push(['Waktu penandatanganan', longDateTimeWib(signature.signedAt)], ['ID tanda tangan', signature.signatureId], ['Penyedia tanda tangan', signature.provider]);
  const tableTop = doc.y;
  const labelWidth = mm(52);
  const pad = mm(4);
  doc.y = tableTop + pad;
  for (const [label, value] of rows) {
    const y = doc.y;
    setFont(doc, FONTS.sans).fontSize(10).fillColor(MUTED).text(label, left + pad, y, { width: labelWidth });
    setFont(doc, FONTS.sansBold).fillColor(INK).text(value, left + pad + labelWidth, y, { width: width - labelWidth - 2 * pad });
    doc.y += 5;
  }
  doc.lineWidth(0.8).strokeColor(ACCENT).rect(left, tableTop, width, doc.y - tableTop + pad - 5).stroke();
  doc.y += pad + mm(4);

  setFont(doc, FONTS.sans)
    .fontSize(10)
    .fillColor(INK)
    .text(
      `Dokumen ini telah ditandatangani secara elektronik melalui ${signature.provider} oleh penanda tangan yang tercantum di atas. ` +
        'Halaman-halaman sebelum lembar ini adalah dokumen yang ditandatangani, tanpa perubahan.',
      left,
      doc.y,
      { width, lineGap: 2 },
    );
  if (sandbox) {
    doc.moveDown(0.8);
    // A sandbox signature is a rehearsal: the copy must say so wherever it ends up.
    setFont(doc, FONTS.sansBold).fontSize(10).fillColor(WARNING).text('Dibuat di lingkungan uji (sandbox): bukan tanda tangan yang sah.', left, doc.y, { width });
  }
  return doc;
}

/** An uploaded scan or photo as a PDF page of its own: A4 turned to the image's shape, the image fitted inside a margin. */
async function imageAsPdf(original: SignableOriginal, title: string): Promise<PdfLibDocument> {
  const pdf = await PdfLibDocument.create();
  pdf.setTitle(title);
  const image = original.mediaType === 'image/png' ? await pdf.embedPng(original.bytes) : await pdf.embedJpg(original.bytes);
  const [short, long] = PageSizes.A4;
  const [pageWidth, pageHeight] = image.width > image.height ? [long, short] : [short, long];
  const page = pdf.addPage([pageWidth, pageHeight]);
  const margin = mm(12);
  const scale = Math.min((pageWidth - 2 * margin) / image.width, (pageHeight - 2 * margin) / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height });
  return pdf;
}

/**
 * The signed copy: the original with one more page saying who signed, when and under which
 * signature id. A PDF keeps its pages and metadata untouched and gets the page at its end; an
 * image becomes a page of its own first. An encrypted PDF is refused by pdf-lib (it throws).
 */
export async function appendSignaturePage(original: SignableOriginal, signature: SignatureDetails): Promise<Uint8Array> {
  // Copied first: pdf-lib reads a JPEG through its `.buffer` from offset 0, so a view into a
  // larger buffer (a small Node Buffer lives in a shared pool) would be read from the wrong bytes.
  const bytes = new Uint8Array(original.bytes);
  const copy =
    original.mediaType === 'application/pdf'
      ? await PdfLibDocument.load(bytes, { updateMetadata: false })
      : await imageAsPdf({ ...original, bytes }, signature.documentTitle);
  const signaturePage = await PdfLibDocument.load(await pdfBytes(drawSignaturePage(signature)));
  const [page] = await copy.copyPages(signaturePage, [0]);
  copy.addPage(page);
  return copy.save();
}
