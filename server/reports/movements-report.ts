import type { DepositStatus, MaturityInstruction } from '../../contract/deposit';
import { depositStatusLabels } from '../../machines/deposit';
import { channelLabel, formatDateId } from '../../machines/deposit-rules';
import { disbursementKindLabels, disbursementStatusLabels, instructionLabels } from '../platform/xlsx/labels';
import { monthTallies } from '../deposits/deposit-service';
import { breaks, breakSums, closures, closureSums, placements, renewals, renewalSums, type PayoutRow, type PayoutSums, type PlacementRow, type RenewalRow } from './movements-repository';
import { cellText, column, table, type ReportColumn } from './report-document';
import { productName, rangeOf, type ReportBuilder, type ReportContext } from './report-context';

/**
 * Mutasi Deposito (DOMAIN.md "Reports": placements, rollovers, breaks and closures): the month's
 * movements summed, then each listed. Placements and maturities are counted as Beranda's chart
 * counts them (GET /bpr/deposit-months, the same queries), so the two never disagree.
 */

interface SummaryLine {
  label: string;
  count: number;
  amount: number;
}

const RENEWAL_LABELS: Record<string, string> = { ARO: 'Perpanjangan otomatis (ARO)', ARO_PLUS: 'Perpanjangan otomatis (ARO+)', extension: 'Perpanjangan oleh nasabah' };

const renewalKind = (row: { started_by: string; maturity_instruction: string }) =>
  row.started_by === 'extension' ? 'Perpanjangan' : instructionLabels[row.maturity_instruction as MaturityInstruction] ?? row.maturity_instruction;

/** "Total" in the first column and "N rekening" in the second of a list's total row. */
const totalLabel = (count: number) => `${cellText('integer', count)} rekening`;

type PayoutTotal = Pick<PayoutRow, 'principal' | 'interest' | 'tax' | 'penalty' | 'amount'> & { label: string; countLabel: string };
const payoutTotal = (sums: PayoutSums): PayoutTotal => ({ label: 'Total', countLabel: totalLabel(sums.count), principal: sums.principal, interest: sums.interest, tax: sums.tax, penalty: sums.penalty, amount: sums.amount });
const payoutFigures: ReportColumn<PayoutRow | PayoutTotal>[] = [
  column('Pokok', 'rupiah', 1.5, (row) => Number(row.principal), 20),
  column('Bunga', 'rupiah', 1.3, (row) => Number(row.interest), 18),
  column('PPh', 'rupiah', 1.2, (row) => Number(row.tax), 16),
  column('Penalti', 'rupiah', 1.2, (row) => Number(row.penalty), 16),
  column('Dibayarkan', 'rupiah', 1.5, (row) => Number(row.amount), 20),
];
const isRow = (row: PayoutRow | PayoutTotal): row is PayoutRow => 'deposit_number' in row;

export const movementsReport: ReportBuilder = async (context) => {
  const range = rangeOf(context);
  const { period } = context.month;
  const [tallies, renewed, broken, closed] = await Promise.all([monthTallies(context.source, context.bankId, period), renewalSums(context.source, range), breakSums(context.source, range), closureSums(context.source, range)]);
  const placedTally = tallies.placements;
  const renewal = (key: string) =>
    renewed
      .filter((row) => (key === 'extension' ? row.startedBy === 'extension' : row.startedBy === 'rollover' && row.instruction === key))
      .reduce((sum, row) => ({ count: sum.count + row.count, amount: sum.amount + row.amount }), { count: 0, amount: 0 });
  const renewedTotal = renewed.reduce((sum, row) => ({ count: sum.count + row.count, amount: sum.amount + row.amount }), { count: 0, amount: 0 });
  const summary: SummaryLine[] = [
    { label: 'Penempatan baru', ...placedTally },
    ...['ARO', 'ARO_PLUS', 'extension'].map((key) => ({ label: RENEWAL_LABELS[key]!, ...renewal(key) })),
    { label: 'Pencairan sebelum jatuh tempo', count: broken.count, amount: broken.principal },
    { label: 'Penutupan (dana dibayarkan)', count: closed.count, amount: closed.principal },
    { label: 'Jatuh tempo (periode berakhir)', ...tallies.maturities },
  ];
  const batch = context.batchSize;

  return {
    tables: [
      table<SummaryLine>({
        title: 'Ringkasan',
        notes: [
          'Penempatan baru: tanggal efektif dalam bulan ini, pokok yang ditempatkan; deposito yang ditolak atau dibatalkan tidak dihitung. Perpanjangan: periode baru yang dimulai dalam bulan ini.',
          'Pencairan sebelum jatuh tempo: yang disetujui dengan tanggal pencairan dalam bulan ini. Penutupan: dana yang ditransfer kepada nasabah dalam bulan ini. Jatuh tempo: periode yang berakhir dalam bulan ini, seperti grafik di Beranda.',
        ],
        columns: [column('Jenis Mutasi', 'text', 4, (line) => line.label, 40), column('Jumlah Rekening', 'integer', 1.3, (line) => line.count, 16), column('Pokok', 'rupiah', 2, (line) => line.amount, 22)],
        rows: summary,
      }),
      placementsTable(context, placedTally, batch),
      renewalsTable(context, renewedTotal, batch),
      table<PayoutRow | PayoutTotal>({
        title: 'Pencairan sebelum jatuh tempo',
        sheetName: 'Pencairan awal',
        columns: [
          column('Tanggal Pencairan', 'date', 1.2, (row) => (isRow(row) ? row.break_date : null), 16),
          ...depositColumns(context),
          ...payoutFigures,
          column('Status', 'text', 1.6, (row) => (isRow(row) ? payoutStatus(row) : ''), 26),
        ],
        rows: () => breaks(context.source, range, batch),
        totals: [payoutTotal(broken)],
      }),
      table<PayoutRow | PayoutTotal>({
        title: 'Penutupan',
        columns: [
          column('Tanggal Bayar', 'date', 1.1, (row) => (isRow(row) ? row.paid_at : null), 14),
          ...depositColumns(context),
          column('Alasan', 'text', 1.1, (row) => (isRow(row) ? disbursementKindLabels[row.kind] : ''), 16),
          ...payoutFigures,
          column('Referensi', 'text', 1.3, (row) => (isRow(row) ? row.reference : ''), 20),
        ],
        rows: () => closures(context.source, range, batch),
        totals: [payoutTotal(closed)],
      }),
    ],
  };
};

