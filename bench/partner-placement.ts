/**
 * Issue 19's placement benchmark: a channel partner placing deposits through the partner API over
 * 50 connections. The real server is started as `npm start` starts it (a child process with the
 * start script's node flags, a fresh demo: its demo partner DEMO-MITRA and
 * DATA_DIR/demo-partner.json); this process is the partner (tools/partner-simulator.ts's client):
 * one access token, then every call signed (HMAC-SHA512), each POST /v1.0/deposito/placement
 * with its own X-EXTERNAL-ID and partnerReferenceNo, a new customer inline with a NIK that agrees
 * with their birth date and gender, at today's rate from GET /v1.0/products. After a warm-up, two
 * runs: flat out (each connection sends its next placement when it has its answer: the most the
 * server does, and there every placement waits behind the 49 others, so its time is 50 ÷ the
 * rate) and at 300 a second (one due every 1/300 s, each timed from when it was due). On SQLite
 * and, with BENCH_DATABASE_URL, PostgreSQL (a database of its own beside it, `<name>_partner`,
 * made afresh). Figures against the budget (SQLite: ≥ 300 placements/s, and p99 ≤ 100 ms at
 * 300/s); never pass/fail.
 *
 *   npx tsx bench/partner-placement.ts [sqlite] [postgres]      (both when BENCH_DATABASE_URL is set)
 *   BENCH_PARTNER_SECONDS=20 BENCH_PARTNER_CONNECTIONS=50 BENCH_PARTNER_RATE=300 BENCH_PARTNER_WARM_UP=5
 *                                                               (BENCH_PARTNER_RATE=0: flat out only)
 *   BENCH_LOAD_PROFILE=1 npx tsx bench/partner-placement.ts sqlite   (the server runs with --cpu-prof)
 *   import { runPartnerPlacementBenchmarks } from './partner-placement'   (from bench/run.ts)
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleCustomer, snapClient, type PartnerCredentials } from '../tools/partner-simulator';
import { backendCpu, cpuSeconds, databaseCpuSince, siblingDatabase, startServerProcess, type LoadDialect, type StartedServer } from './load';
import { cpuReferenceMs, generator, percentile } from './sampling';

type Log = (line: string) => void;

/** One run: closed loop (`rate` undefined: as fast as the connections go) or open loop at `rate` a second. */
export interface PlacementRun {
  dialect: LoadDialect;
  connections: number;
  rate?: number;
  seconds: number;
  placed: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /**
   * At a rate: how late this process itself woke to send a placement that was due while a
   * connection was free (its own event loop's delay, p99), which counts in the placements' times.
   */
  partnerLateP99?: number;
  /** Answers other than 200 / 2009100, and calls that got no answer, by what they were. */
  errors: Record<string, number>;
  /** Share of one core the server used (user + system). */
  serverCpu: number;
  /** PostgreSQL: the same for its backends serving the server's pool. */
  databaseCpu?: number;
  /** This process, the partner: building, signing and sending. */
  clientCpu: number;
}

const SECONDS = Number(process.env.BENCH_PARTNER_SECONDS ?? 20);
const WARM_UP_SECONDS = Number(process.env.BENCH_PARTNER_WARM_UP ?? 5);
const CONNECTIONS = Number(process.env.BENCH_PARTNER_CONNECTIONS ?? 50);
const RATE = Number(process.env.BENCH_PARTNER_RATE ?? 300);
const PLACEMENT = '/v1.0/deposito/placement';

interface Offer {
  date: string;
  products: Array<{ productCode: string; interestPayment: string; minAmount: number; maturityInstructions: string[]; tenors: Array<{ tenorMonths: number; rateBps: number }> }>;
}

/**
 * Placements over `connections` connections for `seconds`, each one's time from when it was due
 * to its parsed answer. Without `rate`, each connection sends its next as soon as it has its
 * answer (closed loop: the most the server does). With `rate`, one is due every 1/rate s
 * whether or not the server kept up (open loop, as partners' customers arrive): one that finds
 * every connection busy waits for one, and that wait counts in its time.
 */
