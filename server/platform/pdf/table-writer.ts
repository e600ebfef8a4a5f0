import { once } from 'node:events';
import { CellFont, writeCellLine, type CellRun } from './cell-text';
import { FONTS } from './fonts';

/**
 * Long tabular documents (the reports) drawn page by page into a pdfkit document that streams as
 * it goes: every page carries the frame (its top and bottom: bank, title, period, page number), a
 * table cut by a page break starts again under its header row, and rows have one fixed height (a
 * cell too long for its column ends in "…"), so a page holds a known number of rows.
 */

export interface PageFrame {
  /** Draws the top of page `number` (1-based) and answers where the content starts, in points from the page's top. */
  top(writer: PdfTableWriter, number: number): number;
  /** Draws the bottom of page `number`. */
  bottom(writer: PdfTableWriter, number: number): void;
}

interface TableColumn {
  header: string;
  /** A relative weight: the columns share the content width in these proportions. */
  weight: number;
  align: 'left' | 'right';
}

export interface PageMargins {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Every page's size in points (A4 landscape: 841.89 × 595.28) and the margins content keeps to. */
export interface PageSetup {
  width: number;
  height: number;
  margins: PageMargins;
}

type Rgb = readonly [number, number, number];

export const INK: Rgb = [0.07, 0.07, 0.07];
export const MUTED: Rgb = [0.35, 0.35, 0.35];
export const ACCENT: Rgb = [0.055, 0.353, 0.42];
const HEADER_FILL: Rgb = [0.87, 0.92, 0.93];
const ZEBRA_FILL: Rgb = [0.965, 0.972, 0.976];
const RULE: Rgb = [0.6, 0.65, 0.67];

interface TableStyle {
  /** Cell text size in points. */
  size: number;
  /** Height of every row, header included. */
  rowHeight: number;
  /** Space between a cell's edge and its text. */
  padding: number;
}

const DEFAULT_STYLE: TableStyle = { size: 7.5, rowHeight: 12.5, padding: 3 };

/** Past this many bytes waiting to be read, drawing waits for the reader (a slow download slows the drawing, not the heap). */
const PENDING_BYTES_LIMIT = 1 << 20;

const rgbOp = (rgb: Rgb, stroke = false) => `${rgb.map((value) => value.toFixed(3)).join(' ')} ${stroke ? 'RG' : 'rg'}`;

export class PdfTableWriter {
  readonly regular: CellFont;
  readonly bold: CellFont;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  /** Lowest point content may reach. */
  readonly bottomLimit: number;
  private y = 0;
  private pageCount = 0;

  private readonly margins: PageMargins;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly frame: PageFrame,
    private readonly page: PageSetup,
    readonly style: TableStyle = DEFAULT_STYLE,
  ) {
    this.regular = new CellFont(doc, FONTS.sans);
    this.bold = new CellFont(doc, FONTS.sansBold);
    this.margins = page.margins;
    this.left = page.margins.left;
    this.right = page.width - page.margins.right;
    this.width = this.right - this.left;
    this.bottomLimit = page.height - page.margins.bottom;
  }

  get pageNumber(): number {
    return this.pageCount;
  }

  get cursor(): number {
    return this.y;
  }

  /** Closes the current page's frame (if any) and opens the next one. */
  newPage(): void {
    if (this.pageCount > 0) this.frame.bottom(this, this.pageCount);
    // Margins are the writer's own: nothing is laid out by pdfkit's text flow.
    this.doc.addPage({ size: [this.page.width, this.page.height], margin: 0 });
    this.pageCount += 1;
    this.y = Math.max(this.margins.top, this.frame.top(this, this.pageCount));
  }

  /** Makes room for `height` points below the cursor, on a new page when this one is full. */
  ensureRoom(height: number): void {
    if (this.pageCount === 0 || this.y + height > this.bottomLimit) this.newPage();
  }

  /** Moves the cursor down. */
  skip(height: number): void {
    this.y += height;
  }

