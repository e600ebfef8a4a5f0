import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDetailSchema, customerSummarySchema } from '../../contract/customers';
import { dialects } from './harness';
import { addCustomer, startWorld, type World } from './deposit-fixtures';

/** API.md "Bank, users, settings": GET /bpr/customers[/{id}] with the LPS guarantee of each customer's deposits. */

for (const dialect of dialects) {
  describe(`customers of a bank (${dialect})`, () => {
    let w: World;
    let rich: string;

    beforeAll(async () => {
      w = await startWorld(dialect);
      // A customer with 1,5 bn + 1 bn at or below the TBP (6,00%) and 0,25 bn above it; one more still pending, one rejected.
      rich = await addCustomer(w, w.bank.id, 'Hartono Wijaya', '3273010101800001');
      await w.db.updateTable('customers').set({ phone: '081299887766', email: 'hartono@contoh.id', address: 'Jl. Braga No. 5, Bandung', npwp: '01.234.567.8-901.000' }).where('id', '=', rich).execute();
      const place = (amount: number, rateBps: number, status: 'active' | 'pending' | 'rejected') =>
        w.inState(status, { amount, customer: 'main' }).then(async (row) => {
          await w.db.updateTable('deposits').set({ customer_id: rich, rate_bps: rateBps }).where('id', '=', row.id).execute();
          return row;
        });
      await place(1_500_000_000, 550, 'active');
      await place(1_000_000_000, 600, 'active');
      await place(250_000_000, 700, 'active');
      await place(50_000_000, 550, 'pending');
      await place(70_000_000, 550, 'rejected');
    });
    afterAll(async () => {
      await w?.stop();
    });

    it('finds customers by name, NIK prefix or phone, each with what the bank holds and how much LPS guarantees', async () => {
      const byName = await w.call('GET', '/bpr/customers?q=hartono', { token: w.users.operator.token });
      expect(byName.status).toBe(200);
      expect(byName.body.data).toHaveLength(1);
      // Held: 1,5 + 1 + 0,25 bn (pending and rejected are not the bank's money). Guaranteed: 2,5 bn eligible, capped at 2 bn.
      expect(customerSummarySchema.parse(byName.body.data[0])).toEqual({
        id: rich,
        type: 'INDIVIDUAL',
        name: 'Hartono Wijaya',
        // Masked in a list (DOMAIN.md "Customers (CIF)"); whole on the customer's page.
        nik: '3273********0001',
        phone: '0812*****766',
        totalActivePrincipal: 2_750_000_000,
        depositCount: 5,
        guaranteedAmount: 2_000_000_000,
        unguaranteedAmount: 750_000_000,
      });
      expect((await w.call('GET', '/bpr/customers?q=327301010180', { token: w.users.operator.token })).body.data.map((row: { id: string }) => row.id)).toEqual([rich]);
      expect((await w.call('GET', '/bpr/customers?q=9988', { token: w.users.operator.token })).body.data.map((row: { id: string }) => row.id)).toEqual([rich]);
      const all = await w.call('GET', '/bpr/customers?limit=100', { token: w.users.operator.token });
      expect(all.body.meta.total).toBe(all.body.data.length);
      expect(all.body.data.map((row: { name: string }) => row.name)).toEqual([...all.body.data.map((row: { name: string }) => row.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('one customer: identity, payout account, every deposit (with the balance flag) and their documents', async () => {
      const answer = await w.call('GET', `/bpr/customers/${rich}`, { token: w.users.operator.token });
      expect(answer.status).toBe(200);
      const detail = customerDetailSchema.parse(answer.body.data);
      expect(detail).toMatchObject({ nik: '3273010101800001', phone: '081299887766', email: 'hartono@contoh.id', address: 'Jl. Braga No. 5, Bandung', npwp: '01.234.567.8-901.000', totalActivePrincipal: 2_750_000_000, documents: [] });
      expect(detail.deposits).toHaveLength(5);
      expect(detail.deposits.every((deposit) => deposit.flags.some((flag) => flag.code === 'BALANCE_ABOVE_LPS'))).toBe(true);
      expect(detail.deposits.filter((deposit) => deposit.flags.some((flag) => flag.code === 'RATE_ABOVE_LPS')).map((deposit) => deposit.rateBps)).toEqual([700]);
    });

    it('another bank\'s customer is 404; a search too long is 400; no token is 401', async () => {
      expect((await w.call('GET', `/bpr/customers/${w.customers.other}`, { token: w.users.operator.token })).status).toBe(404);
      expect((await w.call('GET', `/bpr/customers/${rich}`, { token: w.users.otherSupervisor.token })).status).toBe(404);
      expect((await w.call('GET', '/bpr/customers?q=hartono', { token: w.users.otherSupervisor.token })).body.data).toEqual([]);
      const long = await w.call('GET', `/bpr/customers?q=${'a'.repeat(101)}`, { token: w.users.operator.token });
      expect(long.status).toBe(400);
      expect(long.body.message.join(' ')).toContain('Pencarian paling banyak 100 karakter.');
      expect((await w.call('GET', '/bpr/customers')).status).toBe(401);
    });
  });
}
