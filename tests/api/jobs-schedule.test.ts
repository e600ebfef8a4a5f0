import { afterEach, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from './harness';

async function dailyRun(t: TestServer, date: string) {
  return t.server.database.db.selectFrom('job_runs').selectAll().where('job', '=', 'daily').where('business_date', '=', date).executeTakeFirst();
}

describe.each(dialects)('daily job scheduled in the server (%s)', (dialect) => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it('a started server catches up today at once (a day missed while it was down), recorded in job_runs', async () => {
    t = await startTestServer(dialect, { scheduleJobs: true });
    // The harness clock stands at 2026-03-02 09:00 WIB.
    let run = await dailyRun(t, '2026-03-02');
    for (let i = 0; i < 100 && run?.status !== 'done'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await dailyRun(t, '2026-03-02');
    }
    expect(run?.status).toBe('done');
  });

  it('can be switched off (tests default to off, so a test never races the job)', async () => {
    t = await startTestServer(dialect, { scheduleJobs: false });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await dailyRun(t, '2026-03-02')).toBeUndefined();
  });
});
