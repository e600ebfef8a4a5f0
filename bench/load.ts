/**
 * Issue 8's load benchmark: the real server started as `npm start` starts it (a child process
 * running server/start.ts with demo data, LOG_LEVEL unset = 'info', its log lines written to a
 * file as a process manager would collect them), loaded over HTTP by autocannon (its own process)
 * on the deposit list and a deposit's detail at 50 and 200 connections for 20 s each, with the
 * same server's GET /healthz as the ceiling. On SQLite and, with BENCH_DATABASE_URL, PostgreSQL.
 * Figures against the budget (no errors or timeouts at 200 connections, p99 ≤ 100 ms at 50);
 * never pass/fail.
 *
 *   npx tsx bench/load.ts [sqlite] [postgres]          (both when BENCH_DATABASE_URL is set)
 *   BENCH_LOAD_SECONDS=5 BENCH_LOAD_CONNECTIONS=50,100,200 npx tsx bench/load.ts sqlite
 *   BENCH_LOAD_PROFILE=1 npx tsx bench/load.ts sqlite  (the server runs with --cpu-prof; the
 *                                                       .cpuprofile lands in its data directory)
 *   import { runLoadBenchmarks } from './load'          (from bench/run.ts)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgClient } from './deposits-dataset-pg';
import { serverNodeFlags } from '../tests/support/server-node-flags';

type Log = (line: string) => void;
export type LoadDialect = 'sqlite' | 'postgres';
export type LoadTarget = 'healthz' | 'list' | 'detail';

export interface LoadRun {
  target: LoadTarget;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Share of one core the server process used during the run (user + system). */
  serverCpu: number;
  /** The same for autocannon: on 2 cores the load generator competes with the server. */
  clientCpu: number;
  /** PostgreSQL: the same for the database's backends serving the server's pool. */
  databaseCpu?: number;
}

