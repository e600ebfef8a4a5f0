import { setFont, type FontPath } from './fonts';

/**
 * Single-line text for table cells of long reports, written straight into the page's content.
 *
 * pdfkit's `text()` shapes every string with fontkit (GSUB/GPOS features for the whole run) and
 * keeps each distinct word it shaped in a per-document cache that is never emptied: a report of
 * 200,000 rows has as many distinct deposit numbers, names and amounts, so drawing it with
 * `text()` took ~5 s per 50,000 rows and grew the heap past 400 MB. Table cells need neither
 * ligatures nor kerning (digits are tabular in DejaVu), so here each character maps once to its
 * glyph and advance, and a row goes out as one content operation instead of ~8 per cell.
 *
 * The glyphs still go through the document's own embedded font — its subset, its widths (`/W`)
 * and its ToUnicode map — exactly as pdfkit's `encode()` records them, so the file embeds one
 * subset per face and copying or searching the text works (tests read it back with pdftotext).
 */

/** The parts of pdfkit's EmbeddedFont this writer relies on (pdfkit 0.17–0.20). */
interface EmbeddedFont {
  id: string;
  font: { glyphForCodePoint(codePoint: number): { id: number; advanceWidth: number; codePoints: number[] }; unitsPerEm: number };
  subset: { includeGlyph(glyphId: number): number };
  widths: number[];
  unicode: number[][];
  scale: number;
  ascender: number;
  descender: number;
  ref(): unknown;
}

interface CachedGlyph {
  /** The glyph's id in the document's subset, as four hex digits (Identity-H). */
  hex: string;
  /** Advance in thousandths of the font size. */
  advance: number;
}

const ELLIPSIS = '…';

/** One face of one document, for cells. Create it after the document's first page exists or before: it registers per page on use. */
export class CellFont {
  readonly id: string;
  /** Baseline below the top of a line, in thousandths of the size (the face's ascender). */
  readonly ascender: number;
  private readonly embedded: EmbeddedFont;
  private readonly glyphs = new Map<number, CachedGlyph>();

  constructor(doc: PDFKit.PDFDocument, path: FontPath) {
    setFont(doc, path);
    const embedded = (doc as unknown as { _font: EmbeddedFont })._font;
    if (!embedded?.subset || !embedded.font?.glyphForCodePoint) throw new Error('CellFont: pdfkit did not embed the face as expected');
    this.embedded = embedded;
    this.id = embedded.id;
    this.ascender = embedded.ascender;
  }

  private glyph(codePoint: number): CachedGlyph {
    let cached = this.glyphs.get(codePoint);
    if (cached) return cached;
    const font = this.embedded;
    const glyph = font.font.glyphForCodePoint(codePoint);
    const gid = font.subset.includeGlyph(glyph.id);
    const advance = glyph.advanceWidth * font.scale;
    if (font.widths[gid] == null) font.widths[gid] = advance;
    if (font.unicode[gid] == null) font.unicode[gid] = glyph.codePoints.length > 0 ? glyph.codePoints : [codePoint];
    cached = { hex: gid.toString(16).padStart(4, '0'), advance };
    this.glyphs.set(codePoint, cached);
    return cached;
  }

  /** Width of `text` at `size` points. */
  width(text: string, size: number): number {
    let advance = 0;
    for (const char of text) advance += this.glyph(char.codePointAt(0)!).advance;
    return (advance * size) / 1000;
  }

  /** `text` as a hex string operand for Tj. */
  encode(text: string): string {
    let hex = '';
    for (const char of text) hex += this.glyph(char.codePointAt(0)!).hex;
    return `<${hex}>`;
  }

  /** `text` whole if it fits `maxWidth`, else cut at a character and ended with "…". */
  fit(text: string, size: number, maxWidth: number): string {
    const clean = text.replace(/[\r\n\t]+/g, ' ');
    if (this.width(clean, size) <= maxWidth) return clean;
    const room = maxWidth - this.width(ELLIPSIS, size);
    const chars = [...clean];
    let width = 0;
    let kept = 0;
    while (kept < chars.length) {
      const next = this.width(chars[kept]!, size);
      if (width + next > room) break;
      width += next;
      kept += 1;
    }
    return `${chars.slice(0, kept).join('').trimEnd()}${ELLIPSIS}`;
  }

  /** Makes the face available to the current page (each page lists the fonts it uses). */
  useOn(doc: PDFKit.PDFDocument): void {
    const fonts = (doc.page as unknown as { fonts: Record<string, unknown> }).fonts;
    if (fonts[this.id] == null) fonts[this.id] = this.embedded.ref();
  }
}

export interface CellRun {
  font: CellFont;
  size: number;
  /** Left edge of the text, in points from the page's left. */
  x: number;
  text: string;
}

const fixed = (value: number) => (Math.round(value * 100) / 100).toString();

/**
 * One line of cells as a single content operation: the runs' tops at `top` (points from the
 * page's top, pdfkit's coordinates), in `rgb` (0–1 each). pdfkit's page space is flipped (y
 * down); text is set in PDF's own orientation inside q/Q, as pdfkit's own text does.
 */
export function writeCellLine(doc: PDFKit.PDFDocument, top: number, runs: readonly CellRun[], rgb: readonly [number, number, number] = [0.07, 0.07, 0.07]): void {
  if (runs.length === 0) return;
  const height = doc.page.height;
  const parts = [`q 1 0 0 -1 0 ${fixed(height)} cm BT ${rgb.map(fixed).join(' ')} rg`];
  let currentFont = '';
  for (const run of runs) {
    if (run.text === '') continue;
    run.font.useOn(doc);
    const fontKey = `${run.font.id}/${run.size}`;
    if (fontKey !== currentFont) {
      parts.push(`/${run.font.id} ${fixed(run.size)} Tf`);
      currentFont = fontKey;
    }
    const baseline = height - top - (run.font.ascender / 1000) * run.size;
    parts.push(`1 0 0 1 ${fixed(run.x)} ${fixed(baseline)} Tm ${run.font.encode(run.text)} Tj`);
  }
  parts.push('ET Q');
  doc.addContent(parts.join(' '));
}
