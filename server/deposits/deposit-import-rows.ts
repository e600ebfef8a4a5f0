import type { DepositImportError } from '../../contract/deposit-import';
import type { CreateCustomerInput } from '../../contract/customers';
import type { InterestPayment, MaturityInstruction } from '../../contract/deposit';
import { normalizeNik, normalizeNpwp } from '../../machines/customer-rules';
import { formatDateId, isAfter, isIsoDate, isOnOrBefore, maturityDate, type IsoDate } from '../../machines/deposit-rules';

/**
 * The rows of an Impor Deposito sheet, read as pure functions (hand-worked tests in
 * tests/unit/deposit-import-rows.test.ts): the template's columns, what a cell may hold (an Excel
 * date or a typed one, an amount as a number or as "50.000.000"), and one row turned into the
 * deposit it describes and the customer it names — or every error of that row, each with its
 * column, in Indonesian. What needs the database (an existing deposit number, a customer kept
 * already, the geography) is the service's (deposit-import-service.ts).
 */

export type ImportColumnKey =
  | 'depositNumber'
  | 'bilyetNumber'
  | 'customerType'
  | 'nik'
  | 'npwp'
  | 'name'
  | 'birthPlace'
  | 'birthDate'
  | 'gender'
  | 'motherMaidenName'
  | 'occupation'
  | 'sourceOfFunds'
  | 'accountPurpose'
  | 'legalForm'
  | 'establishedOn'
  | 'representativeName'
  | 'representativeNik'
  | 'representativePosition'
  | 'address'
  | 'villageCode'
  | 'zipCode'
  | 'phone'
  | 'email'
  | 'product'
  | 'periodNumber'
  | 'openedOn'
  | 'valueDate'
  | 'tenorMonths'
  | 'rate'
  | 'principal'
  | 'instruction'
  | 'interestPayment'
  | 'payoutBankCode'
  | 'payoutAccountNumber'
  | 'payoutAccountName';

export interface ImportColumn {
  key: ImportColumnKey;
  header: string;
  /** The explanation sheet's words: what it is, its format, an example, and whether it is required. */
  what: string;
  format: string;
  example: string;
  required: string;
  width: number;
}

const column = (key: ImportColumnKey, header: string, what: string, format: string, example: string, required: string, width = 18): ImportColumn => ({ key, header, what, format, example, required, width });

const NEW_INDIVIDUAL = 'Wajib untuk nasabah perorangan baru (NIK belum ada di Berjangka)';
const NEW_ENTITY = 'Wajib untuk nasabah badan baru (NPWP belum ada di Berjangka)';
const NEW_CUSTOMER = 'Wajib untuk nasabah baru';

