import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../platform/db/dialect';
import type { Database, JobRunRow } from '../platform/db/schema';

type Db = Kysely<Database>;

/**
 * Runs `work` while this process alone runs (job, business date) — or answers `{ ran: false }`
 * at once when another process is running it.
 *
 * PostgreSQL (several instances): a session-level advisory lock keyed by the schema, the job and
 * the date, held on one pooled connection for the whole run (the run's own queries use others).
 * It is not a row or a timeout: a process that dies loses its connection and PostgreSQL releases
 * the lock at once, so a run left 'running' in job_runs by a dead process can be taken over
 * without waiting, while a live one is never run twice at the same time.
 * SQLite: one instance owns its database file, and its scheduler runs one job at a time.
 */
export async function whileHoldingJobLock<T>(db: Db, job: string, businessDate: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  if (isSqlite(db)) return { ran: true, value: await work() };
  const key = `${job}:${businessDate}`;
  return db.connection().execute(async (connection) => {
    const lockKey = sql`hashtextextended(current_schema() || ':' || ${key}, 0)`;
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${lockKey}) as locked`.execute(connection);
    if (!rows[0]?.locked) return { ran: false as const };
    try {
      return { ran: true as const, value: await work() };
    } finally {
      await sql`select pg_advisory_unlock(${lockKey})`.execute(connection);
    }
  });
}

/**
 * Claims (job, business date): true when this caller starts it. A finished run is never claimed
 * again; a 'running' or 'failed' row is taken over (a crashed run: the caller holds the job's
 * lock, so no live process is running it), since each step of a job is itself idempotent per
 * deposit.
 */
export async function claimJobRun(db: Db, run: { id: string; job: string; businessDate: string; now: string }): Promise<{ claimed: boolean; existing?: JobRunRow }> {
  const inserted = await db
    .insertInto('job_runs')
    .values({ id: run.id, job: run.job, business_date: run.businessDate, status: 'running', started_at: run.now, finished_at: null, detail: null })
    .onConflict((oc) => oc.columns(['job', 'business_date']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { claimed: true };
  const existing = await db.selectFrom('job_runs').selectAll().where('job', '=', run.job).where('business_date', '=', run.businessDate).executeTakeFirstOrThrow();
  if (existing.status === 'done') return { claimed: false, existing };
  await db.updateTable('job_runs').set({ status: 'running', started_at: run.now, finished_at: null }).where('id', '=', existing.id).execute();
  return { claimed: true, existing };
}

export async function finishJobRun(db: Db, job: string, businessDate: string, outcome: { status: 'done' | 'failed'; detail: string; now: string }): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({ status: outcome.status, detail: outcome.detail, finished_at: outcome.now })
    .where('job', '=', job)
    .where('business_date', '=', businessDate)
    .execute();
}

export async function findJobRun(db: Db, job: string, businessDate: string): Promise<JobRunRow | undefined> {
  return db.selectFrom('job_runs').selectAll().where('job', '=', job).where('business_date', '=', businessDate).executeTakeFirst();
}
