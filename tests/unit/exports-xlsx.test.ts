import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  cellValue,
  DATE_NUMBER_FORMAT,
  excelDateSerial,
  INTEGER_NUMBER_FORMAT,
  keysetBatches,
  RATE_NUMBER_FORMAT,
  RUPIAH_NUMBER_FORMAT,
  writeXlsx,
  xlsxDownloadHeaders,
  XLSX_MEDIA_TYPE,
} from '../../server/platform/xlsx/xlsx-stream';

interface Row {
  id: number;
  name: string;
  date: string | null;
  amount: number;
  rateBps: number;
  tenor: number;
}

async function toBuffer(rows: Row[][]): Promise<Buffer> {
  const pass = new PassThrough();
  const chunks: Buffer[] = [];
  pass.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => pass.on('end', resolve));
  async function* source() {
    for (const batch of rows) yield batch;
  }
  await writeXlsx(
    {
      sheetName: 'Deposito',
      columns: [
        { header: 'Nama Nasabah', kind: 'text', value: (row: Row) => row.name },
        { header: 'Tanggal Efektif', kind: 'date', value: (row: Row) => row.date },
        { header: 'Nominal', kind: 'rupiah', value: (row: Row) => row.amount },
        { header: 'Suku Bunga', kind: 'rate', value: (row: Row) => row.rateBps },
        { header: 'Tenor (Bulan)', kind: 'integer', value: (row: Row) => row.tenor },
      ],
      rows: source(),
    },
    pass,
  );
  await done;
  return Buffer.concat(chunks);
}

describe('streaming xlsx writer', () => {
  it('writes Indonesian headers; dates, rupiah, rates and counts as typed cells with the screens’ display formats', async () => {
    const buffer = await toBuffer([
      [{ id: 1, name: 'Siti Rahayu', date: '2026-08-15', amount: 1_500_000, rateBps: 625, tenor: 12 }],
      [{ id: 2, name: 'Budi', date: '2024-02-29', amount: 25_000_000, rateBps: 550, tenor: 3 }, { id: 3, name: 'Ani', date: null, amount: 0, rateBps: 0, tenor: 1 }],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as never);
    const sheet = workbook.getWorksheet('Deposito')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nama Nasabah', 'Tanggal Efektif', 'Nominal', 'Suku Bunga', 'Tenor (Bulan)']);
    // exceljs reads a number cell with a date format back as a Date (UTC midnight of the day).
    expect(sheet.getRow(2).values).toEqual([undefined, 'Siti Rahayu', new Date('2026-08-15T00:00:00.000Z'), 1_500_000, 0.0625, 12]);
    expect(sheet.getRow(3).values).toEqual([undefined, 'Budi', new Date('2024-02-29T00:00:00.000Z'), 25_000_000, 0.055, 3]);
    expect(sheet.getCell('B4').value).toBeNull();
    const types = (row: number) => ['A', 'B', 'C', 'D', 'E'].map((column) => sheet.getCell(`${column}${row}`).type);
    expect(types(2)).toEqual([ExcelJS.ValueType.String, ExcelJS.ValueType.Date, ExcelJS.ValueType.Number, ExcelJS.ValueType.Number, ExcelJS.ValueType.Number]);
    expect(['A', 'B', 'C', 'D', 'E'].map((column) => sheet.getCell(`${column}3`).numFmt)).toEqual([undefined, DATE_NUMBER_FORMAT, RUPIAH_NUMBER_FORMAT, RATE_NUMBER_FORMAT, INTEGER_NUMBER_FORMAT]);
    expect(sheet.rowCount).toBe(4);
  });

  it('date serials count days as Excel does: 1 Jan 1900 is day 1 (with its phantom 29 Feb), leap days and month ends exact', () => {
    expect(excelDateSerial('1900-03-01')).toBe(61);
    expect(excelDateSerial('2026-01-01')).toBe(46_023);
    expect(excelDateSerial('2024-02-29')).toBe(45_351);
    expect(excelDateSerial('2024-03-01')).toBe(45_352);
    expect(excelDateSerial('2026-08-15')).toBe(46_249);
    expect(excelDateSerial('bukan tanggal')).toBeNull();
  });

  it('an empty source still gives a workbook with the header row', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await toBuffer([])) as never);
    expect(workbook.getWorksheet('Deposito')!.rowCount).toBe(1);
  });

  it('download headers: xlsx media type and an ASCII attachment filename', () => {
    const headers = xlsxDownloadHeaders('Bunga Bulanan 2026-03.xlsx');
    expect(headers['Content-Type']).toBe(XLSX_MEDIA_TYPE);
    expect(headers['Content-Disposition']).toBe('attachment; filename="Bunga_Bulanan_2026-03.xlsx"');
  });
});

describe('formula-like text (OWASP CSV injection)', () => {
  it('gets a quote prefix in text cells when it begins with = + - @, a tab or a carriage return; other text and every number stay as they are', () => {
    expect(['=HYPERLINK("http://x","y")', '+62 812', '-5', '@SUM(A1)', '\t=1', '\r=1'].map((text) => cellValue('text', text))).toEqual([
      '\'=HYPERLINK("http://x","y")',
      "'+62 812",
      "'-5",
      "'@SUM(A1)",
      "'\t=1",
      "'\r=1",
    ]);
    expect(['Budi', ' =1', 'a=1', "'=1"].map((text) => cellValue('text', text))).toEqual(['Budi', ' =1', 'a=1', "'=1"]);
    // Negative amounts are numbers, not text: they stay numbers.
    expect(cellValue('rupiah', -1_500_000)).toBe(-1_500_000);
    expect(cellValue('integer', -3)).toBe(-3);
  });
});

describe('keyset batches', () => {
  it('asks for rows after the last key of each batch, never an offset, and stops on a short batch', async () => {
    const data = Array.from({ length: 25 }, (_, i) => i + 1);
    const calls: Array<number | null> = [];
    const batches: number[][] = [];
    for await (const batch of keysetBatches(
      async (after: number | null, limit) => {
        calls.push(after);
        return data.filter((n) => after === null || n > after).slice(0, limit);
      },
      (n) => n,
      10,
    ))
      batches.push(batch);
    expect(calls).toEqual([null, 10, 20]);
    expect(batches.flat()).toEqual(data);
  });

  it('asks for the next batch before the current one is handed on, so reading overlaps with writing', async () => {
    const calls: Array<number | null> = [];
    const batches = keysetBatches(
      async (after: number | null, limit) => {
        calls.push(after);
        const from = (after ?? 0) + 1;
        return Array.from({ length: Math.min(limit, 30 - from + 1) }, (_, i) => from + i);
      },
      (n) => n,
      10,
    );
    const first = await batches.next();
    expect(first.value).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(calls).toEqual([null, 10]); // batch 2 already asked for while batch 1 is being written
    await batches.return(undefined);
  });

  it('a consumer that stops early (download aborted) leaves no unhandled failure from the read ahead', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let readAheadFailed = false;
      const batches = keysetBatches(
        async (after: number | null) => {
          if (after !== null) {
            readAheadFailed = true;
            throw new Error('database closed');
          }
          return [1, 2];
        },
        (n) => n,
        2,
      );
      expect((await batches.next()).value).toEqual([1, 2]);
      await batches.return(undefined);
      expect(readAheadFailed).toBe(true);
      // Node reports a rejection nobody handles once the microtasks of the turn it happened in have
      // run: by the next turn's check phase (setImmediate) it would have been reported.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
