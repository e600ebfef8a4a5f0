import { formatDateId, lpsGuaranteeOfTotals } from '../../machines/deposit-rules';
import { concentration, cumulativeShares, shareOf, type ConcentrationCut } from '../../machines/report-rules';
import { customerView, type CustomerHolding } from './holdings-repository';
import { column, table } from './report-document';
import { scopeOf, type ReportBuilder } from './report-context';

/**
 * Nasabah Terbesar (DOMAIN.md "Reports": the largest depositors' concentration): the customers
 * holding the most on the position date, their share of the position, and how much the largest
 * 10, 25 and 50 hold together.
 */

export const LARGEST_DEPOSITORS = 50;
const CUTS = [10, 25, 50] as const;

export const largestDepositorsReport: ReportBuilder = async (context) => {
  const scope = scopeOf(context);
  const { position, largest } = await customerView(context.source, scope, { rates: context.settings.lpsRates, ceiling: context.settings.lpsMaxBalance }, LARGEST_DEPOSITORS);
  const shares = cumulativeShares(
    largest.map((customer) => customer.total),
    position.amount,
  );
  const ranked = largest.map((customer, index) => ({
    ...customer,
    rank: index + 1,
    ...shares[index]!,
    unguaranteed: lpsGuaranteeOfTotals(customer.total, customer.eligible, context.settings.lpsMaxBalance).unguaranteedAmount,
  }));
  const cuts = concentration(
    largest.map((customer) => customer.total),
    position.amount,
    CUTS,
  );
  type CutLine = Pick<ConcentrationCut, 'customers' | 'amount' | 'share'> & { label: string };
  type Ranked = CustomerHolding & { rank: number; share: number; cumulative: number; unguaranteed: number };

  return {
    tables: [
      table<CutLine>({
        title: 'Konsentrasi',
        notes: [`Simpanan deposito per nasabah pada ${formatDateId(context.month.asOf)}, seperti laporan Posisi Deposito; porsi terhadap posisi seluruh nasabah.`],
        columns: [
          column('Uraian', 'text', 3, (line) => line.label, 32),
          column('Jumlah Nasabah', 'integer', 1.2, (line) => line.customers, 16),
          column('Pokok', 'rupiah', 2, (line) => line.amount, 22),
          column('Porsi', 'percent', 1, (line) => line.share),
        ],
        rows: cuts.map((cut) => ({ ...cut, label: `${cut.top} nasabah terbesar` })),
        totals: [{ label: 'Seluruh nasabah', customers: position.customers, amount: position.amount, share: shareOf(position.amount, position.amount) }],
      }),
      table<Ranked>({
        title: `${LARGEST_DEPOSITORS} nasabah terbesar`,
        sheetName: 'Nasabah terbesar',
        columns: [
          column('Peringkat', 'integer', 0.8, (row) => row.rank, 10),
          column('Nasabah', 'text', 2.6, (row) => row.name, 30),
          column('NIK', 'text', 1.6, (row) => row.nik, 20),
          column('Jumlah Rekening', 'integer', 1, (row) => row.deposits, 16),
          column('Total Simpanan', 'rupiah', 1.8, (row) => row.total, 22),
          column('Porsi', 'percent', 0.9, (row) => row.share),
          column('Porsi Kumulatif', 'percent', 1.1, (row) => row.cumulative, 14),
          column('Tidak Dijamin LPS', 'rupiah', 1.7, (row) => row.unguaranteed, 22),
        ],
        rows: ranked,
        emptyText: 'Tidak ada deposito pada tanggal posisi.',
      }),
    ],
  };
};
