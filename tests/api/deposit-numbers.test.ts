import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeDeposit } from '../../server/deposits/deposit-placement';
import { dialects, startTestServer, type TestServer } from './harness';
import { jobBank, newJobCustomer, type JobBank } from './job-fixtures';

describe.each(dialects)('deposit numbers (%s)', (dialect) => {
  let t: TestServer;
  let bank: JobBank;

  beforeAll(async () => {
    t = await startTestServer(dialect, { seed: false });
    bank = await jobBank(t, 'BPR Uji Nomor Deposito');
  });
  afterAll(async () => t?.stop());

  const place = async (draw?: (placementDate: string) => string) =>
    placeDeposit(bank.db, {
      bankId: bank.bankId,
      customerId: await newJobCustomer(bank),
      productId: bank.products.monthly,
      amount: 10_000_000,
      tenorMonths: 1,
      placementDate: '2026-03-02',
      instruction: 'PAYOUT',
      now: '2026-03-02T02:00:00.000Z',
      ...(draw ? { drawDepositNumber: draw } : {}),
    });

  it('a drawn number the bank already has is drawn again instead of refusing the placement', async () => {
    const first = await place();
    expect(first.deposit_number).toMatch(/^DEP-2603-[0-9A-F]{8}$/);
    const draws = [first.deposit_number, first.deposit_number, 'DEP-2603-0000ABCD'];
    const drawn: string[] = [];
    const second = await place(() => {
      const next = draws.shift()!;
      drawn.push(next);
      return next;
    });
    expect(drawn).toEqual([first.deposit_number, first.deposit_number, 'DEP-2603-0000ABCD']);
    expect(second.deposit_number).toBe('DEP-2603-0000ABCD');
    const rows = await bank.db.selectFrom('deposits').select(['id', 'deposit_number']).where('bank_id', '=', bank.bankId).execute();
    expect(new Map(rows.map((row) => [row.id, row.deposit_number]))).toEqual(new Map([[first.id, first.deposit_number], [second.id, 'DEP-2603-0000ABCD']]));
  });
});
