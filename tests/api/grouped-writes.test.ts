import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/platform/db/schema';
import { groupedWrites } from '../../server/jobs/grouped-writes';
import { ServiceError } from '../../server/platform/errors';
import { insertOrHoldBack } from '../../server/platform/db/held-back-inserts';
import { dialects, startTestServer, type TestServer } from './harness';

/** job_runs rows stand in for the daily job's writes: any table shows what was committed. */
const insertRun = (trx: Kysely<Database>, job: string) =>
  trx.insertInto('job_runs').values({ id: job, job, business_date: '2026-12-01', status: 'done', started_at: '2026-12-01T00:00:00Z', finished_at: null, detail: null }).execute();
/** The same rows through insertOrHoldBack, as the audit, period, installment and letter inserts go. */
const writeRuns = async (db: Kysely<Database>, jobs: string[]) => {
  await db
    .insertInto('job_runs')
    .values(jobs.map((job) => ({ id: job, job, business_date: '2026-12-01', status: 'done', started_at: '2026-12-01T00:00:00Z', finished_at: null, detail: null })))
    .execute();
};
const holdRun = (trx: Kysely<Database>, job: string) => insertOrHoldBack(trx, [job], writeRuns);
const runs = async (db: Kysely<Database>) => (await db.selectFrom('job_runs').select('job').where('job', 'like', 'uji-%').orderBy('job').execute()).map((row) => row.job);

describe.each(dialects)('daily job writes in groups (%s)', (dialect) => {
  let t: TestServer;
  let db: Kysely<Database>;
  beforeEach(async () => {
    t = await startTestServer(dialect, { seed: false });
    db = t.server.database.db;
  }, 30_000);
  afterEach(async () => t?.stop());

  it('a refused deposit undoes only its own writes; its neighbours in the group are committed', async () => {
    const group = groupedWrites(db, 10);
    expect(await group.one((trx) => insertRun(trx, 'uji-a'))).toMatchObject({ ok: true });
    const refused = await group.one(async (trx) => {
      await insertRun(trx, 'uji-b');
      throw new ServiceError('conflict', 'Data telah berubah, muat ulang.');
    });
    expect(refused).toMatchObject({ ok: false, error: { message: 'Data telah berubah, muat ulang.' } });
    expect(await group.one((trx) => insertRun(trx, 'uji-c'))).toMatchObject({ ok: true });
    await group.commit();
    expect(await runs(db)).toEqual(['uji-a', 'uji-c']);
  });

  it('rows held back during a deposit\'s work are written with its group\'s commit; a refused deposit\'s are dropped with it', async () => {
    const group = groupedWrites(db, 10);
    expect(await group.one((trx) => holdRun(trx, 'uji-a'))).toMatchObject({ ok: true });
    const refused = await group.one(async (trx) => {
      await holdRun(trx, 'uji-b');
      throw new ServiceError('conflict', 'Data telah berubah, muat ulang.');
    });
    expect(refused).toMatchObject({ ok: false });
    expect(await group.one(async (trx) => {
      await holdRun(trx, 'uji-c');
      await insertRun(trx, 'uji-d');
    })).toMatchObject({ ok: true });
    await group.commit();
    expect(await runs(db)).toEqual(['uji-a', 'uji-c', 'uji-d']);
    // Outside a group the same insert is written at once.
    await holdRun(db, 'uji-e');
    expect(await runs(db)).toEqual(['uji-a', 'uji-c', 'uji-d', 'uji-e']);
  });

  it('a group that fails drops its held-back rows with everything else', async () => {
    const group = groupedWrites(db, 3);
    await group.one((trx) => holdRun(trx, 'uji-a'));
    await expect(
      group.one(async (trx) => {
        await holdRun(trx, 'uji-b');
        throw new Error('disk penuh');
      }),
    ).rejects.toThrow('disk penuh');
    await group.one((trx) => holdRun(trx, 'uji-c'));
    await group.commit();
    expect(await runs(db)).toEqual(['uji-c']);
  });

  it('commits by itself once a group holds groupSize deposits', async () => {
    const group = groupedWrites(db, 2);
    await group.one((trx) => insertRun(trx, 'uji-a'));
    await group.one((trx) => insertRun(trx, 'uji-b'));
    // No commit() call: the group of two is already committed, so `db` can read (on SQLite it would wait otherwise).
    expect(await runs(db)).toEqual(['uji-a', 'uji-b']);
  });

  it('any other failure rolls back the whole open group and is thrown (a crash loses one group, never half a deposit)', async () => {
    const group = groupedWrites(db, 3);
    await group.one((trx) => insertRun(trx, 'uji-a'));
    await group.one((trx) => insertRun(trx, 'uji-b'));
    await group.one((trx) => insertRun(trx, 'uji-c')); // first group of three: committed
    await group.one((trx) => insertRun(trx, 'uji-d'));
    await expect(
      group.one(async (trx) => {
        await insertRun(trx, 'uji-e');
        throw new Error('disk penuh');
      }),
    ).rejects.toThrow('disk penuh');
    expect(await runs(db)).toEqual(['uji-a', 'uji-b', 'uji-c']);
  });
});
