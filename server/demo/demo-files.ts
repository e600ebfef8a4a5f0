import PDFDocument from 'pdfkit';
import { longDateTimeWib } from '../platform/pdf/indonesian-dates';
import { pdfBytes } from '../platform/pdf/pdf-bytes';
import { mm } from '../platform/pdf/units';
import type { DemoFileKind } from './demo-tracks-plan';

/**
 * The few real PDFs behind a demo bank's documents (demo-tracks-plan.ts): a scanned bilyet, a
 * tanda terima, a return receipt, a loss statement, the placement form and its signed copy. One
 * of each per bank, drawn at seeding and shared by every document of its kind, each under its own
 * file name. They say they are samples: a reader opening one deposit's scan sees the bank's
 * specimen, not that deposit's paper.
 *
 * Set in the PDF standard fonts (Helvetica), unlike the documents Berjangka makes for a customer
 * (DejaVu, platform/pdf/fonts.ts): the demo's texts are plain Latin, and the standard fonts need
 * no embedding, so the six files take a few milliseconds instead of half a second of every first
 * start. The signed copy is drawn the way server/signature/signed-copy.ts lays its page out.
 */

interface DemoBank {
  name: string;
  address: string;
}

const INK = '#111111';
const MUTED = '#4a4a4a';
const ACCENT = '#0e5a6b';
const SAMPLE = 'Contoh dokumen data demo Berjangka — bukan dokumen asli.';
const SANS = 'Helvetica';
const SANS_BOLD = 'Helvetica-Bold';

/** A4 page with the bank's letterhead and a title; `body` draws below it. */
function letterDocument(bank: DemoBank, title: string, createdAt: Date, body: (doc: PDFKit.PDFDocument, width: number) => void): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margins: { top: mm(22), bottom: mm(20), left: mm(24), right: mm(24) }, lang: 'id-ID', info: { Title: title, Author: bank.name, CreationDate: createdAt } });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(SANS_BOLD).fontSize(14).fillColor(INK).text(bank.name, left, doc.y, { width });
  doc.font(SANS).fontSize(9).fillColor(MUTED).text(bank.address, { width });
  doc.moveDown(0.4);
  doc.lineWidth(1).strokeColor(ACCENT).moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
  doc.moveDown(1.2);
  doc.font(SANS_BOLD).fontSize(15).fillColor(ACCENT).text(title, left, doc.y, { width, align: 'center' });
  doc.moveDown(1.2);
  doc.font(SANS).fontSize(10.5).fillColor(INK);
  body(doc, width);
  doc.moveDown(2);
  doc.font(SANS).fontSize(8.5).fillColor(MUTED).text(SAMPLE, left, doc.y, { width, align: 'center' });
  return doc;
}

function letter(bank: DemoBank, title: string, createdAt: Date, body: (doc: PDFKit.PDFDocument, width: number) => void): Promise<Uint8Array> {
  return pdfBytes(letterDocument(bank, title, createdAt, body));
}

/** "Label ..........." lines for a form to fill in. */
function fields(doc: PDFKit.PDFDocument, width: number, labels: readonly string[]): void {
  const left = doc.page.margins.left;
  for (const label of labels) {
    const y = doc.y;
    doc.font(SANS).fontSize(10.5).fillColor(INK).text(label, left, y, { width: mm(55) });
    doc.lineWidth(0.5).strokeColor('#9aa9ad').moveTo(left + mm(58), y + 11).lineTo(left + width, y + 11).stroke();
    doc.y = y + 22;
  }
}

function signatures(doc: PDFKit.PDFDocument, width: number, left: string, right: string): void {
  const x = doc.page.margins.left;
  doc.moveDown(1.5);
  const y = doc.y;
  const half = (width - mm(10)) / 2;
  for (const [index, title] of [left, right].entries()) {
    const at = x + index * (half + mm(10));
    doc.font(SANS).fontSize(10).fillColor(INK).text(title, at, y, { width: half, align: 'center' });
    doc.lineWidth(0.5).strokeColor('#9aa9ad').moveTo(at + mm(8), y + mm(26)).lineTo(at + half - mm(8), y + mm(26)).stroke();
    doc.font(SANS).fontSize(8).fillColor(MUTED).text('Tanda tangan & nama jelas', at, y + mm(27.5), { width: half, align: 'center' });
  }
  doc.x = x;
  doc.y = y + mm(34);
}

