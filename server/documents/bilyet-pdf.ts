import { BILYET_FORM_LIMITS } from '../../contract/documents';
import { rupiahInWords } from '../../contract/terbilang';
import type { InterestPayment, MaturityInstruction } from '../../contract/deposit';
import { formatRateBps, formatRupiah } from '../../machines/deposit-rules';
import { fitText, type FitTextOptions } from '../platform/pdf/fit-text';
import { FONTS } from '../platform/pdf/fonts';
import { createPdfDocument } from '../platform/pdf/pdf-document';
import { longDateId, longDateTimeWib } from '../platform/pdf/indonesian-dates';
import { qrPng } from '../platform/pdf/qr';
import { mm } from '../platform/pdf/units';

/** What a bilyet shows; the route gathers it from the deposit, its customer and the bank. */
export interface BilyetPrint {
  bankName: string;
  bankAddress?: string;
  /** The bank's logo, PNG or JPEG bytes (checked when it was uploaded). */
  bankLogo?: Uint8Array;
  /** Known from the print on (typed from the bank's pre-numbered blank, or from its series). */
  bilyetNumber: string;
  depositNumber: string;
  holderName: string;
  nik: string;
  address: string;
  /** Whole rupiah. */
  amount: number;
  rateBps: number;
  tenorMonths: number;
  /** YYYY-MM-DD */
  valueDate: string;
  /** YYYY-MM-DD */
  maturityDate: string;
  maturityInstruction: MaturityInstruction;
  interestPayment: InterestPayment;
  /** The public verification page of this bilyet, carried by the QR code and printed beneath it. */
  verificationUrl: string;
  /** ISO timestamp of the print. */
  printedAt: string;
}

/** A4 (printed landscape), or the size of a bank's pre-printed bilyet form. */
export type BilyetForm = 'A4' | { widthMm: number; heightMm: number };

export const MATURITY_INSTRUCTION_LABELS: Record<MaturityInstruction, string> = {
  ARO: 'ARO (pokok diperpanjang)',
  ARO_PLUS: 'ARO+ (pokok dan bunga diperpanjang)',
  PAYOUT: 'Dicairkan saat jatuh tempo',
};

const INTEREST_PAYMENT_LABELS: Record<InterestPayment, string> = {
  MONTHLY: 'Setiap bulan',
  AT_MATURITY: 'Saat jatuh tempo',
};

/**
 * The layout is drawn in millimetres of a 240×120 mm reference form and stretched to the page:
 * across by the page's width, down by its height, so every block keeps its place on any form.
 * Text and the QR code scale by the smaller stretch, so they fit the block they are given
 * whichever way the page is longer; fitText shrinks what is still too long (a long address).
 */
const REFERENCE = { widthMm: 240, heightMm: 120 } as const;

const INK = '#111111';
const MUTED = '#4a4a4a';
const ACCENT = '#0e5a6b';
const TINT = '#eaf2f4';

function pageSizeMm(form: BilyetForm): { widthMm: number; heightMm: number } {
  if (form === 'A4') return { widthMm: 297, heightMm: 210 };
  const { widthMm, heightMm } = form;
  const limits = BILYET_FORM_LIMITS;
  if (
    !Number.isFinite(widthMm) ||
    !Number.isFinite(heightMm) ||
    widthMm < heightMm ||
    widthMm < limits.minWidthMm ||
    heightMm < limits.minHeightMm ||
    widthMm > limits.maxWidthMm ||
    heightMm > limits.maxHeightMm
  ) {
    throw new RangeError(
      `drawBilyet: a form must be landscape, ${limits.minWidthMm}-${limits.maxWidthMm} × ${limits.minHeightMm}-${limits.maxHeightMm} mm; got ${widthMm} × ${heightMm} mm`,
    );
  }
  return { widthMm, heightMm };
}

/**
 * The bilyet as a one-page PDF, not yet ended: hand it to pdfResponse (to stream it) or pdfBytes
 * (to store it), which end it. Async only because the QR code's PNG is encoded off the main thread.
 */
