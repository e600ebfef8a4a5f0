import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { wrapWords } from '../../server/platform/pdf/table-writer';
import { excelSheetName, writeXlsxWorkbook } from '../../server/platform/xlsx/xlsx-workbook';
import { DATE_NUMBER_FORMAT, RATE_NUMBER_FORMAT, RUPIAH_NUMBER_FORMAT } from '../../server/platform/xlsx/xlsx-stream';
import { cellText, column, formatRate, formatShare, table, type ReportDocument } from '../../server/reports/report-document';
import { drawReport, newReportPdf } from '../../server/reports/report-pdf';
import { reportSheets } from '../../server/reports/report-xlsx';
import { pdfFonts, pdfPageCount, pdfToText, pdfWords } from '../support/pdf-text';

/**
 * The two renderings of a report, on a made-up report of 260 rows (long enough for several PDF
 * pages): every PDF page names the bank, the report and the period and carries its number, a table
 * cut by a page break starts again under its header, cells read back as written (also outside
 * Latin-1), and the xlsx holds the same rows typed.
 */

interface Row {
  date: string;
  number: string;
  name: string;
  amount: number;
  rateBps: number;
  share: number;
  tenor: number;
}

const NAMES = ['Budi Santoso', 'Sulistyowati Çahyaningrum', 'Đặng Thị Hoa', 'Siti Rahayu'];
const rows: Row[] = Array.from({ length: 260 }, (_, index) => ({
  date: `2026-03-${String((index % 28) + 1).padStart(2, '0')}`,
  number: `DEP-UJI-${String(index + 1).padStart(4, '0')}`,
  name: NAMES[index % NAMES.length]!,
  amount: 1_000_000 * (index + 1),
  rateBps: 550 + (index % 3) * 25,
  share: (index + 1) / 1000,
  tenor: 3,
}));
const LONG_NAME = 'Raden Ajeng Kusumawardhani Prawirodirdjo Hadiningrat Soerjosoemarno Binti Abdurrahman Wicaksono';

async function* batches(): AsyncGenerator<Row[]> {
  for (let from = 0; from < rows.length; from += 100) yield rows.slice(from, from + 100);
}

function report(): ReportDocument {
  return {
    type: 'mutasi-deposito',
    title: 'Mutasi Deposito',
    bankName: 'BPR Uji Sentosa',
    period: '2026-03',
    periodLine: 'Periode Maret 2026 · posisi per 31-Mar-2026',
    printedAt: new Date('2026-04-06T02:00:00.000Z'),
    fileStem: 'mutasi-deposito-2026-03',
    tables: [
      table<{ label: string; count: number; amount: number }>({
        title: 'Ringkasan',
        notes: ['Catatan uji yang cukup panjang sehingga harus dibungkus ke baris berikutnya. '.repeat(4).trim()],
        columns: [column('Uraian', 'text', 3, (line) => line.label), column('Jumlah Rekening', 'integer', 1, (line) => line.count), column('Pokok', 'rupiah', 2, (line) => line.amount)],
        rows: [{ label: LONG_NAME, count: 1234, amount: 2_500_000_000 }],
        totals: [{ label: 'Total', count: 1234, amount: 2_500_000_000 }],
      }),
      table<Row>({
        title: 'Penempatan baru',
        sheetName: 'Penempatan',
        columns: [
          column('Tanggal Efektif', 'date', 1.1, (row) => row.date),
          column('No. Deposito', 'text', 1.4, (row) => row.number),
          column('Nasabah', 'text', 2.4, (row) => row.name),
          column('Tenor (Bulan)', 'integer', 0.8, (row) => row.tenor),
          column('Suku Bunga', 'rate', 0.8, (row) => row.rateBps),
          column('Porsi', 'percent', 0.8, (row) => row.share),
          column('Pokok', 'rupiah', 1.6, (row) => row.amount),
        ],
        rows: () => batches(),
      }),
      table<Row>({ title: 'Kosong', columns: [column('No. Deposito', 'text', 1, (row) => row.number)], rows: [], emptyText: 'Tidak ada data uji.' }),
    ],
  };
}

/** The report drawn to its last byte, as the route streams it: the rows first, then the end. */
async function drawn(): Promise<{ pdf: Uint8Array; pages: number }> {
  const doc = newReportPdf(report());
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  const pages = await drawReport(report(), doc);
  doc.end();
  await ended;
  return { pdf: new Uint8Array(Buffer.concat(chunks)), pages };
}

describe('report cells as the PDF prints them', () => {
  it('spells figures as UI.md does', () => {
    expect(cellText('rupiah', 2_500_000_000)).toBe('Rp 2.500.000.000');
    expect(cellText('date', '2026-08-15')).toBe('15-Agt-2026');
    expect(cellText('rate', 575)).toBe('5,75%');
    expect(cellText('rate', 587.5)).toBe('5,88%');
    expect(cellText('percent', 0.1234)).toBe('12,34%');
    expect(cellText('integer', 1234567)).toBe('1.234.567');
    expect(cellText('text', null)).toBe('');
    expect(formatRate(600)).toBe('6,00%');
    expect(formatShare(1)).toBe('100,00%');
  });

  it('wraps words greedily and keeps a word wider than a line on its own line', () => {
    const fits = (line: string) => line.length <= 10;
    expect(wrapWords('Tanggal Efektif Deposito', fits)).toEqual(['Tanggal', 'Efektif', 'Deposito']);
    expect(wrapWords('Suku Bunga', fits)).toEqual(['Suku Bunga']);
    expect(wrapWords('Pemberitahuan ok', fits)).toEqual(['Pemberitahuan', 'ok']);
  });
});