/** The template's columns in its order; the import finds them by header, so staff may reorder them. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  column('depositNumber', 'Nomor Deposito', 'Nomor rekening deposito di sistem lama; dipakai terus di Berjangka dan harus unik di bank ini', 'Teks, paling banyak 40 karakter', 'DEP-LAMA-000123', 'Wajib', 20),
  column('bilyetNumber', 'Nomor Bilyet', 'Nomor bilyet yang dipegang nasabah', 'Teks, paling banyak 40 karakter', 'BLT-2025-000123', 'Wajib', 18),
  column('customerType', 'Jenis Nasabah', 'Perorangan (pemilik KTP) atau badan (PT, CV, koperasi, …)', 'PERORANGAN atau BADAN', 'PERORANGAN', 'Boleh kosong (dianggap PERORANGAN)', 14),
  column('nik', 'NIK', 'NIK pada KTP nasabah perorangan; nasabah dengan NIK yang sudah ada di bank ini dipakai, bukan dibuat lagi', '16 angka', '3273095203850002', 'Wajib untuk perorangan', 20),
  column('npwp', 'NPWP', 'NPWP nasabah; untuk badan menjadi kunci nasabah (NPWP yang sudah ada dipakai)', '15 atau 16 angka, boleh bertitik', '01.234.567.8-901.000', 'Wajib untuk badan; boleh kosong untuk perorangan', 22),
  column('name', 'Nama Nasabah', 'Nama sesuai KTP, atau nama badan', 'Teks', 'Rina Marlina', 'Wajib', 26),
  column('birthPlace', 'Tempat Lahir', 'Tempat lahir sesuai KTP', 'Teks', 'Bandung', NEW_INDIVIDUAL),
  column('birthDate', 'Tanggal Lahir', 'Tanggal lahir sesuai KTP; harus cocok dengan NIK', 'Tanggal Excel, atau teks YYYY-MM-DD atau DD/MM/YYYY', '1985-03-12', NEW_INDIVIDUAL, 14),
  column('gender', 'Jenis Kelamin', 'Jenis kelamin sesuai KTP; harus cocok dengan NIK (tanggal lahir + 40 untuk perempuan)', 'L atau P', 'P', NEW_INDIVIDUAL, 12),
  column('motherMaidenName', 'Nama Ibu Kandung', 'Nama gadis ibu kandung', 'Teks', 'Siti Aminah', NEW_INDIVIDUAL, 22),
  column('occupation', 'Pekerjaan', 'Pekerjaan nasabah', 'Teks', 'Wiraswasta', NEW_INDIVIDUAL),
  column('sourceOfFunds', 'Sumber Dana', 'Asal dana nasabah', 'Teks', 'Hasil usaha', NEW_INDIVIDUAL),
  column('accountPurpose', 'Tujuan Rekening', 'Tujuan pembukaan rekening', 'Teks', 'Investasi', `${NEW_INDIVIDUAL}; boleh kosong untuk badan`, 20),
  column('legalForm', 'Bentuk Badan', 'Bentuk hukum badan', 'PT, CV, KOPERASI, YAYASAN, PEMDA, BANK atau LAINNYA', 'KOPERASI', NEW_ENTITY, 14),
  column('establishedOn', 'Tanggal Pendirian', 'Tanggal akta pendirian badan', 'Tanggal Excel, atau teks YYYY-MM-DD atau DD/MM/YYYY', '2010-07-01', NEW_ENTITY, 16),
  column('representativeName', 'Nama Perwakilan', 'Orang yang menandatangani untuk badan', 'Teks', 'Budi Santoso', NEW_ENTITY, 22),
  column('representativeNik', 'NIK Perwakilan', 'NIK perwakilan badan', '16 angka', '3273091203850001', NEW_ENTITY, 20),
  column('representativePosition', 'Jabatan Perwakilan', 'Jabatan perwakilan di badan', 'Teks', 'Ketua', NEW_ENTITY, 18),
  column('address', 'Alamat', 'Jalan, nomor rumah dan RT/RW', 'Teks', 'Jl. Merdeka No. 10 RT 003/005', NEW_CUSTOMER, 30),
  column('villageCode', 'Kode Kelurahan/Desa', 'Kode wilayah Kemendagri kelurahan/desa alamat (provinsi, kota, kecamatan ikut dari kode ini)', 'Kode bertitik: PP.KK.CC.DDDD', '32.73.09.1003', NEW_CUSTOMER, 18),
  column('zipCode', 'Kode Pos', 'Kode pos alamat', '5 angka', '40115', NEW_CUSTOMER, 10),
  column('phone', 'Telepon', 'Nomor telepon seluler atau rumah', '08… atau +62…', '081234567890', NEW_CUSTOMER, 16),
  column('email', 'Email', 'Alamat email nasabah', 'nama@domain', 'rina@contoh.co.id', 'Boleh kosong', 24),
  column('product', 'Produk', 'Produk deposito di Berjangka (Master Data Produk), ditulis dengan kodenya atau namanya', 'Kode atau nama produk', 'DEP-BULANAN', 'Wajib', 20),
  column('periodNumber', 'Periode Ke', 'Periode yang sedang berjalan: 1 untuk penempatan pertama, 2 setelah diperpanjang sekali, dst.', 'Bilangan bulat 1 atau lebih', '2', 'Wajib', 10),
  column('openedOn', 'Tanggal Pembukaan', 'Tanggal deposito pertama kali dibuka (periode 1)', 'Tanggal Excel, atau teks YYYY-MM-DD atau DD/MM/YYYY', '2024-06-15', 'Boleh kosong (dianggap sama dengan tanggal valuta periode ini)', 16),
  column('valueDate', 'Tanggal Valuta', 'Tanggal mulai periode yang sedang berjalan; tidak boleh setelah tanggal pindah', 'Tanggal Excel, atau teks YYYY-MM-DD atau DD/MM/YYYY', '2025-06-15', 'Wajib', 14),
  column('tenorMonths', 'Tenor (Bulan)', 'Jangka waktu periode ini dalam bulan', 'Bilangan bulat 1 sampai 120', '12', 'Wajib', 10),
  column('rate', 'Suku Bunga (% p.a.)', 'Suku bunga periode ini per tahun', 'Angka persen, desimal dengan koma atau titik', '6,25', 'Wajib', 12),
  column('principal', 'Nominal', 'Pokok deposito dalam rupiah utuh', 'Angka, atau teks bertitik ribuan', '50.000.000', 'Wajib', 18),
  column('instruction', 'Instruksi Jatuh Tempo', 'Apa yang terjadi saat jatuh tempo', 'ARO (pokok diperpanjang), ARO+ (pokok dan bunga diperpanjang) atau NON-ARO (dicairkan)', 'ARO', 'Wajib', 16),
  column('interestPayment', 'Pembayaran Bunga', 'Kapan bunga dibayar', 'BULANAN atau JATUH TEMPO', 'BULANAN', 'Wajib', 16),
  column('payoutBankCode', 'Kode Bank Pencairan', 'Sandi bank (BI) rekening pencairan nasabah, dari daftar bank Indonesia', '3 angka', '002', 'Boleh kosong; bila diisi, nomor dan nama pemilik rekening juga wajib', 12),
  column('payoutAccountNumber', 'Nomor Rekening Pencairan', 'Nomor rekening tujuan pencairan', '5 sampai 20 angka', '0011223344', 'Bersama kode bank pencairan', 20),
  column('payoutAccountName', 'Nama Pemilik Rekening', 'Nama pemilik rekening pencairan', 'Teks', 'Rina Marlina', 'Bersama kode bank pencairan', 24),
];

const COLUMN_BY_KEY = new Map(IMPORT_COLUMNS.map((item) => [item.key, item]));
export const headerOf = (key: ImportColumnKey): string => COLUMN_BY_KEY.get(key)!.header;

/** Columns without which no row can be read. */
const REQUIRED_HEADERS: readonly ImportColumnKey[] = ['depositNumber', 'bilyetNumber', 'name', 'product', 'periodNumber', 'valueDate', 'tenorMonths', 'rate', 'principal', 'instruction', 'interestPayment'];

