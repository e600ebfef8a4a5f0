import type { AcceptedMediaType } from './uploads';

/**
 * Whether the bytes are a well-formed file of the type their magic number claims — not only its
 * first bytes: a PDF header followed by HTML is not a PDF. Checks what every real file of the
 * type has and a disguised one lacks: a PDF's end-of-file marker and a cross-reference that its
 * startxref points at; an image's header with sane dimensions and its end marker.
 */

/** Images wider or taller than this, or with more pixels, are refused (decompression bombs). */
const MAX_IMAGE_SIDE = 10_000;
const MAX_IMAGE_PIXELS = 50_000_000;

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, to - from)).toString('latin1');

/** Index just past the last non-whitespace byte (PDF writers end with CR, LF or spaces). */
function trimmedEnd(bytes: Uint8Array): number {
  let end = bytes.byteLength;
  while (end > 0 && [0x00, 0x09, 0x0a, 0x0d, 0x20].includes(bytes[end - 1]!)) end -= 1;
  return end;
}

export function isWellFormedPdf(bytes: Uint8Array): boolean {
  if (ascii(bytes, 0, 5) !== '%PDF-') return false;
  const end = trimmedEnd(bytes);
  if (ascii(bytes, end - 5, end) !== '%%EOF') return false;
  // The trailer sits in the last kilobyte or so: "startxref <offset> %%EOF".
  const tail = ascii(bytes, Math.max(0, end - 2048), end);
  const match = /startxref\s+(\d+)\s+%%EOF$/.exec(tail);
  if (!match) return false;
  const offset = Number(match[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= end) return false;
  // It points at a classic cross-reference table, or at a cross-reference stream object.
  const target = ascii(bytes, offset, Math.min(end, offset + 64));
  return target.startsWith('xref') || /^\d+\s+\d+\s+obj\b/.test(target);
}

function saneDimensions(width: number, height: number): boolean {
  return width >= 1 && height >= 1 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS;
}

const PNG_IEND = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

export function isWellFormedPng(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 8 + 25 + 12) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The first chunk is IHDR, 13 bytes: width, height, bit depth, colour type, …
  if (view.getUint32(8) !== 13 || ascii(bytes, 12, 16) !== 'IHDR') return false;
  if (!saneDimensions(view.getUint32(16), view.getUint32(20))) return false;
  const tail = bytes.subarray(bytes.byteLength - 12);
  return PNG_IEND.every((byte, index) => tail[index] === byte);
}

/** Start-of-frame markers (baseline, progressive, lossless…): they carry the image's size. */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function isWellFormedJpeg(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  const end = bytes.byteLength;
  if (bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) return false;
  // Walk the segments up to the frame header.
  let at = 2;
  while (at + 4 <= end) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > end) return false;
    if (SOF_MARKERS.has(marker)) {
      if (length < 7) return false;
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return saneDimensions(width, height);
    }
    if (marker === 0xda || marker === 0xd9) return false; // scan or end before any frame header
    at += 2 + length;
  }
  return false;
}

export function isWellFormed(bytes: Uint8Array, mediaType: AcceptedMediaType): boolean {
  switch (mediaType) {
    case 'application/pdf':
      return isWellFormedPdf(bytes);
    case 'image/png':
      return isWellFormedPng(bytes);
    case 'image/jpeg':
      return isWellFormedJpeg(bytes);
  }
}
