/**
 * The maturity profile of DOMAIN.md "Reports": how much of the position falls due within ≤ 1,
 * 1–3, 3–6, 6–12 and > 12 months of the position date. A deposit whose period has already ended
 * (matured, or broken) but whose money has not been paid out yet is due now: it has a bucket of
 * its own, so the profile adds up to the position.
 *
 * Months are calendar months from the position date (addMonths: 31 Jan + 1 = 28/29 Feb), and a
 * boundary day belongs to the shorter bucket: on 30-Nov a deposit maturing on 30-Des is "≤ 1 bulan".
 */
import { addMonths, type IsoDate } from '../deposit-rules/dates';

export const MATURITY_BUCKETS = [
  { id: 'due', label: 'Sudah jatuh tempo, belum dibayar', upToMonths: 0 },
  { id: 'upTo1', label: '≤ 1 bulan', upToMonths: 1 },
  { id: 'upTo3', label: '> 1 – 3 bulan', upToMonths: 3 },
  { id: 'upTo6', label: '> 3 – 6 bulan', upToMonths: 6 },
  { id: 'upTo12', label: '> 6 – 12 bulan', upToMonths: 12 },
  { id: 'over12', label: '> 12 bulan', upToMonths: null },
] as const;

export type MaturityBucketId = (typeof MATURITY_BUCKETS)[number]['id'];

/**
 * The bucket of a deposit held on `asOf`: `running` false when its period has ended (matured or
 * broken, not yet paid out), else by its maturity date.
 */
export function maturityBucket(asOf: IsoDate, maturityDate: IsoDate, running: boolean): MaturityBucketId {
  if (!running || maturityDate <= asOf) return 'due';
  for (const bucket of MATURITY_BUCKETS) {
    if (bucket.upToMonths === null || bucket.upToMonths === 0) continue;
    if (maturityDate <= addMonths(asOf, bucket.upToMonths)) return bucket.id;
  }
  return 'over12';
}

export interface BucketTotal {
  bucket: MaturityBucketId;
  label: string;
  count: number;
  amount: number;
}

/**
 * Buckets of many deposits at once, from rows already summed per (maturity date, running): a bank
 * with a million deposits has a few hundred distinct maturity dates. Every bucket is answered,
 * empty ones with zeros, in the order of MATURITY_BUCKETS.
 */
export function maturityProfile(asOf: IsoDate, rows: ReadonlyArray<{ maturityDate: IsoDate; running: boolean; count: number; amount: number }>): BucketTotal[] {
  const totals = new Map<MaturityBucketId, BucketTotal>(MATURITY_BUCKETS.map((bucket) => [bucket.id, { bucket: bucket.id, label: bucket.label, count: 0, amount: 0 }]));
  for (const row of rows) {
    const total = totals.get(maturityBucket(asOf, row.maturityDate, row.running))!;
    total.count += row.count;
    total.amount += row.amount;
  }
  return [...totals.values()];
}
