import { formatDateId } from '../../machines/deposit-rules';
import { MATURITY_BUCKETS, maturityProfile, shareOf, type BucketTotal, type MaturityBucketId } from '../../machines/report-rules';
import { maturityGroups } from './holdings-repository';
import { column, table } from './report-document';
import { byProductName, productName, scopeOf, type ReportBuilder } from './report-context';

/**
 * Profil Jatuh Tempo (DOMAIN.md "Reports": maturity profile ≤ 1, 1–3, 3–6, 6–12, > 12 months):
 * the position on its date by how long until it falls due, in total and per product.
 */

type ProductProfile = { label: string } & Record<MaturityBucketId, number> & { total: number };

export const maturityReport: ReportBuilder = async (context) => {
  const { asOf } = context.month;
  const groups = await maturityGroups(context.source, scopeOf(context));
  const buckets = maturityProfile(asOf, groups);
  const total = buckets.reduce((sum, bucket) => ({ count: sum.count + bucket.count, amount: sum.amount + bucket.amount }), { count: 0, amount: 0 });

  const productIds = [...new Set(groups.map((group) => group.productId))].sort((a, b) => byProductName(context)({ productId: a }, { productId: b }));
  const perProduct: ProductProfile[] = productIds.map((productId) => {
    const profile = maturityProfile(asOf, groups.filter((group) => group.productId === productId));
    return { label: productName(context, productId), ...amountsOf(profile) };
  });

  return {
    tables: [
      table<BucketTotal>({
        title: 'Per sisa jangka waktu',
        sheetName: 'Sisa jangka waktu',
        notes: [
          `Sisa jangka waktu dari tanggal posisi ${formatDateId(asOf)} sampai tanggal jatuh tempo periode yang berjalan, dalam bulan kalender; tanggal batas masuk ke kelompok yang lebih pendek.`,
          '"Sudah jatuh tempo, belum dibayar": periode sudah berakhir (jatuh tempo atau dicairkan sebelum jatuh tempo) tetapi dananya belum dibayarkan kepada nasabah.',
        ],
        columns: [
          column('Sisa Jangka Waktu', 'text', 3, (bucket) => bucket.label, 34),
          column('Jumlah Rekening', 'integer', 1.2, (bucket) => bucket.count, 16),
          column('Pokok', 'rupiah', 2, (bucket) => bucket.amount, 22),
          column('Porsi', 'percent', 1, (bucket) => shareOf(bucket.amount, total.amount)),
        ],
        rows: buckets,
        totals: [{ bucket: 'due', label: 'Total', ...total }],
      }),
      table<ProductProfile>({
        title: 'Per produk (pokok)',
        sheetName: 'Per produk',
        columns: [
          column('Produk', 'text', 2.6, (line) => line.label, 30),
          ...MATURITY_BUCKETS.map((bucket) => column<ProductProfile>(bucket.id === 'due' ? 'Sudah Jatuh Tempo' : bucket.label, 'rupiah', 1.45, (line) => line[bucket.id], 20)),
          column('Total', 'rupiah', 1.6, (line) => line.total, 22),
        ],
        rows: perProduct,
        totals: [{ label: 'Total', ...amountsOf(buckets) }],
      }),
    ],
  };
};

function amountsOf(profile: readonly BucketTotal[]): Record<MaturityBucketId, number> & { total: number } {
  const amounts = Object.fromEntries(profile.map((bucket) => [bucket.bucket, bucket.amount])) as Record<MaturityBucketId, number>;
  return { ...amounts, total: profile.reduce((sum, bucket) => sum + bucket.amount, 0) };
}
