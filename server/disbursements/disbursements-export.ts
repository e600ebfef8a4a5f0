import { disbursementListQuerySchema } from '../../contract/disbursement';
import { DISBURSEMENT_WITH_DEPOSIT_COLUMNS, disbursementsQuery, type DisbursementWithDeposit } from './disbursement-repository';
import { jakartaDate } from '../platform/business-date';
import { parseOrThrow } from '../platform/validation';
import { depositSearchCondition } from '../deposits/deposit-service';
import { afterRow, type ExportSource } from '../platform/xlsx/keyset';
import { disbursementKindLabels, disbursementStatusLabels } from '../platform/xlsx/labels';
import { keysetBatches, type XlsxColumn, type XlsxSheet } from '../platform/xlsx/xlsx-stream';

/**
 * Payouts (GET /deposito/disbursements/download): the list's filters (status, period, q) and order
 * (newest decided first), read in keyset batches.
 */
const disbursementColumns: XlsxColumn<DisbursementWithDeposit>[] = [
  { header: 'No. Deposito', kind: 'text', width: 22, value: (row) => row.deposit_number },
  { header: 'Nama Nasabah', kind: 'text', width: 28, value: (row) => row.customer_name },
  { header: 'Jenis Pencairan', kind: 'text', width: 16, value: (row) => disbursementKindLabels[row.kind] },
  { header: 'Status', kind: 'text', width: 20, value: (row) => disbursementStatusLabels[row.status] },
  { header: 'Tanggal Diajukan', kind: 'date', width: 16, value: (row) => jakartaDate(new Date(row.created_at)) },
  { header: 'Jatuh Tempo', kind: 'date', value: (row) => row.maturity_date },
  { header: 'Pokok', kind: 'rupiah', value: (row) => Number(row.principal) },
  { header: 'Bunga', kind: 'rupiah', value: (row) => Number(row.interest) },
  { header: 'Pajak', kind: 'rupiah', value: (row) => Number(row.tax) },
  { header: 'Penalti', kind: 'rupiah', value: (row) => Number(row.penalty) },
  { header: 'Jumlah Dibayarkan', kind: 'rupiah', width: 20, value: (row) => Number(row.amount) },
  { header: 'Nama Bank Tujuan', kind: 'text', width: 18, value: (row) => row.payout_bank_name },
  { header: 'No. Rekening Tujuan', kind: 'text', width: 20, value: (row) => row.payout_account_number },
  { header: 'Nama Pemilik Rekening', kind: 'text', width: 28, value: (row) => row.payout_account_name },
  { header: 'Tanggal Transfer', kind: 'date', width: 16, value: (row) => row.paid_at },
  { header: 'Referensi Transfer', kind: 'text', width: 24, value: (row) => row.reference },
];

export async function disbursementsExport(
  { db, reads }: ExportSource,
  bankId: string,
  query: Record<string, unknown>,
  today: string,
  batchSize = 1000,
): Promise<{ filename: string; sheet: XlsxSheet<DisbursementWithDeposit> }> {
  const parsed = parseOrThrow(disbursementListQuerySchema, query);
  // The keyset walk re-runs its query per batch: the search reads each joined deposit's own
  // columns rather than the trigram table (see MatchingOptions in the deposits repository).
  const filters = { bankId, status: parsed.status, period: parsed.period, match: depositSearchCondition(db, parsed.q, { table: 'd', searchIndex: false }) };
  const rows = keysetBatches<DisbursementWithDeposit, readonly unknown[]>(
    async (after, limit) => {
      let select = disbursementsQuery(db, filters).select([...DISBURSEMENT_WITH_DEPOSIT_COLUMNS]);
      if (after) select = select.where((eb) => afterRow(eb, ['b.created_at', 'b.id'], after, 'desc'));
      return (await reads.rows(select.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit))) as DisbursementWithDeposit[];
    },
    (row) => [row.created_at, row.id],
    batchSize,
  );
  const parts = ['Pencairan_Deposito', parsed.status ? disbursementStatusLabels[parsed.status].replace(/\s+/g, '_') : null, parsed.period ?? today].filter(Boolean);
  return { filename: `${parts.join('_')}.xlsx`, sheet: { sheetName: 'Pencairan', columns: disbursementColumns, rows } };
}
