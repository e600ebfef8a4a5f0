/**
 * The reports' benchmark dataset (issue 11): issue 4's 1,000,000 deposits (bench/deposits-dataset.ts)
 * in a copy of their own, with what a month of reports reads and that dataset leaves out — every
 * deposit's first period, rollovers, the payouts of closed deposits, the month's interest
 * installments — so every report of November 2026 has a real month behind it:
 *
 * - one in six of the ARO/ARO+ deposits running since November rolled over then (period 2, the
 *   first period one tenor earlier): ~25,000 renewals in the month;
 * - every other deposit gets its first period from its own row;
 * - closed deposits were paid out the day after maturity, one in ten by an early withdrawal at
 *   mid-term with its interest, tax and penalty; disbursing deposits wait for their payout;
 * - held MONTHLY deposits placed before November have November's installment, with 20% tax
 *   unless their customer's active principal is at most Rp 7.500.000 (due from the 25th, paid before).
 *
 * The base dataset is copied file for file and never opened here (the migrations would change it
 * under the other benchmarks); the copy is migrated by the real server start, then filled with
 * plain SQL on one connection. Reused unless BENCH_REPORTS_FRESH=1, which rebuilds this copy only:
 * BENCH_FRESH=1 is the base dataset's own switch (it deletes and regenerates it for every
 * benchmark that uses it), and is left to those.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pino from 'pino';
import { buildServer } from '../server/main';
import { DEPOSIT_COUNT, ensureDataset, type Dataset } from './deposits-dataset';

/** The month the reports are drawn for, and the day they are drawn (the next day's daily job has run). */
export const REPORT_PERIOD = '2026-11';
export const REPORT_TODAY = '2026-12-01';

const MARKER = 'reports-dataset-v1.json';

export function reportsDatasetDir(): string {
  return process.env.BENCH_REPORTS_DATA_DIR ?? join(tmpdir(), `berjangka-bench-reports-${DEPOSIT_COUNT}`);
}

const ID = "lower(hex(randomblob(16)))";

/** The statements that add the month behind the reports, in order. */
const FILL = [
  // Rollovers in November: the period running now is the second; the first ended when it began.
  `create temp table rolled as
     select id from deposits
      where status in ('active', 'breakRequested') and period_start between '2026-11-01' and '2026-11-30'
        and maturity_instruction <> 'PAYOUT' and rowid % 6 = 0`,
  `insert into deposit_periods (id, deposit_id, period_number, period_start, maturity_date, amount, rate_bps, tenor_months, maturity_instruction, started_by, created_at)
     select ${ID}, d.id, 2, d.period_start, d.maturity_date, d.amount, d.rate_bps, d.tenor_months, d.maturity_instruction, 'rollover', d.created_at
       from deposits d join rolled r on r.id = d.id`,
  `update deposits set period_number = 2,
          deposit_date = date(period_start, '-' || tenor_months || ' months'),
          placement_date = date(period_start, '-' || tenor_months || ' months')
    where id in (select id from rolled)`,
  `insert into deposit_periods (id, deposit_id, period_number, period_start, maturity_date, amount, rate_bps, tenor_months, maturity_instruction, started_by, created_at)
     select ${ID}, d.id, 1, d.deposit_date, d.period_start, d.amount, d.rate_bps, d.tenor_months, d.maturity_instruction, 'placement', d.created_at
       from deposits d join rolled r on r.id = d.id`,
  // Everyone else's first period is the row itself.
  `insert into deposit_periods (id, deposit_id, period_number, period_start, maturity_date, amount, rate_bps, tenor_months, maturity_instruction, started_by, created_at)
     select ${ID}, d.id, 1, d.period_start, d.maturity_date, d.amount, d.rate_bps, d.tenor_months, d.maturity_instruction, 'placement', d.created_at
       from deposits d where not exists (select 1 from deposit_periods p where p.deposit_id = d.id)`,
  // Payouts: closed deposits paid the day after maturity (at the latest the report month's last
  // day), one in ten broken at mid-term; disbursing ones still waiting.
  `update deposits set
          close_reason = case when rowid % 10 = 0 then 'broken' else 'matured' end,
          disbursement_reason = case when rowid % 10 = 0 then 'broken' else 'matured' end,
          break_date = case when rowid % 10 = 0 then date(deposit_date, '+' || (tenor_months * 15) || ' days') end
    where status = 'closed'`,
  `update deposits set disbursement_reason = 'matured' where status = 'disbursing'`,
  `insert into disbursements (id, bank_id, deposit_id, kind, principal, interest, tax, penalty, amount, status, reference, paid_at, paid_by, proof_file_id, created_at, updated_at)
     select ${ID}, bank_id, id, kind, amount, interest, interest / 5, penalty, amount + interest - interest / 5 - penalty, 'paid', 'TRF-' || substr(id, 1, 8), paid_at, 'bench', null, created_at, created_at
       from (select d.*,
                    case when close_reason = 'broken' then 'break' else 'maturity' end as kind,
                    case when close_reason = 'broken' then amount * rate_bps * tenor_months * 15 / 3650000 else 0 end as interest,
                    case when close_reason = 'broken' then amount / 100 else 0 end as penalty,
                    min(date(coalesce(break_date, maturity_date), '+1 day'), '${REPORT_PERIOD}-30') as paid_at
               from deposits d where status = 'closed')`,
  `insert into disbursements (id, bank_id, deposit_id, kind, principal, interest, tax, penalty, amount, status, reference, paid_at, paid_by, proof_file_id, created_at, updated_at)
     select ${ID}, bank_id, id, 'maturity', amount, 0, 0, 0, amount, 'pending', null, null, null, null, created_at, created_at
       from deposits where status = 'disbursing'`,
  // November's installment of every held MONTHLY deposit placed before it.
  `create temp table customer_totals as
     select customer_id, sum(amount) as total from deposits where status in ('active', 'breakRequested') group by customer_id`,
  `insert into interest_installments (id, bank_id, deposit_id, period_number, sequence, period_start, period_end, pay_date, gross_interest, tax, net_interest, status, paid_at, paid_by, reference, created_at, updated_at)
     select ${ID}, bank_id, id, period_number, 100, period_start, pay_date, pay_date, gross, tax, gross - tax,
            case when pay_date < '${REPORT_PERIOD}-25' then 'paid' else 'due' end,
            case when pay_date < '${REPORT_PERIOD}-25' then pay_date end,
            case when pay_date < '${REPORT_PERIOD}-25' then 'bench' end,
            case when pay_date < '${REPORT_PERIOD}-25' then 'TRF-BUNGA' end,
            created_at, created_at
       from (select d.*, '${REPORT_PERIOD}-' || printf('%02d', min(cast(substr(d.period_start, 9, 2) as integer), 30)) as pay_date,
                    d.amount * d.rate_bps * 30 / 3650000 as gross,
                    case when coalesce(t.total, 0) > 7500000 then d.amount * d.rate_bps * 30 / 3650000 / 5 else 0 end as tax
               from deposits d left join customer_totals t on t.customer_id = d.customer_id
              where d.interest_payment = 'MONTHLY' and d.status in ('active', 'breakRequested')
                and d.period_start < '${REPORT_PERIOD}-01')`,
  'analyze',
];

