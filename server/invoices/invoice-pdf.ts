import type { InvoiceDetail } from '../../contract/invoices';
import { addDays, formatRateBps, formatRupiah } from '../../machines/deposit-rules';
import { monthBounds } from '../../machines/bank-rules';
import { FONTS, setFont, type FontPath } from '../platform/pdf/fonts';
import { longDateId, longDateTimeWib } from '../platform/pdf/indonesian-dates';
import { createPdfDocument } from '../platform/pdf/pdf-document';
import { mm } from '../platform/pdf/units';

/**
 * The platform's invoice to a BPR as an Indonesian tagihan on A4: the issuer with its NPWP, the
 * bank billed with its NPWP, number, dates and the month billed; the fees per channel partner;
 * subtotal, DPP Nilai Lain (11/12), PPN 12% and the total in figures and in words; how and by
 * when to pay; then every line (deposit, days, principal, rate, fee) over as many pages as the
 * month needs, each page numbered "Halaman i dari n". It is a tagihan, not the faktur pajak: that
 * one is issued in DJP's Coretax, and the document says so.
 */

export interface InvoiceDocument extends InvoiceDetail {
  /** The partners named in the lines. */
  channels: Array<{ code: string; name: string; npwp: string | null }>;
}

const INK = '#111111';
const MUTED = '#4a4a4a';
const ACCENT = '#0e5a6b';
const TINT = '#eaf2f4';
const RULE = '#c7d3d6';
const PAID = '#1d7a46';
const OVERDUE = '#a8261b';

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];

/** '2026-10' → 'Oktober 2026'. */
export function periodInWords(period: string): string {
  return longDateId(`${period}-01`).replace(/^1 /, '');
}

/** The month billed as a date range: '1–31 Oktober 2026'. */
function periodRange(period: string): string {
  const last = addDays(monthBounds(period).next, -1);
  return `1–${Number(last.slice(8))} ${periodInWords(period)}`;
}

/** A line's days within its month: '1–31 Okt', or '5 Okt' for one day. */
function daysRange(from: string, to: string): string {
  const month = MONTHS_SHORT[Number(from.slice(5, 7)) - 1] ?? from.slice(5, 7);
  return from === to ? `${Number(from.slice(8))} ${month}` : `${Number(from.slice(8))}–${Number(to.slice(8))} ${month}`;
}

/** Whole rupiah without the currency, for table cells whose header says "(Rp)". */
const amount = (value: number) => formatRupiah(value).replace(/^(-?)Rp /, '$1');

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

interface Layout {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  /** The lowest y the body may reach on a page (the footer sits below). */
  bottom: number;
}

function text(layout: Layout, value: string, x: number, y: number, options: { font?: FontPath; size?: number; color?: string; width?: number; align?: 'left' | 'right' | 'center'; lineGap?: number } = {}): void {
  setFont(layout.doc, options.font ?? FONTS.sans)
    .fontSize(options.size ?? 9)
    .fillColor(options.color ?? INK)
    .text(value, x, y, { width: options.width ?? layout.width, align: options.align ?? 'left', lineGap: options.lineGap ?? 0 });
}

function heightOf(layout: Layout, value: string, width: number, font: FontPath, size: number): number {
  return setFont(layout.doc, font).fontSize(size).heightOfString(value, { width });
}

/** Draws one table row at doc.y (cells padded 3 pt), returns nothing; the caller breaks pages. */
function tableRow(layout: Layout, columns: readonly Column[], cells: readonly string[], options: { font?: FontPath; size?: number; fill?: string; color?: string; rule?: boolean; pad?: number } = {}): void {
  const { doc } = layout;
  const font = options.font ?? FONTS.sans;
  const size = options.size ?? 8;
  const pad = options.pad ?? 3;
  const height = Math.max(...cells.map((cell, index) => heightOf(layout, cell, columns[index]!.width - 2 * pad, font, size))) + 2 * pad;
  const y = doc.y;
  if (options.fill) doc.rect(layout.left, y, layout.width, height).fill(options.fill);
  let x = layout.left;
  cells.forEach((cell, index) => {
    const column = columns[index]!;
    text(layout, cell, x + pad, y + pad, { font, size, color: options.color ?? INK, width: column.width - 2 * pad, align: column.align ?? 'left' });
    x += column.width;
  });
  if (options.rule !== false) doc.lineWidth(0.3).strokeColor(RULE).moveTo(layout.left, y + height).lineTo(layout.left + layout.width, y + height).stroke();
  doc.x = layout.left;
  doc.y = y + height;
}

