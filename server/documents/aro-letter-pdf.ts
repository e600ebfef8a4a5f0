import { rupiahInWords } from '../../contract/terbilang';
import { formatRateBps, formatRupiah } from '../../machines/deposit-rules';
import { FONTS, setFont } from '../platform/pdf/fonts';
import { createPdfDocument } from '../platform/pdf/pdf-document';
import { longDateId } from '../platform/pdf/indonesian-dates';
import { mm } from '../platform/pdf/units';
import { MATURITY_INSTRUCTION_LABELS } from './bilyet-pdf';

/**
 * The new period's principal. ARO rolls the principal unchanged; ARO+ adds the ending period's
 * net interest to it, and the letter shows both parts, so the sum is computed here and can
 * never disagree with them.
 */
export type AroLetterPrincipal =
  | { instruction: 'ARO'; principal: number }
  | { instruction: 'ARO_PLUS'; previousPrincipal: number; capitalisedInterest: number };

/** What an ARO letter states; the daily job's rollover gathers it from the new period. */
export interface AroLetter {
  bankName: string;
  bankAddress?: string;
  /** PNG or JPEG bytes. */
  bankLogo?: Uint8Array;
  /** The bank's city, for the date line ("Bandung, 31 Januari 2027"). */
  bankCity?: string;
  /** The bank's own letter number, when it numbers its letters. */
  letterNumber?: string;
  customerName: string;
  customerAddress?: string;
  depositNumber: string;
  /** Null when the bilyet was never uploaded; the letter then names no number. */
  bilyetNumber: string | null;
  /** The new period's number: 2 for the first rollover. */
  periodNumber: number;
  /** YYYY-MM-DD: the new period's first day (the old maturity). */
  periodStart: string;
  /** YYYY-MM-DD */
  maturityDate: string;
  rateBps: number;
  tenorMonths: number;
  /** YYYY-MM-DD: the day the letter is issued (the rollover's business date). */
  issueDate: string;
  principal: AroLetterPrincipal;
}

const INK = '#111111';
const MUTED = '#4a4a4a';
const ACCENT = '#0e5a6b';

/** The new period's principal: for ARO+, the old principal with the interest added. */
function aroNewPrincipal(principal: AroLetterPrincipal): number {
  return principal.instruction === 'ARO' ? principal.principal : principal.previousPrincipal + principal.capitalisedInterest;
}

/**
 * "SURAT PEMBERITAHUAN PERPANJANGAN OTOMATIS (ARO)" on one A4 page, not yet ended: hand it to
 * pdfBytes (the letter is stored as the deposit's ARO_LETTER document) or pdfResponse.
 */
