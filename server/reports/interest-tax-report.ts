import { formatDateId, formatRateBps, formatRupiah } from '../../machines/deposit-rules';
import { installmentStatusLabels } from '../../machines/interest-installment';
import { breaks, breakSums, type PayoutRow } from './movements-repository';
import { exemptInstallments, interestGroups, type ExemptInstallmentRow, type InterestGroup, type InterestSums } from './interest-repository';
import { cellText, column, table } from './report-document';
import { byProductName, productName, rangeOf, type ReportBuilder } from './report-context';

/**
 * Bunga dan PPh Pasal 4 Ayat (2) (DOMAIN.md "Reports": interest expense and PPh withheld with the
 * exempt deposits, the basis of the monthly PPh 4(2) return): the month's interest — installments
 * whose pay date falls in it, as Bunga Bulanan lists them, and the accrued interest of the month's
 * early withdrawals — split by whether the final tax was withheld, then per product, then the
 * exempt installments and the withdrawals one by one.
 */

interface Line extends InterestSums {
  label: string;
}

const add = (a: InterestSums, b: InterestSums): InterestSums => ({ count: a.count + b.count, gross: a.gross + b.gross, tax: a.tax + b.tax, net: a.net + b.net });
const ZERO: InterestSums = { count: 0, gross: 0, tax: 0, net: 0 };
const sumOf = (groups: readonly InterestGroup[]) => groups.reduce<InterestSums>((sum, group) => add(sum, group), ZERO);

/** All of the month's installments: what GET /deposito/monthly-interest sums for the month. */
export const installmentTotals = sumOf;

