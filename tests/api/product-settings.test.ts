import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSettingsSavedSchema, productSettingsSchema } from '../../contract/product-settings';
import { NATIONAL_HOLIDAYS } from '../../contract/national-holidays';
import { publicSettingsSchema } from '../../contract/public-settings';
import { startWorld, type World } from './deposit-fixtures';
import { dialects } from './harness';

/** API.md "Bank, users, settings": Pengaturan Produk (/bpr/product-setting). */
describe.each(dialects)('product settings on %s', (dialect) => {
  let w: World;
  let keys = 0;
  const put = (who: keyof World['users'], json: unknown) => w.call('PUT', '/bpr/product-setting', { token: w.users[who].token, json, headers: { 'idempotency-key': `setelan-${dialect}-${(keys += 1)}` } });
  const audit = () => w.db.selectFrom('bank_audit').select(['event', 'payload', 'actor_id']).where('subject', '=', 'settings').where('bank_id', '=', w.bank.id).orderBy('at').execute();

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-03-02');
  }, 60_000);
  afterAll(async () => {
    await w?.stop();
  });

  it('every staff member reads the settings; a bank without its own row has the national holidays of 2026 and 2027 by the decree', async () => {
    const read = await w.call('GET', '/bpr/product-setting', { token: w.users.operator.token });
    expect(read.status).toBe(200);
    const settings = productSettingsSchema.parse(read.body.data);
    // The world's bank saved its own short list; the other bank has no row and gets the defaults.
    expect(settings.holidays.map((holiday) => holiday.date)).toEqual(['2026-03-19', '2026-03-20', '2026-03-23', '2026-04-03']);
    expect(settings).toMatchObject({ cutOffTime: '15:00', taxBps: 2000, taxThresholdRupiah: 7_500_000, lpsRateTodayBps: 600, lpsCoverageRupiah: 2_000_000_000 });

    const otherBankAdmin = await w.db.selectFrom('users').select('email').where('bank_id', '=', w.bank.otherId).executeTakeFirst();
    expect(otherBankAdmin, 'the world has a user in the other bank').toBeDefined();
    const other = await w.call('GET', '/bpr/product-setting', { token: await w.t.login(otherBankAdmin!.email) });
    const defaults = productSettingsSchema.parse(other.body.data);
    expect(defaults.holidays).toEqual(NATIONAL_HOLIDAYS);
    // SKB 2026: 17 national holidays and 8 days of collective leave; SKB 2027: 18 and 8.
    expect(defaults.holidays.filter((holiday) => holiday.date.startsWith('2026'))).toHaveLength(25);
    expect(defaults.holidays.filter((holiday) => holiday.date.startsWith('2027'))).toHaveLength(26);
    expect(defaults.holidays.find((holiday) => holiday.date === '2026-03-21')?.name).toBe('Idul Fitri 1447 H');
    expect(defaults.holidayDecrees['2026']).toContain('Nomor 1497 Tahun 2025');
  });

  it('only an ADMIN changes them (403), with one Indonesian sentence per bad field and nothing changed', async () => {
    const refused = await put('supervisor', { taxBps: 1500 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Hanya ADMIN yang dapat mengubah pengaturan produk.');
    const bad = await put('admin', {
      cutOffTime: '25:00',
      holidays: [{ date: '2026-02-30', name: 'Tidak ada' }, { date: '2026-05-01', name: '' }],
      taxBps: 10_001,
      taxThresholdRupiah: -1,
      lpsRates: [],
      lpsCoverageRupiah: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining([
        'Jam batas transaksi harus berformat JJ:MM (WIB), misalnya 15:00.',
        'Tanggal tidak ada di kalender.',
        'Nama hari libur wajib diisi.',
        'Tarif pajak bunga paling tinggi 100%.',
        'Batas bebas pajak tidak boleh negatif.',
        'Isi paling sedikit satu tingkat bunga penjaminan LPS.',
        'Batas penjaminan LPS harus lebih dari Rp 0.',
      ]),
    );
    const twice = await put('admin', { holidays: [{ date: '2026-05-01', name: 'A' }, { date: '2026-05-01', name: 'B' }] });
    expect(twice.body.message).toEqual(['Setiap tanggal libur hanya boleh tercantum sekali.']);
    expect((await put('admin', {})).body.message).toEqual(['Kirim paling sedikit satu pengaturan yang diubah.']);
    expect(await audit()).toEqual([]);
  });

  it('a holiday added moves the pay dates of installments not yet due that it touches, and only those; audited with before and after', async () => {
    // A monthly deposit from Tue 10 Mar 2026: anniversaries 10 Apr (Fri), 10 May (Sun → Mon 11), 10 Jun (Wed).
    const placed = await w.place({ product: 'monthly', placementDate: '2026-03-02', depositDate: '2026-03-10', tenorMonths: 3, instruction: 'PAYOUT' });
    await w.drive(placed.id, { type: 'deposit.approve' });
    const payDates = async () =>
      (await w.db.selectFrom('interest_installments').select(['period_end', 'pay_date']).where('deposit_id', '=', placed.id).orderBy('sequence').execute()).map((row) => [row.period_end, row.pay_date]);
    expect(await payDates()).toEqual([
      ['2026-04-10', '2026-04-10'],
      ['2026-05-10', '2026-05-11'],
      ['2026-06-10', '2026-06-10'],
    ]);

    const current = productSettingsSchema.parse((await w.call('GET', '/bpr/product-setting', { token: w.users.admin.token })).body.data);
    const holidays = [...current.holidays, { date: '2026-04-10', name: 'Libur daerah' }, { date: '2026-05-11', name: 'Cuti bank' }];
    const saved = await put('admin', { holidays, cutOffTime: '14:30' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(productSettingsSavedSchema.parse(saved.body.data)).toMatchObject({ movedInstallments: 2, cutOffTime: '14:30' });
    // 10 Apr (Fri, now a holiday) → Mon 13 Apr; 10 May (Sun) → Mon 11 is now a holiday too → Tue 12.
    expect(await payDates()).toEqual([
      ['2026-04-10', '2026-04-13'],
      ['2026-05-10', '2026-05-12'],
      ['2026-06-10', '2026-06-10'],
    ]);
    const [entry] = await audit();
    expect(entry).toMatchObject({ event: 'settings.update', actor_id: w.users.admin.id });
    const payload = JSON.parse(entry!.payload) as Record<string, unknown>;
    expect(payload).toMatchObject({
      cutOffTime: { from: '15:00', to: '14:30' },
      holidays: { added: [{ date: '2026-04-10', name: 'Libur daerah' }, { date: '2026-05-11', name: 'Cuti bank' }], removed: [] },
      movedInstallments: 2,
    });

    // Removed again: back to the anniversaries.
    const back = await put('admin', { holidays: current.holidays });
    expect(back.body.data.movedInstallments).toBe(2);
    expect(await payDates()).toEqual([
      ['2026-04-10', '2026-04-10'],
      ['2026-05-10', '2026-05-11'],
      ['2026-06-10', '2026-06-10'],
    ]);
  });

  it('the same settings sent again change nothing and write no audit row', async () => {
    const before = (await audit()).length;
    const same = await put('admin', { cutOffTime: '14:30' });
    expect(same.status).toBe(200);
    expect(same.body.data.movedInstallments).toBe(0);
    expect(await audit()).toHaveLength(before);
  });

  it('the LPS rate is kept with its dates: a deposit is judged with the rate in force on its period start', async () => {
    // 6,50% deposits: one starting 2 Mar, one starting 1 Apr. TBP 6,75% until 31 Mar, 6,00% from 1 Apr.
    const march = await w.place({ product: 'monthly', placementDate: '2026-03-02', depositDate: '2026-03-02', tenorMonths: 12 });
    const april = await w.place({ product: 'monthly', placementDate: '2026-03-02', depositDate: '2026-04-01', tenorMonths: 12 });
    const saved = await put('admin', { lpsRates: [{ effectiveFrom: '2020-01-01', rateBps: 675 }, { effectiveFrom: '2026-04-01', rateBps: 600 }] });
    expect(saved.body.data).toMatchObject({ lpsRateTodayBps: 675 });
    const flagsOf = async (id: string) => (await w.call('GET', `/deposito/${id}`, { token: w.users.operator.token })).body.data.flags.map((flag: { code: string }) => flag.code);
    expect(await flagsOf(march.id)).toEqual([]);
    expect(await flagsOf(april.id)).toEqual(['RATE_ABOVE_LPS']);
    const entry = (await audit()).at(-1)!;
    expect(JSON.parse(entry.payload)).toMatchObject({ lpsRates: { from: [{ effectiveFrom: '2000-01-01', rateBps: 600 }], to: [{ effectiveFrom: '2020-01-01', rateBps: 675 }, { effectiveFrom: '2026-04-01', rateBps: 600 }] } });
  });

  it('the cut-off time decides the day of a late stop-ARO: on the last allowed day, before it is in time, after it too late', async () => {
    // Value date Mon 9 Mar, maturity Thu 9 Apr 2026: the stop-ARO cut-off is Wed 8 Apr, so Tue 7 Apr is the last day to stop.
    w.setToday('2026-03-09');
    const first = await w.place({ product: 'monthly', placementDate: '2026-03-09', depositDate: '2026-03-09', tenorMonths: 1, instruction: 'ARO' });
    const second = await w.place({ product: 'monthly', placementDate: '2026-03-09', depositDate: '2026-03-09', tenorMonths: 1, instruction: 'ARO' });
    for (const id of [first.id, second.id]) await w.drive(id, { type: 'deposit.approve' });
    w.users.admin.token = await w.t.login('admin@uji.test');
    expect((await put('admin', { cutOffTime: '15:00' })).status).toBe(200);
    const stop = async (id: string, utc: string) => {
      w.clock.set(utc);
      w.users.operator.token = await w.t.login('operator@uji.test');
      return w.call('POST', '/deposito/pencairan-aro', { token: w.users.operator.token, json: { depositId: id }, headers: { 'idempotency-key': `stop-${dialect}-${id}` } });
    };
    // 07:30 UTC = 14:30 WIB on 7 Apr: in time.
    const inTime = await stop(first.id, '2026-04-07T07:30:00.000Z');
    expect(inTime.status, JSON.stringify(inTime.body)).toBe(200);
    // 08:30 UTC = 15:30 WIB on 7 Apr: it belongs to 8 Apr, the cut-off day itself.
    const late = await stop(second.id, '2026-04-07T08:30:00.000Z');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Batas waktu penghentian ARO telah lewat: paling lambat 07-Apr-2026.');
  });

  it('GET /api-v2-general/settings: the product id, the support contact and the bank\'s holidays, for any signed-in user', async () => {
    w.users.operator.token = await w.t.login('operator@uji.test');
    const answer = await w.t.call('GET', '/api-v2-general/settings', { token: w.users.operator.token });
    expect(answer.status).toBe(200);
    const settings = publicSettingsSchema.parse(answer.body.data);
    expect(settings).toMatchObject({ productId: 'BPR', supportEmail: 'dukungan@berjangka.local', supportPhone: null });
    expect(settings.holidays.map((holiday) => holiday.date)).toEqual(['2026-03-19', '2026-03-20', '2026-03-23', '2026-04-03']);
    expect((await w.t.call('GET', '/api-v2-general/settings')).status).toBe(401);
  });
});
