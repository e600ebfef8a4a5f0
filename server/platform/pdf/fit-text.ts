import { setFont, type FontPath } from './fonts';

interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FitTextOptions {
  font: FontPath;
  /** The size wanted, in points; the text shrinks from here until it fits the box. */
  size: number;
  /** Never smaller than this (default: 5 pt, still legible on paper); past it the text is cut with "…". */
  minSize?: number;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
  color?: string;
  lineGap?: number;
  characterSpacing?: number;
}

/**
 * Draws `text` inside `box` at the largest size from `size` down that fits it whole, wrapping at
 * the box's width. A bilyet is printed on forms from 210×99 mm to A4, and a holder's name or
 * address has no fixed length: shrinking keeps everything on the paper, and the height given to
 * pdfkit keeps a too-long text from flowing onto a second page. Returns the size used.
 */
export function fitText(doc: PDFKit.PDFDocument, text: string, box: TextBox, options: FitTextOptions): number {
  const minSize = options.minSize ?? 5;
  const layout = { width: box.width, lineGap: options.lineGap ?? 0, characterSpacing: options.characterSpacing ?? 0, align: options.align ?? 'left' };
  setFont(doc, options.font);
  let size = options.size;
  let height = doc.fontSize(size).heightOfString(text, layout);
  while (height > box.height && size > minSize) {
    size = Math.max(minSize, size - 0.25);
    height = doc.fontSize(size).heightOfString(text, layout);
  }
  const slack = Math.max(0, box.height - height);
  const offset = options.valign === 'middle' ? slack / 2 : options.valign === 'bottom' ? slack : 0;
  doc.fillColor(options.color ?? '#000000');
  // One point of slack: pdfkit's line test (y + line height > bottom) would drop a last line
  // that fits exactly once rounding creeps in.
  doc.text(text, box.x, box.y + offset, { ...layout, height: box.height - offset + 1, ellipsis: true });
  return size;
}
