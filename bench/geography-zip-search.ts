/**
 * Issue 10's geography: GET /geography/zip-code/search on the full imported dataset (83,762
 * villages, migration 0015), by postal-code prefix and by place name, through the geography
 * service (validation, the index walks, the names of each row) as the route calls it. Also the
 * migration's own time on a fresh database. p50 / p95 / max against the budget of p95 ≤ 20 ms.
 * Figures, never pass/fail.
 *
 *   npx tsx bench/geography-zip-search.ts            SQLite (and PostgreSQL with BENCH_DATABASE_URL)
 *   import { runGeographyBenchmarks } from './geography-zip-search'  (from bench/run.ts)
 */
import { fileURLToPath } from 'node:url';
import { createGeographyService } from '../server/master-data/geography-service';
import { migrateToLatest } from '../server/platform/db/migrate';
import { withScratchDatabase } from './scratch-database';
import { generator, percentile } from './sampling';

type Log = (line: string) => void;

export interface GeographyBenchFigures {
  dialect: 'sqlite' | 'postgres';
  migrationMs: number;
  prefix: { p50: number; p95: number; max: number };
  name: { p50: number; p95: number; max: number };
  name50: { p50: number; p95: number; max: number };
}

const RUNS = Number(process.env.BENCH_GEOGRAPHY_RUNS ?? 500);
const WARM_UP = 50;
const BUDGET_MS = 20;

async function time(queries: string[], run: (q: string) => Promise<unknown>): Promise<GeographyBenchFigures['prefix']> {
  for (const q of queries.slice(0, WARM_UP)) await run(q);
  const samples: number[] = [];
  for (const q of queries.slice(WARM_UP)) {
    const started = performance.now();
    await run(q);
    samples.push(performance.now() - started);
  }
  const sorted = samples.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1)! };
}

export async function runGeographyBenchmarks(log: Log, dialect: 'sqlite' | 'postgres' = 'sqlite'): Promise<GeographyBenchFigures> {
  return withScratchDatabase(dialect, 'geo', async (database, migration) => {
    const started = performance.now();
    await migrateToLatest(database.db, migration);
    const migrationMs = performance.now() - started;
    // The second dialect in one process reuses the dataset the first read (geography-dataset.ts).
    log(`  all migrations on a fresh ${dialect} database (0015 imports the dataset): ${(migrationMs / 1000).toFixed(2)} s`);

    const geography = createGeographyService({ db: database.db });
    const random = generator(20_260_310);
    const villages = await database.db.selectFrom('geo_villages').select(['name', 'zip_code']).execute();
    const districts = await database.db.selectFrom('geo_districts').select('name').execute();
    const pick = <T>(rows: T[]) => rows[Math.floor(random() * rows.length)]!;
    const total = WARM_UP + RUNS;

    // Prefixes of real postal codes, 3 to 5 digits, as a person types them.
    const withZip = villages.filter((row) => row.zip_code !== null);
    const prefixes = Array.from({ length: total }, () => String(pick(withZip).zip_code).slice(0, 3 + Math.floor(random() * 3)));
    // Place names as typed: the start of a village's or district's name (3 letters up to all of
    // it), and a village name with its district's first word ("sukajadi bandung").
    const typed = (name: string) => {
      let length = Math.max(3, Math.ceil(name.length * random()));
      // At least three letters or digits, as the search asks ("Bu " is not yet a query).
      while (length < name.length && name.slice(0, length).replace(/[^A-Za-z0-9]/g, '').length < 3) length += 1;
      return name.slice(0, length);
    };
    const names = Array.from({ length: total }, () => {
      const kind = random();
      if (kind < 0.45) return typed(pick(villages).name);
      if (kind < 0.8) return typed(pick(districts).name);
      return `${pick(villages).name} ${pick(districts).name.split(' ')[0]}`;
    }).filter((q) => q.replace(/[^A-Za-z0-9]/g, '').length >= 3);

    const limit = 10;
    const prefix = await time(prefixes, (q) => geography.searchZip({ q, limit: String(limit) }));
    const name = await time(names, (q) => geography.searchZip({ q, limit: String(limit) }));
    // The most a client may ask for, on words that start thousands of names ("sum", "jaya").
    const common = ['sum', 'suka', 'jaya', 'kota', 'sido', 'mekar', 'tanjung', 'karang', 'sungai', 'air'];
    const name50 = await time(
      Array.from({ length: total }, (_, index) => common[index % common.length]!),
      (q) => geography.searchZip({ q, limit: '50' }),
    );
    const row = (what: string, figures: GeographyBenchFigures['prefix']) =>
      `  ${what.padEnd(34)} p50 ${figures.p50.toFixed(2).padStart(6)} ms   p95 ${figures.p95.toFixed(2).padStart(6)} ms   max ${figures.max.toFixed(2).padStart(6)} ms   (budget p95 ≤ ${BUDGET_MS} ms)`;
    log(`  ${RUNS} searches each after ${WARM_UP} warm-up, limit ${limit}:`);
    log(row('by postal-code prefix (3-5 digits)', prefix));
    log(row('by place name', name));
    log(row('by common words, limit 50', name50));
    return { dialect, migrationMs, prefix, name, name50 };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Geography zip search (SQLite):');
  await runGeographyBenchmarks(console.log, 'sqlite');
  if (process.env.BENCH_DATABASE_URL) {
    console.log('\nGeography zip search (PostgreSQL):');
    await runGeographyBenchmarks(console.log, 'postgres');
  }
}
