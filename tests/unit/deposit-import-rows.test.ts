import { describe, expect, it } from 'vitest';
import {
  cellsOf,
  customerMessageColumn,
  isBlankRow,
  parseImportRow,
  parseRateCell,
  parseRupiahCell,
  parseSheetDate,
  plainCell,
  readHeader,
  type CellValue,
  type ImportColumnKey,
} from '../../server/deposits/deposit-import-rows';

/** The Impor Deposito sheet's cells and rows, worked by hand (server/deposits/deposit-import-rows.ts). */

describe('a date cell', () => {
  it('is an Excel date, a serial that lost its format, or text in either order', () => {
    expect(parseSheetDate(new Date(Date.UTC(2025, 11, 15)))).toBe('2025-12-15');
    // The serial of 15 Dec 2025: 25 569 (1 Jan 1970) + 20 437 days.
    expect(parseSheetDate(46_006)).toBe('2025-12-15');
    expect(parseSheetDate('2025-12-15')).toBe('2025-12-15');
    expect(parseSheetDate('15/12/2025')).toBe('2025-12-15');
    expect(parseSheetDate('5/1/2026')).toBe('2026-01-05');
    expect(parseSheetDate('05-01-2026')).toBe('2026-01-05');
  });

  it('is nothing else: no 30 February, no US order past 12, no words', () => {
    expect(parseSheetDate('30/02/2026')).toBeNull();
    expect(parseSheetDate('12/31/2025')).toBeNull();
    expect(parseSheetDate('2026-13-01')).toBeNull();
    expect(parseSheetDate('besok')).toBeNull();
    expect(parseSheetDate(45_000.5)).toBeNull();
    expect(parseSheetDate(null)).toBeNull();
    expect(parseSheetDate(true)).toBeNull();
  });
});

describe('an amount cell', () => {
  it('is whole rupiah as a number or as typed in Indonesia', () => {
    expect(parseRupiahCell(50_000_000)).toBe(50_000_000);
    expect(parseRupiahCell('50.000.000')).toBe(50_000_000);
    expect(parseRupiahCell('50000000')).toBe(50_000_000);
    expect(parseRupiahCell('Rp 50.000.000')).toBe(50_000_000);
    expect(parseRupiahCell('Rp. 1.500.000,00')).toBe(1_500_000);
  });

  it('refuses cents, misplaced dots and words', () => {
    expect(parseRupiahCell(1_500_000.5)).toBeNull();
    expect(parseRupiahCell('1.500.000,50')).toBeNull();
    expect(parseRupiahCell('1.5000.000')).toBeNull();
    expect(parseRupiahCell('50,000,000')).toBeNull();
    expect(parseRupiahCell('lima juta')).toBeNull();
  });
});

describe('a rate cell', () => {
  it('is percent a year in basis points: typed with a comma or a dot, or a percent-formatted number', () => {
    expect(parseRateCell('6,25')).toBe(625);
    expect(parseRateCell('6.25%')).toBe(625);
    expect(parseRateCell(6.25)).toBe(625);
    // Excel keeps 6,25% as 0.0625.
    expect(parseRateCell(0.0625)).toBe(625);
    expect(parseRateCell(0.055)).toBe(550);
  });

  it('refuses more than two decimals, zero and words', () => {
    expect(parseRateCell('6,255')).toBeNull();
    expect(parseRateCell(0)).toBeNull();
    expect(parseRateCell('enam')).toBeNull();
  });
});

describe('exceljs cell values', () => {
  it('rich text, formula results and links read as their text or value', () => {
    expect(plainCell({ richText: [{ text: 'DEP-' }, { text: '001' }] })).toBe('DEP-001');
    expect(plainCell({ formula: 'A1*2', result: 100 })).toBe(100);
    expect(plainCell({ text: 'rina@contoh.co.id', hyperlink: 'mailto:rina@contoh.co.id' })).toBe('rina@contoh.co.id');
    expect(plainCell({ error: '#N/A' })).toBeNull();
    expect(plainCell(undefined)).toBeNull();
    expect(isBlankRow([null, '  ', null])).toBe(true);
    expect(isBlankRow([null, 'x'])).toBe(false);
  });
});

