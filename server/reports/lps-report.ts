import { sql, type SqlBool } from 'kysely';
import { formatDateId, formatRateBps, formatRupiah, lpsGuaranteeOfTotals, lpsRateOn } from '../../machines/deposit-rules';
import { dailyBalances, dayBeforeMonth, monthlyAverages, periodLabelId, semesterMonthsUpTo, type DailyBalance, type MonthAverage } from '../../machines/report-rules';
import { balanceChanges, customerView, heldDepositsWhere, heldTotal, lpsRateOnSql, type CustomerHolding, type HeldRow } from './holdings-repository';
import { cellText, column, table } from './report-document';
import { productName, scopeOf, type ReportBuilder, type ReportContext } from './report-context';

/**
 * Eksposur Penjaminan LPS (DOMAIN.md "Reports": deposits above the TBP, customers above Rp 2 bn,
 * monthly average balances for the premium). A deposit is judged with the guaranteed rate (TBP) in
 * force on its period's start; the rest of a customer's deposits are guaranteed together up to
 * the ceiling (machines/deposit-rules lps.ts). LPS bills its premium per half-year on the months'
 * average daily balances: those of this half-year so far, and this month's days one by one.
 */

interface Line {
  label: string;
  count: number | null;
  amount: number;
}

/** The daily balances from the half-year's first day to the position date, and the months' averages. */
async function semesterBalances(context: ReportContext): Promise<{ opening: number; series: DailyBalance[]; months: MonthAverage[] }> {
  const [first] = semesterMonthsUpTo(context.month.period);
  const from = `${first}-01`;
  const to = context.month.asOf;
  const [opening, changes] = await Promise.all([
    heldTotal(context.source, { bankId: context.bankId, asOf: dayBeforeMonth(first!), today: context.today }),
    balanceChanges(context.source, context.bankId, from, to),
  ]);
  const series = dailyBalances(opening.amount, changes, from, to);
  return { opening: opening.amount, series, months: monthlyAverages(series) };
}

