import type { Kysely } from 'kysely';
import { addDays, addMonths, offeredTenor, tenorsOn, type IsoDate } from '../../machines/deposit-rules';
import type { Database } from '../platform/db/schema';
import type { XlsxColumn } from '../platform/xlsx/xlsx-stream';
import type { XlsxTable } from '../platform/xlsx/xlsx-workbook';
import type { GeographyService } from '../master-data/geography-service';
import { findProduct, instructionsAllowed, productRules } from '../products/product-service';
import { IMPORT_COLUMNS, type ImportColumn, type ImportColumnKey } from './deposit-import-rows';
import { productsOfBank } from './deposit-import-repository';

/**
 * The Impor Deposito template (GET /deposito/import/template): the first sheet has the columns
 * the import reads (header in row 1), the second explains each one in Indonesian — what it is,
 * its format, an example, and whether it is required. With `sample=1` the first sheet holds a
 * small running book for the bank to try the import with: 20 deposits of its own products,
 * customers with NIKs of real districts (the geography's), value dates so every deposit is still
 * running today. Its deposit numbers carry this month, so one download imports once; the second
 * import of the same file shows every row refused.
 */

export type TemplateRow = Partial<Record<ImportColumnKey, string | number | null>>;

const KIND: Partial<Record<ImportColumnKey, XlsxColumn<TemplateRow>['kind']>> = {
  birthDate: 'date',
  establishedOn: 'date',
  openedOn: 'date',
  valueDate: 'date',
  principal: 'rupiah',
  rate: 'rate',
  periodNumber: 'integer',
  tenorMonths: 'integer',
};

const dataColumn = (column: ImportColumn): XlsxColumn<TemplateRow> => ({ header: column.header, kind: KIND[column.key] ?? 'text', width: column.width, value: (row) => row[column.key] ?? null });

type Explanation = Pick<ImportColumn, 'header' | 'what' | 'format' | 'example' | 'required'>;
const EXPLANATION_COLUMNS: readonly XlsxColumn<Explanation>[] = [
  { header: 'Kolom', kind: 'text', width: 24, value: (row) => row.header },
  { header: 'Isi', kind: 'text', width: 60, value: (row) => row.what },
  { header: 'Format', kind: 'text', width: 40, value: (row) => row.format },
  { header: 'Contoh', kind: 'text', width: 22, value: (row) => row.example },
  { header: 'Wajib', kind: 'text', width: 44, value: (row) => row.required },
];

export function templateTables(rows: readonly TemplateRow[]): Array<XlsxTable<never>> {
  const data: XlsxTable<TemplateRow> = { sheetName: 'Deposito', preamble: [], columns: IMPORT_COLUMNS.map(dataColumn), rows };
  const explanation: XlsxTable<Explanation> = {
    sheetName: 'Penjelasan Kolom',
    preamble: [
      'Impor Deposito — penjelasan kolom',
      'Isi lembar "Deposito": satu baris per deposito yang sedang berjalan di sistem lama; baris judul (baris 1) jangan diubah namanya, urutan kolom boleh diubah.',
      'Unggah di menu Impor Deposito: periksa dulu (tidak ada yang disimpan), lalu Simpan semua. Semua baris disimpan bersama atau tidak sama sekali.',
      'Nasabah dicari dengan NIK (perorangan) atau NPWP (badan); yang belum ada dibuat dari kolom nasabah. Cicilan bunga sebelum tanggal pindah dicatat sudah dibayar oleh sistem lama.',
    ],
    columns: EXPLANATION_COLUMNS,
    rows: IMPORT_COLUMNS,
  };
  return [data, explanation] as unknown as Array<XlsxTable<never>>;
}

const FIRST_NAMES = ['Rina', 'Agus', 'Dewi', 'Budi', 'Siti', 'Joko', 'Lestari', 'Hendra', 'Wulan', 'Bambang', 'Yuni', 'Eko', 'Ratna', 'Dedi', 'Fitri', 'Andi', 'Sri', 'Teguh'];
const LAST_NAMES = ['Marlina', 'Saputra', 'Anggraini', 'Santoso', 'Rahayu', 'Pratama', 'Wijaya', 'Kusuma', 'Hidayat', 'Permata', 'Nugroho', 'Setiawan'];
const ENTITIES: Array<{ name: string; legalForm: string }> = [
  { name: 'Koperasi Simpan Pinjam Sejahtera Bersama', legalForm: 'KOPERASI' },
  { name: 'CV Maju Jaya Abadi', legalForm: 'CV' },
];
const PAYOUT_BANKS = ['002', '008', '009', '014'];

/** Villages of a district of the geography: Kota Bandung's first, else the first district there is. */
async function sampleVillages(geography: GeographyService): Promise<Array<{ id: string; zipCode: string | null }>> {
  const villagesOf = async (districtId: string) => (await geography.list({ level: 'village', parentId: districtId })) as Array<{ id: string; zipCode?: string | null }>;
  try {
    const found = await villagesOf('32.73.09');
    if (found.length > 0) return found.map((village) => ({ id: village.id, zipCode: village.zipCode ?? null }));
  } catch {
    // Not in this geography: the first district there is.
  }
  const [province] = await geography.list({ level: 'province' });
  if (!province) return [];
  const [city] = await geography.list({ level: 'city', parentId: province.id });
  if (!city) return [];
  const [district] = await geography.list({ level: 'district', parentId: city.id });
  if (!district) return [];
  return (await villagesOf(district.id)).map((village) => ({ id: village.id, zipCode: village.zipCode ?? null }));
}