const HEADER: Array<[ImportColumnKey, string]> = [
  ['depositNumber', 'Nomor Deposito'],
  ['bilyetNumber', 'nomor bilyet'],
  ['nik', 'NIK'],
  ['name', 'Nama Nasabah'],
  ['product', 'PRODUK'],
  ['periodNumber', 'Periode Ke'],
  ['valueDate', 'Tanggal Valuta'],
  ['tenorMonths', 'Tenor (Bulan)'],
  ['rate', 'Suku Bunga (% p.a.)'],
  ['principal', 'Nominal'],
  ['instruction', 'Instruksi Jatuh Tempo'],
  ['interestPayment', 'Pembayaran Bunga'],
];

describe('the header row', () => {
  it('finds the columns by their header, case and order aside', () => {
    const header = readHeader(HEADER.map(([, text]) => text).reverse());
    expect(header.ok).toBe(true);
    if (header.ok) {
      expect(header.positions.get('depositNumber')).toBe(11);
      expect(header.positions.get('bilyetNumber')).toBe(10);
      expect(header.positions.get('interestPayment')).toBe(0);
    }
  });

  it('names every required column it misses', () => {
    const header = readHeader(['Nomor Deposito', 'Nama Nasabah']);
    expect(header.ok).toBe(false);
    if (!header.ok) expect(header.errors.map((error) => error.column)).toEqual(['Nomor Bilyet', 'Produk', 'Periode Ke', 'Tanggal Valuta', 'Tenor (Bulan)', 'Suku Bunga (% p.a.)', 'Nominal', 'Instruksi Jatuh Tempo', 'Pembayaran Bunga']);
  });
});

const PRODUCT = { id: 'p-1', code: 'DEP-BULANAN', name: 'Deposito Bulanan' };
const context = { cutOverDate: '2026-03-01', productOf: (reference: string) => (['dep-bulanan', 'deposito bulanan'].includes(reference.toLowerCase()) ? PRODUCT : undefined) };
const positions = new Map(HEADER.map(([key], index) => [key, index]));
const rowOf = (cells: Partial<Record<ImportColumnKey, CellValue>>) => cellsOf(HEADER.map(([key]) => cells[key] ?? null), positions);
const GOOD: Partial<Record<ImportColumnKey, CellValue>> = {
  depositNumber: 'DEP-LAMA-0001',
  bilyetNumber: 'BL-0001',
  nik: 3273095203850002,
  name: 'Rina Marlina',
  product: 'deposito bulanan',
  periodNumber: 2,
  valueDate: new Date(Date.UTC(2025, 11, 15)),
  tenorMonths: '6',
  rate: '6,00',
  principal: '50.000.000',
  instruction: 'aro+',
  interestPayment: 'Bulanan',
};

