import { depositListQuerySchema } from '../../contract/deposit-api';
import type { DepositStatus } from '../../contract/deposit';
import { depositStatusLabels } from '../../machines/deposit';
import { channelLabel, isIsoDate } from '../../machines/deposit-rules';
import { DEPOSIT_SORT_COLUMNS, depositsMatching, type DepositFilters, type DepositSortField } from './deposit-repository';
import { listProducts } from '../products/product-service';
import type { DepositRow } from '../platform/db/schema';
import { parseOrThrow } from '../platform/validation';
import { ValidationError } from '../platform/errors';
import { afterRow, type ExportSource } from '../platform/xlsx/keyset';
import { instructionLabels, interestPaymentLabels } from '../platform/xlsx/labels';
import { keysetBatches, type XlsxColumn, type XlsxSheet } from '../platform/xlsx/xlsx-stream';

/**
 * The deposit list (GET /invoice/all-deposito) as xlsx: the same filters, parsed by the same
 * schema, and the same order — (sort column, id) in the sort direction — so the file holds
 * exactly the rows the list pages through. Read in keyset batches instead of pages.
 */

/** Only what the file shows (and the sort keys): half the bytes SQLite hands over per row. */
export const DEPOSIT_EXPORT_FIELDS = [
  'id',
  'deposit_number',
  'customer_name',
  'customer_nik',
  'product_id',
  'status',
  'amount',
  'rate_bps',
  'tenor_months',
  'placement_date',
  'deposit_date',
  'maturity_date',
  'maturity_instruction',
  'interest_payment',
  'channel',
  'created_at',
] as const;
export type DepositExportRow = Pick<DepositRow, (typeof DEPOSIT_EXPORT_FIELDS)[number]>;

const depositListColumns = (productNames: Map<string, string>): XlsxColumn<DepositExportRow>[] => [
  { header: 'No. Deposito', kind: 'text', width: 22, value: (row) => row.deposit_number },
  { header: 'Nama Nasabah', kind: 'text', width: 28, value: (row) => row.customer_name },
  { header: 'NIK', kind: 'text', width: 20, value: (row) => row.customer_nik },
  { header: 'Produk', kind: 'text', width: 24, value: (row) => productNames.get(row.product_id) ?? '' },
  { header: 'Status', kind: 'text', width: 24, value: (row) => depositStatusLabels[row.status] },
  { header: 'Nominal', kind: 'rupiah', value: (row) => Number(row.amount) },
  { header: 'Suku Bunga', kind: 'rate', value: (row) => row.rate_bps },
  { header: 'Tenor (Bulan)', kind: 'integer', width: 12, value: (row) => row.tenor_months },
  { header: 'Tanggal Penempatan', kind: 'date', width: 18, value: (row) => row.placement_date },
  { header: 'Tanggal Efektif', kind: 'date', width: 16, value: (row) => row.deposit_date },
  { header: 'Jatuh Tempo', kind: 'date', value: (row) => row.maturity_date },
  { header: 'Instruksi Jatuh Tempo', kind: 'text', width: 20, value: (row) => instructionLabels[row.maturity_instruction] },
  { header: 'Pembayaran Bunga', kind: 'text', width: 18, value: (row) => interestPaymentLabels[row.interest_payment] },
  { header: 'Kanal', kind: 'text', width: 20, value: (row) => channelLabel(row.channel) },
];

interface DepositListExport {
  filename: string;
  sheet: XlsxSheet<DepositExportRow>;
}

export async function depositListExport({ db, reads }: ExportSource, bankId: string, query: Record<string, unknown>, today: string, batchSize = 1000): Promise<DepositListExport> {
  const parsed = parseOrThrow(depositListQuerySchema, query);
  const problems: string[] = [];
  if (parsed.dateFrom && !isIsoDate(parsed.dateFrom)) problems.push('Tanggal awal tidak valid.');
  if (parsed.dateTo && !isIsoDate(parsed.dateTo)) problems.push('Tanggal akhir tidak valid.');
  if (problems.length === 0 && parsed.dateFrom && parsed.dateTo && parsed.dateFrom > parsed.dateTo) problems.push('Tanggal awal tidak boleh setelah tanggal akhir.');
  if (problems.length > 0) throw new ValidationError(problems);

  const filters: DepositFilters = {
    bankId,
    status: parsed.status as DepositStatus | undefined,
    q: parsed.q,
    productId: parsed.productId,
    dateFrom: parsed.dateFrom,
    dateTo: parsed.dateTo,
  };
  const descending = parsed.sort.startsWith('-');
  const direction = descending ? 'desc' : 'asc';
  const column = DEPOSIT_SORT_COLUMNS[(descending ? parsed.sort.slice(1) : parsed.sort) as DepositSortField];
  const productNames = new Map((await listProducts(db, bankId)).map((product) => [product.id, product.name]));

  const rows = keysetBatches<DepositExportRow, readonly unknown[]>(
    (after, limit) => {
      let select = depositsMatching(db, filters).select([...DEPOSIT_EXPORT_FIELDS]);
      if (after) select = select.where((eb) => afterRow(eb, [column, 'id'], after, direction));
      return reads.rows(select.orderBy(column, direction).orderBy('id', direction).limit(limit));
    },
    (row) => [row[column], row.id],
    batchSize,
  );
  const label = parsed.status ? `_${depositStatusLabels[parsed.status as DepositStatus].replace(/\s+/g, '_')}` : '';
  return { filename: `Daftar_Deposito${label}_${today}.xlsx`, sheet: { sheetName: 'Daftar Deposito', columns: depositListColumns(productNames), rows } };
}