export async function ensureReportsDataset(log: (line: string) => void = console.log): Promise<Dataset> {
  const dataDir = reportsDatasetDir();
  const marker = join(dataDir, MARKER);
  if (existsSync(marker) && process.env.BENCH_REPORTS_FRESH !== '1') {
    log(`  reports dataset reused from ${dataDir} (BENCH_REPORTS_FRESH=1 rebuilds it from the base dataset)`);
    return JSON.parse(readFileSync(marker, 'utf8')) as Dataset;
  }
  const base = await ensureDataset(log);
  if (base.dialect === 'postgres') throw new Error('the reports dataset is built from the SQLite dataset');
  const started = performance.now();
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  for (const name of ['berjangka.sqlite', 'berjangka.sqlite-wal', 'jwt-secret']) {
    if (existsSync(join(base.dataDir, name))) copyFileSync(join(base.dataDir, name), join(dataDir, name));
  }
  // Today's schema (this branch's migrations) on the copy, as the server would migrate it.
  const server = await buildServer({ env: {}, config: { dataDir, databaseUrl: undefined }, logger: pino({ level: 'silent' }), argon2: { memoryCost: 256, timeCost: 1, parallelism: 1 }, seed: false });
  await server.close();
  const migrated = performance.now();

  const sqlite = new BetterSqlite3(join(dataDir, 'berjangka.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  const counts: string[] = [];
  sqlite.transaction(() => {
    for (const statement of FILL) {
      const result = sqlite.prepare(statement).run();
      if (/^\s*(insert|update)/i.test(statement)) counts.push(String(result.changes));
    }
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();

  const dataset: Dataset = { dataDir, bankId: base.bankId, deposits: base.deposits, dialect: 'sqlite' };
  writeFileSync(marker, JSON.stringify(dataset));
  log(
    `  reports dataset: the ${base.deposits.toLocaleString('id-ID')}-deposit dataset copied and migrated in ${((migrated - started) / 1000).toFixed(1)} s, ` +
      `filled in ${((performance.now() - migrated) / 1000).toFixed(1)} s (rows written per statement: ${counts.join(', ')}) in ${dataDir}`,
  );
  return dataset;
}