function rowHeight(layout: Layout, columns: readonly Column[], cells: readonly string[], size = 8, pad = 3): number {
  return Math.max(...cells.map((cell, index) => heightOf(layout, cell, columns[index]!.width - 2 * pad, FONTS.sans, size))) + 2 * pad;
}

/** Issuer left, TAGIHAN right, the double rule beneath; returns the y under it. */
function letterhead(layout: Layout, invoice: InvoiceDocument): number {
  const { doc, left, width } = layout;
  const top = doc.page.margins.top;
  const half = width * 0.6;
  text(layout, invoice.seller.name, left, top, { font: FONTS.serifBold, size: 14, color: ACCENT, width: half });
  if (invoice.seller.address) text(layout, invoice.seller.address, left, doc.y + 2, { size: 8, color: MUTED, width: half, lineGap: 1 });
  text(layout, `NPWP ${invoice.seller.npwp ?? '-'}`, left, doc.y + 2, { size: 8, color: MUTED, width: half });
  const leftBottom = doc.y;
  text(layout, 'TAGIHAN', left + half, top - 2, { font: FONTS.serifBold, size: 22, color: ACCENT, width: width - half, align: 'right' });
  text(layout, invoice.number, left + half, doc.y + 1, { font: FONTS.sansBold, size: 10, width: width - half, align: 'right' });
  const ruleY = Math.max(leftBottom, doc.y) + mm(3);
  doc.lineWidth(1.2).strokeColor(ACCENT).moveTo(left, ruleY).lineTo(left + width, ruleY).stroke();
  doc.lineWidth(0.4).moveTo(left, ruleY + 2.5).lineTo(left + width, ruleY + 2.5).stroke();
  return ruleY + mm(6);
}

/** "Ditagihkan kepada" on the left, number, dates, period and status on the right. */
function parties(layout: Layout, invoice: InvoiceDocument, y: number): number {
  const { doc, left, width } = layout;
  const boxWidth = width * 0.5 - mm(3);
  text(layout, 'DITAGIHKAN KEPADA', left, y, { font: FONTS.sansBold, size: 7.5, color: MUTED, width: boxWidth });
  text(layout, invoice.buyer.name, left, doc.y + 3, { font: FONTS.sansBold, size: 10.5, width: boxWidth });
  if (invoice.buyer.address) text(layout, invoice.buyer.address, left, doc.y + 2, { size: 8.5, color: INK, width: boxWidth, lineGap: 1 });
  text(layout, `NPWP ${invoice.buyer.npwp ?? '(belum tercatat)'}`, left, doc.y + 2, { size: 8.5, width: boxWidth });
  const leftBottom = doc.y;

  const factsLeft = left + width * 0.5 + mm(3);
  const factsWidth = width - (factsLeft - left);
  const labelWidth = mm(30);
  const status = invoice.status === 'paid' && invoice.paidAt ? `Lunas, ${longDateTimeWib(invoice.paidAt).replace(/ pukul .*$/, '')}` : invoice.statusLabel;
  const facts: Array<[string, string]> = [
    ['Nomor tagihan', invoice.number],
    ['Tanggal tagihan', longDateId(invoice.issuedAt)],
    ['Jatuh tempo', longDateId(invoice.dueDate)],
    ['Periode layanan', periodRange(invoice.period)],
    ['Status', status],
  ];
  let rowY = y;
  for (const [label, value] of facts) {
    text(layout, label, factsLeft, rowY, { size: 8.5, color: MUTED, width: labelWidth });
    text(layout, value, factsLeft + labelWidth, rowY, { font: FONTS.sansBold, size: 8.5, color: label !== 'Status' ? INK : invoice.status === 'paid' ? PAID : invoice.status === 'overdue' ? OVERDUE : INK, width: factsWidth - labelWidth });
    rowY = doc.y + 3;
  }
  return Math.max(leftBottom, rowY) + mm(6);
}

