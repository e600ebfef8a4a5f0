/** The demo's seeded PRNG (demo-deposits-plan.ts, demo-tracks-plan.ts): the same seed gives the same rows. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  id(): string;
}

/** mulberry32: tiny, fast and good enough for demo data; deterministic across platforms. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (n: number) => Math.floor(next() * 16 ** n).toString(16).padStart(n, '0');
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    // UUID-shaped (version 4 layout) but drawn from the seed, so reruns give the same ids.
    id: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + Math.floor(next() * 4)).toString(16)}${hex(3)}-${hex(12)}`,
  };
}

/**
 * A stream of its own for one deposit's documents, shipments and signatures, seeded from the
 * bank's seed and the deposit's id: drawing more or fewer of them never shifts another deposit.
 */
export function depositRandom(seed: number, depositId: string): Random {
  let hash = 0x811c9dc5;
  for (let index = 0; index < depositId.length; index += 1) hash = Math.imul(hash ^ depositId.charCodeAt(index), 0x01000193);
  return seededRandom((seed ^ hash) >>> 0);
}
