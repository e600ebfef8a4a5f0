import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { plainCell } from '../../server/deposits/deposit-import-rows';
import { isDateFormatCode, readDateStyles, readSharedStrings, worksheetRowReader, type SheetBook } from '../../server/platform/xlsx/sheet-xml.mjs';
import { loadUploadedWorkbook, readUploadedSheetRows } from '../../server/platform/xlsx/xlsx-upload';
import { deflatedEntry, zipOf } from '../support/zip-bomb';

/**
 * The sheet reader of large uploads (sheet-rows-worker.mjs over sheet-xml.mjs) reads what exceljs
 * reads: the same workbooks, opened both ways, give the same plain cells row by row.
 */

const NOT_XLSX = 'Bukan xlsx.';
const LIMITS = { maxInflatedBytes: 64 * 1024 * 1024 };

async function rowsOf(bytes: Uint8Array): Promise<Array<{ number: number; values: unknown[] }>> {
  const rows: Array<{ number: number; values: unknown[] }> = [];
  for await (const row of readUploadedSheetRows(bytes, NOT_XLSX, LIMITS)) rows.push({ number: row.number, values: [...row.values].map((value) => value ?? null) });
  return rows;
}

/** What exceljs makes of the first sheet, as plain cells (the import's plainCell), rows without a value left out. */
async function exceljsRowsOf(bytes: Uint8Array): Promise<Array<{ number: number; values: unknown[] }>> {
  const workbook = await loadUploadedWorkbook(bytes, NOT_XLSX, LIMITS);
  const rows: Array<{ number: number; values: unknown[] }> = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).map((value) => plainCell(value));
    if (values.some((value) => value !== null)) rows.push({ number: row.number, values: [...values].map((value) => value ?? null) });
  });
  return rows;
}

/** Trailing empty cells dropped, so a row array read either way compares by what it holds. */
const trimmed = (rows: Array<{ number: number; values: unknown[] }>) =>
  rows.map(({ number, values }) => {
    const copy = [...values];
    while (copy.length > 0 && (copy.at(-1) === null || copy.at(-1) === undefined)) copy.pop();
    return { number, values: copy };
  });

function everyKindOfCell(sheet: ExcelJS.Worksheet): void {
  sheet.getCell('A1').value = 'Nomor';
  sheet.getCell('B1').value = 'Nama & "Alias" <x>';
  sheet.getCell('C1').value = 'Tanggal';
  sheet.getCell('A2').value = '0012';
  sheet.getCell('B2').value = { richText: [{ text: 'Siti ' }, { font: { bold: true }, text: 'Aminah' }] };
  sheet.getCell('C2').value = new Date(Date.UTC(2026, 2, 2));
  sheet.getCell('C2').numFmt = 'dd/mm/yyyy';
  sheet.getCell('D2').value = 50_000_000;
  sheet.getCell('D2').numFmt = '#,##0';
  sheet.getCell('E2').value = 0.0625;
  sheet.getCell('E2').numFmt = '0.00%';
  sheet.getCell('F2').value = true;
  sheet.getCell('G2').value = { formula: 'D2*2', result: 100_000_000 };
  sheet.getCell('H2').value = { formula: 'A2&"-x"', result: '0012-x' };
  sheet.getCell('I2').value = { error: '#N/A' };
  sheet.getCell('J2').value = { text: 'situs', hyperlink: 'https://bpr.test/' };
  sheet.getCell('K2').value = 'Baris 1\nBaris 2 🙂 İß';
  sheet.getCell('L2').value = 3271_0101_0190_0001;
  // A gap: row 3 is empty, row 4 holds one cell far to the right.
  sheet.getCell('AB4').value = 'jauh';
  sheet.getCell('A5').value = new Date(Date.UTC(2026, 11, 31, 0, 0, 0));
  sheet.getCell('A5').numFmt = 'd mmm yyyy';
}

describe('the sheet reader of large uploads reads what exceljs reads', () => {
  it('a workbook written whole by exceljs (shared strings, styles, rich text, formulas, errors, links, a gap)', async () => {
    const workbook = new ExcelJS.Workbook();
    everyKindOfCell(workbook.addWorksheet('Data'));
    workbook.addWorksheet('Penjelasan').getCell('A1').value = 'tidak dibaca';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const rows = await rowsOf(bytes);
    expect(trimmed(rows)).toEqual(trimmed(await exceljsRowsOf(bytes)));
    expect(rows.map((row) => row.number)).toEqual([1, 2, 4, 5]);
    expect(rows[1]!.values.slice(1, 13)).toEqual(['0012', 'Siti Aminah', new Date(Date.UTC(2026, 2, 2)), 50_000_000, 0.0625, true, 100_000_000, '0012-x', null, 'situs', 'Baris 1\nBaris 2 🙂 İß', 3271_0101_0190_0001]);
    expect(rows[2]!.values[28]).toBe('jauh');
  });

  it('a workbook streamed by exceljs with inline strings, as the import template is written', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: true });
    const sheet = writer.addWorksheet('Impor');
    sheet.getColumn(3).numFmt = 'yyyy-mm-dd';
    for (let number = 1; number <= 1_200; number += 1) {
      sheet.addRow([`DEP-${number}`, number * 1_000, new Date(Date.UTC(2026, 0, 1 + (number % 28))), number % 2 === 0 ? 'ARO' : 'Non-ARO']).commit();
    }
    sheet.commit();
    await writer.commit();
    const bytes = Buffer.concat(chunks);
    const rows = await rowsOf(bytes);
    expect(rows).toHaveLength(1_200);
    expect(trimmed(rows)).toEqual(trimmed(await exceljsRowsOf(bytes)));
  });
});