/** What a cell holds once exceljs has read it and its formula, rich text or link is resolved. */
export type CellValue = string | number | boolean | Date | null;

/** exceljs's cell values (rich text, formula results, hyperlinks, errors) as a plain value. */
export function plainCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    const cell = value as { richText?: Array<{ text?: string }>; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text ?? '').join('');
    if ('result' in cell) return plainCell(cell.result);
    if ('text' in cell) return plainCell(cell.text);
    if ('error' in cell) return null;
  }
  return String(value);
}

const normalizeHeader = (text: string) => text.toLowerCase().replace(/[^a-z0-9%]+/g, ' ').trim();
const HEADER_KEYS = new Map(IMPORT_COLUMNS.map((item) => [normalizeHeader(item.header), item.key]));

/**
 * Which column holds what, from the header row (by header text, case and punctuation aside), or
 * the missing required headers as errors of row 1.
 */
export function readHeader(values: readonly CellValue[]): { ok: true; positions: Map<ImportColumnKey, number> } | { ok: false; errors: DepositImportError[] } {
  const positions = new Map<ImportColumnKey, number>();
  values.forEach((value, index) => {
    const key = value === null ? undefined : HEADER_KEYS.get(normalizeHeader(String(value)));
    if (key && !positions.has(key)) positions.set(key, index);
  });
  const missing = REQUIRED_HEADERS.filter((key) => !positions.has(key));
  if (missing.length === 0) return { ok: true, positions };
  return {
    ok: false,
    errors: missing.map((key) => ({ row: 1, column: headerOf(key), message: `Kolom "${headerOf(key)}" tidak ditemukan di baris judul. Gunakan template Impor Deposito.` })),
  };
}

/** The cells of a data row by column key. */
export function cellsOf(values: readonly CellValue[], positions: ReadonlyMap<ImportColumnKey, number>): Partial<Record<ImportColumnKey, CellValue>> {
  const cells: Partial<Record<ImportColumnKey, CellValue>> = {};
  for (const [key, index] of positions) cells[key] = values[index] ?? null;
  return cells;
}

