import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_WINDOW_MESSAGE, PERIOD_WINDOW_MESSAGE } from '../../contract/deposit';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * Issue 17, defect 7: every date and period that comes in has a window (2000-01-01 … 2099-12-31,
 * January 2000 … December 2099, contract/deposit.ts), so a year 9999 or 0001 is a 400 naming the
 * window in every route family, never a 500 nor a stored setting.
 */
describe.each(dialects)('date and period windows (%s)', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w?.stop();
  });

  const messagesOf = (body: { message: unknown }) => (Array.isArray(body.message) ? body.message : [body.message]);
  const expectWindow = (answer: { status: number; body: { message: unknown } }, message: string, what: string) => {
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(400);
    expect(messagesOf(answer.body), what).toContain(message);
  };

  it('periods: invoice lines, reports, interest months, disbursements, balance sheet', async () => {
    const token = w.users.admin.token;
    expectWindow(await w.call('GET', '/report/invoice/xlsx?period=9999-12', { token }), PERIOD_WINDOW_MESSAGE, 'invoice xlsx');
    expectWindow(await w.call('GET', '/report?type=posisi-deposito&period=9999-12&format=xlsx', { token }), PERIOD_WINDOW_MESSAGE, 'report');
    expectWindow(await w.call('GET', '/deposito/monthly-interest?period=0001-01', { token }), PERIOD_WINDOW_MESSAGE, 'monthly interest');
    expectWindow(await w.call('GET', '/deposito/monthly-interest-template/download?period=9999-12', { token }), PERIOD_WINDOW_MESSAGE, 'transfer template');
    expectWindow(await w.call('GET', '/deposito/disbursements?period=0001-01', { token }), PERIOD_WINDOW_MESSAGE, 'disbursements');
    const sheet = await w.call('POST', '/bpr/neraca-keuangan', { token, json: { period: '1999-12', lines: {} }, headers: freshKey() });
    expectWindow(sheet, PERIOD_WINDOW_MESSAGE, 'balance sheet');
  });

  it('settings: a holiday in 9999 and an LPS rate from 0001 are refused and nothing is stored', async () => {
    const token = w.users.admin.token;
    const before = await w.call('GET', '/bpr/product-setting', { token });
    const holiday = await w.call('PUT', '/bpr/product-setting', { token, json: { holidays: [{ date: '9999-12-25', name: 'Natal' }] }, headers: freshKey() });
    expectWindow(holiday, DATE_WINDOW_MESSAGE, 'holiday');
    const lps = await w.call('PUT', '/bpr/product-setting', { token, json: { lpsRates: [{ effectiveFrom: '0001-01-01', rateBps: 425 }] }, headers: freshKey() });
    expectWindow(lps, DATE_WINDOW_MESSAGE, 'LPS rate');
    expect((await w.call('GET', '/bpr/product-setting', { token })).body.data).toEqual(before.body.data);
    // The window's own ends are accepted.
    const edge = await w.call('PUT', '/bpr/product-setting', { token, json: { holidays: [{ date: '2099-12-31', name: 'Akhir abad' }] }, headers: freshKey() });
    expect(edge.status, JSON.stringify(edge.body)).toBe(200);
  });

  it('dates: list filters, interest transfers, bilyet steps, product rates, break preview', async () => {
    const deposit = await w.inState('active');
    const { admin, supervisor, operator } = w.users;
    expectWindow(await w.call('GET', '/invoice/all-deposito?dateFrom=0001-01-01', { token: operator.token }), DATE_WINDOW_MESSAGE, 'deposit list');
    expectWindow(await w.call('GET', `/invoice/deposito/break?depositId=${deposit.id}&date=9999-12-31`, { token: operator.token }), DATE_WINDOW_MESSAGE, 'break preview');
    const interest = await w.call('POST', '/deposito/monthly-interest-disbursement', { token: supervisor.token, json: { installmentIds: ['x'], paidAt: '9999-01-01', reference: 'TRF-1' }, headers: freshKey() });
    expectWindow(interest, DATE_WINDOW_MESSAGE, 'interest paid');
    const receive = new FormData();
    receive.set('depositId', deposit.id);
    receive.set('receivedAt', '9999-01-01');
    receive.set('receivedBy', 'Rina');
    expectWindow(await w.call('POST', '/deposito/receive-bilyet', { token: operator.token, form: receive, headers: freshKey() }), DATE_WINDOW_MESSAGE, 'bilyet received');
    const product = await w.t.call('POST', '/api-v1/deposito/create-product', { json: { rateEffectiveFrom: '9999-01-01' }, headers: { ...freshKey(), authorization: admin.token } });
    expect(product.status, JSON.stringify(product.body)).toBe(400);
    expect(messagesOf(product.body)).toContain(DATE_WINDOW_MESSAGE);
  });
});
