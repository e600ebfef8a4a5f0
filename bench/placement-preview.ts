/**
 * Issue 18's counter: GET /deposito/placement/preview as the Penempatan Baru screen asks it while
 * an operator types, through the whole HTTP stack in process (session, validation, the product's
 * rates, the customer's tax standing, the schedule of every installment), on the demo bank with
 * its ~2,300 deposits. p50 / p95 / max against the budget of p95 ≤ 20 ms. Figures, never
 * pass/fail.
 *
 *   npx tsx bench/placement-preview.ts            SQLite (and PostgreSQL with BENCH_DATABASE_URL)
 *   import { runPlacementPreviewBenchmarks } from './placement-preview'  (from bench/run.ts)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../server/main';
import { jakartaDate } from '../server/platform/business-date';
import { addDays } from '../machines/deposit-rules';
import { pgClient } from './deposits-dataset-pg';
import { generator, percentile } from './sampling';

type Log = (line: string) => void;

export interface PlacementPreviewFigures {
  dialect: 'sqlite' | 'postgres';
  p50: number;
  p95: number;
  max: number;
  runs: number;
}

const RUNS = Number(process.env.BENCH_PLACEMENT_RUNS ?? 500);
const WARM_UP = 50;
const BUDGET_MS = 20;
const API = '/api-v2-bpr';

export async function runPlacementPreviewBenchmarks(log: Log, dialect: 'sqlite' | 'postgres' = 'sqlite'): Promise<PlacementPreviewFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'berjangka-bench-placement-'));
  const databaseUrl = dialect === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  if (dialect === 'postgres' && !databaseUrl) throw new Error('BENCH_DATABASE_URL is unset');
  const schema = `bench_placement_${process.pid}`;
  if (databaseUrl) {
    const admin = await pgClient(databaseUrl);
    await admin.query(`create schema if not exists ${schema}`);
    await admin.end();
  }
  const started = performance.now();
  const server = await buildServer({ env: {}, config: { dataDir, logLevel: 'warn', ...(databaseUrl ? { databaseUrl } : {}) }, ...(databaseUrl ? { pgSchema: schema } : {}), seed: true });
  try {
    log(`  ${dialect}: migrated and seeded the demo in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const call = async (path: string, init: RequestInit = {}) => server.app.request(`${API}${path}`, init);
    const login = await call('/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'operator@bpr-demo.test', password: 'Berjangka#2026' }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };

    const db = server.database.db;
    const bank = await db.selectFrom('banks').select('id').where('name', '=', 'BPR Demo Sejahtera').executeTakeFirstOrThrow();
    // Customers with deposits (their tax standing is summed), and the bank's active products with their tenors today.
    const customers = await db.selectFrom('customers').select('id').where('bank_id', '=', bank.id).execute();
    const productsAnswer = (await (await server.app.request(`/api-v1/deposito/all-product`, { headers: { authorization: token } })).json()) as {
      data: Array<{ id: string; active: boolean; interestPayment: string; instructions: string[]; minAmount: number; maxAmount: number | null; tenors: Array<{ tenorMonths: number }> }>;
    };
    const products = productsAnswer.data.filter((product) => product.active && product.tenors.length > 0);
    const random = generator(20_261_126);
    const pick = <T>(rows: readonly T[]) => rows[Math.floor(random() * rows.length)]!;
    const today = jakartaDate(server.clock.now());
    const queries = Array.from({ length: WARM_UP + RUNS }, () => {
      const product = pick(products);
      const ceiling = product.maxAmount ?? product.minAmount * 100;
      const amount = Math.round((product.minAmount + random() * (ceiling - product.minAmount)) / 1_000_000) * 1_000_000 || product.minAmount;
      return new URLSearchParams({
        customerId: pick(customers).id,
        productId: product.id,
        tenorMonths: String(pick(product.tenors).tenorMonths),
        amount: String(Math.max(amount, product.minAmount)),
        depositDate: addDays(today, Math.floor(random() * 10)),
        maturityInstruction: pick(product.instructions),
        interestPayment: product.interestPayment,
      }).toString();
    });

    const samples: number[] = [];
    let failures = 0;
    for (const [index, query] of queries.entries()) {
      const begun = performance.now();
      const answer = await call(`/deposito/placement/preview?${query}`, { headers });
      await answer.arrayBuffer();
      const elapsed = performance.now() - begun;
      if (answer.status !== 200) failures += 1;
      if (index >= WARM_UP) samples.push(elapsed);
    }
    const sorted = samples.sort((a, b) => a - b);
    const figures = { dialect, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1)!, runs: samples.length };
    log(`  ${dialect}: ${figures.runs} previews after ${WARM_UP} to warm up — p50 ${figures.p50.toFixed(2)} ms · p95 ${figures.p95.toFixed(2)} ms (budget ${BUDGET_MS} ms) · max ${figures.max.toFixed(2)} ms${failures > 0 ? ` · ${failures} answered other than 200` : ''}`);
    return figures;
  } finally {
    if (databaseUrl) await server.database.db.schema.dropSchema(schema).ifExists().cascade().execute().catch(() => undefined);
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const log = (line: string) => console.log(line);
  console.log('Placement preview (GET /deposito/placement/preview), budget p95 ≤ 20 ms');
  await runPlacementPreviewBenchmarks(log, 'sqlite');
  if (process.env.BENCH_DATABASE_URL) await runPlacementPreviewBenchmarks(log, 'postgres');
}