export const lpsReport: ReportBuilder = async (context) => {
  const scope = scopeOf(context);
  const { lpsRates, lpsMaxBalance: ceiling } = context.settings;
  const lps = { rates: lpsRates, ceiling };
  const [view, balances] = await Promise.all([customerView(context.source, scope, lps, 0), semesterBalances(context)]);
  const { position, aboveCeiling: above } = view;
  const tbpToday = lpsRateOn(lpsRates, context.month.asOf);
  const summary: Line[] = [
    { label: 'Posisi deposito (rekening)', count: position.count, amount: position.amount },
    { label: 'Deposito dengan suku bunga di atas TBP (rekening)', count: view.aboveRate.count, amount: view.aboveRate.amount },
    { label: `Nasabah dengan simpanan di atas ${formatRupiah(ceiling)} (nasabah)`, count: above.length, amount: above.reduce((sum, customer) => sum + customer.total, 0) },
    { label: 'Simpanan yang dijamin LPS', count: null, amount: view.guaranteed },
    { label: 'Simpanan yang tidak dijamin LPS', count: null, amount: position.amount - view.guaranteed },
  ];
  const month = context.month.period;
  const dayRows = balances.series
    .map((day, index) => ({ ...day, change: day.balance - (index === 0 ? balances.opening : balances.series[index - 1]!.balance) }))
    .filter((day) => day.date.startsWith(month));
  type HolderTotal = { label: string; deposits: number; total: number; guaranteed: number; unguaranteed: number };
  const holder = (customer: CustomerHolding) => ({ ...customer, ...lpsGuaranteeOfTotals(customer.total, customer.eligible, ceiling) });

  return {
    tables: [
      table<Line>({
        title: 'Ringkasan',
        notes: [
          `Tingkat bunga penjaminan (TBP) yang berlaku pada ${formatDateId(context.month.asOf)}: ${formatRateBps(tbpToday)}; batas penjaminan ${formatRupiah(ceiling)} per nasabah per bank.`,
          'Setiap deposito dinilai dengan TBP yang berlaku pada awal periodenya: di atas TBP tidak dijamin sama sekali; sisanya dijamin bersama sampai batas per nasabah. Posisi seperti laporan Posisi Deposito.',
        ],
        columns: [column('Uraian', 'text', 4, (line) => line.label, 56), column('Jumlah', 'integer', 1, (line) => line.count, 12), column('Pokok', 'rupiah', 2, (line) => line.amount, 22)],
        rows: summary,
      }),
      table<MonthAverage & { label: string }>({
        title: 'Rata-rata saldo bulanan (dasar premi LPS)',
        sheetName: 'Rata-rata saldo bulanan',
        notes: [
          'Saldo harian: posisi deposito pada akhir setiap hari; rata-rata bulanan: jumlah saldo harian dibagi jumlah hari, dibulatkan ke rupiah terdekat. Bulan-bulan semester berjalan sampai periode ini.',
          ...(context.month.running ? [`Bulan berjalan dihitung sampai ${formatDateId(context.month.asOf)}.`] : []),
        ],
        columns: [
          column('Bulan', 'text', 2, (line) => line.label, 20),
          column('Jumlah Hari', 'integer', 1, (line) => line.days, 12),
          column('Rata-rata Saldo Harian', 'rupiah', 2, (line) => line.average, 24),
          column('Saldo Akhir', 'rupiah', 2, (line) => line.closing, 24),
        ],
        rows: balances.months.map((line) => ({ ...line, label: periodLabelId(line.period) })),
      }),
      table<DailyBalance & { change: number }>({
        title: `Saldo harian ${periodLabelId(month)}`,
        sheetName: 'Saldo harian',
        columns: [column('Tanggal', 'date', 1, (day) => day.date), column('Perubahan', 'rupiah', 2, (day) => day.change, 22), column('Saldo', 'rupiah', 2, (day) => day.balance, 24)],
        rows: dayRows,
      }),
      table<HeldRow>({
        title: 'Deposito dengan suku bunga di atas TBP',
        sheetName: 'Di atas TBP',
        columns: [
          column('No. Deposito', 'text', 1.4, (row) => row.deposit_number, 20),
          column('Nasabah', 'text', 2.2, (row) => row.customer_name, 28),
          column('NIK', 'text', 1.5, (row) => row.customer_nik, 20),
          column('Produk', 'text', 1.6, (row) => productName(context, row.product_id), 24),
          column('Awal Periode', 'date', 1.1, (row) => row.period_start, 14),
          column('Jatuh Tempo', 'date', 1.1, (row) => row.maturity_date, 14),
          column('Suku Bunga', 'rate', 0.9, (row) => Number(row.rate_bps)),
          column('TBP', 'rate', 0.8, (row) => lpsRateOn(lpsRates, row.period_start)),
          column('Pokok', 'rupiah', 1.5, (row) => Number(row.amount), 20),
        ],
        rows: () =>
          heldDepositsWhere(context.source, scope, (ref) => sql<SqlBool>`${ref('rate_bps')} > ${lpsRateOnSql(lpsRates, ref('period_start'))}`, {
            expected: view.aboveRate.count,
            ...(context.batchSize ? { batchSize: context.batchSize } : {}),
          }),
        emptyText: 'Tidak ada deposito dengan suku bunga di atas TBP.',
      }),
      table<CustomerHolding | HolderTotal>({
        title: `Nasabah dengan simpanan di atas ${formatRupiah(ceiling)}`,
        sheetName: 'Di atas batas penjaminan',
        columns: [
          column('Nasabah', 'text', 2.4, (row) => ('name' in row ? row.name : row.label), 28),
          column('NIK', 'text', 1.6, (row) => ('nik' in row ? row.nik : ''), 20),
          column('Jumlah Rekening', 'integer', 1, (row) => row.deposits, 16),
          column('Total Simpanan', 'rupiah', 1.7, (row) => row.total, 22),
          column('Dijamin', 'rupiah', 1.7, (row) => ('name' in row ? holder(row).guaranteedAmount : row.guaranteed), 22),
          column('Tidak Dijamin', 'rupiah', 1.7, (row) => ('name' in row ? holder(row).unguaranteedAmount : row.unguaranteed), 22),
        ],
        rows: above,
        totals:
          above.length > 0
            ? [
                {
                  label: `Total (${cellText('integer', above.length)} nasabah)`,
                  deposits: above.reduce((sum, row) => sum + row.deposits, 0),
                  total: above.reduce((sum, row) => sum + row.total, 0),
                  guaranteed: above.reduce((sum, row) => sum + holder(row).guaranteedAmount, 0),
                  unguaranteed: above.reduce((sum, row) => sum + holder(row).unguaranteedAmount, 0),
                },
              ]
            : [],
        emptyText: 'Tidak ada nasabah dengan simpanan di atas batas penjaminan.',
      }),
    ],
  };
};