const SUMMARY_COLUMNS = (width: number): Column[] => [
  { header: 'No.', width: mm(10), align: 'center' },
  { header: 'Uraian', width: width - mm(10) - mm(24) - mm(22) - mm(32) },
  { header: 'Tarif per tahun', width: mm(24), align: 'right' },
  { header: 'Deposito', width: mm(22), align: 'right' },
  { header: 'Jumlah (Rp)', width: mm(32), align: 'right' },
];

/** One row per partner and rate: what the month's fee consists of. */
function summary(layout: Layout, invoice: InvoiceDocument, y: number): number {
  const { doc } = layout;
  doc.y = y;
  const groups = new Map<string, { channel: string; feeBps: number; deposits: Set<string>; fee: number }>();
  for (const line of invoice.lines) {
    const key = `${line.channel}\u0000${line.feeBps}`;
    const group = groups.get(key) ?? { channel: line.channel, feeBps: line.feeBps, deposits: new Set<string>(), fee: 0 };
    group.deposits.add(line.depositNumber);
    group.fee += line.fee;
    groups.set(key, group);
  }
  const columns = SUMMARY_COLUMNS(layout.width);
  tableRow(layout, columns, columns.map((column) => column.header), { font: FONTS.sansBold, size: 8, fill: TINT, color: ACCENT });
  [...groups.values()].forEach((group, index) => {
    const partner = invoice.channels.find((channel) => channel.code === group.channel);
    const description = `Biaya layanan penempatan deposito melalui mitra penyalur ${partner?.name ?? group.channel} (kanal "${group.channel}"${partner?.npwp ? `, NPWP ${partner.npwp}` : ''}), ${periodInWords(invoice.period)}`;
    tableRow(layout, columns, [String(index + 1), description, formatRateBps(group.feeBps), group.deposits.size.toLocaleString('id-ID'), amount(group.fee)], { size: 8.5 });
  });
  return doc.y + mm(4);
}

/** Subtotal, DPP, PPN and total on the right; the total in words beneath, the width of the page. */
function totals(layout: Layout, invoice: InvoiceDocument, y: number): number {
  const { doc, left, width } = layout;
  const boxLeft = left + width * 0.42;
  const boxWidth = width - width * 0.42;
  const rows: Array<[string, number, boolean]> = [
    ['Jumlah biaya layanan', invoice.subtotal, false],
    ['DPP Nilai Lain (11/12 × jumlah biaya)', invoice.dpp, false],
    ['PPN 12% × DPP', invoice.ppn, false],
    ['TOTAL TAGIHAN', invoice.total, true],
  ];
  let rowY = y;
  for (const [label, value, strong] of rows) {
    const height = strong ? 20 : 15;
    if (strong) doc.rect(boxLeft, rowY, boxWidth, height).fill(TINT);
    const font = strong ? FONTS.sansBold : FONTS.sans;
    text(layout, label, boxLeft + 4, rowY + (strong ? 5 : 3), { font, size: strong ? 10 : 9, color: strong ? ACCENT : INK, width: boxWidth * 0.62 });
    text(layout, formatRupiah(value), boxLeft + boxWidth * 0.6, rowY + (strong ? 5 : 3), { font, size: strong ? 10 : 9, width: boxWidth * 0.4 - 4, align: 'right' });
    if (!strong) doc.lineWidth(0.3).strokeColor(RULE).moveTo(boxLeft, rowY + height).lineTo(boxLeft + boxWidth, rowY + height).stroke();
    rowY += height;
  }
  rowY += mm(3);
  text(layout, 'Terbilang:', left, rowY, { size: 8.5, color: MUTED });
  text(layout, `${invoice.totalInWords.charAt(0).toUpperCase()}${invoice.totalInWords.slice(1)}`, left, doc.y + 1, { font: FONTS.serifBold, size: 10 });
  return doc.y + mm(5);
}

