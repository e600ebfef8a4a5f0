import { invoiceReportQuerySchema } from '../../contract/invoices';
import { invoiceDates } from '../../machines/bank-rules';
import type { InvoiceLineRow, InvoiceRow } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { longDateId } from '../platform/pdf/indonesian-dates';
import { parseOrThrow } from '../platform/validation';
import type { ExportSource } from '../platform/xlsx/keyset';
import { keysetBatches, type XlsxColumn, type XlsxSheet } from '../platform/xlsx/xlsx-stream';
import { periodInWords } from './invoice-pdf';
import { channelPartners, findInvoiceOfPeriod, invoiceLinesAfter, numericLine } from './invoice-repository';

/**
 * GET /report/invoice/xlsx?period=YYYY-MM: the lines of the bank's invoice for that month, one row
 * each (as the PDF lists them), then the invoice's subtotal, DPP, PPN and total beneath, so staff
 * can check the sums in Excel against the figures on the invoice. Streamed in keyset batches like
 * every export: a month may hold thousands of lines.
 */

type Row = { kind: 'line'; line: InvoiceLineRow; partner: string } | { kind: 'blank' } | { kind: 'total'; label: string; amount: number };

const line = <T>(value: (line: InvoiceLineRow, partner: string) => T) => (row: Row) => (row.kind === 'line' ? value(row.line, row.partner) : null);

function invoiceLineColumns(number: string): XlsxColumn<Row>[] {
  return [
    { header: 'No. Tagihan', kind: 'text', width: 24, value: line(() => number) },
    { header: 'No.', kind: 'integer', width: 7, value: line((item) => item.line_number) },
    { header: 'No. Deposito', kind: 'text', width: 34, value: (row) => (row.kind === 'line' ? row.line.deposit_number : row.kind === 'total' ? row.label : null) },
    { header: 'Kode Mitra', kind: 'text', width: 20, value: line((item) => item.channel) },
    { header: 'Mitra Penyalur', kind: 'text', width: 26, value: line((_item, partner) => partner) },
    { header: 'Aktif Dari', kind: 'date', value: line((item) => item.active_from) },
    { header: 'Aktif Sampai', kind: 'date', value: line((item) => item.active_to) },
    { header: 'Pokok', kind: 'rupiah', value: line((item) => item.principal) },
    { header: 'Hari', kind: 'integer', width: 7, value: line((item) => item.days) },
    { header: 'Tarif per Tahun', kind: 'rate', width: 14, value: line((item) => item.fee_bps) },
    { header: 'Biaya', kind: 'rupiah', value: (row) => (row.kind === 'line' ? row.line.fee : row.kind === 'total' ? row.amount : null) },
  ];
}

/** Why a well-formed month has no invoice: not issued yet, or nothing was billed. */
function noInvoice(period: string, today: string): ServiceError {
  const { issuedOn } = invoiceDates(period);
  if (today < issuedOn) return new ServiceError('not-found', `Tagihan periode ${periodInWords(period)} baru terbit pada ${longDateId(issuedOn)}.`);
  return new ServiceError('not-found', `Tidak ada tagihan untuk periode ${periodInWords(period)}.`);
}

export async function invoiceLinesExport(
  source: ExportSource,
  bankId: string,
  query: Record<string, unknown>,
  today: string,
  batchSize = 1000,
): Promise<{ filename: string; sheet: XlsxSheet<Row> }> {
  const { period } = parseOrThrow(invoiceReportQuerySchema, query);
  const invoice: InvoiceRow | undefined = await findInvoiceOfPeriod(source.db, bankId, period);
  if (!invoice) throw noInvoice(period, today);
  const partners = await channelPartners(source.db);
  async function* rows(): AsyncGenerator<Row[]> {
    for await (const batch of keysetBatches<InvoiceLineRow, number>(
      async (after, limit) => (await source.reads.rows(invoiceLinesAfter(source.db, invoice!.id, after ?? 0, limit))).map(numericLine),
      (row) => row.line_number,
      batchSize,
    )) {
      yield batch.map((item) => ({ kind: 'line', line: item, partner: partners.get(item.channel)?.name ?? item.channel }));
    }
    yield [
      { kind: 'blank' },
      { kind: 'total', label: 'Jumlah biaya layanan', amount: invoice!.subtotal },
      { kind: 'total', label: 'DPP Nilai Lain (11/12 × jumlah biaya)', amount: invoice!.dpp },
      { kind: 'total', label: 'PPN 12% × DPP', amount: invoice!.ppn },
      { kind: 'total', label: 'Total tagihan', amount: invoice!.total },
    ];
  }
  return {
    filename: `Rincian_Tagihan_${period}.xlsx`,
    sheet: { sheetName: `Tagihan ${period}`, columns: invoiceLineColumns(invoice.number), rows: rows() },
  };
}
