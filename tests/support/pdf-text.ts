import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Reading a PDF back as a person would, with poppler-utils (pdftotext, pdfinfo, pdfimages; on
 * CI through .ci/run's apt line). Each call writes the bytes to a temporary file: poppler's tools
 * read files, not pipes.
 */
const run = promisify(execFile);

async function withPdfFile<T>(bytes: Uint8Array, work: (path: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), 'berjangka-pdf-'));
  const path = join(directory, 'document.pdf');
  try {
    await writeFile(path, bytes);
    return await work(path);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function poppler(tool: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(tool, args, { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${tool} is missing: apt-get install poppler-utils`);
    throw error;
  }
}

export interface PdfTextOptions {
  /** `pdftotext -layout` (the default: columns stay side by side) or `-raw` (the order things were drawn). */
  mode?: 'layout' | 'raw';
  firstPage?: number;
  lastPage?: number;
}

/** The document's text; pages are separated by a form feed (\f). */
export function pdfToText(bytes: Uint8Array, options: PdfTextOptions = {}): Promise<string> {
  const args = [options.mode === 'raw' ? '-raw' : '-layout', '-enc', 'UTF-8'];
  if (options.firstPage !== undefined) args.push('-f', String(options.firstPage));
  if (options.lastPage !== undefined) args.push('-l', String(options.lastPage));
  return withPdfFile(bytes, (path) => poppler('pdftotext', [...args, path, '-']));
}

/** Runs of spaces and line breaks as one space: a phrase wrapped over two lines reads as one. */
export function squish(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const info = await withPdfFile(bytes, (path) => poppler('pdfinfo', [path]));
  const pages = /^Pages:\s+(\d+)/m.exec(info);
  if (!pages) throw new Error(`pdfinfo printed no page count:\n${info}`);
  return Number(pages[1]);
}

/** Each page's size in points (pdfinfo -f 1 -l N: "Page    1 size: 841.89 x 595.28 pts"). */
export async function pdfPageSizes(bytes: Uint8Array): Promise<Array<{ width: number; height: number }>> {
  const info = await withPdfFile(bytes, (path) => poppler('pdfinfo', ['-f', '1', '-l', '9999', path]));
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((match) => ({ width: Number(match[1]), height: Number(match[2]) }));
}

export interface PdfImage {
  page: number;
  width: number;
  height: number;
  /** 'image', 'smask' (an alpha mask) … as pdfimages names it. */
  type: string;
}

/** The images placed in the document, from `pdfimages -list`. */
export async function pdfImages(bytes: Uint8Array): Promise<PdfImage[]> {
  const listing = await withPdfFile(bytes, (path) => poppler('pdfimages', ['-list', path]));
  return listing
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length > 4 && /^\d+$/.test(cells[0]!))
    .map((cells) => ({ page: Number(cells[0]), type: cells[2]!, width: Number(cells[3]), height: Number(cells[4]) }));
}

export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  pageWidth: number;
  pageHeight: number;
}

const decodeEntities = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** Every word with its box in points from the page's top left (`pdftotext -bbox`): to check what lies where. */
export async function pdfWords(bytes: Uint8Array): Promise<PdfWord[]> {
  const html = await withPdfFile(bytes, (path) => poppler('pdftotext', ['-bbox', '-enc', 'UTF-8', path, '-']));
  const words: PdfWord[] = [];
  let page = 0;
  let pageWidth = 0;
  let pageHeight = 0;
  for (const match of html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (match[1] !== undefined) {
      page += 1;
      pageWidth = Number(match[1]);
      pageHeight = Number(match[2]);
      continue;
    }
    words.push({ page, text: decodeEntities(match[7]!), xMin: Number(match[3]), yMin: Number(match[4]), xMax: Number(match[5]), yMax: Number(match[6]), pageWidth, pageHeight });
  }
  return words;
}

/** The fonts the document uses, by their base name without the subset prefix ("DejaVuSans"), from `pdffonts`. */
export async function pdfFonts(bytes: Uint8Array): Promise<Array<{ name: string; embedded: boolean }>> {
  const listing = await withPdfFile(bytes, (path) => poppler('pdffonts', [path]));
  return listing
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length > 5)
    .map((cells) => ({ name: cells[0]!.replace(/^[A-Z]{6}\+/, ''), embedded: cells[cells.length - 5] === 'yes' }));
}
