/**
 * Issue 21's counter: the daily accrual of one month (March 2026) over 1,000,000 running
 * installments spread over 6 products, as the journal's month would ask it. Prints how long
 * dailyAccruals and payableAt take and the heap used (process.memoryUsage().heapUsed) around
 * them. Figures, never pass/fail.
 *
 *   npx tsx bench/ledger-accrual.ts
 *   import { runLedgerAccrualBenchmark } from './ledger-accrual'  (from bench/run.ts)
 */
import { fileURLToPath } from 'node:url';
import { addDays, interestBetween, type IsoDate } from '../machines/deposit-rules';
import { dailyAccruals, payableAt, type AccruingInstallment } from '../machines/ledger-rules';
import { cpuReferenceMs, generator } from './sampling';

type Log = (line: string) => void;

export interface LedgerAccrualFigures {
  items: number;
  rows: number;
  dailyAccrualsMs: number[];
  payableAtMs: number;
  heapItemsMb: number;
  heapAfterMb: number;
}

const ITEMS = Number(process.env.BENCH_LEDGER_ITEMS ?? 1_000_000);
const PRODUCTS = ['prod-1m', 'prod-3m', 'prod-6m', 'prod-12m', 'prod-24m', 'prod-aro'];
const FROM = '2026-03-01';
const TO = '2026-03-31';
const RUNS = 3;

const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;

/**
 * Monthly installments whose windows start between 1 January and 30 April: some ended and
 * posted before March, some posted in March (their gross is the month's outflow), some running
 * past it, a few broken mid-window, some starting after it.
 */
function buildInstallments(count: number): { items: AccruingInstallment[]; outflows: Map<string, Map<IsoDate, number>> } {
  const random = generator(21);
  // One string per calendar day, shared as rows read from a database would share few values.
  const days = Array.from({ length: 160 }, (_, i) => addDays('2026-01-01', i));
  const items: AccruingInstallment[] = new Array(count);
  const outflows = new Map<string, Map<IsoDate, number>>(PRODUCTS.map((id) => [id, new Map()]));
  for (let i = 0; i < count; i += 1) {
    const productId = PRODUCTS[i % PRODUCTS.length]!;
    const principal = 1_000_000 * (1 + Math.floor(random() * 2_000));
    const rateBps = 300 + 25 * Math.floor(random() * 20);
    const startAt = Math.floor(random() * 120);
    const length = 28 + Math.floor(random() * 4);
    const accrualStart = days[startAt]!;
    let accrualEnd = days[startAt + length]!;
    let leaves: IsoDate | null = null;
    const fate = random();
    if (fate < 0.05 && length > 10) {
      // Broken on day 10 of its window, the payout marked paid two days later.
      accrualEnd = days[startAt + 10]!;
      leaves = days[startAt + 12]!;
    } else if (fate < 0.95) {
      // Posted on its pay date, or a day or two later when that falls on a weekend.
      leaves = days[startAt + length + Math.floor(random() * 3)]!;
    }
    items[i] = { productId, principal, rateBps, accrualStart, accrualEnd, leaves };
    if (leaves !== null && leaves >= FROM && leaves <= TO) {
      const byDay = outflows.get(productId)!;
      byDay.set(leaves, (byDay.get(leaves) ?? 0) + interestBetween(principal, rateBps, accrualStart, accrualEnd));
    }
  }
  return { items, outflows };
}

export async function runLedgerAccrualBenchmark(log: Log): Promise<LedgerAccrualFigures> {
  log(`  cpu reference: ${cpuReferenceMs().toFixed(0)} ms`);
  const heapBefore = heapMb();
  const built = performance.now();
  const { items, outflows } = buildInstallments(ITEMS);
  const heapItemsMb = heapMb();
  log(`  built ${ITEMS.toLocaleString('en')} installments over ${PRODUCTS.length} products in ${((performance.now() - built) / 1000).toFixed(1)} s; heap ${heapBefore.toFixed(0)} → ${heapItemsMb.toFixed(0)} MB`);

  const dailyAccrualsMs: number[] = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const result = dailyAccruals(items, outflows, FROM, TO);
    dailyAccrualsMs.push(performance.now() - started);
    rows = result.length;
    log(`  dailyAccruals ${FROM}..${TO} run ${run + 1}: ${dailyAccrualsMs.at(-1)!.toFixed(0)} ms, ${rows} rows, heap ${heapMb().toFixed(0)} MB`);
  }
  const started = performance.now();
  const payable = payableAt(items, TO);
  const payableAtMs = performance.now() - started;
  log(`  payableAt ${TO}: ${payableAtMs.toFixed(0)} ms (${[...payable].map(([id, rupiah]) => `${id} ${rupiah.toLocaleString('id-ID')}`).join(', ')})`);
  const heapAfterMb = heapMb();
  log(`  heap used at the end: ${heapAfterMb.toFixed(0)} MB`);
  return { items: ITEMS, rows, dailyAccrualsMs, payableAtMs, heapItemsMb, heapAfterMb };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`Ledger accrual: ${ITEMS.toLocaleString('en')} installments, one month (figures only)`);
  await runLedgerAccrualBenchmark((line) => console.log(line));
}
