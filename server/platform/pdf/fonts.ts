import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * DejaVu by file path. Our documents carry Indonesian names and addresses, which may hold letters
 * outside the PDF standard fonts' Latin-1 (and "—"): DejaVu covers them. A face is always chosen
 * by its path (`setFont(doc, FONTS.sans)`), never registered under a name: pdfkit caches a font
 * under the key it was chosen by, and a registered name makes it read the file again.
 */
const require = createRequire(import.meta.url);
const ttf = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const FONTS = {
  sans: join(ttf, 'DejaVuSans.ttf'),
  sansBold: join(ttf, 'DejaVuSans-Bold.ttf'),
  serif: join(ttf, 'DejaVuSerif.ttf'),
  serifBold: join(ttf, 'DejaVuSerif-Bold.ttf'),
} as const;

export type FontPath = (typeof FONTS)[keyof typeof FONTS];

/**
 * pdfkit's own fontkit (the one it was built with, found from pdfkit's folder). A font handed to
 * pdfkit by path is parsed afresh for every document — fontkit reads a table when it is first
 * asked for, and DejaVu's are large: ~60 ms a face, most of a bilyet's time. A parsed font is
 * read-only once loaded, so one per face serves every document of the process; pdfkit takes it
 * as a source (anything with `layout`) and still makes each document's subset its own.
 */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(buffer: Uint8Array): FontkitFace };
const parsed = new Map<FontPath, ParsedFace>();

interface FaceGlyph {
  codePoints: number[];
}

/** The part of a fontkit font this module touches. */
interface FontkitFace {
  getGlyph(id: number, characters?: number[]): FaceGlyph | null;
}

/** pdfkit takes a parsed face where its types say a file: anything with `layout` is used as is. */
type ParsedFace = PDFKit.Mixins.PDFFontSource;

/**
 * A face parsed once for the process. fontkit keeps each glyph it made, with the characters it
 * was made for, and a PDF's text layer (ToUnicode) says a glyph stands for those characters. A
 * glyph first made as the part of another (fontkit: getGlyph without characters) — "I" inside
 * "Ï" or "Í", when a subset takes a composite glyph's components — had none, and every later
 * document drew "I" as text that copies and reads as nothing ("PENG R M"). The glyph takes the
 * characters of the first caller that names them. (Making every glyph from the character map
 * first would not do: a ligature's glyph would then read as "ﬁ" instead of the "fi" it stands for.)
 */
export function parseFace(path: FontPath): ParsedFace {
  const face = fontkit.create(readFileSync(path));
  const getGlyph = face.getGlyph.bind(face);
  face.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints = characters;
    return glyph;
  };
  return face as unknown as ParsedFace;
}

/** Chooses a DejaVu face for what is drawn next; within a document pdfkit keeps it under its path. */
export function setFont(doc: PDFKit.PDFDocument, path: FontPath): PDFKit.PDFDocument {
  let font = parsed.get(path);
  if (!font) {
    font = parseFace(path);
    parsed.set(path, font);
  }
  return doc.font(font, path);
}
