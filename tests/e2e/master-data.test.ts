/**
 * Issue 10 in Chromium against the real server with its demo data: Nasabah (search, a customer's
 * page, to a deposit and back); Produk (an admin creates a product, an operator sees it offered).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerSummary } from '../../contract/customers';
import { saveScreenshot } from './support/browser';
import { apiGetAs, expectAccessible, startDemoSession, stopDemoSession, withLoggedInAs, type DemoSession } from './support/demo-session';

const OPERATOR = 'operator@bpr-demo.test';
const ADMIN = 'admin@bpr-demo.test';
let session: DemoSession;

beforeAll(async () => {
  session = await startDemoSession([OPERATOR, ADMIN]);
}, 180_000);

afterAll(async () => {
  await stopDemoSession(session);
});

describe('Nasabah (issue 10)', () => {
  it('an operator finds a customer by NIK, sees identity, what the bank holds and what LPS guarantees, opens a deposit and comes back', async () => {
    // The customer with the most deposits: the server's own figures are what the page must show.
    const list = await apiGetAs<{ data: CustomerSummary[] }>(session, OPERATOR, '/bpr/customers?limit=100');
    const customer = [...list.data].sort((a, b) => b.depositCount - a.depositCount)[0]!;
    const detail = (await apiGetAs<{ data: CustomerDetail }>(session, OPERATOR, `/bpr/customers/${customer.id}`)).data;
    const nikPrefix = customer.nik.slice(0, 12);

    await withLoggedInAs(session, OPERATOR, async (page) => {
      await page.getByRole('navigation').getByRole('link', { name: 'Nasabah', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/nasabah');
      await page.getByRole('searchbox', { name: 'Cari' }).fill(nikPrefix);
      await page.getByRole('button', { name: 'Cari', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === nikPrefix);
      const row = page.getByRole('row').filter({ hasText: `NIK ${customer.nik}` });
      await row.waitFor();
      await expectAccessible(page, 'Nasabah');
      await row.getByRole('link', { name: customer.name }).click();

      await page.waitForURL((url) => url.pathname === `/nasabah/${customer.id}`);
      await page.getByRole('heading', { name: customer.name, level: 1 }).waitFor();
      const identity = page.getByRole('region', { name: 'Identitas nasabah' });
      await identity.getByText(customer.nik).waitFor();
      if (detail.npwp) await identity.getByText(detail.npwp).waitFor();
      const lps = page.getByRole('region', { name: 'Penjaminan LPS' });
      const rupiah = (amount: number) => `Rp ${amount.toLocaleString('id-ID')}`;
      await lps.getByText(rupiah(detail.guaranteedAmount), { exact: true }).first().waitFor();
      expect(await page.getByRole('table', { name: 'Deposito nasabah' }).getByRole('row').count()).toBe(detail.deposits.length + 1);
      await saveScreenshot(page, 'nasabah-detail');
      await expectAccessible(page, 'Detail nasabah');

      const first = detail.deposits[0]!;
      await page.getByRole('link', { name: first.depositNumber }).click();
      await page.waitForURL((url) => url.pathname === `/deposito/${first.id}`);
      await page.getByRole('link', { name: customer.name }).first().click();
      await page.waitForURL((url) => url.pathname === `/nasabah/${customer.id}`);
    }, 1024);
  });
});
