/**
 * Issues 10 and 11 in Chromium against the real server with its demo data: Nasabah (search, a
 * customer's page, to a deposit and back); Produk (an admin creates a product, an operator sees it
 * offered); Neraca Keuangan (an admin enters this month and sees its ratios).
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
    const nik = customer.nik!; // the demo's customers are individuals
    const nikPrefix = nik.slice(0, 12);

    await withLoggedInAs(session, OPERATOR, async (page) => {
      await page.getByRole('navigation').getByRole('link', { name: 'Nasabah', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/nasabah');
      await page.getByRole('searchbox', { name: 'Cari' }).fill(nikPrefix);
      await page.getByRole('button', { name: 'Cari', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === nikPrefix);
      const row = page.getByRole('row').filter({ hasText: `NIK ${nik}` });
      await row.waitFor();
      await expectAccessible(page, 'Nasabah');
      await row.getByRole('link', { name: customer.name }).click();

      await page.waitForURL((url) => url.pathname === `/nasabah/${customer.id}`);
      await page.getByRole('heading', { name: customer.name, level: 1 }).waitFor();
      const identity = page.getByRole('region', { name: 'Identitas nasabah' });
      await identity.getByText(nik).waitFor();
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

describe('Produk (issue 10)', () => {
  it('an admin creates a product with its tenors and rates; an operator sees it offered, read-only', async () => {
    await withLoggedInAs(session, ADMIN, async (page) => {
      await page.getByRole('navigation').getByRole('link', { name: 'Produk', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/master-data/produk');
      await page.getByRole('link', { name: 'Tambah produk' }).click();
      await page.waitForURL((url) => url.pathname === '/master-data/produk/baru');
      await page.getByLabel('Kode produk').fill('DEP-PDK');
      await page.getByLabel('Nama produk').fill('Deposito Pendidikan');
      await page.getByLabel('Bunga dibayar').selectOption('AT_MATURITY');
      await page.getByLabel('Penalti pencairan awal').fill('1,5');
      await page.getByLabel('Nominal minimum').fill('5000000');
      await page.getByLabel('Tenor baris 1 (bulan)').fill('6');
      await page.getByLabel('Suku bunga baris 1 (%)').fill('6,25');
      await page.getByRole('button', { name: 'Tambah tenor' }).click();
      await page.getByLabel('Tenor baris 2 (bulan)').fill('12');
      await page.getByLabel('Suku bunga baris 2 (%)').fill('6,75');
      await saveScreenshot(page, 'produk-baru');
      await page.getByRole('button', { name: 'Simpan produk' }).click();
      await page.waitForURL((url) => url.pathname === '/master-data/produk');
      const row = page.getByRole('row').filter({ hasText: 'Deposito Pendidikan' });
      await row.getByText('6 bln 6,25%').waitFor();
      // 6,75% is above the demo's guaranteed rate in force today (6,00%).
      await row.getByText('Tidak dijamin LPS').waitFor();
      await expectAccessible(page, 'Produk');
    });

    // What the server now holds: 150 bps penalty, rates in basis points, in force from today.
    const products = await fetch(`${session.server.url}/api-v1/deposito/all-product?q=DEP-PDK`, { headers: { authorization: session.tokens[OPERATOR]! } });
    const created = ((await products.json()) as { data: Array<Record<string, unknown>> }).data;
    expect(created).toEqual([
      expect.objectContaining({
        code: 'DEP-PDK',
        interestPayment: 'AT_MATURITY',
        breakPenaltyBps: 150,
        minAmount: 5_000_000,
        tenors: [
          { tenorMonths: 6, rateBps: 625 },
          { tenorMonths: 12, rateBps: 675 },
        ],
        lpsFlag: true,
      }),
    ]);

    await withLoggedInAs(session, OPERATOR, async (page) => {
      // Offered: the deposit list's product filter names it.
      await page.getByRole('navigation').getByRole('link', { name: 'Daftar Deposito', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/deposito');
      await expect.poll(async () => page.getByLabel('Produk').locator('option').allTextContents()).toContain('Deposito Pendidikan');
      // Produk for an operator: listed with its rates, nothing to change.
      await page.getByRole('navigation').getByRole('link', { name: 'Produk', exact: true }).click();
      await page.getByRole('row').filter({ hasText: 'Deposito Pendidikan' }).getByText('12 bln 6,75%').waitFor();
      await page.getByText('Produk hanya dapat ditambah dan diubah oleh Admin.').waitFor();
      expect(await page.getByRole('link', { name: 'Tambah produk' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Nonaktifkan Deposito Pendidikan' }).count()).toBe(0);
      await saveScreenshot(page, 'produk-operator');
    }, 1024);
  });
});

describe('Neraca Keuangan (issue 11)', () => {
  it('an admin enters this month\'s lines, leaving the deposito line to Berjangka, and sees the ratios; an operator reads them', async () => {
    const lines: Record<string, string> = {
      Kas: '2.000.000.000',
      'Penempatan pada bank lain': '8.000.000.000',
      'Kredit yang diberikan': '80.000.000.000',
      'Kredit kurang lancar': '1.000.000.000',
      'Kredit diragukan': '500.000.000',
      'Kredit macet': '1.500.000.000',
      'CKPN (cadangan kerugian penurunan nilai)': '2.000.000.000',
      'Aset tetap (neto)': '3.000.000.000',
      'Aset lain-lain': '1.000.000.000',
      Tabungan: '30.000.000.000',
      'Simpanan dari bank lain': '2.000.000.000',
      'Pinjaman yang diterima': '1.000.000.000',
      'Kewajiban segera': '500.000.000',
      'Utang bunga': '200.000.000',
      'Kewajiban lain-lain': '300.000.000',
      'Modal inti': '10.000.000.000',
      'Modal pelengkap': '1.000.000.000',
      'ATMR (aset tertimbang menurut risiko)': '70.000.000.000',
      'Pendapatan operasional (sejak Januari)': '4.000.000.000',
      'Beban operasional (sejak Januari)': '3.400.000.000',
      'Laba (rugi) sebelum pajak (sejak Januari)': '600.000.000',
    };
    const thisMonth = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7);
    await withLoggedInAs(session, ADMIN, async (page) => {
      await page.getByRole('navigation').getByRole('link', { name: 'Neraca Keuangan', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/bank/neraca');
      // The demo has the twelve months before this one: this month is still to be entered.
      await page.getByRole('list', { name: 'Rasio keuangan' }).waitFor();
      await page.getByRole('combobox', { name: /^Bulan/ }).selectOption(thisMonth);
      await page.getByText(/belum diisi\./).first().waitFor();
      for (const [label, value] of Object.entries(lines)) {
        // Required fields carry a star after their name.
        const name = new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`);
        await page.getByRole('textbox', { name }).fill(value);
      }
      await page.getByRole('button', { name: 'Simpan neraca' }).click();
      const cards = page.getByRole('list', { name: 'Rasio keuangan' });
      // KPMM 11/70 = 15,71%; NPL 3/80 = 3,75%; BOPO 3,4/4 = 85,00% (tests/unit/bank-ratios.test.ts).
      await cards.getByRole('listitem').filter({ hasText: 'KPMM (CAR)' }).getByText('15,71%').waitFor();
      await cards.getByRole('listitem').filter({ hasText: 'NPL bruto' }).getByText('3,75%').waitFor();
      await cards.getByRole('listitem').filter({ hasText: 'BOPO' }).getByText('85,00%').waitFor();
      await page.getByText('(data Berjangka)').waitFor();
      await saveScreenshot(page, 'neraca-entered');
      await expectAccessible(page, 'Neraca Keuangan');
    });
    await withLoggedInAs(session, OPERATOR, async (page) => {
      await page.goto(`${session.server.url}/bank/neraca?period=${thisMonth}`);
      await page.getByRole('list', { name: 'Rasio keuangan' }).getByText('15,71%').waitFor();
      expect(await page.getByRole('button', { name: 'Simpan neraca' }).count()).toBe(0);
    }, 1024);
  });
});