export interface LoadFigures {
  dialect: LoadDialect;
  deposits: number;
  runs: LoadRun[];
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const AUTOCANNON = join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const CONNECTIONS = (process.env.BENCH_LOAD_CONNECTIONS ?? '50,200').split(',').map(Number);
const WARM_UP_SECONDS = Number(process.env.BENCH_LOAD_WARM_UP ?? 5);
const DEMO_ADMIN = 'admin@bpr-demo.test';
const DEMO_PASSWORD = 'Berjangka#2026';
const LIST_PATH = '/api-v2-bpr/invoice/all-deposito?page=1&limit=20';

function dataDirOf(dialect: LoadDialect): string {
  return join(process.env.BENCH_DATA_DIR ? join(process.env.BENCH_DATA_DIR, '..') : tmpdir(), `berjangka-bench-load-${dialect}`);
}

/**
 * PostgreSQL: a database of its own next to BENCH_DATABASE_URL's (`<name>_load`, made here, in
 * its `public` schema), because `npm start` has no schema setting — and a search_path given in
 * DATABASE_URL does not do: Kysely's migrator finds its tables in the 1,000,000-deposit schema of
 * the bench database and then fails to lock them in the search_path's.
 */
function loadDatabase(): Promise<string> {
  return siblingDatabase('load', process.env.BENCH_FRESH === '1');
}

/** `<BENCH_DATABASE_URL's database>_<suffix>`, made when missing (dropped first when `fresh`); its URL. */
export async function siblingDatabase(suffix: string, fresh: boolean): Promise<string> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) throw new Error('BENCH_DATABASE_URL is unset');
  const url = new URL(base);
  const name = `${decodeURIComponent(url.pathname.slice(1))}_${suffix}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unusable database name ${name}`);
  const maintenance = new URL(base);
  maintenance.pathname = '/postgres';
  const admin = await pgClient(maintenance.toString());
  try {
    if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface StartedServer {
  url: string;
  /** PostgreSQL: the database the server works in (its backends' CPU is measured). */
  databaseUrl?: string;
  child: ChildProcess;
  logFile: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * `npm start` in a child process: `node --import tsx server/start.ts` (what the tsx binary runs),
 * with a fresh-or-reused DATA_DIR, PORT, and for PostgreSQL a database of its own. The first
 * start seeds the demo data (and builds dist/ if it is missing). Other benchmarks give their own
 * DATA_DIR and database (`place`) and more of the environment (`env`); `settle: false` returns as
 * soon as it answers /healthz.
 */
export async function startServerProcess(dialect: LoadDialect, log: Log, place: { dataDir?: string; databaseUrl?: string; env?: Record<string, string>; profile?: boolean; settle?: boolean } = {}): Promise<StartedServer> {
  const dataDir = place.dataDir ?? dataDirOf(dialect);
  if (!place.dataDir && process.env.BENCH_FRESH === '1') rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  for (const name of ['LOG_LEVEL', 'DATABASE_URL', 'VITEST', 'NODE_OPTIONS']) delete env[name];
  Object.assign(env, place.env);
  if (dialect === 'postgres') env.DATABASE_URL = place.databaseUrl ?? (await loadDatabase());
  const logFile = join(dataDir, 'server.log');
  const fd = openSync(logFile, 'w');
  const nodeFlags = (place.profile ?? process.env.BENCH_LOAD_PROFILE === '1') ? ['--cpu-prof', `--cpu-prof-dir=${join(dataDir, 'profiles')}`] : [];
  const child = spawn(process.execPath, [...serverNodeFlags(), ...nodeFlags, '--import', 'tsx', 'server/start.ts'], { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz within 5 minutes; see ${logFile}`);
    await sleep(500);
  }
  // The catch-up run of the daily job starts with the server: wait until the log is quiet
  // (unless the caller times what the server does from its start).
  let size = place.settle === false ? statSync(logFile).size : -1;
  while (statSync(logFile).size !== size) {
    size = statSync(logFile).size;
    await sleep(3000);
  }
  log(`  server: ${dialect === 'postgres' ? `PostgreSQL (${new URL(env.DATABASE_URL!).pathname.slice(1)})` : 'SQLite'}, data ${dataDir}, log ${logFile}${nodeFlags.length ? ', --cpu-prof' : ''}`);
  return {
    url,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    child,
    logFile,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

export function cpuSeconds(pid: number): number {
  // /proc/<pid>/stat fields 14 and 15: utime and stime in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function autocannon(url: string, connections: number, seconds: number, token?: string, onExit?: (cpuSeconds: number) => void): Promise<AutocannonResult> {
  const args = [AUTOCANNON, '--json', '--connections', String(connections), '--duration', String(seconds), '--timeout', '10'];
  if (token) args.push('--headers', `authorization=Bearer ${token}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  // Its CPU time, read just before it exits (the result is printed last).
  let lastCpu = 0;
  const sampler = setInterval(() => {
    try {
      lastCpu = cpuSeconds(child.pid!);
    } catch {
      // exited
    }
  }, 250);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  onExit?.(lastCpu);
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${err}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as AutocannonResult;
}

/** CPU seconds used so far by each backend of `databaseUrl`'s database (PostgreSQL on this machine). */
export async function backendCpu(databaseUrl: string): Promise<Map<number, number>> {
  const client = await pgClient(databaseUrl);
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    const used = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        used.set(pid, cpuSeconds(pid));
      } catch {
        // ended meanwhile
      }
    }
    return used;
  } finally {
    await client.end();
  }
}

/** PostgreSQL's backends' CPU (cores busy) since `before` (backendCpu's reading) over `seconds`; undefined on SQLite. */
export async function databaseCpuSince(databaseUrl: string | undefined, before: Map<number, number> | undefined, seconds: number): Promise<number | undefined> {
  if (!databaseUrl || !before) return undefined;
  let used = 0;
  for (const [backend, cpu] of await backendCpu(databaseUrl)) used += cpu - (before.get(backend) ?? 0);
  return used / seconds;
}

async function measure(server: StartedServer, target: LoadTarget, path: string, connections: number, token: string | undefined): Promise<LoadRun> {
  const pid = server.child.pid!;
  const databaseBefore = server.databaseUrl ? await backendCpu(server.databaseUrl) : undefined;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  let clientCpuSeconds = 0;
  const result = await autocannon(`${server.url}${path}`, connections, SECONDS, token, (used) => (clientCpuSeconds = used));
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu = (cpuSeconds(pid) - cpuBefore) / elapsed;
  const databaseCpu = await databaseCpuSince(server.databaseUrl, databaseBefore, elapsed);
  return {
    target,
    connections,
    seconds: SECONDS,
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    serverCpu,
    clientCpu: clientCpuSeconds / elapsed,
    ...(databaseCpu !== undefined ? { databaseCpu } : {}),
  };
}

function describe(run: LoadRun): string {
  const budget =
    run.connections === 50 && run.target !== 'healthz'
      ? `   (budget p99 ≤ 100 ms: ${run.p99 <= 100 ? 'within budget' : 'OVER budget'})`
      : run.connections === 200 && run.target !== 'healthz'
        ? `   (budget no errors or timeouts: ${run.errors + run.timeouts === 0 ? 'within budget' : 'OVER budget'})`
        : '';
  return (
    `    ${run.target.padEnd(7)} ${String(run.connections).padStart(3)} conn: ${run.reqPerSec.toFixed(0).padStart(5)} req/s, ` +
    `p50 ${run.p50} ms, p90 ${run.p90} ms, p99 ${run.p99} ms, max ${run.max} ms, ${run.errors} errors, ${run.timeouts} timeouts, ${run.non2xx} non-2xx; ` +
    `CPU server ${(run.serverCpu * 100).toFixed(0)}% (${((run.serverCpu / run.reqPerSec) * 1e6).toFixed(0)} µs a request)` +
    (run.databaseCpu !== undefined ? `, PostgreSQL ${(run.databaseCpu * 100).toFixed(0)}% (${((run.databaseCpu / run.reqPerSec) * 1e6).toFixed(0)} µs)` : '') +
    `, autocannon ${(run.clientCpu * 100).toFixed(0)}%${budget}`
  );
}

async function loadOneDialect(dialect: LoadDialect, log: Log): Promise<LoadFigures> {
  const server = await startServerProcess(dialect, log);
  try {
    const login = await fetch(`${server.url}/api-v2-bpr/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN, password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const list = (await (await fetch(`${server.url}${LIST_PATH}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: Array<{ id: string }>;
      meta: { total: number };
    };
    const depositId = list.data[0]?.id;
    if (!depositId) throw new Error('the demo bank has no deposits');
    const detailPath = `/api-v2-bpr/deposito/${depositId}`;
    log(`  ${list.meta.total.toLocaleString('id-ID')} deposits in the demo bank; list ${LIST_PATH}, detail ${detailPath}; ${SECONDS} s per run, autocannon in its own process`);

    // Warm-up (not measured): JIT, statement caches, the database's pages.
    for (const path of [LIST_PATH, detailPath]) await autocannon(`${server.url}${path}`, 50, WARM_UP_SECONDS, token);

    const runs: LoadRun[] = [];
    for (const connections of CONNECTIONS) {
      for (const [target, path, auth] of [
        ['healthz', '/healthz', undefined],
        ['list', LIST_PATH, token],
        ['detail', detailPath, token],
      ] as const) {
        const run = await measure(server, target, path, connections, auth);
        runs.push(run);
        log(describe(run));
        await sleep(2000);
      }
    }
    return { dialect, deposits: list.meta.total, runs };
  } finally {
    await server.stop();
  }
}

export async function runLoadBenchmarks(log: Log = console.log, dialects?: LoadDialect[]): Promise<LoadFigures[]> {
  if (!existsSync(AUTOCANNON)) throw new Error('autocannon is not installed (npm install)');
  const chosen = dialects ?? (process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']);
  const figures: LoadFigures[] = [];
  for (const dialect of chosen) {
    log(`  --- ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ---`);
    figures.push(await loadOneDialect(dialect, log));
  }
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const asked = process.argv.slice(2).filter((arg): arg is LoadDialect => arg === 'sqlite' || arg === 'postgres');
  await runLoadBenchmarks(console.log, asked.length > 0 ? asked : undefined);
}
