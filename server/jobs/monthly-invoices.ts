import { randomUUID } from 'node:crypto';
import { addDays, type IsoDate } from '../../machines/deposit-rules';
import { issueMonthlyInvoices, type InvoiceRunDeps, type InvoiceRunReport } from '../invoices/invoice-run-service';
import { MAX_CATCH_UP_DAYS } from './catch-up';
import { DAILY_JOB } from './daily';
import { claimJobRun, findJobRun, finishJobRun, whileHoldingJobLock } from './job-run-repository';

/**
 * The monthly invoice run as a follow-up of the daily job (daily-schedule.ts): the invoice of a
 * month is issued once the daily job has finished the 1st after it — by then every rollover,
 * maturity and break of the month is in the deposits, which the lines are computed from.
 *
 * Which 1sts: those within the daily job's catch-up window (catch-up.ts), so after missed days
 * the run owed on a missed 1st happens with the catch-up, and a database that never ran the job
 * on a 1st (a fresh install mid-month) bills nothing until its first 1st. Each (job, 1st) is
 * claimed in job_runs like the daily job: a finished one is never run again, and on PostgreSQL an
 * advisory lock lets one instance run it while the others skip. A run that could not bill a bank
 * (a channel with no partner or rate) ends 'failed', so the next day's follow-up runs it again and
 * bills only the banks still without the invoice (issueMonthlyInvoices skips the others).
 */

export const MONTHLY_INVOICES_JOB = 'monthly-invoices';

/** The month an invoice issued on `issuedOn` (a 1st) bills: '2026-11-01' → '2026-10'. */
export function billedMonth(issuedOn: IsoDate): string {
  return addDays(issuedOn, -1).slice(0, 7);
}

/** The 1sts from `today` back over the catch-up window, oldest first. */
export function firstsInWindow(today: IsoDate, windowDays = MAX_CATCH_UP_DAYS): IsoDate[] {
  const firsts: IsoDate[] = [];
  for (let back = windowDays - 1; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    if (day.endsWith('-01')) firsts.push(day);
  }
  return firsts;
}

interface MonthlyInvoiceOutcome {
  issuedOn: IsoDate;
  period: string;
  /** 'incomplete': some bank could not be billed; it is retried by the next run. */
  outcome: 'done' | 'incomplete' | 'already-done' | 'running-elsewhere';
  report?: InvoiceRunReport;
}

/** Runs the invoices issued on `issuedOn` unless done already (or running on another instance). */
async function runMonthlyInvoiceJob(deps: InvoiceRunDeps, issuedOn: IsoDate): Promise<MonthlyInvoiceOutcome> {
  const period = billedMonth(issuedOn);
  const locked = await whileHoldingJobLock(deps.db, MONTHLY_INVOICES_JOB, issuedOn, async (): Promise<MonthlyInvoiceOutcome> => {
    const now = () => deps.clock.now().toISOString();
    const claim = await claimJobRun(deps.db, { id: randomUUID(), job: MONTHLY_INVOICES_JOB, businessDate: issuedOn, now: now() });
    if (!claim.claimed) return { issuedOn, period, outcome: 'already-done' };
    try {
      const report = await issueMonthlyInvoices(deps, period);
      const complete = report.refused.length === 0;
      await finishJobRun(deps.db, MONTHLY_INVOICES_JOB, issuedOn, { status: complete ? 'done' : 'failed', detail: JSON.stringify(report), now: now() });
      deps.logger?.[complete ? 'info' : 'error']({ ...report, refused: report.refused.length }, complete ? 'monthly invoices issued' : 'monthly invoices incomplete; the next run bills the rest');
      return { issuedOn, period, outcome: complete ? 'done' : 'incomplete', report };
    } catch (error) {
      await finishJobRun(deps.db, MONTHLY_INVOICES_JOB, issuedOn, { status: 'failed', detail: JSON.stringify({ error: error instanceof Error ? error.message : String(error) }), now: now() }).catch(() => undefined);
      throw error;
    }
  });
  return locked.ran ? locked.value : { issuedOn, period, outcome: 'running-elsewhere' };
}

/** The follow-up: every run owed in the window whose 1st the daily job has finished. */
export async function runOwedMonthlyInvoices(deps: InvoiceRunDeps, today: IsoDate): Promise<MonthlyInvoiceOutcome[]> {
  const outcomes: MonthlyInvoiceOutcome[] = [];
  for (const issuedOn of firstsInWindow(today)) {
    const daily = await findJobRun(deps.db, DAILY_JOB, issuedOn);
    if (daily?.status !== 'done') continue;
    outcomes.push(await runMonthlyInvoiceJob(deps, issuedOn));
  }
  return outcomes;
}