function depositColumns(context: ReportContext): ReportColumn<PayoutRow | PayoutTotal>[] {
  return [
    column('No. Deposito', 'text', 1.4, (row) => (isRow(row) ? row.deposit_number : row.label), 20),
    column('Nasabah', 'text', 2.2, (row) => (isRow(row) ? row.customer_name : row.countLabel), 28),
    column('Produk', 'text', 1.6, (row) => (isRow(row) ? productName(context, row.product_id) : ''), 24),
  ];
}

function payoutStatus(row: PayoutRow): string {
  return row.status === 'paid' && row.paid_at ? `${disbursementStatusLabels.paid} ${formatDateId(row.paid_at)}` : disbursementStatusLabels[row.status];
}

type PlacementTotal = { label: string; countLabel: string; amount: number };

function placementsTable(context: ReportContext, total: { count: number; amount: number }, batch: number | undefined) {
  const isPlacement = (row: PlacementRow | PlacementTotal): row is PlacementRow => 'deposit_number' in row;
  return table<PlacementRow | PlacementTotal>({
    title: 'Penempatan baru',
    sheetName: 'Penempatan',
    columns: [
      column('Tanggal Efektif', 'date', 1.1, (row) => (isPlacement(row) ? row.deposit_date : null), 15),
      column('No. Deposito', 'text', 1.4, (row) => (isPlacement(row) ? row.deposit_number : row.label), 20),
      column('Nasabah', 'text', 2.3, (row) => (isPlacement(row) ? row.customer_name : row.countLabel), 28),
      column('Produk', 'text', 1.7, (row) => (isPlacement(row) ? productName(context, row.product_id) : ''), 24),
      column('Tenor (Bulan)', 'integer', 0.8, (row) => (isPlacement(row) ? Number(row.tenor_months) : null), 12),
      column('Suku Bunga', 'rate', 0.8, (row) => (isPlacement(row) ? Number(row.rate_bps) : null)),
      column('Instruksi', 'text', 0.8, (row) => (isPlacement(row) ? (instructionLabels[row.maturity_instruction as MaturityInstruction] ?? row.maturity_instruction) : ''), 12),
      column('Kanal', 'text', 1.2, (row) => (isPlacement(row) ? channelLabel(row.channel) : ''), 18),
      column('Status Saat Ini', 'text', 1.5, (row) => (isPlacement(row) ? depositStatusLabels[row.status as DepositStatus] : ''), 24),
      column('Pokok', 'rupiah', 1.5, (row) => Number(row.amount), 20),
    ],
    rows: () => placements(context.source, rangeOf(context), batch),
    totals: [{ label: 'Total', countLabel: totalLabel(total.count), amount: total.amount }],
  });
}

type RenewalTotal = { label: string; countLabel: string; amount: number };

function renewalsTable(context: ReportContext, total: { count: number; amount: number }, batch: number | undefined) {
  const isRenewal = (row: RenewalRow | RenewalTotal): row is RenewalRow => 'deposit_number' in row;
  return table<RenewalRow | RenewalTotal>({
    title: 'Perpanjangan',
    columns: [
      column('Tanggal Mulai', 'date', 1.1, (row) => (isRenewal(row) ? row.period_start : null), 14),
      column('No. Deposito', 'text', 1.4, (row) => (isRenewal(row) ? row.deposit_number : row.label), 20),
      column('Nasabah', 'text', 2.3, (row) => (isRenewal(row) ? row.customer_name : row.countLabel), 28),
      column('Produk', 'text', 1.7, (row) => (isRenewal(row) ? productName(context, row.product_id) : ''), 24),
      column('Periode Ke', 'integer', 0.8, (row) => (isRenewal(row) ? Number(row.period_number) : null), 11),
      column('Jenis', 'text', 1.1, (row) => (isRenewal(row) ? renewalKind(row) : ''), 14),
      column('Tenor (Bulan)', 'integer', 0.8, (row) => (isRenewal(row) ? Number(row.tenor_months) : null), 12),
      column('Suku Bunga', 'rate', 0.8, (row) => (isRenewal(row) ? Number(row.rate_bps) : null)),
      column('Jatuh Tempo', 'date', 1.1, (row) => (isRenewal(row) ? row.maturity_date : null)),
      column('Pokok', 'rupiah', 1.5, (row) => Number(row.amount), 20),
    ],
    rows: () => renewals(context.source, rangeOf(context), batch),
    totals: [{ label: 'Total', countLabel: totalLabel(total.count), amount: total.amount }],
  });
}
