/**
 * Shares of a total and the average rate weighted by principal, as the reports print them.
 * Shares are fractions (0.1234 = 12,34%) so a spreadsheet can add them up; an empty total gives
 * 0, never NaN.
 */

/** part ÷ total as a fraction; 0 when the total is 0. */
export function shareOf(part: number, total: number): number {
  return total === 0 ? 0 : part / total;
}

/**
 * Σ(amount × rate) ÷ Σ amount, in basis points with two decimals (575.5 = 5,755%), half away
 * from zero; null without principal. Exact in bigint: a million deposits of Rp 500 million at
 * 600 bps exceed a double's exact integers.
 */
export function weightedRateBps(items: ReadonlyArray<{ amount: number; rateBps: number }>): number | null {
  let weighted = 0n;
  let total = 0n;
  for (const item of items) {
    weighted += BigInt(item.amount) * BigInt(item.rateBps);
    total += BigInt(item.amount);
  }
  return weightedRateFromSums(weighted, total);
}

/** The same from sums already taken (Σ amount × rate and Σ amount), e.g. by the database. */
export function weightedRateFromSums(weighted: bigint, total: bigint): number | null {
  if (total === 0n) return null;
  const hundredths = (2n * weighted * 100n + total) / (2n * total);
  return Number(hundredths) / 100;
}

export interface ConcentrationCut {
  /** The n largest depositors. */
  top: number;
  /** How many there are (fewer than `top` in a small bank). */
  customers: number;
  amount: number;
  share: number;
}

/**
 * How much of the position the largest depositors hold: for each cut n, the sum of the n largest
 * amounts and its share of `total`. `amounts` largest first.
 */
export function concentration(amounts: readonly number[], total: number, cuts: readonly number[]): ConcentrationCut[] {
  for (let index = 1; index < amounts.length; index += 1) {
    if (amounts[index]! > amounts[index - 1]!) throw new RangeError('concentration: amounts must be sorted largest first');
  }
  return cuts.map((top) => {
    const taken = amounts.slice(0, top);
    const amount = taken.reduce((sum, value) => sum + value, 0);
    return { top, customers: taken.length, amount, share: shareOf(amount, total) };
  });
}

/** Running shares: each amount's share of `total` and the share of it and all before it. */
export function cumulativeShares(amounts: readonly number[], total: number): Array<{ share: number; cumulative: number }> {
  let running = 0;
  return amounts.map((amount) => {
    running += amount;
    return { share: shareOf(amount, total), cumulative: shareOf(running, total) };
  });
}
