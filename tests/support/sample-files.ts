import { crc32, deflateSync } from 'node:zlib';

/**
 * Well-formed files for upload tests, of an exact size when asked: a PDF with its cross-reference
 * and trailer, a PNG with its header and end chunk, a JPEG with its frame header and end marker —
 * what the server's structure check (server/platform/files/file-structure.ts) wants to see.
 */

/** A one-page PDF; `size` pads it with a comment to exactly that many bytes. */
export function samplePdf(size?: number): Buffer {
  const build = (padding: number) => {
    const objects = [
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n',
    ];
    let body = '%PDF-1.4\n';
    if (padding > 0) body += `%${'x'.repeat(padding - 2)}\n`;
    const offsets: number[] = [];
    for (const object of objects) {
      offsets.push(Buffer.byteLength(body, 'latin1'));
      body += object;
    }
    const xref = Buffer.byteLength(body, 'latin1');
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  };
  const plain = build(0);
  if (size === undefined || size <= plain.length) return plain;
  // The xref offset's digits grow with the padding: settle the padding in a few rounds.
  let padding = size - plain.length;
  for (let round = 0; round < 5; round += 1) {
    const built = build(padding);
    if (built.length === size) return built;
    padding += size - built.length;
  }
  throw new Error(`cannot build a PDF of exactly ${size} bytes`);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of `side`×`side` pixels in one colour; `bytes` pads it (a text chunk) to that size. */
export function samplePng(side = 16, rgb: [number, number, number] = [14, 90, 107], bytes?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: side }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: side }, () => row));
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(pixels)), pngChunk('IEND', Buffer.alloc(0))];
  const plain = Buffer.concat(parts);
  if (bytes === undefined || bytes <= plain.length) return plain;
  // A tEXt chunk costs 12 bytes around its data.
  const text = pngChunk('tEXt', Buffer.from(`Comment\0${'x'.repeat(Math.max(0, bytes - plain.length - 12 - 8))}`, 'latin1'));
  return Buffer.concat([parts[0]!, parts[1]!, text, parts[2]!, parts[3]!]);
}

/** A 2×2 JPEG drawn by Chromium's encoder. */
const JPEG_2X2 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCYgDhF3//Z',
  'base64',
);

/** A real JPEG; `bytes` pads it with comment segments (after the start marker) to that size. */
export function sampleJpeg(bytes?: number): Buffer {
  if (bytes === undefined || bytes <= JPEG_2X2.length) return JPEG_2X2;
  const comments: Buffer[] = [];
  let missing = bytes - JPEG_2X2.length;
  while (missing > 0) {
    // A segment is 4 bytes of marker and length around at most 65,533 bytes of comment.
    const data = Math.min(65_533, Math.max(0, missing - 4));
    const segment = Buffer.alloc(4 + data, 0x20);
    segment.set([0xff, 0xfe, ((data + 2) >> 8) & 0xff, (data + 2) & 0xff], 0);
    comments.push(segment);
    missing -= segment.length;
  }
  const out = Buffer.concat([JPEG_2X2.subarray(0, 2), ...comments, JPEG_2X2.subarray(2)]);
  if (out.length !== bytes) throw new Error(`cannot build a JPEG of exactly ${bytes} bytes (${out.length})`);
  return out;
}