/** True when every cell is empty (a blank row between data is skipped, not an error). */
export const isBlankRow = (values: readonly CellValue[]): boolean => values.every((value) => value === null || (typeof value === 'string' && value.trim() === ''));

const text = (value: CellValue | undefined): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
};

/** A digits-only cell (NIK, account number) Excel may have kept as a number: 3.27E+15 would lose nothing below 2^53. */
const digitsText = (value: CellValue | undefined): string => (typeof value === 'number' && Number.isInteger(value) ? String(value) : text(value));

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const pad = (value: string | number) => String(value).padStart(2, '0');
/** Excel's serial of 1 Jan 1970 (its 1900 system counts the phantom 29 Feb 1900, so serials after it are one day on). */
const UNIX_EPOCH_SERIAL = 25_569;

/**
 * A date cell as 'YYYY-MM-DD': an Excel date (exceljs gives it as a Date at midnight UTC, or a
 * serial number when the cell lost its date format), or text 'YYYY-MM-DD' or 'DD/MM/YYYY'
 * (Indonesian order; '-' and '.' separate too). Null when it is none of these or no real day.
 */
export function parseSheetDate(value: CellValue | undefined): IsoDate | null {
  if (value === null || value === undefined || typeof value === 'boolean') return null;
  let iso: string;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    iso = value.toISOString().slice(0, 10);
  } else if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1 || value > 2_958_465) return null;
    iso = new Date((value - UNIX_EPOCH_SERIAL) * 86_400_000).toISOString().slice(0, 10);
  } else {
    const trimmed = value.trim();
    const ymd = YMD.exec(trimmed);
    const dmy = DMY.exec(trimmed);
    if (ymd) iso = `${ymd[1]}-${pad(ymd[2]!)}-${pad(ymd[3]!)}`;
    else if (dmy) iso = `${dmy[3]}-${pad(dmy[2]!)}-${pad(dmy[1]!)}`;
    else return null;
  }
  return isIsoDate(iso) ? iso : null;
}

/**
 * Whole rupiah from a number cell or text as typed in Indonesia: "50.000.000", "50000000",
 * "Rp 50.000.000" or "50.000.000,00" (dots group thousands, a comma starts the cents, which must be
 * zero). Null when it is not a whole amount.
 */
export function parseRupiahCell(value: CellValue | undefined): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.trim().replace(/^rp\.?\s*/i, '');
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,0{1,2})?$/.exec(cleaned);
  if (!match) return null;
  const amount = Number(match[1]!.replace(/\./g, ''));
  return Number.isSafeInteger(amount) ? amount : null;
}

/**
 * A yearly rate in basis points from "6,25", "6.25", "6,25%" or a number cell. A number below 1
 * is a percent-formatted cell (Excel keeps 6,25% as 0.0625): no deposit pays under 1% a year.
 * At most two decimals (a basis point).
 */
export function parseRateCell(value: CellValue | undefined): number | null {
  let percent: number;
  if (typeof value === 'number') percent = value > 0 && value < 1 ? value * 100 : value;
  else if (typeof value === 'string') {
    const cleaned = value.trim().replace(/\s*%$/, '').replace(',', '.');
    if (!/^\d{1,2}(\.\d+)?$/.test(cleaned)) return null;
    percent = Number(cleaned);
  } else return null;
  const bps = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(bps - percent * 100) > 1e-6 || bps <= 0 || bps > 10_000) return null;
  return bps;
}

/** A whole number cell (a number or its text). */
function parseWholeCell(value: CellValue | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return null;
}