describe('parts exceljs does not write', () => {
  const book = (parts: Record<string, string>) => zipOf(Object.entries(parts).map(([name, text]) => deflatedEntry(name, text)));
  const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

  it('the first sheet through its relationship, shared strings with runs and phonetic guides, a custom date format, 1904 dates, cells and rows without references, t="d" and a formula without its result', async () => {
    const bytes = book({
      'xl/workbook.xml': `<workbook ${MAIN} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr date1904="1"/><sheets><sheet name="Isi" sheetId="2" r:id="rId7"/><sheet name="Lain" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels':
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/isi.xml"/><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/><Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
      'xl/worksheets/sheet1.xml': `<worksheet ${MAIN}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>salah lembar</t></is></c></row></sheetData></worksheet>`,
      'xl/strings.xml': `<sst ${MAIN} count="2" uniqueCount="2"><si><r><t xml:space="preserve">Budi </t></r><r><rPr><b/></rPr><t>Santoso</t></r><rPh sb="0" eb="1"><t>ブディ</t></rPh></si><si><t>A&amp;B_x000D_</t></si></sst>`,
      'xl/styles.xml': `<styleSheet ${MAIN}><numFmts count="2"><numFmt numFmtId="164" formatCode="[$-421]dd\\ mmmm\\ yyyy"/><numFmt numFmtId="165" formatCode="&quot;Rp&quot;#,##0;[Red]-&quot;Rp&quot;#,##0"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165" applyNumberFormat="1"/></cellXfs></styleSheet>`,
      'xl/worksheets/isi.xml': `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c><x:c s="1"><x:v>0</x:v></x:c><x:c s="2"><x:v>1500000</x:v></x:c></x:row><x:row r="7" spans="1:3"/><x:row><x:c r="C9" t="d"><x:v>2026-03-02T00:00:00Z</x:v></x:c><x:c><x:f>SUM(A1)</x:f></x:c><x:c t="b"><x:v>0</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
    });
    expect(await rowsOf(bytes)).toEqual([
      // 1904 system: serial 0 is 1 January 1904.
      { number: 1, values: [null, 'Budi Santoso', 'A&B\r', new Date(Date.UTC(1904, 0, 1)), 1_500_000] },
      // Row 7 is empty; the row after it has no r, so it is row 8, and its cells follow C9's column.
      { number: 8, values: [null, null, null, new Date(Date.UTC(2026, 2, 2)), undefined, false].map((value) => value ?? null) },
    ]);
  });

  it('a zip without a worksheet is not an xlsx', async () => {
    const bytes = book({ 'xl/workbook.xml': `<workbook ${MAIN}><sheets/></workbook>`, 'docProps/app.xml': '<Properties/>' });
    await expect(rowsOf(bytes)).rejects.toMatchObject({ kind: 'invalid', message: NOT_XLSX });
  });
});

describe('the XML reading, piece by piece', () => {
  const plainBook: SheetBook = { sharedStrings: ['nol', 'satu'], dateStyles: [false, true], date1904: false };
  const sheetXml =
    '<?xml version="1.0"?><worksheet><sheetData>' +
    Array.from({ length: 40 }, (_, index) => `<row r="${index + 1}"><c r="A${index + 1}" t="s"><v>${index % 2}</v></c><c r="B${index + 1}" s="1"><v>${46_083 + index}</v></c><c r="C${index + 1}" t="inlineStr"><is><t>baris &lt;${index}&gt;</t></is></c></row>`).join('') +
    '</sheetData></worksheet>';

  it('gives the same rows whether the text comes whole or one character at a time', () => {
    const whole = worksheetRowReader(plainBook).push(sheetXml);
    const reader = worksheetRowReader(plainBook);
    const pieces = [...sheetXml].flatMap((char) => reader.push(char));
    expect(whole).toHaveLength(40);
    expect(pieces).toEqual(whole);
    // 46,083 is 2 March 2026 in the 1900 system.
    expect(whole[0]).toEqual({ number: 1, values: [undefined, 'nol', new Date(Date.UTC(2026, 2, 2)), 'baris <0>'] });
  });

  it('tells date formats from number formats (hand-picked codes)', () => {
    expect(isDateFormatCode('dd/mm/yyyy')).toBe(true);
    expect(isDateFormatCode('[$-421]d mmmm yyyy')).toBe(true);
    expect(isDateFormatCode('h:mm:ss')).toBe(true);
    expect(isDateFormatCode('General')).toBe(false);
    expect(isDateFormatCode('#,##0')).toBe(false);
    expect(isDateFormatCode('0.00%')).toBe(false);
    expect(isDateFormatCode('[Red]#,##0')).toBe(false);
    expect(isDateFormatCode('#,##0 "hari"')).toBe(false);
    expect(isDateFormatCode('"Rp"\\ #,##0_);[Red]\\("Rp"\\ #,##0\\)')).toBe(false);
  });

  it('reads shared strings and the date styles of cellXfs, not of cellStyleXfs', () => {
    expect(readSharedStrings('<sst><si><t>a</t></si><si/><si><r><t>b</t></r><r><t>c</t></r></si></sst>')).toEqual(['a', '', 'bc']);
    expect(readDateStyles('<styleSheet><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="4"/></cellXfs></styleSheet>')).toEqual([false, true, false]);
  });
});