/** How and by when to pay, in a ruled box. */
function payment(layout: Layout, invoice: InvoiceDocument, y: number): number {
  const { doc, left, width } = layout;
  const inner = width - mm(8);
  const lines = [
    `Mohon transfer sebesar ${formatRupiah(invoice.total)} paling lambat ${longDateId(invoice.dueDate)} ke rekening:`,
    `${invoice.payment.bankName} · No. rekening ${invoice.payment.accountNumber} · atas nama ${invoice.payment.accountName}`,
    `Tuliskan nomor tagihan ${invoice.number} pada berita transfer. Tagihan yang belum dibayar sesudah tanggal jatuh tempo berstatus lewat jatuh tempo.`,
  ];
  const height = mm(4) + heightOf(layout, 'CARA PEMBAYARAN', inner, FONTS.sansBold, 7.5) + lines.reduce((sum, line, index) => sum + heightOf(layout, line, inner, index === 1 ? FONTS.sansBold : FONTS.sans, 8.5) + 3, 0) + mm(3);
  doc.lineWidth(0.6).strokeColor(ACCENT).rect(left, y, width, height).stroke();
  text(layout, 'CARA PEMBAYARAN', left + mm(4), y + mm(3), { font: FONTS.sansBold, size: 7.5, color: ACCENT, width: inner });
  lines.forEach((line, index) => text(layout, line, left + mm(4), doc.y + 3, { font: index === 1 ? FONTS.sansBold : FONTS.sans, size: 8.5, width: inner }));
  return y + height + mm(4);
}

function notes(layout: Layout, y: number): number {
  const { doc, left } = layout;
  const notes = [
    'Biaya setiap baris = pokok × tarif per tahun × jumlah hari deposito aktif dalam bulan tagihan ÷ 365, dibulatkan ke rupiah terdekat; rincian per deposito terlampir.',
    'DPP Nilai Lain 11/12 dan PPN 12% sesuai PMK 131 Tahun 2024. Faktur pajak diterbitkan terpisah melalui Coretax DJP.',
    'Tagihan ini diterbitkan secara elektronik oleh sistem dan sah tanpa tanda tangan.',
  ];
  let noteY = y;
  for (const note of notes) {
    text(layout, `• ${note}`, left, noteY, { size: 7.5, color: MUTED, lineGap: 1 });
    noteY = doc.y + 2;
  }
  return noteY + mm(4);
}

const LINE_COLUMNS = (width: number): Column[] => {
  const fixed = mm(9) + mm(25) + mm(20) + mm(28) + mm(11) + mm(15) + mm(22);
  return [
    { header: 'No.', width: mm(9), align: 'right' },
    { header: 'No. deposito', width: width - fixed },
    { header: 'Kanal', width: mm(25) },
    { header: 'Hari aktif', width: mm(20) },
    { header: 'Pokok (Rp)', width: mm(28), align: 'right' },
    { header: 'Hari', width: mm(11), align: 'right' },
    { header: 'Tarif p.a.', width: mm(15), align: 'right' },
    { header: 'Biaya (Rp)', width: mm(22), align: 'right' },
  ];
};