const INSTRUCTIONS: Record<string, MaturityInstruction> = { ARO: 'ARO', 'ARO+': 'ARO_PLUS', ARO_PLUS: 'ARO_PLUS', 'ARO PLUS': 'ARO_PLUS', 'NON-ARO': 'PAYOUT', 'NON ARO': 'PAYOUT', NONARO: 'PAYOUT', PAYOUT: 'PAYOUT', CAIR: 'PAYOUT' };
const INTEREST_PAYMENTS: Record<string, InterestPayment> = { BULANAN: 'MONTHLY', MONTHLY: 'MONTHLY', 'JATUH TEMPO': 'AT_MATURITY', 'SAAT JATUH TEMPO': 'AT_MATURITY', AT_MATURITY: 'AT_MATURITY' };
const GENDERS: Record<string, 'MALE' | 'FEMALE'> = { L: 'MALE', 'LAKI-LAKI': 'MALE', 'LAKI LAKI': 'MALE', MALE: 'MALE', P: 'FEMALE', PEREMPUAN: 'FEMALE', WANITA: 'FEMALE', FEMALE: 'FEMALE' };
const CUSTOMER_TYPES: Record<string, 'INDIVIDUAL' | 'ENTITY'> = { '': 'INDIVIDUAL', PERORANGAN: 'INDIVIDUAL', INDIVIDU: 'INDIVIDUAL', INDIVIDUAL: 'INDIVIDUAL', BADAN: 'ENTITY', 'BADAN USAHA': 'ENTITY', ENTITY: 'ENTITY' };
const LEGAL_FORMS: Record<string, string> = { PT: 'PT', CV: 'CV', KOPERASI: 'KOPERASI', YAYASAN: 'YAYASAN', PEMDA: 'PEMDA', BANK: 'BANK', LAINNYA: 'OTHER', OTHER: 'OTHER' };
const upper = (value: CellValue | undefined) => text(value).toUpperCase().replace(/\s+/g, ' ');

/** A product as the import looks it up: by its code or its name, case aside. */
export interface ImportProduct {
  id: string;
  code: string;
  name: string;
}

/** The deposit a valid row describes. */
export interface ImportedDeposit {
  row: number;
  depositNumber: string;
  bilyetNumber: string;
  customer: { kind: 'INDIVIDUAL'; nik: string } | { kind: 'ENTITY'; npwp: string };
  customerName: string;
  /** The POST /bpr/customers body the row gives, for a customer not kept yet (checked by the service). */
  customerInput: CreateCustomerInput;
  productId: string;
  periodNumber: number;
  openedOn: IsoDate;
  valueDate: IsoDate;
  maturityDate: IsoDate;
  tenorMonths: number;
  rateBps: number;
  principal: number;
  instruction: MaturityInstruction;
  interestPayment: InterestPayment;
}

interface RowContext {
  cutOverDate: IsoDate;
  productOf(reference: string): ImportProduct | undefined;
}

const NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9./_-]{0,39}$/;

/**
 * One data row (`row`: its Excel row number) as the deposit it describes, or all its errors.
 * Customer fields are gathered as they are; whether they make a valid new customer is asked by
 * the service only when no customer of that NIK/NPWP is kept (a kept one is used as it is).
 */