  /** One line of text at the cursor's height (or `top`), not moving the cursor. */
  line(runs: readonly CellRun[], color: Rgb = INK, top = this.y): void {
    writeCellLine(this.doc, top, runs, color);
  }

  /** A horizontal rule across the content width at `top`. */
  rule(top: number, color: Rgb = RULE, lineWidth = 0.6): void {
    this.doc.addContent(`q ${lineWidth} w ${rgbOp(color, true)} ${this.left.toFixed(2)} ${top.toFixed(2)} m ${this.right.toFixed(2)} ${top.toFixed(2)} l S Q`);
  }

  private fill(x: number, top: number, width: number, height: number, color: Rgb): void {
    this.doc.addContent(`q ${rgbOp(color)} ${x.toFixed(2)} ${top.toFixed(2)} ${width.toFixed(2)} ${height.toFixed(2)} re f Q`);
  }

  /** A section title, kept on the page with the `keepWith` points that follow it. */
  heading(text: string, keepWith = 0): void {
    const size = 10;
    this.ensureRoom(size * 2 + keepWith);
    this.skip(size * 0.6);
    this.line([{ font: this.bold, size, x: this.left, text: this.bold.fit(text, size, this.width) }], ACCENT);
    this.skip(size * 1.5);
  }

  /** Wrapped text across the content width (notes under a heading), greedy by words. */
  paragraph(text: string, size = 7.5, color: Rgb = MUTED): void {
    const lineHeight = size * 1.35;
    for (const line of wrapWords(text, (candidate) => this.regular.width(candidate, size) <= this.width)) {
      this.ensureRoom(lineHeight);
      this.line([{ font: this.regular, size, x: this.left, text: line }], color);
      this.skip(lineHeight);
    }
  }

  /**
   * A table at the cursor; its header row is drawn now and again at the top of every page it
   * continues on, under "`title` (lanjutan)" when a title is given.
   */
  table(columns: readonly TableColumn[], title?: string): TableCursor {
    return new TableCursor(this, columns, title);
  }

  /** Draws the last page's frame; end the document after it. */
  finish(): void {
    if (this.pageCount === 0) this.newPage();
    this.frame.bottom(this, this.pageCount);
  }

  /**
   * Waits while more than PENDING_BYTES_LIMIT of the document wait to be read: pdfkit pushes its
   * bytes without asking whether the reader keeps up. Throws once the download has gone.
   */
  async pace(): Promise<void> {
    const doc = this.doc as PDFKit.PDFDocument & { readableLength: number; destroyed: boolean };
    while (doc.readableLength > PENDING_BYTES_LIMIT && !doc.destroyed) {
      const controller = new AbortController();
      try {
        await Promise.race([once(doc, 'data', { signal: controller.signal }), once(doc, 'close', { signal: controller.signal })]);
      } finally {
        controller.abort();
      }
    }
    if (doc.destroyed) throw new Error('download aborted by the client');
  }

  private runsOf(columns: readonly PlacedColumn[], cells: readonly string[], font: CellFont): CellRun[] {
    const { size, padding } = this.style;
    return columns.map((column, index) => {
      const text = font.fit(cells[index] ?? '', size, column.width - 2 * padding);
      const x = column.align === 'right' ? column.x + column.width - padding - font.width(text, size) : column.x + padding;
      return { font, size, x, text };
    });
  }

  /** @internal for TableCursor: a body or total row, one line high. */
  drawRow(columns: readonly PlacedColumn[], cells: readonly string[], kind: 'body' | 'total', shade: boolean): void {
    const { size, rowHeight } = this.style;
    const top = this.y;
    if (shade) this.fill(this.left, top, this.width, rowHeight, ZEBRA_FILL);
    if (kind === 'total') this.rule(top, RULE, 0.8);
    this.line(this.runsOf(columns, cells, kind === 'body' ? this.regular : this.bold), INK, top + (rowHeight - size * 1.16) / 2);
    this.y += rowHeight;
  }

