/** What the latency benchmarks share: the same questions every run, and their percentiles. */

/** A small deterministic generator in [0, 1), so every run asks the same questions. */
export function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The p-th percentile (0..1) of ascending samples, nearest rank. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
}