/** Every line, paged: the header row again at the top of each page, the sum at the end. */
function lineTable(layout: Layout, invoice: InvoiceDocument, y: number): void {
  const { doc } = layout;
  const columns = LINE_COLUMNS(layout.width);
  const header = columns.map((column) => column.header);
  const headerHeight = rowHeight(layout, columns, header);
  const row = { size: 7.5, pad: 2.5 };
  const startPage = () => {
    doc.addPage();
    doc.y = doc.page.margins.top;
  };
  // The title, the header and a few rows together, or all on the next page.
  if (y + mm(8) + headerHeight * 4 > layout.bottom) startPage();
  else doc.y = y;
  text(layout, `Rincian per deposito — ${periodInWords(invoice.period)} (${invoice.lines.length.toLocaleString('id-ID')} baris)`, layout.left, doc.y, { font: FONTS.serifBold, size: 10.5, color: ACCENT });
  doc.y += 4;
  tableRow(layout, columns, header, { font: FONTS.sansBold, fill: TINT, color: ACCENT });
  invoice.lines.forEach((line, index) => {
    const cells = [
      String(index + 1),
      line.depositNumber,
      line.channel,
      daysRange(line.activeFrom, line.activeTo),
      amount(line.principal),
      String(line.days),
      formatRateBps(line.feeBps),
      amount(line.fee),
    ];
    if (doc.y + rowHeight(layout, columns, cells, row.size, row.pad) > layout.bottom) {
      startPage();
      tableRow(layout, columns, header, { font: FONTS.sansBold, fill: TINT, color: ACCENT });
    }
    tableRow(layout, columns, cells, { ...row, ...(index % 2 === 1 ? { fill: '#f6f9fa' } : {}) });
  });
  const total = ['', 'Jumlah biaya layanan', '', '', '', '', '', amount(invoice.subtotal)];
  if (doc.y + rowHeight(layout, columns, total) > layout.bottom) startPage();
  tableRow(layout, columns, total, { font: FONTS.sansBold, fill: TINT });
}

/** "Halaman i dari n" and the invoice it belongs to, on every page once all are drawn. */
function footers(layout: Layout, invoice: InvoiceDocument): void {
  const { doc, left, width } = layout;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    // Drawing below the bottom margin would make pdfkit open a page of its own.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - mm(12);
    doc.lineWidth(0.4).strokeColor(RULE).moveTo(left, y - 4).lineTo(left + width, y - 4).stroke();
    setFont(doc, FONTS.sans).fontSize(7).fillColor(MUTED);
    doc.text(`${invoice.number} · ${invoice.buyer.name} · ${periodInWords(invoice.period)}`, left, y, { width: width * 0.75, lineBreak: false });
    doc.text(`Halaman ${index - range.start + 1} dari ${range.count}`, left + width * 0.75, y, { width: width * 0.25, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** The invoice, not yet ended: hand it to pdfResponse (streamed) or pdfBytes. */
export function drawInvoice(invoice: InvoiceDocument): PDFKit.PDFDocument {
  const doc = createPdfDocument({
    size: 'A4',
    margins: { top: mm(16), bottom: mm(20), left: mm(18), right: mm(18) },
    bufferPages: true,
    lang: 'id-ID',
    info: {
      Title: `Tagihan ${invoice.number} — ${invoice.buyer.name}, ${periodInWords(invoice.period)}`,
      Author: invoice.seller.name,
      Subject: 'Tagihan biaya layanan penempatan deposito melalui mitra penyalur',
      CreationDate: new Date(`${invoice.issuedAt}T00:00:00+07:00`),
    },
  });
  const left = doc.page.margins.left;
  const layout: Layout = { doc, left, width: doc.page.width - left - doc.page.margins.right, bottom: doc.page.height - doc.page.margins.bottom };
  let y = letterhead(layout, invoice);
  y = parties(layout, invoice, y);
  y = summary(layout, invoice, y);
  if (invoice.status === 'paid') stampPaid(layout, y);
  y = totals(layout, invoice, y);
  y = payment(layout, invoice, y);
  y = notes(layout, y);
  lineTable(layout, invoice, y);
  footers(layout, invoice);
  return doc;
}

/** A "LUNAS" stamp left of the totals (at `top`): a paid invoice reads as paid at a glance. */
function stampPaid(layout: Layout, top: number): void {
  const { doc, left, width } = layout;
  const x = left + width * 0.12;
  const y = top + mm(4);
  doc.save();
  doc.rotate(-8, { origin: [x + mm(17), y + mm(6)] });
  doc.lineWidth(2).strokeColor(PAID).roundedRect(x, y, mm(34), mm(12), 3).stroke();
  setFont(doc, FONTS.sansBold).fontSize(18).fillColor(PAID).text('LUNAS', x, y + mm(2.4), { width: mm(34), align: 'center', lineBreak: false });
  doc.restore();
}