describe('a report as PDF', () => {
  it('frames every page with bank, title, period and page number, and repeats a cut table’s header', async () => {
    const { pdf, pages } = await drawn();
    expect(await pdfPageCount(pdf)).toBe(pages);
    expect(pages).toBeGreaterThanOrEqual(4);
    const text = (await pdfToText(pdf)).split('\f').filter((page) => page.trim() !== '');
    expect(text).toHaveLength(pages);
    text.forEach((page, index) => {
      expect(page).toContain('BPR Uji Sentosa');
      expect(page).toContain('Mutasi Deposito');
      expect(page).toContain('Periode Maret 2026 · posisi per 31-Mar-2026');
      expect(page).toContain(`Halaman ${index + 1}`);
      expect(page).toContain('Dicetak 06-Apr-2026 pukul 09.00 WIB');
    });
    // The placements start on page 1 and go on over the next pages, each under the header again.
    for (const page of text.slice(1, -1)) {
      expect(page).toContain('Penempatan baru (lanjutan)');
      expect(page).toMatch(/No\. Deposito\s+Nasabah/);
    }
    const all = text.join('\n');
    for (const row of rows) expect(all).toContain(row.number);
    expect(all).toContain('Sulistyowati Çahyaningrum');
    expect(all).toContain('Đặng Thị Hoa');
    expect(all).toContain('Rp 260.000.000');
    expect(all).toContain('26,00%');
    expect(all).toContain('Tidak ada data uji.');
    // Too long for its column: cut with an ellipsis, never over the next column.
    expect(all).not.toContain(LONG_NAME);
    expect(all).toMatch(/Raden Ajeng Kusumawardhani[^\n]*…/);
    expect(all).toContain('Rp 2.500.000.000');
  });

  it('right-aligns figures to their column’s edge and embeds only the two DejaVu faces', async () => {
    const { pdf } = await drawn();
    const words = await pdfWords(pdf);
    const amounts = words.filter((word) => word.page === 2 && /^\d{1,3}(\.\d{3})+$/.test(word.text));
    expect(amounts.length).toBeGreaterThan(20);
    const rightEdges = new Set(amounts.map((word) => Math.round(word.xMax)));
    expect(rightEdges.size).toBe(1);
    expect((await pdfFonts(pdf)).map((font) => font.name).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });
});

describe('a report as xlsx', () => {
  it('writes one sheet per table under bank, title and period, with typed cells and bold totals', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeXlsxWorkbook(reportSheets(report()), output);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Ringkasan', 'Penempatan', 'Kosong']);

    const sheet = workbook.getWorksheet('Penempatan')!;
    expect(sheet.getCell('A1').value).toBe('BPR Uji Sentosa');
    expect(sheet.getCell('A2').value).toBe('Mutasi Deposito — Penempatan baru');
    expect(sheet.getCell('A3').value).toBe('Periode Maret 2026 · posisi per 31-Mar-2026');
    expect((sheet.getRow(5).values as unknown[]).slice(1)).toEqual(['Tanggal Efektif', 'No. Deposito', 'Nasabah', 'Tenor (Bulan)', 'Suku Bunga', 'Porsi', 'Pokok']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
    expect(sheet.rowCount).toBe(5 + rows.length);
    const first = sheet.getRow(6);
    expect(first.getCell(1).value).toEqual(new Date('2026-03-01T00:00:00.000Z'));
    expect(first.getCell(1).numFmt).toBe(DATE_NUMBER_FORMAT);
    expect(first.getCell(2).value).toBe('DEP-UJI-0001');
    expect(first.getCell(4).value).toBe(3);
    expect(first.getCell(5).value).toBe(0.055);
    expect(first.getCell(5).numFmt).toBe(RATE_NUMBER_FORMAT);
    expect(first.getCell(6).value).toBe(0.001);
    expect(first.getCell(6).numFmt).toBe(RATE_NUMBER_FORMAT);
    expect(first.getCell(7).value).toBe(1_000_000);
    expect(first.getCell(7).numFmt).toBe(RUPIAH_NUMBER_FORMAT);
    expect(sheet.getRow(5 + rows.length).getCell(7).value).toBe(260_000_000);

    const summary = workbook.getWorksheet('Ringkasan')!;
    expect(summary.getCell('A4').value).toContain('Catatan uji');
    const total = summary.getRow(summary.rowCount);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(3).value).toBe(2_500_000_000);
    expect(total.getCell(3).font?.bold).toBe(true);
    expect(total.getCell(3).numFmt).toBe(RUPIAH_NUMBER_FORMAT);
  });

  it('names sheets as Excel allows: 31 characters, no []:*?/\\, each different', () => {
    const taken = new Set<string>();
    const first = excelSheetName('Nasabah dengan simpanan di atas Rp 2.000.000.000', taken);
    expect(first).toBe('Nasabah dengan simpanan di atas');
    taken.add(first.toLowerCase());
    expect(excelSheetName('Nasabah dengan simpanan di atas Rp 2.000.000.000', taken)).toBe('Nasabah dengan simpanan di at 2');
    expect(excelSheetName('Posisi [per] 31/03*?', new Set())).toBe('Posisi per 31 03');
    expect(excelSheetName('///', new Set())).toBe('Lembar');
  });
});
