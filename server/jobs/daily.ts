import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { formatDateId, isIsoDate, type IsoDate } from '../../machines/deposit-rules';
import { rolloverBlocker } from '../../machines/deposit';
import { aroPlusCapitalisation, postInstallmentsFallingDue } from '../interest/posting-service';
import { claimJobRun, finishJobRun, whileHoldingJobLock } from './job-run-repository';
import type { Database } from '../platform/db/schema';
import { formatJakartaTime, type Clock } from '../platform/clock';
import { createDepositTransitions, SYSTEM_ACTOR, type DepositTransitions, type LoadedDeposit, type TransitionRequest } from '../deposits/transition-service';
import { ServiceError } from '../platform/errors';
import { groupedWrites } from './grouped-writes';
import { taxSettingsCache, type TaxSettingsOf } from '../interest/posting-tax-service';
import { jakartaDate, wibTimestamp } from '../platform/business-date';
import { isSqlite } from '../platform/db/dialect';
import { releaseEndedHolds } from '../holds/hold-service';

/**
 * The daily job for one business date D (Asia/Jakarta), ARCHITECTURE.md "Jobs":
 *   1. approved deposits whose value date ≤ D → deposit.activate;
 *   2. active deposits whose maturity ≤ D → deposit.rollover (ARO, ARO+) or deposit.mature (PAYOUT);
 *   3. interest installments scheduled with a pay date ≤ D → due (installment.fallDue).
 *
 * Why several instances can all run it: on PostgreSQL a run holds an advisory lock for (job, date)
 * (job-run-repository.ts), so while one instance runs a date the others answer
 * 'running-elsewhere' at once and change nothing; SQLite has one instance.
 *
 * Why it can be killed and rerun: the run is claimed in job_runs, unique per (job, date) — a
 * finished date is never run again, a 'running' or 'failed' one is taken over. Each step only
 * picks rows still in the old state and changes each deposit in its own transaction (through the
 * same transition service staff use: machine decision, version compare-and-set, effects, audit),
 * so what a killed run finished stays done and the rerun does only the rest. "≤ D" rather than
 * "= D" lets a run after missed days catch up; the scheduler runs missed days one by one
 * (catch-up.ts), so each is posted with its own day's totals.
 */

export const DAILY_JOB = 'daily';

/** Rows read per keyset batch. */
const BATCH = 500;
/** Deposits written per transaction (grouped-writes.ts); a keyset batch always ends its last group. */
const GROUP_SIZE = 50;
/** A deposit matured long ago rolls once per pass until its maturity passes D. */
const MAX_ROLLOVER_PASSES = 60;

export type DailyStep = 'activate' | 'maturity' | 'installments';

export interface DailyJobReport {
  businessDate: IsoDate;
  /**
   * 'already-done': the date had been run; nothing was changed. 'running-elsewhere': another
   * process (instance) is running it right now; nothing was changed here.
   */
  outcome: 'done' | 'already-done' | 'running-elsewhere';
  /** True when this run took over a run left 'running' or 'failed'. */
  resumed: boolean;
  activated: number;
  rolledOver: number;
  matured: number;
  installmentsDue: number;
  /** Holds (blokir) released because their end date came. */
  holdsReleased: number;
  /** Deposits the machine refused (left as they were; they come up again the next day). */
  refused: Array<{ depositId: string; event: string; message: string }>;
  finishedAt?: string | null;
}

export interface DailyJobDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger?: Logger;
  /**
   * Test hook: called after each deposit is written (inside its group, not yet committed) and
   * after each installment batch is committed; a throw stops the run like a crash, and a promise
   * holds the run there until it settles (the multi-instance test pauses a run this way).
   */
  afterWrite?: (step: DailyStep, done: number) => void | Promise<void>;
  /** Deposits per transaction (tests make it small to see groups commit and roll back). */
  groupSize?: number;
}

/**
 * The clock the transitions see: business "today" must be D. Run on D itself it is the real
 * time; run by hand for another date, the actions are stamped 00:05 WIB of D (when the scheduled
 * run would have acted).
 */
function clockFor(businessDate: IsoDate, clock: Clock): Clock {
  return { now: () => (jakartaDate(clock.now()) === businessDate ? clock.now() : new Date(wibTimestamp(businessDate, 0, 5))) };
}

