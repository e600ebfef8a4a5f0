import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositRow } from '../../server/platform/db/schema';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * Bunga bulanan: the installments of a month, the template count, marking installments paid in
 * bulk (all or nothing, supervisor only, each decided by the installment machine) and the
 * history of what was paid.
 */

describe.each(dialects)('monthly interest (%s)', (dialect) => {
  let w: World;
  let deposit: DepositRow;
  let atMaturity: DepositRow;
  let otherBank: DepositRow;

  /** Makes the installments with a pay date up to `today` due, as the daily job does. */
  const fallDue = async (today: string) => {
    await w.db.updateTable('interest_installments').set({ status: 'due' }).where('status', '=', 'scheduled').where('pay_date', '<=', today).execute();
  };
  const installmentsOf = (depositId: string) =>
    w.db.selectFrom('interest_installments').selectAll().where('deposit_id', '=', depositId).orderBy('period_number').orderBy('sequence').execute();

  beforeAll(async () => {
    w = await startWorld(dialect, '2026-03-02');
    // 6 months from 31 Dec 2025: pay dates clamp to month ends and skip weekends and holidays.
    deposit = await w.place({ amount: 20_000_000, tenorMonths: 6, placementDate: '2025-12-31' });
    await w.drive(deposit.id, { type: 'deposit.approve' });
    atMaturity = await w.place({ customer: 'second', product: 'atMaturity', amount: 5_000_000, tenorMonths: 3, placementDate: '2025-12-15' });
    await w.drive(atMaturity.id, { type: 'deposit.approve' });
    otherBank = await w.place({ bank: 'other', tenorMonths: 1, placementDate: '2026-01-15' });
    await w.t.server.services.transitions.apply({ bankId: w.bank.otherId, depositId: otherBank.id, actor: { id: w.users.otherSupervisor.id, role: 'SUPERVISOR' }, request: { type: 'deposit.approve' } });
    await fallDue('2026-03-02');
  });
  afterAll(async () => {
    await w.stop();
  });

  it('lists the installments paying in a month with the customer and the payout account; this month by default', async () => {
    const result = await w.call('GET', '/deposito/monthly-interest', { token: w.users.operator.token });
    expect(result.status, result.text).toBe(200);
    expect(result.body.period).toBe('2026-03');
    expect(result.body.meta).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    // Anniversaries of 31 Dec 2025 clamp to month ends: 31 Jan, 28 Feb, 31 Mar…
    // 31 Jan → 28 Feb: 28 days of 20.000.000 at 6,00% = 92.054,79 → 92.055; tax 20% = 18.411 (the customer holds > Rp 7.500.000);
    // paid Monday 2 Mar because 28 Feb is a Saturday. 28 Feb → 31 Mar: 31 days = 101.917,81 → 101.918; tax 20.384.
    // The at-maturity deposit: 15 Dec → 15 Mar (90 days of 5.000.000 at 5,75% = 70.890,41 → 70.890), tax-free
    // (its customer holds Rp 5.000.000), paid Monday 16 Mar because 15 Mar is a Sunday.
    expect(result.body.data.map((row: any) => [row.depositNumber, row.payDate, row.grossInterest, row.tax, row.netInterest, row.status])).toEqual([
      [deposit.deposit_number, '2026-03-02', 92_055, 18_411, 73_644, 'due'],
      [atMaturity.deposit_number, '2026-03-16', 70_890, 0, 70_890, 'scheduled'],
      [deposit.deposit_number, '2026-03-31', 101_918, 20_384, 81_534, 'scheduled'],
    ]);
    expect(result.body.data[2]).toMatchObject({ customerName: 'Rina Wati', principal: 20_000_000, rateBps: 600, payoutAccount: { bankName: 'BRI', accountNumber: '0011223344', accountName: 'Rina Wati' } });
    const february = await w.call('GET', '/deposito/monthly-interest?period=2026-02&status=due', { token: w.users.operator.token });
    // 31 Jan 2026 is a Saturday → paid Monday 2 Feb.
    expect(february.body.data.map((row: any) => [row.periodEnd, row.payDate])).toEqual([['2026-01-31', '2026-02-02']]);
    expect(february.body.summary).toEqual({ count: 1, gross: 101_918, tax: 20_384, net: 81_534 });
  });

  it('counts the rows of the transfer template (due for payment, not the scheduled ones) for a period', async () => {
    const count = await w.call('GET', '/deposito/monthly-interest-template/count?period=2026-03', { token: w.users.operator.token });
    expect(count.body.data).toEqual({ period: '2026-03', count: 1, totalNet: 73_644 });
    const bad = await w.call('GET', '/deposito/monthly-interest-template/count?period=maret', { token: w.users.operator.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['Periode harus berformat YYYY-MM.']);
  });

  describe('POST /deposito/monthly-interest-disbursement (mark paid in bulk)', () => {
    const post = (who: keyof World['users'], json: Record<string, unknown>, headers = freshKey()) =>
      w.call('POST', '/deposito/monthly-interest-disbursement', { token: w.users[who].token, json, headers });

    it('marks every due installment paid with the transfer reference, and the history shows them', async () => {
      const due = (await installmentsOf(deposit.id)).filter((row) => row.status === 'due');
      expect(due).toHaveLength(2);
      const result = await post('supervisor', { installmentIds: due.map((row) => row.id), paidAt: '2026-03-02', reference: 'TRF-BUNGA-0302' });
      expect(result.status, result.text).toBe(200);
      expect(result.body.data).toEqual({ paid: 2, installmentIds: due.map((row) => row.id), reference: 'TRF-BUNGA-0302', paidAt: '2026-03-02' });
      const after = await installmentsOf(deposit.id);
      expect(after.filter((row) => row.status === 'paid').map((row) => [row.reference, row.paid_at, row.paid_by])).toEqual([
        ['TRF-BUNGA-0302', '2026-03-02', w.users.supervisor.id],
        ['TRF-BUNGA-0302', '2026-03-02', w.users.supervisor.id],
      ]);
      const history = await w.call('GET', '/deposito/monthly-interest-disbursement?period=2026-03&reference=TRF-BUNGA-0302', { token: w.users.operator.token });
      expect(history.body.meta.total).toBe(2);
      expect(history.body.data.every((row: any) => row.status === 'paid' && row.statusLabel === 'Sudah Dibayar')).toBe(true);
    });

    it('is all or nothing: one installment not due yet refuses the whole batch (409) and pays none', async () => {
      await fallDue('2026-03-02');
      const rows = await installmentsOf(atMaturity.id);
      const dueElsewhere = await w.place({ amount: 3_000_000, tenorMonths: 1, placementDate: '2026-01-10' });
      await w.drive(dueElsewhere.id, { type: 'deposit.approve' });
      await fallDue('2026-03-02');
      const [due] = await installmentsOf(dueElsewhere.id);
      expect(due!.status).toBe('due');
      const result = await post('supervisor', { installmentIds: [due!.id, rows[0]!.id], paidAt: '2026-03-02', reference: 'TRF-CAMPUR' });
      expect(result.status).toBe(409);
      expect(result.body.message).toBe('Bunga tidak dalam status Jatuh Tempo Bayar (status saat ini: Terjadwal).');
      expect((await installmentsOf(dueElsewhere.id))[0]!.status).toBe('due');
    });

    it('answers 403 to an operator, 404 for another bank\'s installment, 400 to bad input', async () => {
      const [own] = (await w.db.selectFrom('interest_installments').select('id').where('bank_id', '=', w.bank.id).where('status', '=', 'due').execute());
      const operator = await post('operator', { installmentIds: [own!.id], paidAt: '2026-03-02', reference: 'X' });
      expect(operator.status).toBe(403);
      expect(operator.body.message).toBe('Hanya supervisor yang dapat menandai bunga sudah dibayar.');
      await fallDue('2026-03-02');
      const [foreign] = await installmentsOf(otherBank.id);
      const elsewhere = await post('supervisor', { installmentIds: [foreign!.id], paidAt: '2026-03-02', reference: 'X' });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.message).toBe('1 bunga tidak ditemukan.');
      const bad = await post('supervisor', { installmentIds: [], paidAt: '2 Maret', reference: ' ' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toEqual(['Pilih minimal satu bunga.', 'Tanggal harus berformat YYYY-MM-DD.', 'Nomor referensi transfer wajib diisi.']);
      const ancient = await post('supervisor', { installmentIds: [own!.id], paidAt: '0001-01-01', reference: 'X' });
      expect(ancient.status).toBe(400);
      expect(ancient.body.message).toEqual(['Tanggal harus antara 1 Januari 2000 dan 31 Desember 2099.']);
      const early = await post('supervisor', { installmentIds: [own!.id], paidAt: '2026-01-01', reference: 'X' });
      expect(early.status).toBe(400);
      expect(early.body.message[0]).toMatch(/^Tanggal transfer tidak boleh sebelum tanggal bayar bunga \(\d{2}-\w{3}-2026\)\.$/);
      const nul = await post('supervisor', { installmentIds: [own!.id], paidAt: '2026-03-02', reference: '\u0001' });
      expect(nul.status).toBe(400);
      expect(nul.body.message).toEqual(['Nomor referensi transfer hanya boleh berisi huruf, angka, spasi dan tanda baca.']);
      expect((await w.db.selectFrom('interest_installments').select('status').where('id', '=', own!.id).executeTakeFirstOrThrow()).status).toBe('due');
      const future = await post('supervisor', { installmentIds: [own!.id], paidAt: '2026-03-03', reference: 'X' });
      expect(future.status).toBe(400);
      expect(future.body.message).toEqual(['Tanggal transfer tidak boleh setelah hari ini.']);
    });

    it('replays the answer for the same key and payload, 422 for another payload; two supervisors at once: one wins', async () => {
      const target = await w.place({ amount: 4_000_000, tenorMonths: 1, placementDate: '2026-01-20' });
      await w.drive(target.id, { type: 'deposit.approve' });
      await fallDue('2026-03-02');
      const [due] = await installmentsOf(target.id);
      const key = freshKey();
      const body = { installmentIds: [due!.id], paidAt: '2026-03-02', reference: 'TRF-1' };
      const first = await post('supervisor', body, key);
      const again = await post('supervisor', body, key);
      expect(first.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await post('supervisor', { ...body, reference: 'TRF-2' }, key)).status).toBe(422);

      const race = await w.place({ amount: 4_000_000, tenorMonths: 1, placementDate: '2026-01-21' });
      await w.drive(race.id, { type: 'deposit.approve' });
      await fallDue('2026-03-02');
      const [raced] = await installmentsOf(race.id);
      const results = await Promise.all([
        post('supervisor', { installmentIds: [raced!.id], paidAt: '2026-03-02', reference: 'TRF-A' }),
        post('supervisor2', { installmentIds: [raced!.id], paidAt: '2026-03-02', reference: 'TRF-B' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const [paid] = await installmentsOf(race.id);
      expect(paid!.reference).toBe(results.find((r) => r.status === 200)!.body.data.reference);
    });

    it('a break cancels the unpaid installments, which can no longer be paid', async () => {
      const broken = await w.inState('active', { amount: 8_000_000, tenorMonths: 3 });
      await w.drive(broken.id, { type: 'deposit.requestBreak', breakDate: '2026-03-10' }, 'operator');
      await w.drive(broken.id, { type: 'deposit.approveBreak' }, 'supervisor');
      const rows = await installmentsOf(broken.id);
      expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
      const result = await post('supervisor', { installmentIds: [rows[0]!.id], paidAt: '2026-03-02', reference: 'X' });
      expect(result.status).toBe(409);
      expect(result.body.message).toBe('Bunga ini sudah dibatalkan karena depositonya dicairkan lebih awal.');
    });
  });
});
