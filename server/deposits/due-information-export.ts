import { dueInformationQuerySchema } from '../../contract/disbursement';
import { depositStatusLabels } from '../../machines/deposit';
import { addDays, daysBetween } from '../../machines/deposit-rules';
import { listProducts } from '../products/product-service';
import { DEPOSIT_EXPORT_FIELDS, type DepositExportRow } from './deposit-list-export';
import { parseOrThrow } from '../platform/validation';
import { afterRow, type ExportSource } from '../platform/xlsx/keyset';
import { instructionLabels } from '../platform/xlsx/labels';
import { keysetBatches, type XlsxColumn, type XlsxSheet } from '../platform/xlsx/xlsx-stream';

/**
 * Deposits maturing soon (GET /deposito/due-information/download): the screen's range — today to
 * today + days (default 30) — and statuses, soonest first, in keyset batches.
 */
const DUE_STATUSES = ['active', 'breakRequested', 'matured'] as const;

const dueInformationColumns = (productNames: Map<string, string>, today: string): XlsxColumn<DepositExportRow>[] => [
  { header: 'No. Deposito', kind: 'text', width: 22, value: (row) => row.deposit_number },
  { header: 'Nama Nasabah', kind: 'text', width: 28, value: (row) => row.customer_name },
  { header: 'NIK', kind: 'text', width: 20, value: (row) => row.customer_nik },
  { header: 'Produk', kind: 'text', width: 24, value: (row) => productNames.get(row.product_id) ?? '' },
  { header: 'Nominal', kind: 'rupiah', value: (row) => Number(row.amount) },
  { header: 'Suku Bunga', kind: 'rate', value: (row) => row.rate_bps },
  { header: 'Tenor (Bulan)', kind: 'integer', width: 12, value: (row) => row.tenor_months },
  { header: 'Jatuh Tempo', kind: 'date', value: (row) => row.maturity_date },
  { header: 'Sisa Hari', kind: 'integer', value: (row) => daysBetween(today, row.maturity_date) },
  { header: 'Instruksi Jatuh Tempo', kind: 'text', width: 20, value: (row) => instructionLabels[row.maturity_instruction] },
  { header: 'Status', kind: 'text', width: 24, value: (row) => depositStatusLabels[row.status] },
];

export async function dueInformationExport(
  { db, reads }: ExportSource,
  bankId: string,
  query: Record<string, unknown>,
  today: string,
  batchSize = 1000,
): Promise<{ filename: string; from: string; to: string; sheet: XlsxSheet<DepositExportRow> }> {
  const parsed = parseOrThrow(dueInformationQuerySchema, query);
  const to = addDays(today, parsed.days);
  const productNames = new Map((await listProducts(db, bankId)).map((product) => [product.id, product.name]));
  const rows = keysetBatches<DepositExportRow, readonly unknown[]>(
    (after, limit) => {
      let select = db
        .selectFrom('deposits')
        .select([...DEPOSIT_EXPORT_FIELDS])
        .where('bank_id', '=', bankId)
        .where('status', 'in', [...DUE_STATUSES])
        .where('maturity_date', '>=', today)
        .where('maturity_date', '<=', to);
      if (after) select = select.where((eb) => afterRow(eb, ['maturity_date', 'id'], after, 'asc'));
      return reads.rows(select.orderBy('maturity_date').orderBy('id').limit(limit));
    },
    (row) => [row.maturity_date, row.id],
    batchSize,
  );
  return {
    filename: `Informasi_Jatuh_Tempo_${parsed.days}_hari_${today}.xlsx`,
    from: today,
    to,
    sheet: { sheetName: 'Jatuh Tempo', columns: dueInformationColumns(productNames, today), rows },
  };
}