export async function runDailyJob(deps: DailyJobDeps, businessDate: IsoDate): Promise<DailyJobReport> {
  if (!isIsoDate(businessDate)) throw new ServiceError('invalid', `Tanggal "${businessDate}" tidak valid (format YYYY-MM-DD).`);
  const locked = await whileHoldingJobLock(deps.db, DAILY_JOB, businessDate, () => runDailyJobHoldingLock(deps, businessDate));
  if (locked.ran) return locked.value;
  deps.logger?.info({ businessDate }, 'daily job running elsewhere');
  return { businessDate, outcome: 'running-elsewhere', resumed: false, activated: 0, rolledOver: 0, matured: 0, installmentsDue: 0, holdsReleased: 0, refused: [] };
}

async function runDailyJobHoldingLock(deps: DailyJobDeps, businessDate: IsoDate): Promise<DailyJobReport> {
  const { db } = deps;
  const clock = clockFor(businessDate, deps.clock);
  const report: DailyJobReport = { businessDate, outcome: 'done', resumed: false, activated: 0, rolledOver: 0, matured: 0, installmentsDue: 0, holdsReleased: 0, refused: [] };

  const claim = await claimJobRun(db, { id: randomUUID(), job: DAILY_JOB, businessDate, now: deps.clock.now().toISOString() });
  if (!claim.claimed) {
    const previous = claim.existing?.detail ? (JSON.parse(claim.existing.detail) as Partial<DailyJobReport>) : {};
    return { ...report, ...previous, businessDate, outcome: 'already-done', resumed: false, refused: previous.refused ?? [], finishedAt: claim.existing?.finished_at ?? null };
  }
  report.resumed = claim.existing !== undefined;
  deps.logger?.info({ businessDate, resumed: report.resumed }, 'daily job started');

  const group = groupedWrites(db, deps.groupSize ?? GROUP_SIZE);
  try {
    // Products and bank settings read once for the run (deposit-state.ts cachedReferenceReads).
    const transitions = createDepositTransitions({ db, clock, readReferenceOnce: true });
    const settingsOf = taxSettingsCache(db);
    const banks = (await db.selectFrom('banks').select('id').orderBy('id').execute()).map((bank) => bank.id);
    // Read before any group opens: inside one, `db` must not be used (grouped-writes.ts).
    await Promise.all(banks.map(settingsOf));

    /**
     * One deposit's work in the open group. A refusal or a lost race (another instance, or staff
     * acting at the same moment) leaves the deposit as it is and is reported; anything else (the
     * database) stops the run so it can be resumed.
     */
    const attempt = async <T>(depositId: string, work: (trx: Kysely<Database>, name: (event: string) => void) => Promise<T>): Promise<T | undefined> => {
      let event = 'unknown';
      const outcome = await group.one((trx) => work(trx, (type) => (event = type)));
      if (outcome.ok) return outcome.value;
      report.refused.push({ depositId, event, message: outcome.error.message });
      return undefined;
    };
    const apply: Apply = (trx, depositId, request, beforeWrite, loaded) =>
      transitions.applyIn(trx, { bankId: null, depositId, actor: SYSTEM_ACTOR, request, ...(beforeWrite ? { beforeWrite } : {}), ...(loaded ? { loaded } : {}) });

    // 0. Holds whose end date has come end first: the day's work then sees the deposit free.
    const holds = await releaseEndedHolds(db, clock, businessDate);
    report.holdsReleased = holds.released;
    report.refused.push(...holds.refused.map((item) => ({ depositId: item.depositId, event: 'hold.expire', message: item.message })));

    // 1. Activation.
    for (const bankId of banks) {
      for await (const ids of keysetIds(db, bankId, 'approved', 'deposit_date', businessDate)) {
        for (const id of ids) {
          const done = await attempt(id, (trx, name) => {
            name('deposit.activate');
            return apply(trx, id, { type: 'deposit.activate' });
          });
          if (done) report.activated += 1;
          await deps.afterWrite?.('activate', report.activated);
        }
        await group.commit();
      }
    }

    // 2. Maturity: rollover or mature. A rolled deposit whose new maturity is still ≤ D (missed
    // days) is picked again by the next pass.
    const skipped = new Set<string>();
    for (let pass = 0; pass < MAX_ROLLOVER_PASSES; pass += 1) {
      let touched = 0;
      for (const bankId of banks) {
        for await (const ids of keysetIds(db, bankId, 'active', 'maturity_date', businessDate)) {
          const ahead = readAhead(ids, (id) => transitions.load(db, id), !isSqlite(db));
          for (const [index, id] of ids.entries()) {
            const preread = ahead.take(index);
            if (skipped.has(id)) continue;
            const done = await attempt(id, (trx, name) => matureOrRollOver(trx, id, clock, settingsOf, transitions, apply, name, preread));
            if (done === 'rolledOver') report.rolledOver += 1;
            else if (done === 'matured') report.matured += 1;
            else skipped.add(id);
            if (done !== undefined && done !== 'gone') touched += 1;
            await deps.afterWrite?.('maturity', report.rolledOver + report.matured);
          }
          await group.commit();
        }
      }
      if (touched === 0) break;
    }

    // 3. Interest falling due.
    report.installmentsDue = await postInstallmentsFallingDue(db, businessDate, clock.now().toISOString(), settingsOf, (count) => deps.afterWrite?.('installments', count));

    await finishJobRun(db, DAILY_JOB, businessDate, { status: 'done', detail: JSON.stringify(summaryOf(report)), now: deps.clock.now().toISOString() });
    deps.logger?.info({ ...summaryOf(report), refused: report.refused.length }, 'daily job finished');
    return report;
  } catch (error) {
    await group.rollback().catch(() => undefined);
    await finishJobRun(db, DAILY_JOB, businessDate, {
      status: 'failed',
      detail: JSON.stringify({ ...summaryOf(report), error: error instanceof Error ? error.message : String(error) }),
      now: deps.clock.now().toISOString(),
    }).catch(() => undefined);
    deps.logger?.error({ err: error, businessDate }, 'daily job failed');
    throw error;
  }
}

