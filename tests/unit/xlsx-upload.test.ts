import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../server/platform/errors';
import { loadUploadedWorkbook, XLSX_MAX_ENTRIES } from '../../server/platform/xlsx/xlsx-upload';
import { bombSheet, deflatedEntry, xlsxWith, zipOf } from '../support/zip-bomb';

const NOT_XLSX = 'Bukan xlsx.';
const TOO_LARGE = 'Berkas xlsx ini terlalu besar setelah dibuka: isinya lebih dari 8 MB atau lebih dari 1.000 bagian. Unggah berkas yang lebih kecil, misalnya template yang diunduh dari layar ini.';

async function refusal(bytes: Uint8Array): Promise<{ kind: string; message: string; ms: number }> {
  const started = performance.now();
  try {
    await loadUploadedWorkbook(bytes, NOT_XLSX);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { kind: error.kind, message: error.message, ms: performance.now() - started };
  }
  throw new Error('the upload was accepted');
}

const smallSheet = deflatedEntry(
  'xl/worksheets/sheet1.xml',
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>42</v></c></row></sheetData></worksheet>',
);

describe('an uploaded xlsx is bounded before exceljs opens it', () => {
  it('opens a small workbook', async () => {
    const workbook = await loadUploadedWorkbook(xlsxWith(smallSheet), NOT_XLSX);
    expect(workbook.getWorksheet('Neraca')?.getCell('A1').value).toBe(42);
  });

  it('refuses a sheet that says it inflates to 200 MB from its central directory, at once', async () => {
    const bomb = xlsxWith(bombSheet(200));
    expect(bomb.length).toBeLessThan(700 * 1024);
    const refused = await refusal(bomb);
    expect(refused).toMatchObject({ kind: 'too-large', message: TOO_LARGE });
    expect(refused.ms).toBeLessThan(1000);
  });

  it('refuses a sheet whose directory lies (1 kB declared) once its actual bytes pass the bound, within a second', async () => {
    const refused = await refusal(xlsxWith(bombSheet(200, 1000)));
    expect(refused).toMatchObject({ kind: 'too-large', message: TOO_LARGE });
    expect(refused.ms).toBeLessThan(1000);
  });

  it('refuses an entry of over a megabyte that claims to inflate more than 200 times, and more entries than the bound', async () => {
    // 3 MB declared is within 8 MB, but 3 MB from ~3 kB is a bomb's ratio.
    expect((await refusal(xlsxWith(bombSheet(3)))).kind).toBe('too-large');
    const many = zipOf(Array.from({ length: XLSX_MAX_ENTRIES + 1 }, (_, i) => deflatedEntry(`xl/media/${i}.xml`, '<a/>')));
    expect((await refusal(many)).kind).toBe('too-large');
  });

  it('answers the caller\'s message for bytes that are no zip, a truncated zip and a ZIP64 zip', async () => {
    expect(await refusal(Buffer.from('bukan excel'))).toMatchObject({ kind: 'invalid', message: NOT_XLSX });
    const whole = xlsxWith(smallSheet);
    expect((await refusal(whole.subarray(10))).kind).toBe('invalid');
    const zip64 = Buffer.from(whole);
    zip64.writeUInt16LE(0xffff, zip64.length - 22 + 10);
    expect((await refusal(zip64)).kind).toBe('invalid');
  });
});