export function parseImportRow(row: number, cells: Partial<Record<ImportColumnKey, CellValue>>, context: RowContext): { ok: true; deposit: ImportedDeposit } | { ok: false; errors: DepositImportError[] } {
  const errors: DepositImportError[] = [];
  const fail = (key: ImportColumnKey, message: string) => errors.push({ row, column: headerOf(key), message });

  const depositNumber = text(cells.depositNumber);
  if (!depositNumber) fail('depositNumber', 'Nomor deposito wajib diisi.');
  else if (!NUMBER_PATTERN.test(depositNumber)) fail('depositNumber', 'Nomor deposito hanya boleh huruf, angka dan . / _ - (paling banyak 40 karakter, tanpa spasi).');
  const bilyetNumber = text(cells.bilyetNumber);
  if (!bilyetNumber) fail('bilyetNumber', 'Nomor bilyet wajib diisi.');
  else if (!NUMBER_PATTERN.test(bilyetNumber)) fail('bilyetNumber', 'Nomor bilyet hanya boleh huruf, angka dan . / _ - (paling banyak 40 karakter, tanpa spasi).');

  const type = CUSTOMER_TYPES[upper(cells.customerType)];
  if (!type) fail('customerType', 'Jenis nasabah harus PERORANGAN atau BADAN.');
  const name = text(cells.name);
  if (!name) fail('name', 'Nama nasabah wajib diisi.');
  const nik = normalizeNik(digitsText(cells.nik));
  const npwpText = digitsText(cells.npwp);
  let key: ImportedDeposit['customer'] | null = null;
  if (type === 'INDIVIDUAL') {
    if (!nik) fail('nik', 'NIK wajib diisi untuk nasabah perorangan.');
    else if (!/^\d{16}$/.test(nik)) fail('nik', 'NIK harus 16 angka.');
    else key = { kind: 'INDIVIDUAL', nik };
  } else if (type === 'ENTITY') {
    const npwp = npwpText ? normalizeNpwp(npwpText) : null;
    if (!npwpText) fail('npwp', 'NPWP wajib diisi untuk nasabah badan.');
    else if (!npwp) fail('npwp', 'NPWP harus 15 atau 16 angka.');
    else key = { kind: 'ENTITY', npwp };
  }

  const productReference = text(cells.product);
  const product = productReference ? context.productOf(productReference) : undefined;
  if (!productReference) fail('product', 'Produk wajib diisi (kode atau nama produk).');
  else if (!product) fail('product', `Produk "${productReference}" tidak ada di bank ini; tulis kode atau nama produk dari Master Data Produk.`);

  const periodNumber = parseWholeCell(cells.periodNumber);
  if (periodNumber === null || periodNumber < 1 || periodNumber > 999) fail('periodNumber', 'Periode ke harus bilangan bulat 1 sampai 999.');
  const tenorMonths = parseWholeCell(cells.tenorMonths);
  if (tenorMonths === null || tenorMonths < 1 || tenorMonths > 120) fail('tenorMonths', 'Tenor harus bilangan bulat 1 sampai 120 bulan.');
  const rateBps = parseRateCell(cells.rate);
  if (rateBps === null) fail('rate', 'Suku bunga harus angka persen per tahun lebih dari 0, paling banyak dua desimal (contoh 6,25).');
  const principal = parseRupiahCell(cells.principal);
  if (principal === null || principal <= 0) fail('principal', 'Nominal harus rupiah utuh lebih dari 0 (contoh 50.000.000).');
  const instruction = INSTRUCTIONS[upper(cells.instruction)];
  if (!instruction) fail('instruction', 'Instruksi jatuh tempo harus ARO, ARO+ atau NON-ARO.');
  const interestPayment = INTEREST_PAYMENTS[upper(cells.interestPayment)];
  if (!interestPayment) fail('interestPayment', 'Pembayaran bunga harus BULANAN atau JATUH TEMPO.');

  const valueDate = parseSheetDate(cells.valueDate);
  let maturity: IsoDate | null = null;
  if (!valueDate) fail('valueDate', 'Tanggal valuta wajib diisi dengan tanggal (YYYY-MM-DD atau DD/MM/YYYY).');
  else if (isAfter(valueDate, context.cutOverDate)) fail('valueDate', `Tanggal valuta ${formatDateId(valueDate)} setelah tanggal pindah ${formatDateId(context.cutOverDate)}; impor hanya deposito yang sudah berjalan.`);
  else if (tenorMonths !== null && tenorMonths >= 1 && tenorMonths <= 120) {
    maturity = maturityDate(valueDate, tenorMonths);
    if (isOnOrBefore(maturity, context.cutOverDate)) fail('valueDate', `Periode ini jatuh tempo ${formatDateId(maturity)}, sebelum atau pada tanggal pindah; isi periode yang sedang berjalan (periode ke dan tanggal valuta setelah perpanjangan).`);
  }
  const openedText = text(cells.openedOn);
  const openedOn = openedText ? parseSheetDate(cells.openedOn) : valueDate;
  if (openedText && !openedOn) fail('openedOn', 'Tanggal pembukaan harus tanggal (YYYY-MM-DD atau DD/MM/YYYY) atau dikosongkan.');
  else if (openedOn && valueDate && isAfter(openedOn, valueDate)) fail('openedOn', 'Tanggal pembukaan tidak boleh setelah tanggal valuta periode ini.');
  else if (openedOn && valueDate && periodNumber === 1 && openedText && openedOn !== valueDate) fail('openedOn', 'Untuk periode ke-1, tanggal pembukaan sama dengan tanggal valuta.');

  // The customer's fields as POST /bpr/customers takes them; checked only for a customer not kept yet.
  const bankCode = text(cells.payoutBankCode);
  const accountNumber = digitsText(cells.payoutAccountNumber);
  const accountName = text(cells.payoutAccountName);
  const anyPayout = bankCode || accountNumber || accountName;
  if (anyPayout && !(bankCode && accountNumber && accountName)) {
    if (!bankCode) fail('payoutBankCode', 'Kode bank pencairan wajib diisi bila rekening pencairan diisi.');
    if (!accountNumber) fail('payoutAccountNumber', 'Nomor rekening pencairan wajib diisi bila kode bank pencairan diisi.');
    if (!accountName) fail('payoutAccountName', 'Nama pemilik rekening wajib diisi bila rekening pencairan diisi.');
  }
  const village = text(cells.villageCode);
  const areas = /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/.test(village)
    ? { provinceId: village.slice(0, 2), cityId: village.slice(0, 5), districtId: village.slice(0, 8), villageId: village }
    : village
      ? null
      : {};
  if (areas === null) fail('villageCode', 'Kode kelurahan/desa harus berformat PP.KK.CC.DDDD (contoh 32.73.09.1003).');
  const optional = (value: string) => (value ? value : undefined);
  const common = {
    name,
    address: text(cells.address),
    ...(areas ?? {}),
    zipCode: optional(digitsText(cells.zipCode)),
    // A phone Excel kept as a number lost its leading 0 (81234567890) or plus (6281234567890).
    phone: typeof cells.phone === 'number' ? (String(cells.phone).startsWith('62') ? `+${cells.phone}` : `0${cells.phone}`) : text(cells.phone),
    email: optional(text(cells.email)),
    npwp: optional(npwpText),
    ...(anyPayout ? { payoutAccount: { bankCode: bankCode.padStart(3, '0'), accountNumber, accountName } } : {}),
  };
  const customerInput: CreateCustomerInput =
    type === 'ENTITY'
      ? {
          type: 'ENTITY',
          ...common,
          npwp: npwpText,
          legalForm: (LEGAL_FORMS[upper(cells.legalForm)] ?? upper(cells.legalForm)) as never,
          establishedOn: parseSheetDate(cells.establishedOn) ?? text(cells.establishedOn),
          representatives: [{ name: text(cells.representativeName), nik: digitsText(cells.representativeNik), position: text(cells.representativePosition) }],
          accountPurpose: optional(text(cells.accountPurpose)),
        }
      : {
          type: 'INDIVIDUAL',
          ...common,
          nik,
          birthPlace: text(cells.birthPlace),
          birthDate: parseSheetDate(cells.birthDate) ?? text(cells.birthDate),
          gender: (GENDERS[upper(cells.gender)] ?? upper(cells.gender)) as never,
          motherMaidenName: text(cells.motherMaidenName),
          occupation: text(cells.occupation),
          sourceOfFunds: text(cells.sourceOfFunds),
          accountPurpose: text(cells.accountPurpose),
        };

  if (errors.length > 0 || !key || !product || periodNumber === null || tenorMonths === null || rateBps === null || principal === null || !instruction || !interestPayment || !valueDate || !maturity || !openedOn) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    deposit: { row, depositNumber, bilyetNumber, customer: key, customerName: name, customerInput, productId: product.id, periodNumber, openedOn, valueDate, maturityDate: maturity, tenorMonths, rateBps, principal, instruction, interestPayment },
  };
}