const pad = (value: number, digits: number) => String(value).padStart(digits, '0');

/** The demo's book to try: 20 running deposits of this bank's active products (none when it has no product or geography). */
export async function sampleRows(db: Kysely<Database>, geography: GeographyService, bankId: string, today: IsoDate): Promise<TemplateRow[]> {
  const products = [];
  for (const { id } of await productsOfBank(db, bankId)) {
    const product = await findProduct(db, bankId, id);
    if (product && product.active === 1 && tenorsOn(productRules(product), today).length > 0) products.push(product);
  }
  const villages = await sampleVillages(geography);
  if (products.length === 0 || villages.length === 0) return [];
  const month = today.slice(0, 7).replace('-', '');
  const rows: TemplateRow[] = [];
  for (let index = 0; index < 20; index += 1) {
    const product = products[index % products.length]!;
    const rules = productRules(product);
    const tenors = tenorsOn(rules, today);
    const tenor = tenors[index % tenors.length]!.tenorMonths;
    // A running deposit: its current period began some months ago and ends after today.
    const valueDate = addDays(addMonths(today, -(index % tenor)), -((index % 5) + 1));
    const periodNumber = (index % 3) + 1;
    const rateBps = offeredTenor(rules, tenor, valueDate)?.rateBps ?? tenors[index % tenors.length]!.rateBps;
    const village = villages[index % villages.length]!;
    const districtDigits = village.id.slice(0, 8).replace(/\./g, '');
    const minimum = Math.max(Number(product.min_amount), 5_000_000);
    const principal = Math.ceil(minimum / 5_000_000) * 5_000_000 + (index % 6) * 5_000_000;
    const common: TemplateRow = {
      depositNumber: `LAMA-${month}-${pad(index + 1, 4)}`,
      bilyetNumber: `BL-LAMA-${month}-${pad(index + 1, 4)}`,
      product: product.code,
      periodNumber,
      openedOn: addMonths(valueDate, -(periodNumber - 1) * tenor),
      valueDate,
      tenorMonths: tenor,
      rate: rateBps,
      principal: product.max_amount === null ? principal : Math.min(principal, Number(product.max_amount)),
      instruction: ({ ARO: 'ARO', ARO_PLUS: 'ARO+', PAYOUT: 'NON-ARO' } as const)[instructionsAllowed(product)[index % instructionsAllowed(product).length] ?? 'ARO'],
      interestPayment: product.interest_payment === 'MONTHLY' ? 'BULANAN' : 'JATUH TEMPO',
      address: `Jl. Contoh Impor No. ${index + 1}`,
      villageCode: village.id,
      zipCode: village.zipCode ?? '40115',
      phone: `0812${pad(7_000_000 + index * 137, 8)}`,
      payoutBankCode: PAYOUT_BANKS[index % PAYOUT_BANKS.length]!,
      payoutAccountNumber: `9${pad(1_000_000 + index * 7919, 9)}`,
    };
    // Rows 18 and 19 are entities; rows 16 and 17 are a second deposit of the first two customers.
    if (index >= 18) {
      const entity = ENTITIES[index - 18]!;
      rows.push({
        ...common,
        customerType: 'BADAN',
        npwp: `0${pad(9_100_000 + index, 8)}${pad(index, 3)}000`.slice(0, 15),
        name: entity.name,
        legalForm: entity.legalForm,
        establishedOn: `20${pad(5 + index - 18, 2)}-07-01`,
        representativeName: 'Budi Santoso',
        representativeNik: `${districtDigits}120385${pad(9100 + index, 4)}`,
        representativePosition: 'Ketua',
        accountPurpose: 'Investasi dana badan',
        payoutAccountName: entity.name,
      });
      continue;
    }
    const person = index >= 16 ? index - 16 : index;
    const female = person % 2 === 0;
    const day = (person % 27) + 1;
    const birthMonth = (person % 12) + 1;
    const year = 1960 + ((person * 3) % 40);
    const name = `${FIRST_NAMES[person % FIRST_NAMES.length]} ${LAST_NAMES[person % LAST_NAMES.length]}`;
    rows.push({
      ...common,
      customerType: 'PERORANGAN',
      nik: `${districtDigits}${pad(day + (female ? 40 : 0), 2)}${pad(birthMonth, 2)}${pad(year % 100, 2)}${pad(9000 + person + 1, 4)}`,
      name,
      birthPlace: 'Bandung',
      birthDate: `${year}-${pad(birthMonth, 2)}-${pad(day, 2)}`,
      gender: female ? 'P' : 'L',
      motherMaidenName: 'Siti Aminah',
      occupation: person % 3 === 0 ? 'Pegawai swasta' : person % 3 === 1 ? 'Wiraswasta' : 'Pensiunan',
      sourceOfFunds: 'Gaji dan tabungan',
      accountPurpose: 'Investasi',
      email: person % 3 === 2 ? null : `${name.toLowerCase().replace(/\s+/g, '.')}@contoh.co.id`,
      payoutAccountName: name,
    });
  }
  return rows;
}