async function placeFor(client: ReturnType<typeof snapClient>, bankCode: string, offer: Offer, tag: string, options: { connections: number; seconds: number; rate?: number }) {
  const random = generator(options.connections * 7919 + options.seconds);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const products = offer.products.filter((product) => product.tenors.length > 0);
  const latencies: number[] = [];
  const lateness: number[] = [];
  const errors: Record<string, number> = {};
  let sequence = 0;
  const start = performance.now();
  const end = start + options.seconds * 1000;
  const loop = async () => {
    for (;;) {
      const ticket = sequence;
      sequence += 1;
      const due = options.rate ? start + (ticket * 1000) / options.rate : performance.now();
      if (due >= end) return;
      if (due > performance.now()) {
        await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
        lateness.push(performance.now() - due);
      }
      const product = pick(products);
      const tenor = pick(product.tenors);
      const reference = `BENCH-${tag}-${ticket}`;
      const body = {
        bankCode,
        partnerReferenceNo: reference,
        customer: sampleCustomer(),
        productCode: product.productCode,
        tenorMonths: tenor.tenorMonths,
        amount: Math.max(product.minAmount, (10 + Math.floor(random() * 190)) * 1_000_000),
        maturityInstruction: pick(product.maturityInstructions),
        interestPayment: product.interestPayment,
        rateBps: tenor.rateBps,
        funding: { reference: `VA-${reference}`, paidAt: offer.date },
      };
      try {
        const answer = await client.call('POST', PLACEMENT, body);
        if (answer.status === 200 && answer.body.responseCode === '2009100') latencies.push(performance.now() - due);
        else {
          const what = `HTTP ${answer.status} ${answer.body.responseCode ?? ''} ${answer.body.responseMessage ?? ''}`.trim();
          errors[what] = (errors[what] ?? 0) + 1;
        }
      } catch (error) {
        const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        errors[what] = (errors[what] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  return { latencies: latencies.sort((a, b) => a - b), lateness: lateness.sort((a, b) => a - b), errors, elapsed: (performance.now() - start) / 1000 };
}

async function measure(server: StartedServer, dialect: LoadDialect, run: () => Promise<{ latencies: number[]; lateness: number[]; errors: Record<string, number>; elapsed: number }>, rate?: number): Promise<PlacementRun> {
  const pid = server.child.pid!;
  const databaseBefore = server.databaseUrl ? await backendCpu(server.databaseUrl) : undefined;
  const serverBefore = cpuSeconds(pid);
  const clientBefore = process.cpuUsage();
  const { latencies, lateness, errors, elapsed } = await run();
  const serverCpu = (cpuSeconds(pid) - serverBefore) / elapsed;
  const clientUsed = process.cpuUsage(clientBefore);
  const databaseCpu = await databaseCpuSince(server.databaseUrl, databaseBefore, elapsed);
  return {
    dialect,
    connections: CONNECTIONS,
    ...(rate ? { rate } : {}),
    seconds: elapsed,
    placed: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1)!,
    errors,
    ...(lateness.length > 0 ? { partnerLateP99: percentile(lateness, 0.99) } : {}),
    serverCpu,
    ...(databaseCpu !== undefined ? { databaseCpu } : {}),
    clientCpu: (clientUsed.user + clientUsed.system) / 1e6 / elapsed,
  };
}

async function benchOneDialect(dialect: LoadDialect, log: Log): Promise<PlacementRun[]> {
  const dataDir = join(tmpdir(), `berjangka-bench-partner-${dialect}`);
  rmSync(dataDir, { recursive: true, force: true });
  const databaseUrl = dialect === 'postgres' ? await siblingDatabase('partner', true) : undefined;
  const server = await startServerProcess(dialect, log, { dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    const credentials = JSON.parse(readFileSync(join(dataDir, 'demo-partner.json'), 'utf8')) as PartnerCredentials;
    const bank = credentials.banks[0]!;
    const client = snapClient(server.url, credentials);
    const answer = await client.call('GET', `/v1.0/products?bankCode=${encodeURIComponent(bank.bankCode)}`);
    if (answer.status !== 200) throw new Error(`GET /v1.0/products answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const offer = answer.body as unknown as Offer;
    log(`  ${bank.name} as DEMO-MITRA; ${CONNECTIONS} connections; ${WARM_UP_SECONDS} s warm-up, then ${SECONDS} s as fast as they go and ${SECONDS} s at ${RATE} a second`);

    log(`  machine reference: ${cpuReferenceMs().toFixed(0)} ms (bench/sampling.ts; ~125 ms when this machine is quiet)`);
    // Warm-up (not measured): JIT, statement caches, the connections.
    await placeFor(client, bank.bankCode, offer, 'warm', { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
    const runs: PlacementRun[] = [];
    for (const rate of RATE > 0 ? [undefined, RATE] : [undefined]) {
      const run = await measure(server, dialect, () => placeFor(client, bank.bankCode, offer, rate ? `rate${rate}` : 'closed', { connections: CONNECTIONS, seconds: SECONDS, ...(rate ? { rate } : {}) }), rate);
      for (const line of describePlacements(run)) log(line);
      runs.push(run);
    }
    return runs;
  } finally {
    await server.stop();
  }
}

export function describePlacements(run: PlacementRun): string[] {
  const errorCount = Object.values(run.errors).reduce((sum, count) => sum + count, 0);
  const within = run.rate ? run.perSecond >= 0.98 * run.rate && run.p99 <= 100 : run.perSecond >= 300;
  const budget = run.dialect === 'sqlite' ? `   (budget ${run.rate ? 'at 300/s: p99 ≤ 100 ms' : '≥ 300/s'}: ${within ? 'within budget' : 'OVER budget'})` : '';
  const perPlacement = (share: number) => `${((share / run.perSecond) * 1e6).toFixed(0)} µs a placement`;
  return [
    `    ${(run.rate ? `at ${run.rate}/s` : 'flat out').padEnd(10)} ${run.placed.toLocaleString('en-US')} placements in ${run.seconds.toFixed(1)} s: ${run.perSecond.toFixed(0)}/s, ` +
      `p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, max ${run.max.toFixed(1)} ms, ${errorCount} errors${budget}`,
    `               CPU: server ${(run.serverCpu * 100).toFixed(0)}% (${perPlacement(run.serverCpu)})` +
      (run.databaseCpu !== undefined ? `, PostgreSQL ${(run.databaseCpu * 100).toFixed(0)}% (${perPlacement(run.databaseCpu)})` : '') +
      `, the partner (this process) ${(run.clientCpu * 100).toFixed(0)}%` +
      (run.partnerLateP99 !== undefined ? `, late to send by ${run.partnerLateP99.toFixed(1)} ms (p99)` : ''),
    ...Object.entries(run.errors).map(([what, count]) => `               error ×${count}: ${what}`),
  ];
}

export async function runPartnerPlacementBenchmarks(log: Log = console.log, dialects?: LoadDialect[]): Promise<PlacementRun[]> {
  const chosen = dialects ?? (process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']);
  const runs: PlacementRun[] = [];
  for (const dialect of chosen) {
    log(`  --- ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ---`);
    runs.push(...(await benchOneDialect(dialect, log)));
  }
  return runs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const asked = process.argv.slice(2).filter((arg): arg is LoadDialect => arg === 'sqlite' || arg === 'postgres');
  await runPartnerPlacementBenchmarks(console.log, asked.length > 0 ? asked : undefined);
}
