import { expect } from 'vitest';
import { blob, fakeFile } from '../harness';
import { freshKey, type World } from '../deposit-fixtures';

/** The staff requests a payout test makes, through the API as the screens make them. */
export function payoutSteps(world: () => World) {
  return {
    /** GET /deposito/{id} as the operator, expecting 200. */
    async detail(id: string) {
      const result = await world().call('GET', `/deposito/${id}`, { token: world().users.operator.token });
      expect(result.status, result.text).toBe(200);
      return result.body.data;
    },
    /** A lifecycle event at the deposit's current version, expecting 200. */
    async act(id: string, json: Record<string, unknown>, who: 'operator' | 'supervisor' = 'operator') {
      const { version } = await world().row(id);
      const result = await world().call('POST', `/deposito/${id}/events`, { token: world().users[who].token, json: { ...json, version }, headers: freshKey() });
      expect(result.status, result.text).toBe(200);
      return result.body.data;
    },
    /** The deposit's payout waiting in Pencairan, if any. */
    async pendingPayout(id: string) {
      const list = await world().call('GET', '/deposito/disbursements?status=pending&limit=100', { token: world().users.operator.token });
      return list.body.data.find((row: { depositId: string }) => row.depositId === id);
    },
    /** Bunga Bulanan's "tandai dibayar" for these installments by the supervisor: the raw answer. */
    payInterest(installmentIds: string[], reference: string, paidAt: string) {
      return world().call('POST', '/deposito/monthly-interest-disbursement', { token: world().users.supervisor.token, json: { installmentIds, paidAt, reference }, headers: freshKey() });
    },
    /** Catat pembayaran by the supervisor, with a proof image: the raw answer. */
    async markPaid(id: string, reference: string, paidAt: string) {
      const form = new FormData();
      form.set('depositId', id);
      form.set('version', String((await world().row(id)).version));
      form.set('reference', reference);
      form.set('paidAt', paidAt);
      form.set('proof', blob(fakeFile('png', 2048), 'image/png'), 'bukti.png');
      return world().call('POST', '/deposito/disbursement-paid', { token: world().users.supervisor.token, form, headers: freshKey() });
    },
  };
}
