import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositMonthsSchema, monthsUpTo } from '../../contract/deposit-months';
import { insertPeriod } from '../../server/deposits/deposit-repository';
import { dialects } from './harness';
import { startWorld, type World } from './deposit-fixtures';

/**
 * GET /bpr/deposit-months: placements by value-date month and maturities by period maturity month,
 * for the token's bank, over the last N months up to this month (Asia/Jakarta), on hand-made
 * deposits whose every figure is worked out below.
 */

describe('monthsUpTo', () => {
  it('counts back across a year end, oldest first', () => {
    expect(monthsUpTo('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsUpTo('2026-12', 1)).toEqual(['2026-12']);
  });
});

describe.each(dialects)('GET /bpr/deposit-months (%s)', (dialect) => {
  let w: World;
  const get = (query: string, token: string | undefined = w.users.supervisor.token) => w.call('GET', `/bpr/deposit-months${query}`, token ? { token } : {});

  beforeAll(async () => {
    // 2026-03-02 09.00 WIB: "this month" is March 2026.
    w = await startWorld(dialect, '2026-03-02');

    const one = { tenorMonths: 1, instruction: 'ARO' as const };
    // January placements: 10 M + 2 M + 4 M (broken later).
    const rolled = await w.place({ ...one, amount: 10_000_000, placementDate: '2026-01-05' });
    await w.place({ ...one, amount: 2_000_000, placementDate: '2026-01-20', customer: 'second' });
    const broken = await w.place({ ...one, amount: 4_000_000, placementDate: '2026-01-10' });
    // February: 7.5 M placed; 1 M rejected (neither placed nor maturing).
    await w.place({ ...one, amount: 7_500_000, placementDate: '2026-02-10' });
    const rejected = await w.place({ ...one, amount: 1_000_000, placementDate: '2026-02-14' });
    await w.drive(rejected.id, { type: 'deposit.reject', reason: 'Data tidak lengkap' });
    // December 2025: 3 M for three months, maturing 2026-03-15.
    await w.place({ amount: 3_000_000, tenorMonths: 3, placementDate: '2025-12-15' });
    // Another bank, February: must not show.
    await w.place({ bank: 'other', ...one, amount: 5_000_000, placementDate: '2026-02-01' });

    // The 10 M deposit rolled over on 2026-02-05: its second period matures 2026-03-05.
    const first = (await w.db.selectFrom('deposit_periods').selectAll().where('deposit_id', '=', rolled.id).executeTakeFirstOrThrow());
    expect(first.maturity_date).toBe('2026-02-05');
    await insertPeriod(w.db, { ...first, id: `${first.id}-2`, period_number: 2, period_start: '2026-02-05', maturity_date: '2026-03-05', started_by: 'rollover' });
    await w.db.updateTable('deposits').set({ period_number: 2, period_start: '2026-02-05', maturity_date: '2026-03-05' }).where('id', '=', rolled.id).execute();
    // The 4 M deposit was broken before its 2026-02-10 maturity: its only period never matured.
    await w.db.updateTable('deposits').set({ status: 'closed', close_reason: 'broken' }).where('id', '=', broken.id).execute();
  });
  afterAll(async () => w?.stop());

  it('answers the last three months with exact placements and maturities of the bank', async () => {
    const { status, body } = await get('?months=3');
    expect(status).toBe(200);
    expect(depositMonthsSchema.parse(body.data)).toEqual([
      { month: '2026-01', placements: { count: 3, amount: 16_000_000 }, maturities: { count: 0, amount: 0 } },
      // Matured: the rolled deposit's first period (10 M) and the 2 M one; not the broken 4 M.
      { month: '2026-02', placements: { count: 1, amount: 7_500_000 }, maturities: { count: 2, amount: 12_000_000 } },
      // Maturing this month, also the ones still ahead: the rolled deposit's second period (10 M),
      // 7.5 M (03-10) and the December 3 M (03-15).
      { month: '2026-03', placements: { count: 0, amount: 0 }, maturities: { count: 3, amount: 20_500_000 } },
    ]);
  });

  it('defaults to twelve months ending this month and reaches back to older placements', async () => {
    const { status, body } = await get('');
    expect(status).toBe(200);
    expect(body.data.map((row: { month: string }) => row.month)).toEqual(monthsUpTo('2026-03', 12));
    expect(body.data[0].month).toBe('2025-04');
    expect(body.data.find((row: { month: string }) => row.month === '2025-12').placements).toEqual({ count: 1, amount: 3_000_000 });
  });

  it('shows the other bank only its own deposit', async () => {
    const { body } = await get('?months=2', w.users.otherSupervisor.token);
    expect(body.data).toEqual([
      { month: '2026-02', placements: { count: 1, amount: 5_000_000 }, maturities: { count: 0, amount: 0 } },
      // Its one-month deposit placed 2026-02-01 matures 2026-03-01.
      { month: '2026-03', placements: { count: 0, amount: 0 }, maturities: { count: 1, amount: 5_000_000 } },
    ]);
  });

  it('follows the Jakarta calendar: 17.30 UTC on 31 March is already April in WIB', async () => {
    const before = w.clock.now().getTime();
    w.clock.advance(Date.parse('2026-03-31T17:30:00.000Z') - before);
    try {
      // A fresh login: the supervisor's token from 2 March has expired by now.
      const { body } = await get('?months=1', await w.t.login('supervisor@uji.test'));
      expect(body.data).toEqual([{ month: '2026-04', placements: { count: 0, amount: 0 }, maturities: { count: 0, amount: 0 } }]);
    } finally {
      w.clock.advance(before - w.clock.now().getTime());
    }
  });

  it.each(['0', '25', 'dua', '1.5'])('refuses months=%s with an Indonesian 400', async (months) => {
    const { status, body } = await get(`?months=${months}`);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('Jumlah bulan harus bilangan bulat 1 sampai 24.');
  });

  it('asks for a login without a token', async () => {
    expect((await get('?months=3', '')).status).toBe(401);
  });
});