/** Which column a customer rule's message is about (checkNewCustomer says sentences, not fields). */
const MESSAGE_COLUMNS: Array<[RegExp, ImportColumnKey]> = [
  [/^Perwakilan/i, 'representativeNik'],
  [/NIK/, 'nik'],
  [/NPWP/, 'npwp'],
  [/NIB/, 'npwp'],
  [/telepon/i, 'phone'],
  [/email/i, 'email'],
  [/rekening pencairan|pemilik rekening/i, 'payoutBankCode'],
  [/kode pos/i, 'zipCode'],
  [/provinsi|kota|kecamatan|kelurahan|desa|wilayah/i, 'villageCode'],
  [/tanggal lahir/i, 'birthDate'],
  [/tanggal pendirian/i, 'establishedOn'],
  [/tempat lahir/i, 'birthPlace'],
  [/jenis kelamin/i, 'gender'],
  [/ibu kandung/i, 'motherMaidenName'],
  [/pekerjaan/i, 'occupation'],
  [/sumber dana/i, 'sourceOfFunds'],
  [/tujuan/i, 'accountPurpose'],
  [/bentuk badan/i, 'legalForm'],
  [/jabatan perwakilan/i, 'representativePosition'],
  [/nama perwakilan/i, 'representativeName'],
  [/alamat/i, 'address'],
  [/nama/i, 'name'],
];

/** The template column a customer message belongs to; "Nasabah" when none says. */
export function customerMessageColumn(message: string): string {
  const found = MESSAGE_COLUMNS.find(([pattern]) => pattern.test(message));
  return found ? headerOf(found[1]) : 'Nasabah';
}
