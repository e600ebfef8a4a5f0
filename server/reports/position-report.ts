import { formatDateId } from '../../machines/deposit-rules';
import { shareOf, weightedRateFromSums } from '../../machines/report-rules';
import { positionGroups, type PositionGroup } from './holdings-repository';
import { column, table } from './report-document';
import { byProductName, productName, scopeOf, type ReportBuilder, type ReportContext } from './report-context';

/**
 * Posisi Deposito (DOMAIN.md "Reports": deposit position by product, tenor and rate): what the
 * bank holds on the position date, summed per product, tenor and rate, with the principal-weighted
 * average rate.
 */

interface Line {
  label: string;
  count: number;
  amount: number;
  rateBps: number | null;
}

interface DetailLine {
  label: string;
  tenorMonths: number | null;
  rateBps: number | null;
  count: number;
  amount: number;
}

/** Sums of groups: count, principal and the weighted rate (exact, in bigint). */
export function sumGroups(groups: readonly Pick<PositionGroup, 'count' | 'amount' | 'rateBps'>[]): { count: number; amount: number; rateBps: number | null } {
  let weighted = 0n;
  let amount = 0n;
  let count = 0;
  for (const group of groups) {
    weighted += BigInt(group.amount) * BigInt(group.rateBps);
    amount += BigInt(group.amount);
    count += group.count;
  }
  return { count, amount: Number(amount), rateBps: weightedRateFromSums(weighted, amount) };
}

const positionNotes = (context: ReportContext) => [
  `Posisi per ${formatDateId(context.month.asOf)}: deposito yang dipegang bank pada tanggal itu, sejak tanggal efektif sampai dibayarkan kepada nasabah. Deposito yang belum disetujui, ditolak atau dibatalkan tidak termasuk.`,
  'Pokok, suku bunga dan tenor menurut periode yang berjalan pada tanggal posisi; suku bunga rata-rata tertimbang menurut pokok.',
];

export const positionReport: ReportBuilder = async (context) => {
  const groups = await positionGroups(context.source, scopeOf(context));
  const running = sumGroups(groups.filter((group) => group.running));
  const due = sumGroups(groups.filter((group) => !group.running));
  const all = sumGroups(groups);

  // One line per product, tenor and rate (running and due together).
  const lines = new Map<string, PositionGroup>();
  for (const group of groups) {
    const key = `${group.productId}\u0000${group.tenorMonths}\u0000${group.rateBps}`;
    const line = lines.get(key) ?? { ...group, count: 0, amount: 0 };
    line.count += group.count;
    line.amount += group.amount;
    lines.set(key, line);
  }
  const detail: DetailLine[] = [...lines.values()]
    .sort((a, b) => byProductName(context)(a, b) || a.tenorMonths - b.tenorMonths || a.rateBps - b.rateBps)
    .map((line) => ({ label: productName(context, line.productId), tenorMonths: line.tenorMonths, rateBps: line.rateBps, count: line.count, amount: line.amount }));
  const productIds = [...new Set([...lines.values()].map((line) => line.productId))].sort((a, b) => byProductName(context)({ productId: a }, { productId: b }));
  const products: Line[] = productIds.map((productId) => ({ label: productName(context, productId), ...sumGroups(groups.filter((group) => group.productId === productId)) }));

  const summaryLines: Line[] = [
    { label: 'Deposito berjalan', ...running },
    { label: 'Jatuh tempo atau dicairkan, belum dibayar', ...due },
  ];
  const count = column<Line | DetailLine>('Jumlah Rekening', 'integer', 1.2, (line) => line.count, 16);
  const principal = column<Line | DetailLine>('Pokok', 'rupiah', 2, (line) => line.amount, 22);
  const share = column<Line | DetailLine>('Porsi', 'percent', 1, (line) => shareOf(line.amount, all.amount));
  const averageRate = column<Line>('Suku Bunga Rata-rata', 'rate', 1.5, (line) => line.rateBps, 20);
  return {
    tables: [
      table<Line>({
        title: 'Ringkasan',
        notes: positionNotes(context),
        columns: [column('Uraian', 'text', 4, (line) => line.label, 44), count, principal, averageRate],
        rows: summaryLines,
        totals: [{ label: 'Total posisi', ...all }],
      }),
      table<DetailLine>({
        title: 'Per produk, tenor dan suku bunga',
        sheetName: 'Produk, tenor, suku bunga',
        columns: [
          column('Produk', 'text', 3, (line) => line.label, 30),
          column('Tenor (Bulan)', 'integer', 1, (line) => line.tenorMonths, 13),
          column('Suku Bunga', 'rate', 1, (line) => line.rateBps),
          count,
          principal,
          share,
        ],
        rows: detail,
        totals: [{ label: 'Total', tenorMonths: null, rateBps: null, count: all.count, amount: all.amount }],
      }),
      table<Line>({
        title: 'Per produk',
        columns: [column('Produk', 'text', 3, (line) => line.label, 30), count, principal, share, averageRate],
        rows: products,
        totals: [{ label: 'Total', ...all }],
      }),
    ],
  };
};
