import { isIsoDate } from '../../machines/deposit-rules';

const USAGE = 'Pemakaian: npm run jobs -- daily [--date=YYYY-MM-DD]   (tanggal bisnis Asia/Jakarta; bawaan: hari ini)';

/** `daily [--date=YYYY-MM-DD]` → the job and its business date (default `today`), or an Indonesian error. */
export function parseJobArgs(argv: readonly string[], today: string): { job: 'daily'; date: string } | { error: string } {
  const [job, ...rest] = argv;
  if (job !== 'daily') return { error: job ? `Proses "${job}" tidak dikenal.\n${USAGE}` : USAGE };
  let date = today;
  for (const arg of rest) {
    const match = /^--date=(.*)$/.exec(arg);
    if (!match) return { error: `Argumen "${arg}" tidak dikenal.\n${USAGE}` };
    date = match[1]!;
  }
  if (!isIsoDate(date)) return { error: `Tanggal "${date}" tidak valid; gunakan format YYYY-MM-DD, misalnya 2026-03-05.` };
  return { job, date };
}

