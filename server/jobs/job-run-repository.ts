import type { Kysely } from 'kysely';
import type { Database, JobRunRow } from '../platform/db/schema';

type Db = Kysely<Database>;

/**
 * Claims (job, business date): true when this caller starts it. A finished run is never claimed
 * again; a 'running' or 'failed' row is taken over (a crashed run), since each step of a job is
 * itself idempotent per deposit.
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
