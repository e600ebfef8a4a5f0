import { createHash } from 'node:crypto';

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

/**
 * Milliseconds this machine takes for a fixed piece of work (JSON and SHA-256, one core): printed
 * beside a run's figures, it tells a slow machine from a slow server. This shared 2-core machine
 * has run the same work in 1× to 1.5× its quiet time, with nothing of ours running beside it.
 */
export function cpuReferenceMs(): number {
  const record = { name: 'Ayu Lestari', nik: '3273095203850002', amount: 50_000_000, items: Array.from({ length: 20 }, (_, at) => ({ at, label: `baris ${at}` })) };
  let best = Infinity;
  // The best of three: the first also compiles the loop.
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    let digest = '';
    for (let round = 0; round < 20_000; round += 1) {
      const text = JSON.stringify({ ...record, round, digest });
      digest = createHash('sha256').update(text).digest('hex').slice(0, 8);
      JSON.parse(text);
    }
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
