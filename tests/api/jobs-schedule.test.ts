import { afterEach, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { dialects, startTestServer, type TestServer } from './harness';
import { runDailyFollowUps } from '../../server/jobs/daily-schedule';

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
    await t.server.dailyJob!.started;
    expect((await dailyRun(t, '2026-03-02'))?.status).toBe('done');
  });

  it('runs the follow-ups after the job: JNE tracking, Privy signatures, ARO letters, platform invoices, each logged', async () => {
    t = await startTestServer(dialect, { scheduleJobs: true });
    const logs = t.logs;
    await t.server.dailyJob!.started;
    expect(logs.filter((line) => line.msg === 'daily follow-up done').map((line) => line.followUp)).toEqual(['jne-tracking', 'privy-signatures', 'aro-letters', 'platform-invoices']);
    const jobFinished = logs.findIndex((line) => line.msg === 'daily job finished');
    expect(jobFinished).toBeGreaterThanOrEqual(0);
    expect(jobFinished).toBeLessThan(logs.findIndex((line) => line.followUp === 'jne-tracking'));
  });

  it('a follow-up that fails is logged and does not stop the next', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, next) => (lines.push(JSON.parse(String(chunk)) as Record<string, unknown>), next()) }));
    const ran: string[] = [];
    await runDailyFollowUps([{ name: 'gagal', run: () => Promise.reject(new Error('JNE tidak terjangkau')) }, { name: 'berikut', run: async () => ran.push('berikut') }], logger);
    expect(ran).toEqual(['berikut']);
    expect(lines.map((line) => [line.followUp, line.level, line.msg])).toEqual([
      ['gagal', 50, 'daily follow-up failed; the next run tries again'],
      ['berikut', 30, 'daily follow-up done'],
    ]);
  });

  it('can be switched off (tests default to off, so a test never races the job)', async () => {
    t = await startTestServer(dialect, { scheduleJobs: false });
    // No scheduler was started: nothing can run the job later.
    expect(t.server.dailyJob).toBeUndefined();
    expect(await dailyRun(t, '2026-03-02')).toBeUndefined();
  });
});