describe('a data row', () => {
  it('is the deposit it describes: product by name, the NIK Excel kept as a number, maturity from value date and tenor', () => {
    const parsed = parseImportRow(7, rowOf(GOOD), context);
    expect(parsed).toMatchObject({
      ok: true,
      deposit: {
        row: 7, depositNumber: 'DEP-LAMA-0001', bilyetNumber: 'BL-0001', customer: { kind: 'INDIVIDUAL', nik: '3273095203850002' }, productId: 'p-1',
        periodNumber: 2, openedOn: '2025-12-15', valueDate: '2025-12-15', maturityDate: '2026-06-15', tenorMonths: 6, rateBps: 600, principal: 50_000_000,
        instruction: 'ARO_PLUS', interestPayment: 'MONTHLY',
      },
    });
  });

  it('says every error of the row at once, each with its column', () => {
    const parsed = parseImportRow(9, rowOf({ ...GOOD, depositNumber: 'DEP LAMA', nik: '3273', product: 'TABUNGAN', periodNumber: 0, tenorMonths: 200, rate: 'enam', principal: '-5', instruction: 'ulang', interestPayment: 'harian', valueDate: '2026-02-30' }), context);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors.map((error) => [error.row, error.column])).toEqual([
        [9, 'Nomor Deposito'], [9, 'NIK'], [9, 'Produk'], [9, 'Periode Ke'], [9, 'Tenor (Bulan)'], [9, 'Suku Bunga (% p.a.)'], [9, 'Nominal'],
        [9, 'Instruksi Jatuh Tempo'], [9, 'Pembayaran Bunga'], [9, 'Tanggal Valuta'],
      ]);
      expect(parsed.errors[1]!.message).toBe('NIK harus 16 angka.');
    }
  });

  it('must still run on the cut-over date: begun on or before it, maturing after it', () => {
    // 1 Dec 2025 + 3 months = 1 Mar 2026, the cut-over date itself: the old system rolled it over already.
    const matured = parseImportRow(3, rowOf({ ...GOOD, valueDate: '2025-12-01', tenorMonths: 3 }), context);
    expect(matured.ok ? [] : matured.errors.map((error) => error.message)).toEqual(['Periode ini jatuh tempo 01-Mar-2026, sebelum atau pada tanggal pindah; isi periode yang sedang berjalan (periode ke dan tanggal valuta setelah perpanjangan).']);
    expect(parseImportRow(3, rowOf({ ...GOOD, valueDate: '2025-12-02', tenorMonths: 3 }), context).ok).toBe(true);
    const future = parseImportRow(3, rowOf({ ...GOOD, valueDate: '02/03/2026' }), context);
    expect(future.ok ? [] : future.errors.map((error) => error.column)).toEqual(['Tanggal Valuta']);
  });

  it('an entity is keyed by its NPWP; a payout account is given whole or not at all', () => {
    const entity = parseImportRow(4, rowOf({ ...GOOD, nik: null, customerType: 'badan', npwp: '01.234.567.8-901.000' }), context);
    // customerType and npwp are not in this header: the row is read as an individual without a NIK.
    expect(entity.ok ? [] : entity.errors.map((error) => error.column)).toEqual(['NIK']);
    const fullPositions = new Map<ImportColumnKey, number>([...positions, ['customerType', 12], ['npwp', 13], ['payoutBankCode', 14], ['payoutAccountNumber', 15], ['payoutAccountName', 16]]);
    const row = (cells: Partial<Record<ImportColumnKey, CellValue>>) => cellsOf([...HEADER.map(([key]) => cells[key] ?? null), cells.customerType ?? null, cells.npwp ?? null, cells.payoutBankCode ?? null, cells.payoutAccountNumber ?? null, cells.payoutAccountName ?? null], fullPositions);
    const parsed = parseImportRow(4, row({ ...GOOD, nik: null, customerType: 'BADAN', npwp: '01.234.567.8-901.000', payoutBankCode: 2, payoutAccountNumber: 11223344, payoutAccountName: 'Koperasi Maju' }), context);
    expect(parsed).toMatchObject({ ok: true, deposit: { customer: { kind: 'ENTITY', npwp: '012345678901000' }, customerInput: { type: 'ENTITY', payoutAccount: { bankCode: '002', accountNumber: '11223344', accountName: 'Koperasi Maju' } } } });
    const half = parseImportRow(4, row({ ...GOOD, payoutBankCode: '002' }), context);
    expect(half.ok ? [] : half.errors.map((error) => error.column)).toEqual(['Nomor Rekening Pencairan', 'Nama Pemilik Rekening']);
  });

  it('a customer rule\'s sentence goes to the column it is about', () => {
    expect(customerMessageColumn('Nomor urut NIK (4 digit terakhir) tidak boleh 0000.')).toBe('NIK');
    expect(customerMessageColumn('Perwakilan 1: NIK harus 16 digit angka (terisi 4 karakter).')).toBe('NIK Perwakilan');
    expect(customerMessageColumn('Kelurahan/desa wajib dipilih dari daftar wilayah.')).toBe('Kode Kelurahan/Desa');
    expect(customerMessageColumn('Kode pos wajib diisi.')).toBe('Kode Pos');
    expect(customerMessageColumn('Sesuatu yang lain.')).toBe('Nasabah');
  });
});
