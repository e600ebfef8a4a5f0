import { isIsoDate } from '../../machines/deposit-rules';

const USAGE = 'Pemakaian: npm run jobs -- daily [--date=YYYY-MM-DD]   (tanggal bisnis Asia/Jakarta; tanpa --date: hari-hari yang terlewat sampai hari ini)';

/**
 * `daily [--date=YYYY-MM-DD]` → the job and its business date, or an Indonesian error. Without
 * --date the date is `today` and `catchUp` is true: the days missed since the last run come first,
 * as the scheduler does (catch-up.ts); with --date only that date runs.
 */
export function parseJobArgs(argv: readonly string[], today: string): { job: 'daily'; date: string; catchUp: boolean } | { error: string } {
  const [job, ...rest] = argv;
  if (job !== 'daily') return { error: job ? `Proses "${job}" tidak dikenal.\n${USAGE}` : USAGE };
  let date = today;
  let catchUp = true;
  for (const arg of rest) {
    const match = /^--date=(.*)$/.exec(arg);
    if (!match) return { error: `Argumen "${arg}" tidak dikenal.\n${USAGE}` };
    date = match[1]!;
    catchUp = false;
  }
  if (!isIsoDate(date)) return { error: `Tanggal "${date}" tidak valid; gunakan format YYYY-MM-DD, misalnya 2026-03-05.` };
  return { job, date, catchUp };
}