export function drawAroLetter(letter: AroLetter): PDFKit.PDFDocument {
  if (!Number.isInteger(letter.periodNumber) || letter.periodNumber < 2) {
    throw new RangeError(`drawAroLetter: a rollover starts period 2 or later, got ${letter.periodNumber}`);
  }
  const doc = createPdfDocument({
    size: 'A4',
    margins: { top: mm(20), bottom: mm(18), left: mm(24), right: mm(24) },
    lang: 'id-ID',
    info: {
      Title: `Surat Pemberitahuan Perpanjangan Otomatis (ARO) ${letter.depositNumber} periode ${letter.periodNumber}`,
      Author: letter.bankName,
      CreationDate: new Date(`${letter.issueDate}T00:00:00+07:00`),
    },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // Letterhead.
  const top = doc.page.margins.top;
  let textLeft = left;
  if (letter.bankLogo) {
    doc.image(Buffer.from(letter.bankLogo), left, top, { fit: [mm(18), mm(18)], valign: 'center' });
    textLeft = left + mm(22);
  }
  setFont(doc, FONTS.serifBold).fontSize(15).fillColor(INK).text(letter.bankName, textLeft, top + mm(1), { width: left + width - textLeft });
  if (letter.bankAddress) setFont(doc, FONTS.sans).fontSize(8.5).fillColor(MUTED).text(letter.bankAddress, { width: left + width - textLeft });
  const ruleY = Math.max(doc.y, top + (letter.bankLogo ? mm(18) : 0)) + mm(3);
  doc.lineWidth(1.2).strokeColor(ACCENT).moveTo(left, ruleY).lineTo(left + width, ruleY).stroke();
  doc.lineWidth(0.4).moveTo(left, ruleY + 2.5).lineTo(left + width, ruleY + 2.5).stroke();

  // Date, number, subject, addressee.
  const dateLine = `${letter.bankCity ? `${letter.bankCity}, ` : ''}${longDateId(letter.issueDate)}`;
  setFont(doc, FONTS.sans).fontSize(10).fillColor(INK).text(dateLine, left, ruleY + mm(7), { width, align: 'right' });
  doc.moveDown(0.6);
  const heading = (label: string, value: string) => {
    const y = doc.y;
    setFont(doc, FONTS.sans).fontSize(10).fillColor(INK).text(label, left, y, { width: mm(20) });
    doc.text(':', left + mm(20), y, { width: mm(4) });
    doc.text(value, left + mm(24), y, { width: width - mm(24) });
  };
  if (letter.letterNumber) heading('Nomor', letter.letterNumber);
  heading('Perihal', `Pemberitahuan perpanjangan otomatis deposito No. ${letter.depositNumber}`);
  doc.moveDown(1.2);
  setFont(doc, FONTS.sans).fontSize(10).text('Kepada Yth.', left, doc.y, { width });
  setFont(doc, FONTS.sansBold).text(`Bapak/Ibu ${letter.customerName}`, { width });
  if (letter.customerAddress) setFont(doc, FONTS.sans).text(letter.customerAddress, { width: width * 0.6 });
  doc.moveDown(1.4);

  setFont(doc, FONTS.serifBold).fontSize(12.5).fillColor(ACCENT).text('SURAT PEMBERITAHUAN PERPANJANGAN OTOMATIS (ARO)', left, doc.y, { width, align: 'center' });
  doc.moveDown(1);

  const body = (value: string) => setFont(doc, FONTS.sans).fontSize(10).fillColor(INK).text(value, left, doc.y, { width, lineGap: 2 });
  const aroPlus = letter.principal.instruction === 'ARO_PLUS';
  body('Dengan hormat,');
  doc.moveDown(0.5);
  body(
    `Bersama surat ini kami memberitahukan bahwa deposito berjangka Bapak/Ibu telah jatuh tempo dan, sesuai instruksi ` +
      `${MATURITY_INSTRUCTION_LABELS[letter.principal.instruction]}, diperpanjang secara otomatis untuk periode ke-${letter.periodNumber} ` +
      `dengan rincian sebagai berikut:`,
  );
  doc.moveDown(0.6);

  // The details, as a two-column table.
  const newPrincipal = aroNewPrincipal(letter.principal);
  const rows: Array<[string, string, boolean?]> = [
    ['No. Deposito', letter.depositNumber],
    ['No. Bilyet', letter.bilyetNumber ?? '—'],
    ['Periode', `ke-${letter.periodNumber}`],
    ['Mulai periode baru', longDateId(letter.periodStart)],
    ['Jatuh tempo baru', longDateId(letter.maturityDate)],
    ['Jangka waktu', `${letter.tenorMonths} bulan`],
    ['Suku bunga', `${formatRateBps(letter.rateBps)} p.a.`],
  ];
  if (letter.principal.instruction === 'ARO_PLUS') {
    rows.push(['Pokok periode sebelumnya', formatRupiah(letter.principal.previousPrincipal)]);
    rows.push(['Bunga ditambahkan ke pokok', formatRupiah(letter.principal.capitalisedInterest)]);
  }
  rows.push(['Pokok periode baru', formatRupiah(newPrincipal), true]);
  rows.push(['Terbilang', rupiahInWords(newPrincipal)]);
  const labelWidth = mm(55);
  const tableLeft = left + mm(4);
  const tableWidth = width - mm(8);
  for (const [label, value, strong] of rows) {
    const y = doc.y;
    setFont(doc, FONTS.sans).fontSize(10).fillColor(MUTED).text(label, tableLeft, y, { width: labelWidth });
    setFont(doc, strong ? FONTS.sansBold : FONTS.sans).fillColor(INK).text(value, tableLeft + labelWidth, y, { width: tableWidth - labelWidth });
    doc.y += 3;
  }
  doc.moveDown(0.8);

  const bilyet = letter.bilyetNumber ? `Bilyet deposito No. ${letter.bilyetNumber}` : 'Bilyet deposito Bapak/Ibu';
  body(
    `${bilyet} tetap berlaku untuk periode baru ini dan tidak diganti; bank akan membubuhkan catatan perpanjangan ` +
      `pada bilyet tersebut. Mohon simpan surat ini bersama bilyet.`,
  );
  doc.moveDown(0.5);
  if (aroPlus) {
    body('Bunga periode sebelumnya, setelah dipotong pajak, telah ditambahkan ke pokok deposito sesuai instruksi ARO+.');
    doc.moveDown(0.5);
  }
  body('Apabila Bapak/Ibu ingin mengubah instruksi perpanjangan, silakan menghubungi kantor kami sebelum tanggal jatuh tempo berikutnya.');
  doc.moveDown(0.5);
  body('Demikian pemberitahuan ini kami sampaikan. Atas kepercayaan Bapak/Ibu, kami mengucapkan terima kasih.');
  doc.moveDown(1.6);

  setFont(doc, FONTS.sans).fontSize(10).fillColor(INK).text('Hormat kami,', left, doc.y, { width });
  setFont(doc, FONTS.sansBold).text(letter.bankName, { width });

  // Footer: where the letter comes from, at the bottom of the page whatever the body's length.
  const footer = `Diterbitkan oleh ${letter.bankName}, ${longDateId(letter.issueDate)} · Deposito No. ${letter.depositNumber}, periode ke-${letter.periodNumber}`;
  setFont(doc, FONTS.sans).fontSize(7.5);
  const footerHeight = doc.heightOfString(footer, { width, align: 'center' });
  const footerY = doc.page.height - doc.page.margins.bottom - footerHeight;
  doc.lineWidth(0.4).strokeColor('#c7d3d6').moveTo(left, footerY - 4).lineTo(left + width, footerY - 4).stroke();
  doc.fillColor(MUTED).text(footer, left, footerY, { width, align: 'center', height: footerHeight + 1 });
  return doc;
}
