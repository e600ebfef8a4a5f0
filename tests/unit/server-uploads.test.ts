import { describe, expect, it } from 'vitest';
import { checkUpload, detectMediaType } from '../../server/platform/files/uploads';

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
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    expect(checkUpload({ name: 'a.png', bytes: png }, rule)).toEqual({ mediaType: 'image/png' });
    expect(checkUpload({ name: 'a.png', bytes: new Uint8Array(0) }, rule)).toEqual({ problem: 'Logo "a.png" kosong.' });
    expect(checkUpload({ name: null, bytes: new Uint8Array(2049) }, rule)).toEqual({ problem: 'Logo melebihi ukuran maksimal 2 KB.' });
    expect(checkUpload({ name: 'a.png', bytes: bytes(0xff, 0xd8, 0xff) }, rule)).toEqual({ problem: 'Logo "a.png" harus berupa berkas PNG.' });
  });
});