function summaryOf(report: DailyJobReport) {
  const { activated, rolledOver, matured, installmentsDue, holdsReleased, refused, resumed } = report;
  return { activated, rolledOver, matured, installmentsDue, holdsReleased, resumed, refused: refused.slice(0, 100) };
}

/**
 * Ids of one bank's deposits in `status` with `column` ≤ D, in keyset batches over
 * (column, id) — the (bank_id, status, column, id) index, never OFFSET. Rows that leave the
 * state while we work are simply not seen again.
 */
async function* keysetIds(db: Kysely<Database>, bankId: string, status: 'approved' | 'active', column: 'deposit_date' | 'maturity_date', businessDate: IsoDate) {
  let after: { value: string; id: string } | null = null;
  for (;;) {
    let query = db.selectFrom('deposits').select(['id', column]).where('bank_id', '=', bankId).where('status', '=', status).where(column, '<=', businessDate);
    if (after) {
      const { value, id } = after;
      query = query.where((eb) => eb.or([eb(column, '>', value), eb.and([eb(column, '=', value), eb('id', '>', id)])]));
    }
    const rows = await query.orderBy(column).orderBy('id').limit(BATCH).execute();
    if (rows.length > 0) yield rows.map((row) => row.id);
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]! as { id: string } & Record<string, string>;
    after = { value: last[column]!, id: last.id };
  }
}

/**
 * Non-ARO: deposit.mature. ARO: deposit.rollover at today's product rate (the service reads it).
 * ARO+: the ending period's final installment — its interest not yet transferred — is
 * capitalised by the interest area (posting-service.ts aroPlusCapitalisation): its net amount
 * joins the principal and the installment is closed as paid with the ARO+ reference, in the same
 * transaction, so it never also lands in the transfer template.
 */
type Apply = (
  trx: Kysely<Database>,
  id: string,
  request: TransitionRequest,
  beforeWrite?: (trx: Kysely<Database>) => Promise<void>,
  loaded?: LoadedDeposit,
) => Promise<unknown>;

