/**
 * Integer money arithmetic. Money is whole rupiah and rates are basis points, so every product
 * like Rp 2.000.000.000 × 725 bps × 366 days overflows 2^53 long before the division; BigInt
 * keeps every intermediate exact and rounding happens exactly once.
 */

/** Throws unless `value` is a non-negative safe integer (rupiah, bps, days). */
export function assertWholeNonNegative(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative safe integer, got ${value}`);
  }
}

/**
 * numerator ÷ denominator rounded half-up (x.5 goes up) for non-negative operands:
 * floor((2n + d) / 2d) is exact for BigInt.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divideHalfUp takes numerator >= 0 and denominator > 0');
  return (2n * numerator + denominator) / (2n * denominator);
}

/** Back to a number, refusing results that a JavaScript number could not hold exactly. */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`amount ${value} exceeds the safe integer range`);
  return Number(value);
}

/** amount × bps ÷ 10 000, half-up: a basis-point share of a rupiah amount (tax, penalty). */
export function bpsOf(amount: number, bps: number): number {
  assertWholeNonNegative(amount, 'amount');
  assertWholeNonNegative(bps, 'bps');
  return toSafeNumber(divideHalfUp(BigInt(amount) * BigInt(bps), 10_000n));
}
