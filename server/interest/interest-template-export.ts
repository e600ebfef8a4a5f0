import { interestTemplateQuerySchema } from '../../contract/interest';
import { INSTALLMENT_WITH_DEPOSIT_COLUMNS, installmentsOfMonth, type InstallmentWithDeposit } from './installment-repository';
import { depositSearchCondition } from '../deposits/deposit-service';
import { parseOrThrow } from '../platform/validation';
import { monthFiltersOf } from './interest-service';
import { afterRow, type ExportSource } from '../platform/xlsx/keyset';
import { keysetBatches, type XlsxColumn, type XlsxSheet } from '../platform/xlsx/xlsx-stream';

/**
 * The monthly interest transfer template (GET /deposito/monthly-interest-template/download): one
 * row per installment of the month still to pay — the rows /monthly-interest-template/count
 * counts (pay date in the month, scheduled or due) — with the account to transfer to, the net
 * amount and a transfer reference naming the deposit and installment. The installment id closes
 * the loop: staff mark exactly these rows paid in bulk.
 */

/** The transfer description: deposit number, period and installment (fits bank transfer fields). */
function transferReference(row: Pick<InstallmentWithDeposit, 'deposit_number' | 'period_number' | 'sequence'>): string {
  return `BUNGA ${row.deposit_number} P${row.period_number}-${row.sequence}`;
}

const interestTemplateColumns: XlsxColumn<InstallmentWithDeposit>[] = [
  { header: 'Nama Nasabah', kind: 'text', width: 28, value: (row) => row.customer_name },
  { header: 'Nama Bank Tujuan', kind: 'text', width: 18, value: (row) => row.payout_bank_name },
  { header: 'No. Rekening Tujuan', kind: 'text', width: 20, value: (row) => row.payout_account_number },
  { header: 'Nama Pemilik Rekening', kind: 'text', width: 28, value: (row) => row.payout_account_name },
  { header: 'Jumlah Transfer (Bunga Bersih)', kind: 'rupiah', width: 22, value: (row) => Number(row.net_interest) },
  { header: 'Berita / Referensi Transfer', kind: 'text', width: 34, value: (row) => transferReference(row) },
  { header: 'No. Deposito', kind: 'text', width: 22, value: (row) => row.deposit_number },
  { header: 'Tanggal Bayar', kind: 'date', value: (row) => row.pay_date },
  { header: 'Bunga Bruto', kind: 'rupiah', value: (row) => Number(row.gross_interest) },
  { header: 'Pajak', kind: 'rupiah', value: (row) => Number(row.tax) },
  { header: 'ID Bunga', kind: 'text', width: 38, value: (row) => row.id },
];

export async function interestTemplateExport(
  { db, reads }: ExportSource,
  bankId: string,
  query: Record<string, unknown>,
  today: string,
  batchSize = 1000,
): Promise<{ filename: string; period: string; sheet: XlsxSheet<InstallmentWithDeposit> }> {
  const parsed = parseOrThrow(interestTemplateQuerySchema, query);
  // The keyset walk re-runs its query per batch: the search reads each joined deposit's own
  // columns rather than the trigram table (see MatchingOptions in the deposits repository).
  const filters = monthFiltersOf(bankId, parsed, today, depositSearchCondition(db, parsed.q, { table: 'd', searchIndex: false }));
  const { period } = filters;
  const rows = keysetBatches<InstallmentWithDeposit, readonly unknown[]>(
    async (after, limit) => {
      let select = installmentsOfMonth(db, filters).select([...INSTALLMENT_WITH_DEPOSIT_COLUMNS]);
      if (after) select = select.where((eb) => afterRow(eb, ['i.pay_date', 'd.customer_name', 'i.id'], after, 'asc'));
      return (await reads.rows(select.orderBy('i.pay_date').orderBy('d.customer_name').orderBy('i.id').limit(limit))) as InstallmentWithDeposit[];
    },
    (row) => [row.pay_date, row.customer_name, row.id],
    batchSize,
  );
  return { filename: `Template_Transfer_Bunga_${period}.xlsx`, period, sheet: { sheetName: `Bunga ${period}`, columns: interestTemplateColumns, rows } };
}