export async function drawBilyet(bilyet: BilyetPrint, form: BilyetForm): Promise<PDFKit.PDFDocument> {
  const page = pageSizeMm(form);
  const sx = page.widthMm / REFERENCE.widthMm;
  const sy = page.heightMm / REFERENCE.heightMm;
  const s = Math.min(sx, sy);
  const X = (refMm: number) => mm(refMm * sx);
  const Y = (refMm: number) => mm(refMm * sy);
  const box = (x: number, y: number, width: number, height: number) => ({ x: X(x), y: Y(y), width: X(width), height: Y(height) });
  const text = (value: string, at: ReturnType<typeof box>, options: FitTextOptions) =>
    fitText(doc, value, at, { ...options, size: options.size * s, minSize: (options.minSize ?? 5) * Math.min(1, s) });

  const qr = await qrPng(bilyet.verificationUrl);
  const printedAt = new Date(bilyet.printedAt);
  const doc = createPdfDocument({
    size: [mm(page.widthMm), mm(page.heightMm)],
    margin: 0,
    lang: 'id-ID',
    info: {
      Title: `Bilyet Deposito Berjangka ${bilyet.bilyetNumber}`,
      Author: bilyet.bankName,
      Subject: `Deposito ${bilyet.depositNumber} a.n. ${bilyet.holderName}`,
      // The print time, not the drawing time: the same print gives the same file.
      CreationDate: printedAt,
    },
  });

  // Frame: a certificate's double border.
  doc.lineWidth(1.4 * s).strokeColor(ACCENT).rect(X(3), Y(3), X(234), Y(114)).stroke();
  doc.lineWidth(0.4 * s).rect(X(4.6), Y(4.6), X(230.8), Y(110.8)).stroke();

  // Header: logo, bank, and the numbers a teller looks for first.
  let nameLeft = 9;
  if (bilyet.bankLogo) {
    const side = mm(15 * s);
    doc.image(Buffer.from(bilyet.bankLogo), X(9), Y(8), { fit: [side, side], valign: 'center' });
    nameLeft = 9 + 15 * (s / sx) + 3;
  }
  text(bilyet.bankName, box(nameLeft, 8, 152 - nameLeft, 7.5), { font: FONTS.serifBold, size: 13, color: INK, valign: 'bottom' });
  if (bilyet.bankAddress) {
    text(bilyet.bankAddress, box(nameLeft, 16.2, 152 - nameLeft, 8), { font: FONTS.sans, size: 6.8, color: MUTED, lineGap: 0.6 });
  }
  text('No. Bilyet', box(160, 8, 71, 3.6), { font: FONTS.sans, size: 6.5, color: MUTED, align: 'right' });
  text(bilyet.bilyetNumber, box(160, 11.4, 71, 6.4), { font: FONTS.sansBold, size: 13, color: INK, align: 'right', valign: 'middle' });
  text(`No. Deposito ${bilyet.depositNumber}`, box(160, 18.6, 71, 4.4), { font: FONTS.sans, size: 7.5, color: INK, align: 'right' });

  // Title.
  text('BILYET DEPOSITO BERJANGKA', box(9, 25.5, 222, 7.5), { font: FONTS.serifBold, size: 15.5, color: ACCENT, align: 'center', valign: 'middle', characterSpacing: 1.2 * s });
  doc.lineWidth(0.6 * s).strokeColor(ACCENT).moveTo(X(9), Y(34.2)).lineTo(X(231), Y(34.2)).stroke();

  // Fields: the holder on the left, the terms on the right.
  const field = (label: string, value: string, at: { x: number; y: number; labelWidth: number; width: number; height: number }, emphasis = false) => {
    const valueSize = emphasis ? 9.5 : 8.4;
    const labelSize = 7;
    // The label sits on the value's first baseline (DejaVu's ascent is 0.93 em), not on its top.
    const drop = ((valueSize - labelSize) * 0.93 * s) / mm(sy);
    text(label, box(at.x, at.y + drop, at.labelWidth, at.height - drop), { font: FONTS.sans, size: labelSize, color: MUTED });
    text(value, box(at.x + at.labelWidth, at.y, at.width - at.labelWidth, at.height), { font: emphasis ? FONTS.sansBold : FONTS.sans, size: valueSize, color: INK, lineGap: 0.5 });
  };
  const left = { x: 9, labelWidth: 25, width: 108 };
  field('Nama Nasabah', bilyet.holderName, { ...left, y: 37, height: 6.2 }, true);
  field('NIK', bilyet.nik, { ...left, y: 43.6, height: 5.4 });
  field('Alamat', bilyet.address, { ...left, y: 49.4, height: 17 });
  doc.lineWidth(0.3 * s).strokeColor('#c7d3d6').moveTo(X(121), Y(37)).lineTo(X(121), Y(66.5)).stroke();
  const right = { x: 124, labelWidth: 31, width: 107, height: 4.9 };
  const terms: Array<[string, string]> = [
    ['Suku Bunga', `${formatRateBps(bilyet.rateBps)} p.a.`],
    ['Jangka Waktu', `${bilyet.tenorMonths} bulan`],
    ['Tanggal Valuta', longDateId(bilyet.valueDate)],
    ['Jatuh Tempo', longDateId(bilyet.maturityDate)],
    ['Perpanjangan', MATURITY_INSTRUCTION_LABELS[bilyet.maturityInstruction]],
    ['Pembayaran Bunga', INTEREST_PAYMENT_LABELS[bilyet.interestPayment]],
  ];
  terms.forEach(([label, value], row) => field(label, value, { ...right, y: 37 + row * right.height }));

  // The amount, in figures and in words, in a band of its own across the form.
  doc.rect(X(9), Y(68.5), X(222), Y(17)).fill(TINT);
  doc.rect(X(9), Y(68.5), X(1.2), Y(17)).fill(ACCENT);
  text('Nominal', box(13, 69.6, 21, 7.4), { font: FONTS.sans, size: 7, color: MUTED, valign: 'middle' });
  text(formatRupiah(bilyet.amount), box(34, 69.6, 150, 7.4), { font: FONTS.sansBold, size: 15, color: INK, valign: 'middle' });
  text(`Terbilang: ${rupiahInWords(bilyet.amount)}`, box(13, 77.4, 215, 7.4), { font: FONTS.serif, size: 8, color: INK, lineGap: 0.3, valign: 'middle' });

  // Footer: the QR code that lets anyone check the bilyet, and the officers' signature boxes.
  const qrSide = mm(25 * s);
  doc.image(qr, X(9), Y(89), { width: qrSide, height: qrSide });
  const captionLeft = 9 + 25 * (s / sx) + 3;
  const captionWidth = 113 - captionLeft;
  text('Pindai untuk memeriksa keaslian bilyet', box(captionLeft, 89, captionWidth, 7.5), { font: FONTS.sansBold, size: 7.2, color: INK, lineGap: 0.4 });
  text(bilyet.verificationUrl, box(captionLeft, 97, captionWidth, 7.5), { font: FONTS.sans, size: 5.6, color: ACCENT, lineGap: 0.3 });
  text(`Dicetak ${longDateTimeWib(printedAt)}`, box(captionLeft, 108.6, captionWidth, 4), { font: FONTS.sans, size: 5.4, color: MUTED, valign: 'bottom' });

  const signatureBox = (x: number, width: number, title: string) => {
    doc.lineWidth(0.5 * s).strokeColor('#9aa9ad').rect(X(x), Y(88.5), X(width), Y(24.5)).stroke();
    text(title, box(x, 89.6, width, 3.6), { font: FONTS.sans, size: 6.3, color: MUTED, align: 'center' });
    doc.lineWidth(0.4 * s).strokeColor('#9aa9ad').moveTo(X(x + 5), Y(108.6)).lineTo(X(x + width - 5), Y(108.6)).stroke();
    text('Tanda tangan, nama jelas & stempel', box(x, 109.2, width, 3.2), { font: FONTS.sans, size: 5.2, color: MUTED, align: 'center' });
  };
  signatureBox(117, 55, 'Pejabat Berwenang');
  signatureBox(176, 55, 'Pejabat Berwenang');

  return doc;
}