export const interestTaxReport: ReportBuilder = async (context) => {
  const range = rangeOf(context);
  const [groups, withdrawals] = await Promise.all([interestGroups(context.source, range), breakSums(context.source, range)]);
  const taxed = sumOf(groups.filter((group) => group.taxed));
  const exempt = sumOf(groups.filter((group) => !group.taxed));
  const scheduled = groups.reduce((sum, group) => sum + group.scheduled, 0);
  const breakTaxed: InterestSums = { count: withdrawals.taxed.count, gross: withdrawals.taxed.interest, tax: withdrawals.tax, net: withdrawals.taxed.interest - withdrawals.tax };
  const breakExempt: InterestSums = { count: withdrawals.exempt.count, gross: withdrawals.exempt.interest, tax: 0, net: withdrawals.exempt.interest };
  const summary: Line[] = [
    { label: 'Bunga deposito (angsuran), PPh dipotong', ...taxed },
    { label: 'Bunga deposito (angsuran), tidak dipotong PPh', ...exempt },
    { label: 'Bunga pencairan sebelum jatuh tempo, PPh dipotong', ...breakTaxed },
    { label: 'Bunga pencairan sebelum jatuh tempo, tidak dipotong PPh', ...breakExempt },
  ];
  const total = summary.reduce<InterestSums>((sum, line) => add(sum, line), ZERO);

  const productIds = [...new Set(groups.map((group) => group.productId))].sort((a, b) => byProductName(context)({ productId: a }, { productId: b }));
  const perProduct: Line[] = productIds.map((productId) => ({ label: productName(context, productId), ...sumOf(groups.filter((group) => group.productId === productId)) }));
  const { taxBps, taxThreshold } = context.settings;
  const batch = context.batchSize;
  const figures = [
    column<Line>('Bunga Bruto', 'rupiah', 1.6, (line) => line.gross, 20),
    column<Line>('PPh Dipotong', 'rupiah', 1.6, (line) => line.tax, 20),
    column<Line>('Bunga Neto', 'rupiah', 1.6, (line) => line.net, 20),
  ];

  type ExemptTotal = { label: string; countLabel: string; gross: number; net: number };
  const isExempt = (row: ExemptInstallmentRow | ExemptTotal): row is ExemptInstallmentRow => 'deposit_number' in row;
  type BreakTotal = { label: string; countLabel: string; interest: number; tax: number };
  const isBreak = (row: PayoutRow | BreakTotal): row is PayoutRow => 'deposit_number' in row;

  return {
    tables: [
      table<Line>({
        title: 'Ringkasan',
        notes: [
          `PPh final ${formatRateBps(taxBps)} dari bunga bruto, dipotong bila total pokok aktif nasabah di bank ini lebih dari ${formatRupiah(taxThreshold)} pada tanggal posting (pengaturan saat ini; setiap bunga memakai hitungan pada tanggal postingnya).`,
          'Bunga deposito: angsuran dengan tanggal bayar dalam bulan ini, seperti daftar Bunga Bulanan. Bunga pencairan sebelum jatuh tempo: bunga berjalan yang dibayarkan bersama pokok, menurut tanggal pencairan.',
          ...(scheduled > 0 ? [`${cellText('integer', scheduled)} angsuran belum jatuh tempo masih terjadwal; PPh-nya dihitung ulang pada tanggal posting.`] : []),
        ],
        columns: [column('Uraian', 'text', 4, (line) => line.label, 52), column('Jumlah', 'integer', 1, (line) => line.count, 10), ...figures],
        rows: summary,
        totals: [{ label: 'Total', ...total }],
      }),
      table<Line>({
        title: 'Bunga angsuran per produk',
        sheetName: 'Per produk',
        columns: [column('Produk', 'text', 4, (line) => line.label, 30), column('Jumlah', 'integer', 1, (line) => line.count, 10), ...figures],
        rows: perProduct,
        totals: [{ label: 'Total', ...add(taxed, exempt) }],
      }),
      table<ExemptInstallmentRow | ExemptTotal>({
        title: 'Bunga yang tidak dipotong PPh',
        sheetName: 'Tidak dipotong PPh',
        notes: [`Angsuran bulan ini tanpa PPh: total pokok aktif nasabahnya tidak lebih dari ${formatRupiah(taxThreshold)} pada tanggal posting.`],
        columns: [
          column('Tanggal Bayar', 'date', 1.1, (row) => (isExempt(row) ? row.pay_date : null), 14),
          column('No. Deposito', 'text', 1.4, (row) => (isExempt(row) ? row.deposit_number : row.label), 20),
          column('Nasabah', 'text', 2.2, (row) => (isExempt(row) ? row.customer_name : row.countLabel), 28),
          column('NIK', 'text', 1.5, (row) => (isExempt(row) ? row.customer_nik : ''), 20),
          column('Produk', 'text', 1.6, (row) => (isExempt(row) ? productName(context, row.product_id) : ''), 24),
          column('Periode Bunga', 'text', 2, (row) => (isExempt(row) ? `${formatDateId(row.period_start)} – ${formatDateId(row.period_end)}` : ''), 26),
          column('Pokok', 'rupiah', 1.5, (row) => (isExempt(row) ? Number(row.principal) : null), 20),
          column('Bunga Bruto', 'rupiah', 1.4, (row) => Number(isExempt(row) ? row.gross_interest : row.gross), 18),
          column('Status', 'text', 1.2, (row) => (isExempt(row) ? (installmentStatusLabels[row.status as keyof typeof installmentStatusLabels] ?? row.status) : ''), 16),
        ],
        rows: () => exemptInstallments(context.source, range, batch),
        totals: [{ label: 'Total', countLabel: `${cellText('integer', exempt.count)} angsuran`, gross: exempt.gross, net: exempt.net }],
        emptyText: 'Tidak ada bunga tanpa PPh pada periode ini.',
      }),
      table<PayoutRow | BreakTotal>({
        title: 'Bunga pencairan sebelum jatuh tempo',
        sheetName: 'Bunga pencairan awal',
        columns: [
          column('Tanggal Pencairan', 'date', 1.2, (row) => (isBreak(row) ? row.break_date : null), 16),
          column('No. Deposito', 'text', 1.4, (row) => (isBreak(row) ? row.deposit_number : row.label), 20),
          column('Nasabah', 'text', 2.2, (row) => (isBreak(row) ? row.customer_name : row.countLabel), 28),
          column('NIK', 'text', 1.5, (row) => (isBreak(row) ? row.customer_nik : ''), 20),
          column('Bunga Bruto', 'rupiah', 1.4, (row) => Number(row.interest), 18),
          column('PPh Dipotong', 'rupiah', 1.4, (row) => Number(row.tax), 18),
          column('Bunga Neto', 'rupiah', 1.4, (row) => Number(row.interest) - Number(row.tax), 18),
        ],
        rows: () => breaks(context.source, range, batch),
        totals: [{ label: 'Total', countLabel: `${cellText('integer', withdrawals.count)} rekening`, interest: withdrawals.interest, tax: withdrawals.tax }],
        emptyText: 'Tidak ada pencairan sebelum jatuh tempo pada periode ini.',
      }),
    ],
  };
};