async function matureOrRollOver(
  trx: Kysely<Database>,
  depositId: string,
  clock: Clock,
  settingsOf: TaxSettingsOf,
  transitions: DepositTransitions,
  apply: Apply,
  name: (event: string) => void,
  preread?: Promise<LoadedDeposit | undefined>,
): Promise<'rolledOver' | 'matured' | 'gone'> {
  // Read once (ahead, or here in the transaction): the instruction chooses the event, and the
  // transition works on the same loaded deposit instead of reading it again.
  const loaded = preread ? await preread : await transitions.load(trx, depositId);
  if (!loaded || loaded.row.status !== 'active') return 'gone';
  const { row } = loaded;
  if (row.maturity_instruction === 'PAYOUT') {
    name('deposit.mature');
    await apply(trx, depositId, { type: 'deposit.mature' }, undefined, loaded);
    return 'matured';
  }
  // A retired product, or a tenor it no longer offers on this date: the deposit matures, and the
  // timeline says why (DOMAIN.md "Products, rates and settings").
  const blocker = rolloverBlocker(loaded.context);
  if (blocker !== null) {
    name('deposit.mature');
    await apply(trx, depositId, { type: 'deposit.mature', reason: blocker }, undefined, loaded);
    return 'matured';
  }
  name('deposit.rollover');
  if (row.maturity_instruction === 'ARO') {
    await apply(trx, depositId, { type: 'deposit.rollover', netInterest: 0 }, undefined, loaded);
    return 'rolledOver';
  }
  // The ending period's open installments, from the deposit's installments just read.
  const capitalisation = await aroPlusCapitalisation(trx, row, loaded.installments, settingsOf, jakartaDate(clock.now()));
  await apply(trx, depositId, { type: 'deposit.rollover', netInterest: capitalisation.netInterest }, (write) => capitalisation.capitalise(write, clock.now().toISOString()), loaded);
  return 'rolledOver';
}

/**
 * PostgreSQL: each deposit of a keyset batch is read (row, installments) on another pooled
 * connection while the one before it is written in the group's transaction, so those two round
 * trips leave the group's serial path (5,000 maturities: 10.5-11.3 s → 8.6-8.8 s). It reads
 * what is committed, as a read inside the transaction does under READ COMMITTED; a deposit
 * changed in between is caught by the version compare-and-set and reported as refused. SQLite has
 * one connection, which the open group holds: it reads in the transaction as before.
 */
function readAhead(ids: readonly string[], load: (id: string) => Promise<LoadedDeposit | undefined>, enabled: boolean) {
  const pending = new Map<number, Promise<LoadedDeposit | undefined>>();
  const start = (index: number) => {
    if (!enabled || index >= ids.length || pending.has(index)) return;
    const reading = load(ids[index]!);
    // A failed read surfaces where it is awaited; one never awaited (the run stopped) is ignored.
    reading.catch(() => undefined);
    pending.set(index, reading);
  };
  start(0);
  return {
    /** The deposit at `index` if it was read ahead (else undefined: read it in the transaction); starts reading the next. */
    take(index: number): Promise<LoadedDeposit | undefined> | undefined {
      start(index + 1);
      const reading = pending.get(index);
      pending.delete(index);
      return reading;
    },
  };
}

function finishedAt(iso: string): string {
  const when = new Date(iso);
  return `${formatDateId(jakartaDate(when))} pukul ${formatJakartaTime(when)}`;
}

/** What the CLI prints: the run in Indonesian. */
export function describeDailyReport(report: DailyJobReport): string[] {
  const day = formatDateId(report.businessDate);
  if (report.outcome === 'running-elsewhere') {
    return [`Proses harian ${day} sedang dijalankan oleh proses lain (instance lain); tidak ada yang diubah di sini. Jalankan lagi setelah selesai untuk melihat hasilnya.`];
  }
  if (report.outcome === 'already-done') {
    return [
      `Proses harian ${day} sudah pernah diselesaikan${report.finishedAt ? ` (${finishedAt(report.finishedAt)})` : ''}; tidak ada yang diubah.`,
      `Hasil saat itu: ${report.activated} deposito diaktifkan, ${report.rolledOver} diperpanjang otomatis (ARO), ${report.matured} jatuh tempo, ${report.installmentsDue} bunga jatuh tempo bayar.`,
    ];
  }
  const lines = [
    `Proses harian ${day}${report.resumed ? ' (melanjutkan proses yang terhenti)' : ''} selesai:`,
    `  ${report.activated} deposito diaktifkan (tanggal efektif tiba)`,
    `  ${report.rolledOver} deposito diperpanjang otomatis (ARO/ARO+), surat ARO dicatat`,
    `  ${report.matured} deposito non-ARO jatuh tempo, menunggu instruksi pencairan`,
    `  ${report.installmentsDue} angsuran bunga jatuh tempo bayar`,
  ];
  if (report.holdsReleased > 0) lines.push(`  ${report.holdsReleased} blokir berakhir (tanggal berakhirnya tiba)`);
  if (report.refused.length > 0) {
    lines.push(`  ${report.refused.length} deposito tidak diproses:`);
    for (const refusal of report.refused.slice(0, 20)) lines.push(`    - ${refusal.depositId} (${refusal.event}): ${refusal.message}`);
  }
  return lines;
}