  /** The height of a header whose cells take up to `lines` lines. */
  headerHeight(lines: number): number {
    return this.style.rowHeight + (lines - 1) * this.style.size * 1.2;
  }

  /** @internal for TableCursor: the header row, each heading on as many lines as it needs (the longest sets the height). */
  drawHeader(columns: readonly PlacedColumn[], headings: readonly (readonly string[])[]): void {
    const { size, rowHeight } = this.style;
    const lines = Math.max(1, ...headings.map((heading) => heading.length));
    const height = this.headerHeight(lines);
    const top = this.y;
    this.fill(this.left, top, this.width, height, HEADER_FILL);
    for (let line = 0; line < lines; line += 1) {
      const cells = headings.map((heading) => heading[line] ?? '');
      this.line(this.runsOf(columns, cells, this.bold), INK, top + (rowHeight - size * 1.16) / 2 + line * size * 1.2);
    }
    this.rule(top + height, RULE, 0.6);
    this.y += height;
  }
}

/** Headings wider than their column wrap at words, on at most this many lines (the last cut with "…"). */
const HEADER_LINES = 3;

interface PlacedColumn extends TableColumn {
  x: number;
  width: number;
}

class TableCursor {
  private readonly columns: PlacedColumn[];
  private readonly headings: string[][];
  private rowIndex = 0;
  private pageOfHeader = -1;

  constructor(
    private readonly writer: PdfTableWriter,
    columns: readonly TableColumn[],
    private readonly title?: string,
  ) {
    const total = columns.reduce((sum, column) => sum + column.weight, 0);
    let x = writer.left;
    this.columns = columns.map((column) => {
      const width = (column.weight / total) * writer.width;
      const placed = { ...column, x, width };
      x += width;
      return placed;
    });
    const { size, padding } = writer.style;
    this.headings = this.columns.map((column) =>
      wrapWords(column.header, (line) => writer.bold.width(line, size) <= column.width - 2 * padding).slice(0, HEADER_LINES),
    );
    // The header and at least one row together: a header alone at a page's foot helps nobody.
    writer.ensureRoom(writer.headerHeight(Math.max(1, ...this.headings.map((heading) => heading.length))) + writer.style.rowHeight);
    this.header();
  }

  private header(): void {
    if (this.pageOfHeader !== -1 && this.title) {
      const size = 7.5;
      this.writer.line([{ font: this.writer.regular, size, x: this.writer.left, text: `${this.title} (lanjutan)` }], MUTED);
      this.writer.skip(size * 1.6);
    }
    this.writer.drawHeader(this.columns, this.headings);
    this.pageOfHeader = this.writer.pageNumber;
  }

  /** A row; on a full page the table goes on at the top of the next, under its header again. */
  row(cells: readonly string[], kind: 'body' | 'total' = 'body'): void {
    const { rowHeight } = this.writer.style;
    if (this.writer.cursor + rowHeight > this.writer.bottomLimit) {
      this.writer.newPage();
    }
    if (this.pageOfHeader !== this.writer.pageNumber) this.header();
    this.writer.drawRow(this.columns, cells, kind, kind === 'body' && this.rowIndex % 2 === 1);
    this.rowIndex += 1;
  }

  /** A line in place of rows when the table has none. */
  empty(text: string): void {
    const { rowHeight, size, padding } = this.writer.style;
    if (this.writer.cursor + rowHeight > this.writer.bottomLimit) this.writer.newPage();
    if (this.pageOfHeader !== this.writer.pageNumber) this.header();
    this.writer.line([{ font: this.writer.regular, size, x: this.writer.left + padding, text }], MUTED, this.writer.cursor + (rowHeight - size * 1.16) / 2);
    this.writer.skip(rowHeight);
  }

  get rowsDrawn(): number {
    return this.rowIndex;
  }
}

/** Words into lines that `fits` accepts; a single word wider than a line stands on a line of its own. */
export function wrapWords(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n/)) {
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && !fits(candidate)) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    lines.push(current);
  }
  return lines;
}
