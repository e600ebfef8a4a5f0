import { code128Png } from '../platform/pdf/barcode';
import { fitText } from '../platform/pdf/fit-text';
import { FONTS } from '../platform/pdf/fonts';
import { createPdfDocument } from '../platform/pdf/pdf-document';
import { longDateId } from '../platform/pdf/indonesian-dates';
import { mm } from '../platform/pdf/units';

export interface ResiParty {
  name: string;
  address: string;
  phone: string;
}

/**
 * What a JNE label shows. Deliberately nothing that tells what is inside: a label travels on the
 * outside of the envelope, so no amount, no "bilyet deposito", no bilyet number and no
 * "valuable" — the contents read as plain documents to anyone handling it.
 */
export interface ResiLabel {
  /** JNE's service code: REG, YES, OKE… */
  service: string;
  /** The airway bill number JNE gave the pickup. */
  awb: string;
  /** The bank, with the city and postal code it sends from ('' when unknown). */
  sender: ResiParty & { city: string; zip: string };
  /** The depositor, with the city and zip code the courier sorts by. */
  receiver: ResiParty & { city: string; zip: string };
  /** YYYY-MM-DD */
  pickupDate: string;
  weightKg: number;
}

const INK = '#000000';
const MUTED = '#444444';

/** What the label says is inside: neutral on purpose (see ResiLabel). */
const LABEL_CONTENTS = 'Dokumen';
const LABEL_HANDLING = 'Jangan dilipat';

/** "Kota Bandung 40131"; an unknown part is left out, and a city already ending in its code is not repeated. */
export function cityLine(party: { city: string; zip: string }): string {
  const city = party.city.trim();
  const zip = party.zip.trim();
  if (!zip || city.endsWith(zip)) return city;
  return [city, zip].filter(Boolean).join(' ');
}

/** 0.2 → "0,2 kg", 1 → "1 kg": at most two decimals, with the decimal comma. */
export function formatWeightKg(kg: number): string {
  if (!Number.isFinite(kg) || kg <= 0) throw new RangeError(`formatWeightKg: expected a positive weight, got ${kg}`);
  return `${String(Number(kg.toFixed(2))).replace('.', ',')} kg`;
}

/**
 * The courier's label on A6 (105×148 mm, what label printers and a quarter of A4 take), one page,
 * not yet ended: hand it to pdfResponse or pdfBytes. Black only: thermal label printers print
 * no grey, and a barcode scans best black on white.
 */
export async function drawResiLabel(label: ResiLabel): Promise<PDFKit.PDFDocument> {
  const barcode = await code128Png(label.awb, { heightMm: 14, scale: 3 });
  const doc = createPdfDocument({
    size: [mm(105), mm(148)],
    margin: 0,
    lang: 'id-ID',
    info: { Title: `Resi JNE ${label.awb}`, Author: label.sender.name },
  });
  const box = (x: number, y: number, width: number, height: number) => ({ x: mm(x), y: mm(y), width: mm(width), height: mm(height) });
  const line = (y: number, weight = 0.8) => doc.lineWidth(weight).strokeColor(INK).moveTo(mm(5), mm(y)).lineTo(mm(100), mm(y)).stroke();

  // Courier and service, large enough to sort by at a glance.
  doc.rect(mm(5), mm(5), mm(30), mm(12)).fill(INK);
  fitText(doc, 'JNE', box(5, 5, 30, 12), { font: FONTS.sansBold, size: 24, color: '#ffffff', align: 'center', valign: 'middle' });
  fitText(doc, 'Layanan', box(60, 5, 40, 3.5), { font: FONTS.sans, size: 7, color: MUTED, align: 'right' });
  fitText(doc, label.service, box(38, 8.5, 62, 8.5), { font: FONTS.sansBold, size: 20, color: INK, align: 'right', valign: 'middle' });
  line(19.5, 1.2);

  // The AWB: as Code 128 for the scanner, in text for a person.
  doc.image(barcode, mm(10), mm(22), { fit: [mm(85), mm(16)], align: 'center', valign: 'center' });
  fitText(doc, label.awb, box(5, 38.5, 95, 6), { font: FONTS.sansBold, size: 13, color: INK, align: 'center', valign: 'middle', characterSpacing: 1.5 });
  line(46.5);

  // Sender.
  fitText(doc, 'PENGIRIM', box(5, 48, 95, 3.5), { font: FONTS.sansBold, size: 7, color: MUTED });
  fitText(doc, label.sender.name, box(5, 51.5, 95, 4.5), { font: FONTS.sansBold, size: 9, color: INK });
  fitText(doc, label.sender.address, box(5, 55.8, 95, 4.6), { font: FONTS.sans, size: 7.5, color: INK });
  fitText(doc, cityLine(label.sender), box(5, 60.3, 60, 3.8), { font: FONTS.sansBold, size: 7.5, color: INK });
  fitText(doc, `Telp. ${label.sender.phone}`, box(5, 64.1, 95, 3.8), { font: FONTS.sans, size: 7.5, color: INK });

  // Receiver, boxed and larger: what the courier reads at the door.
  doc.lineWidth(1.6).strokeColor(INK).rect(mm(5), mm(69), mm(95), mm(39)).stroke();
  fitText(doc, 'PENERIMA', box(8, 70.5, 89, 3.5), { font: FONTS.sansBold, size: 7, color: MUTED });
  fitText(doc, label.receiver.name, box(8, 74.2, 89, 6), { font: FONTS.sansBold, size: 12.5, color: INK });
  fitText(doc, label.receiver.address, box(8, 80.6, 89, 14), { font: FONTS.sans, size: 9, color: INK, lineGap: 0.5 });
  fitText(doc, cityLine(label.receiver), box(8, 95, 89, 5.5), { font: FONTS.sansBold, size: 11, color: INK });
  fitText(doc, `Telp. ${label.receiver.phone}`, box(8, 101, 89, 5), { font: FONTS.sans, size: 9, color: INK });

  // What is inside, when and how heavy.
  const detail = (caption: string, value: string, y: number) => {
    fitText(doc, caption, box(5, y, 27, 4.6), { font: FONTS.sans, size: 8, color: MUTED });
    fitText(doc, value, box(32, y, 68, 4.6), { font: FONTS.sansBold, size: 8.5, color: INK });
  };
  detail('Isi kiriman', LABEL_CONTENTS, 111);
  detail('Tanggal pickup', longDateId(label.pickupDate), 116);
  detail('Berat', formatWeightKg(label.weightKg), 121);

  // The handling note, white on black so it is seen first.
  doc.rect(mm(5), mm(130), mm(95), mm(12)).fill(INK);
  fitText(doc, LABEL_HANDLING, box(7, 130, 91, 12), { font: FONTS.sansBold, size: 12, color: '#ffffff', align: 'center', valign: 'middle' });
  return doc;
}