/** A bilyet as it comes off the scanner: signed, stamped, slightly off-white. */
async function bilyetScan(bank: DemoBank, createdAt: Date): Promise<Uint8Array> {
  const [width, height] = [mm(240), mm(120)];
  const doc = new PDFDocument({ size: [width, height], margin: 0, lang: 'id-ID', info: { Title: 'Pindaian Bilyet Deposito (contoh)', Author: bank.name, CreationDate: createdAt } });
  doc.rect(0, 0, width, height).fill('#f4f1ea');
  doc.lineWidth(1.4).strokeColor(ACCENT).rect(mm(3), mm(3), mm(234), mm(114)).stroke();
  doc.lineWidth(0.4).rect(mm(4.6), mm(4.6), mm(230.8), mm(110.8)).stroke();
  doc.font(SANS_BOLD).fontSize(13).fillColor(INK).text(bank.name, mm(9), mm(9), { width: mm(150) });
  doc.font(SANS).fontSize(7).fillColor(MUTED).text(bank.address, mm(9), mm(16), { width: mm(150) });
  doc.font(SANS_BOLD).fontSize(15.5).fillColor(ACCENT).text('BILYET DEPOSITO BERJANGKA', mm(9), mm(27), { width: mm(222), align: 'center', characterSpacing: 1.2 });
  doc.lineWidth(0.6).strokeColor(ACCENT).moveTo(mm(9), mm(35)).lineTo(mm(231), mm(35)).stroke();
  const rows: Array<[string, string]> = [
    ['No. Bilyet', 'sesuai data deposito'],
    ['Nama Nasabah', 'sesuai data deposito'],
    ['Nominal', 'sesuai data deposito'],
    ['Jatuh Tempo', 'sesuai data deposito'],
  ];
  rows.forEach(([label, value], index) => {
    doc.font(SANS).fontSize(8).fillColor(MUTED).text(label, mm(9), mm(40 + index * 7), { width: mm(30) });
    doc.font(SANS_BOLD).fontSize(9).fillColor(INK).text(value, mm(40), mm(40 + index * 7), { width: mm(80) });
  });
  doc.font(SANS).fontSize(8).fillColor(MUTED).text(`PINDAIAN CONTOH — ${SAMPLE}`, mm(9), mm(72), { width: mm(110) });
  for (const x of [124, 180]) {
    doc.lineWidth(0.5).strokeColor('#9aa9ad').rect(mm(x), mm(84), mm(50), mm(28)).stroke();
    doc.font(SANS).fontSize(6.5).fillColor(MUTED).text('Pejabat Berwenang', mm(x), mm(85.5), { width: mm(50), align: 'center' });
    // The signature: a pen stroke; the stamp: a ring in the bank's ink.
    doc.lineWidth(0.9).strokeColor('#1d3c8f').moveTo(mm(x + 10), mm(102)).bezierCurveTo(mm(x + 16), mm(92), mm(x + 22), mm(108), mm(x + 28), mm(98)).bezierCurveTo(mm(x + 32), mm(92), mm(x + 36), mm(104), mm(x + 40), mm(99)).stroke();
  }
  doc.lineWidth(1.2).strokeColor('#6a2c91').opacity(0.7).circle(mm(140), mm(99), mm(9)).stroke().opacity(1);
  return pdfBytes(doc);
}

const FORM_TITLE = 'FORMULIR PEMBUKAAN DEPOSITO BERJANGKA';

function placementForm(doc: PDFKit.PDFDocument, width: number): void {
  doc.text('Dengan ini saya mengajukan pembukaan deposito berjangka dengan data sebagai berikut, dan menyetujui syarat dan ketentuan deposito berjangka bank.', { width, lineGap: 2 });
  doc.moveDown(1);
  fields(doc, width, ['Nama sesuai KTP', 'NIK', 'Alamat', 'Nomor telepon', 'Produk', 'Nominal', 'Jangka waktu', 'Instruksi jatuh tempo', 'Rekening pencairan']);
  signatures(doc, width, 'Nasabah', 'Petugas Bank');
}

