/**
 * `npm run bench`: every benchmark in turn, each printing its figures against its budget.
 * Figures, never pass/fail. Later issues append their benchmarks to BENCHMARKS.
 */
import { measureBundle, printBundleReport } from './bundle-size';
import { runDepositBenchmarks } from './deposits';

interface Benchmark {
  name: string;
  run(log: (line: string) => void): Promise<void>;
}

const BENCHMARKS: Benchmark[] = [
  {
    name: 'Bundle size: JavaScript the /login route loads first (gzip, budget 150 KB)',
    run: async (log) => {
      const report = await measureBundle();
      printBundleReport(report, log);
      // /login also fetches its lazily loaded screen right after the entry: count it too.
      const login = report.onDemand.find((lazy) => lazy.entry === 'src/features/auth/LoginScreen.tsx');
      if (login) {
        const total = (report.firstLoadGzip + login.gzip) / 1024;
        log(`\n  ${total.toFixed(1)} KB  entry + the login screen's own chunks (what /login needs before it can be used)`);
      }
    },
  },
  {
    name: 'Deposits on 1,000,000 rows (SQLite): list pages, status counts, 100,000-row Excel export, daily job with 5,000 maturities',
    run: async (log) => {
      await runDepositBenchmarks(log);
    },
  },
];

const only = process.argv.slice(2);
for (const benchmark of BENCHMARKS) {
  if (only.length > 0 && !only.some((word) => benchmark.name.toLowerCase().includes(word.toLowerCase()))) continue;
  console.log(`\n=== ${benchmark.name} ===\n`);
  const started = performance.now();
  await benchmark.run((line) => console.log(line));
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
