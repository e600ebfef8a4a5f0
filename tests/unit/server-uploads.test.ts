import { describe, expect, it } from 'vitest';
import { checkUpload, detectMediaType } from '../../server/platform/files/uploads';
import { isWellFormedJpeg, isWellFormedPdf, isWellFormedPng } from '../../server/platform/files/file-structure';
import { sampleJpeg, samplePdf, samplePng } from '../support/sample-files';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('upload checks', () => {
  it('recognises PDF, JPEG and PNG by their magic bytes only', () => {
    expect(detectMediaType(new Uint8Array(Buffer.from('%PDF-1.4 ...')))).toBe('application/pdf');
    expect(detectMediaType(bytes(0xff, 0xd8, 0xff, 0xdb))).toBe('image/jpeg');
    expect(detectMediaType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(detectMediaType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectMediaType(new Uint8Array(Buffer.from('GIF89a')))).toBeNull();
    expect(detectMediaType(new Uint8Array(Buffer.from('<html>%PDF-')))).toBeNull();
  });

  const rule = { label: 'Logo', maxBytes: 2048, allowed: ['image/png'] as const, allowedText: 'PNG' };

  it('checks emptiness, size and the allowed types, naming the file', () => {
    const png = new Uint8Array(samplePng(4));
    expect(checkUpload({ name: 'a.png', bytes: png }, rule)).toEqual({ mediaType: 'image/png' });
    expect(checkUpload({ name: 'a.png', bytes: new Uint8Array(0) }, rule)).toEqual({ problem: 'Logo "a.png" kosong.' });
    expect(checkUpload({ name: null, bytes: new Uint8Array(2049) }, rule)).toEqual({ problem: 'Logo melebihi ukuran maksimal 2 KB.' });
    expect(checkUpload({ name: 'a.png', bytes: bytes(0xff, 0xd8, 0xff) }, rule)).toEqual({ problem: 'Logo "a.png" harus berupa berkas PNG.' });
  });

  it('refuses a file whose first bytes are right but whose structure is not, saying it is damaged', () => {
    const disguised = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect(checkUpload({ name: 'bukti.pdf', bytes: new Uint8Array(disguised) }, { label: 'Bukti', maxBytes: 2048, allowed: ['application/pdf'], allowedText: 'PDF' })).toEqual({
      problem: 'Bukti "bukti.pdf" rusak atau bukan berkas PDF yang utuh.',
    });
  });
});

describe('file structure', () => {
  const text = (value: string) => new Uint8Array(Buffer.from(value, 'latin1'));

  it('takes a PDF whose startxref points at its cross-reference table or stream, and ends with %%EOF', () => {
    expect(isWellFormedPdf(new Uint8Array(samplePdf()))).toBe(true);
    expect(isWellFormedPdf(new Uint8Array(samplePdf(5000)))).toBe(true);
    // A cross-reference stream (PDF 1.5+): startxref points at "12 0 obj".
    const head = '%PDF-1.7\n%binary\n';
    expect(isWellFormedPdf(text(`${head}12 0 obj << /Type /XRef >> stream\nendstream endobj\nstartxref\n${head.length}\n%%EOF\r\n`))).toBe(true);
  });

  it('refuses a PDF header followed by anything else: no %%EOF, no startxref, or a startxref pointing nowhere', () => {
    expect(isWellFormedPdf(text('%PDF-1.7\n<html><body>hi</body></html>'))).toBe(false);
    expect(isWellFormedPdf(text('%PDF-1.7\n<html></html>\n%%EOF'))).toBe(false);
    expect(isWellFormedPdf(text('%PDF-1.7\n<html></html>\nstartxref\n3\n%%EOF'))).toBe(false);
    expect(isWellFormedPdf(text('%PDF-1.7\nxref\nstartxref\n999999\n%%EOF'))).toBe(false);
    expect(isWellFormedPdf(text('<html>%PDF-1.7 startxref 1 %%EOF'))).toBe(false);
  });

  it('takes a PNG with a sane IHDR and an IEND at its end; refuses giant, empty-sized or truncated ones', () => {
    const png = samplePng(16);
    expect(isWellFormedPng(new Uint8Array(png))).toBe(true);
    const giant = Buffer.from(png);
    giant.writeUInt32BE(100_000, 16); // width
    expect(isWellFormedPng(new Uint8Array(giant))).toBe(false);
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(9_000, 16);
    bomb.writeUInt32BE(9_000, 20); // 81 million pixels
    expect(isWellFormedPng(new Uint8Array(bomb))).toBe(false);
    const zero = Buffer.from(png);
    zero.writeUInt32BE(0, 20);
    expect(isWellFormedPng(new Uint8Array(zero))).toBe(false);
    expect(isWellFormedPng(new Uint8Array(png.subarray(0, png.length - 12)))).toBe(false);
    expect(isWellFormedPng(new Uint8Array(Buffer.concat([png.subarray(0, 8), Buffer.from('<html></html>'.repeat(4))])))).toBe(false);
  });

  it('takes a JPEG whose frame header has sane dimensions and which ends with EOI; refuses the rest', () => {
    const jpeg = sampleJpeg();
    expect(isWellFormedJpeg(new Uint8Array(jpeg))).toBe(true);
    expect(isWellFormedJpeg(new Uint8Array(sampleJpeg(200_000)))).toBe(true);
    expect(isWellFormedJpeg(new Uint8Array(jpeg.subarray(0, jpeg.length - 2)))).toBe(false);
    expect(isWellFormedJpeg(new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html></html>'), Buffer.from([0xff, 0xd9])])))).toBe(false);
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const zeroHigh = Buffer.from(jpeg);
    zeroHigh.writeUInt16BE(0, sof + 5);
    expect(isWellFormedJpeg(new Uint8Array(zeroHigh))).toBe(false);
  });
});