/** The page a signed copy ends with (server/signature/signed-copy.ts), for a sample signer. */
function signaturePage(doc: PDFKit.PDFDocument, signedAt: Date): PDFKit.PDFDocument {
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(SANS_BOLD).fontSize(17).fillColor(ACCENT).text('Lembar Tanda Tangan Elektronik', left, doc.page.margins.top, { width });
  doc.moveDown(0.3);
  doc.font(SANS).fontSize(9.5).fillColor(MUTED).text('Lembar ini ditambahkan pada dokumen setelah ditandatangani dan menjadi bagian yang tidak terpisahkan darinya.', { width });
  doc.moveDown(1);
  const rows: Array<[string, string]> = [
    ['Dokumen', 'Formulir Pembukaan Deposito Berjangka'],
    ['Ditandatangani oleh', 'Nasabah (contoh data demo)'],
    ['Waktu penandatanganan', longDateTimeWib(signedAt)],
    ['ID tanda tangan', 'CONTOH-DATA-DEMO'],
    ['Penyedia tanda tangan', 'Privy (sandbox)'],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font(SANS).fontSize(10).fillColor(MUTED).text(label, left, y, { width: mm(52) });
    doc.font(SANS_BOLD).fillColor(INK).text(value, left + mm(52), y, { width: width - mm(52) });
    doc.y += 5;
  }
  doc.moveDown(1);
  doc.font(SANS_BOLD).fontSize(10).fillColor('#9b1c1c').text('Dibuat di lingkungan uji (sandbox): bukan tanda tangan yang sah.', left, doc.y, { width });
  return doc;
}

/** One PDF of each kind for a bank. */
export async function drawDemoFiles(bank: DemoBank, createdAt: Date): Promise<Record<DemoFileKind, Uint8Array>> {
  const [scan, receipt, returnReceipt, lossStatement, form, signedForm] = await Promise.all([
    bilyetScan(bank, createdAt),
    letter(bank, 'TANDA TERIMA BILYET DEPOSITO', createdAt, (doc, width) => {
      doc.text('Yang bertanda tangan di bawah ini menyatakan telah menerima bilyet deposito berjangka asli dari bank dalam keadaan baik.', { width, lineGap: 2 });
      doc.moveDown(1);
      fields(doc, width, ['Nomor bilyet', 'Nomor deposito', 'Nama penerima', 'Tanggal diterima']);
      signatures(doc, width, 'Penerima', 'Petugas Bank');
    }),
    letter(bank, 'BUKTI PENGEMBALIAN BILYET DEPOSITO', createdAt, (doc, width) => {
      doc.text('Bank telah menerima kembali bilyet deposito berjangka asli dari nasabah untuk pencairan deposito.', { width, lineGap: 2 });
      doc.moveDown(1);
      fields(doc, width, ['Nomor bilyet', 'Nomor deposito', 'Nama nasabah', 'Tanggal dikembalikan']);
      signatures(doc, width, 'Nasabah', 'Petugas Bank');
    }),
    letter(bank, 'SURAT PERNYATAAN KEHILANGAN BILYET DEPOSITO', createdAt, (doc, width) => {
      doc.text(
        'Saya yang bertanda tangan di bawah ini menyatakan bahwa bilyet deposito berjangka atas nama saya telah hilang, dan melampirkan surat keterangan kehilangan dari kepolisian. Bilyet yang hilang dinyatakan tidak berlaku.',
        { width, lineGap: 2 },
      );
      doc.moveDown(1);
      fields(doc, width, ['Nomor bilyet', 'Nomor deposito', 'Nama nasabah', 'NIK', 'Tanggal kehilangan', 'No. laporan polisi']);
      signatures(doc, width, 'Nasabah (bermeterai)', 'Petugas Bank');
    }),
    letter(bank, FORM_TITLE, createdAt, placementForm),
    pdfBytes(signaturePage(letterDocument(bank, FORM_TITLE, createdAt, placementForm), createdAt)),
  ]);
  return { bilyetScan: scan, receipt, returnReceipt, lossStatement, form: form!, signedForm: signedForm! };
}
