import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { code128Png } from '../../server/platform/pdf/barcode';
import { fitText } from '../../server/platform/pdf/fit-text';
import { FONTS, parseFace, setFont } from '../../server/platform/pdf/fonts';
import { longDateId, longDateTimeWib } from '../../server/platform/pdf/indonesian-dates';
import { pdfBytes } from '../../server/platform/pdf/pdf-bytes';
import { createPdfDocument } from '../../server/platform/pdf/pdf-document';
import { asciiPdfFilename, pdfResponse } from '../../server/platform/pdf/pdf-response';
import { qrPng } from '../../server/platform/pdf/qr';
import { pdfFonts, pdfPageCount, pdfToText, squish } from '../support/pdf-text';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

function oneLineDocument(line: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A6', font: FONTS.sans });
  doc.text(line);
  return doc;
}

describe('PDF platform', () => {
  it('finds the four DejaVu faces on disk by path', () => {
    for (const path of Object.values(FONTS)) expect(existsSync(path), path).toBe(true);
  });

  it('sets a new document in embedded DejaVu, with no standard font (Helvetica) left in it', async () => {
    const doc = createPdfDocument({ size: 'A6' });
    doc.text('Nasabah Łukasz — Rp 1.000');
    setFont(doc, FONTS.serifBold).text('Judul');
    const bytes = await pdfBytes(doc);
    expect(await pdfFonts(bytes)).toEqual([
      { name: 'DejaVuSans', embedded: true },
      { name: 'DejaVuSerif-Bold', embedded: true },
    ]);
    expect(squish(await pdfToText(bytes))).toBe('Nasabah Łukasz — Rp 1.000 Judul');
  });

  it('shares a parsed face between documents, each still embedding the glyphs it uses', async () => {
    const first = createPdfDocument({ size: 'A6' });
    first.text('Budi');
    const second = createPdfDocument({ size: 'A6' });
    second.text('Siti');
    const [a, b] = await Promise.all([pdfBytes(first), pdfBytes(second)]);
    expect(squish(await pdfToText(a))).toBe('Budi');
    expect(squish(await pdfToText(b))).toBe('Siti');
  });

  it('keeps "I" as text in every later document after one drew "Ï" and "Í", whose glyphs are built from "I"', async () => {
    // A face of its own, so what other tests drew before cannot have made "I" already.
    const face = parseFace(FONTS.sans);
    const draw = async (text: string) => {
      const doc = new PDFDocument({ size: 'A6' });
      doc.font(face, FONTS.sans).text(text);
      return squish(await pdfToText(await pdfBytes(doc)));
    };
    expect(await draw('Ïda Íwan')).toBe('Ïda Íwan');
    expect(await draw('PENGIRIM Ibu')).toBe('PENGIRIM Ibu');
  });

  it('answers a document streamed as application/pdf, an attachment by default, never cached', async () => {
    const response = pdfResponse(oneLineDocument('Bilyet Budi'), { filename: 'Bilyet DEP-2026-00042 Budi Santoso' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Bilyet_DEP-2026-00042_Budi_Santoso.pdf"; filename*=UTF-8''Bilyet%20DEP-2026-00042%20Budi%20Santoso.pdf`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(squish(await pdfToText(bytes))).toBe('Bilyet Budi');
  });

  it('answers inline when asked, so a browser opens the PDF to print it', () => {
    const response = pdfResponse(oneLineDocument('x'), { filename: 'bilyet.pdf', disposition: 'inline' });
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="bilyet\.pdf"; filename\*=UTF-8''bilyet\.pdf$/);
  });

  it('keeps a filename plain ASCII: accents dropped, anything else an underscore, one ".pdf"', () => {
    expect(asciiPdfFilename('Résumé Çelik – Ağustus.pdf')).toBe('Resume_Celik_Agustus.pdf');
    expect(asciiPdfFilename('Resi JNE/0012"x')).toBe('Resi_JNE_0012_x.pdf');
    expect(asciiPdfFilename('—')).toBe('dokumen.pdf');
  });

  it('collects a document into bytes of its own (not a view into a shared pool)', async () => {
    const bytes = await pdfBytes(oneLineDocument('Surat ARO'));
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    expect(await pdfPageCount(bytes)).toBe(1);
    expect(squish(await pdfToText(bytes))).toBe('Surat ARO');
  });

  it('writes dates as a letter does, the month spelled out, and times in WIB', () => {
    expect(longDateId('2026-01-31')).toBe('31 Januari 2026');
    expect(longDateId('2026-08-05')).toBe('5 Agustus 2026');
    expect(longDateId('2027-12-01')).toBe('1 Desember 2027');
    // 17:30 UTC is already the next day in Jakarta.
    expect(longDateTimeWib('2026-01-31T17:30:00.000Z')).toBe('1 Februari 2026 pukul 00.30 WIB');
    expect(() => longDateId('2026-13-01')).toThrow(RangeError);
    expect(() => longDateTimeWib('kemarin')).toThrow(RangeError);
  });

  it('draws a QR code as a square PNG', async () => {
    const png = await qrPng('https://berjangka.example.id/verifikasi/bilyet/7K3QF9XW2M');
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const size = pngSize(png);
    expect(size.width).toBe(size.height);
    // A longer text needs a larger symbol: the content is what is encoded.
    expect(pngSize(await qrPng(`https://berjangka.example.id/verifikasi/bilyet/${'X'.repeat(120)}`)).width).toBeGreaterThan(size.width);
  });

  it('draws an AWB as a wide Code 128 PNG, longer for a longer AWB', async () => {
    const png = await code128Png('JNE0012345678901');
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const size = pngSize(png);
    expect(size.width).toBeGreaterThan(size.height * 2);
    expect(pngSize(await code128Png('JNE0012345678901ABCDEF')).width).toBeGreaterThan(size.width);
  });

  it('shrinks a text until it fits its box, and keeps it on the one page', async () => {
    const doc = new PDFDocument({ size: 'A6', margin: 0, font: FONTS.sans });
    const address = 'Perumahan Griya Bumi Asri Blok C-12 No. 34 RT 005 RW 012, Kelurahan Sukamaju Kidul, Kecamatan Cibeunying Kaler, Kota Bandung';
    const used = fitText(doc, address, { x: 10, y: 10, width: 150, height: 30 }, { font: FONTS.sans, size: 12 });
    expect(used).toBeLessThan(12);
    expect(doc.fontSize(used).heightOfString(address, { width: 150 })).toBeLessThanOrEqual(30);
    expect(fitText(doc, 'Budi', { x: 10, y: 60, width: 150, height: 30 }, { font: FONTS.sans, size: 12 })).toBe(12);
    const bytes = await pdfBytes(doc);
    expect(await pdfPageCount(bytes)).toBe(1);
    expect(squish(await pdfToText(bytes, { mode: 'raw' }))).toBe(`${address} Budi`);
  });
});
