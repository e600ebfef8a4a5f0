/**
 * Issues 10, 11 and 18 in Chromium against the real server with its demo data: Nasabah (search, a
 * customer's page, to a deposit and back; a new customer typed with the keyboard alone; a contact
 * correction and a name change decided by another supervisor); Produk (an admin creates a product, an operator sees it
 * offered); Neraca Keuangan (an admin enters this month and sees its ratios).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerSummary } from '../../contract/customers';
import { maskNik } from '../../machines/customer-rules';
import { saveScreenshot } from './support/browser';
import { apiGetAs, expectAccessible, startDemoSession, stopDemoSession, withLoggedInAs, type DemoSession } from './support/demo-session';

const OPERATOR = 'operator@bpr-demo.test';
const SUPERVISOR = 'supervisor@bpr-demo.test';
const ADMIN = 'admin@bpr-demo.test';
let session: DemoSession;

beforeAll(async () => {
  session = await startDemoSession([OPERATOR, SUPERVISOR, ADMIN]);
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
    const nik = detail.nik!; // the demo's customers are individuals; the list masks it, the page shows it whole
    const nikPrefix = nik.slice(0, 12);

    await withLoggedInAs(session, OPERATOR, async (page) => {
      await page.getByRole('navigation').getByRole('link', { name: 'Nasabah', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/nasabah');
      await page.getByRole('searchbox', { name: 'Cari' }).fill(nikPrefix);
      await page.getByRole('button', { name: 'Cari', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === nikPrefix);
      const row = page.getByRole('row').filter({ hasText: `NIK ${maskNik(nik)}` });
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

describe('Nasabah Baru (issue 18)', () => {
  it('an operator creates an individual with the keyboard alone; the same NIK again points to the customer kept', async () => {
    await withLoggedInAs(session, OPERATOR, async (page) => {
      await page.goto(`${session.server.url}/nasabah`);
      await page.getByRole('link', { name: 'Nasabah baru' }).focus();
      const keys = page.keyboard;
      await keys.press('Enter');
      await page.getByRole('heading', { name: 'Nasabah Baru', level: 1 }).waitFor();
      const tab = async (times = 1) => {
        for (let i = 0; i < times; i += 1) await keys.press('Tab');
      };
      // What a screen reader names the focused control by: its label, else its own text.
      const focusedLabel = () =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLInputElement | null;
          return (element?.labels?.[0]?.textContent ?? element?.getAttribute('aria-label') ?? element?.textContent ?? '').replace(' *', '');
        });
      await page.getByRole('radio', { name: 'Perorangan' }).focus();
      // 32 73 09 | 45 06 92 | 0007: registered in Bandung Wetan, a woman born 5 June 1992.
      const fill: Array<[string, string | null, number?]> = [
        ['Nama sesuai KTP', 'Rina Kartika'],
        ['NIK', '3273094506920007'],
        ['Tempat lahir', 'Bandung'],
        ['Tanggal lahir', '05-06-1992'],
        ['Jenis kelamin', null, 2], // past the calendar button; ArrowDown twice: Perempuan
        ['Nama ibu kandung', 'Sri Wahyuni'],
        ['Pekerjaan', 'Guru'],
        ['Sumber dana', 'Gaji'],
        ['Tujuan pembukaan rekening', 'Simpanan berjangka'],
        ['Alamat (jalan dan nomor)', 'Jl. Citarum No. 12', 2], // past the optional NPWP
        ['RT/RW', '003/005'],
        ['Cari kode pos atau nama wilayah', '40115'],
      ];
      for (const [label, text, tabs] of fill) {
        await tab(tabs ?? 1);
        expect(await focusedLabel()).toBe(label);
        if (text === null) for (const _ of [1, 2]) await keys.press('ArrowDown');
        else await keys.type(text);
      }
      await page.getByRole('option', { name: /40115\s*Citarum/ }).waitFor();
      await keys.press('ArrowDown');
      await keys.press('Enter');
      expect(await page.getByLabel(/^Kelurahan\/desa/).inputValue()).toBe('32.73.09.1003');
      await page.getByLabel(/^Nomor telepon/).focus();
      await keys.type('0812 7777 1234');
      await tab(2);
      expect(await focusedLabel()).toBe('Bank tujuan');
      await keys.type('Bank Central');
      await tab();
      await keys.type('8090123456');
      await tab();
      await keys.type('Rina Kartika');
      await expectAccessible(page, 'Nasabah Baru');
      await saveScreenshot(page, 'customer-new-filled');
      // Past the two optional scans (KTP, NPWP: each a file button) and the risk level, to the button.
      const passed: string[] = [];
      for (let i = 0; i < 6 && passed.at(-1) !== 'Simpan nasabah'; i += 1) {
        await tab();
        passed.push(await focusedLabel());
      }
      expect(passed).toEqual(['Pilih berkas', 'Pilih berkas', 'Tingkat risiko', 'Simpan nasabah']);
      await keys.press('Enter');

      await page.waitForURL((url) => /^\/nasabah\/[0-9a-f-]{36}$/.test(url.pathname));
      await page.getByRole('heading', { name: 'Rina Kartika', level: 1 }).waitFor();
      const identity = page.getByRole('region', { name: 'Identitas nasabah' });
      for (const text of ['3273094506920007', 'Bandung, 05-Jun-1992', 'Perempuan', '081277771234', 'Jl. Citarum No. 12, RT/RW 003/005, 40115']) await identity.getByText(text, { exact: true }).waitFor();
      await identity.getByText(/Bank Central Asia \(BCA\)\s*8090123456 a\.n\. Rina Kartika/).waitFor();
      const keptPath = new URL(page.url()).pathname;
      await saveScreenshot(page, 'customer-new-saved');

      // The same NIK again, typed as on a photocopy: the form says so, with the focus, and links to the customer kept.
      await page.goto(`${session.server.url}/nasabah/baru`);
      const fields: Array<[RegExp, string]> = [
        [/^Nama sesuai KTP/, 'Rina K.'], [/^NIK/, '3273 0945 0692 0007'], [/^Tempat lahir/, 'Bandung'], [/^Nama ibu kandung/, 'Sri Wahyuni'], [/^Pekerjaan/, 'Guru'],
        [/^Sumber dana/, 'Gaji'], [/^Tujuan pembukaan rekening/, 'Simpanan berjangka'], [/^Alamat \(jalan/, 'Jl. Citarum No. 12'], [/^Nomor telepon/, '081277771234'],
      ];
      for (const [label, value] of fields) await page.getByLabel(label).fill(value);
      const birth = page.getByLabel(/^Tanggal lahir/);
      await birth.fill('05-06-1992');
      await birth.blur();
      await page.getByLabel(/^Jenis kelamin/).selectOption('FEMALE');
      await page.getByRole('combobox', { name: 'Cari kode pos atau nama wilayah' }).fill('40115');
      await page.getByRole('option', { name: /40115\s*Citarum/ }).click();
      await page.getByRole('button', { name: 'Simpan nasabah' }).click();
      const existing = page.getByRole('link', { name: 'Buka data nasabah yang sudah ada' });
      await existing.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Nasabah sudah terdaftar');
      expect(await existing.getAttribute('href')).toBe(keptPath);
      await saveScreenshot(page, 'customer-new-duplicate');
    });
  });
});

describe('Ubah Data Nasabah (issue 18)', () => {
  it("an operator corrects a customer's phone at once and asks for a new name; another supervisor sees before and after in Permintaan Perubahan and approves it", async () => {
    const list = await apiGetAs<{ data: CustomerSummary[] }>(session, OPERATOR, '/bpr/customers?type=INDIVIDUAL&limit=30');
    const customer = list.data.at(-1)!;
    const newName = `${customer.name} Saputra`;
    await withLoggedInAs(session, OPERATOR, async (page) => {
      await page.goto(`${session.server.url}/nasabah/${customer.id}`);
      await page.getByRole('link', { name: 'Ubah data nasabah' }).focus();
      const keys = page.keyboard;
      await keys.press('Enter');
      await page.getByRole('heading', { name: `Ubah Data Nasabah · ${customer.name}`, level: 1 }).waitFor();
      await page.getByLabel(/^Nama sesuai KTP/).focus();
      await keys.press('End');
      await keys.type(' Saputra');
      await page.getByLabel(/^Nomor telepon/).focus();
      await keys.press('Control+A');
      await keys.type('0813 2222 3333');
      await expectAccessible(page, 'Ubah Data Nasabah');
      await saveScreenshot(page, 'customer-change-filled');
      await page.getByRole('button', { name: 'Simpan perubahan' }).focus();
      await keys.press('Enter');
      await page.getByRole('heading', { name: customer.name, level: 1 }).waitFor();
      // The phone is corrected at once; the name waits, and the page says so.
      await page.getByRole('region', { name: 'Identitas nasabah' }).getByText('081322223333', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Perubahan menunggu persetujuan' }).getByText(newName).waitFor();
      await saveScreenshot(page, 'customer-change-waiting');
    });
    await withLoggedInAs(session, SUPERVISOR, async (page) => {
      await page.goto(`${session.server.url}/deposito/perubahan`);
      const row = page.locator('.bj-table tbody tr').filter({ hasText: 'Data Identitas Nasabah' }).filter({ hasText: newName });
      await row.getByRole('button', { name: 'Setujui' }).click();
      const dialog = page.getByRole('dialog', { name: 'Setujui permintaan' });
      await dialog.getByRole('row', { name: new RegExp(`Nama ${customer.name} ${newName}`) }).waitFor();
      await saveScreenshot(page, 'customer-change-decision');
      await dialog.getByRole('button', { name: 'Setujui' }).click();
      await page.goto(`${session.server.url}/nasabah/${customer.id}`);
      await page.getByRole('heading', { name: newName, level: 1 }).waitFor();
    });
  });
});

describe('Penempatan Baru (issue 18)', () => {
  it("an operator places a deposit with the keyboard alone and sees the preview's installments; a supervisor approves it", async () => {
    const list = await apiGetAs<{ data: CustomerSummary[] }>(session, OPERATOR, '/bpr/customers?limit=5');
    const customer = list.data.find((row) => row.type === 'INDIVIDUAL')!;
    let depositPath = '';
    await withLoggedInAs(session, OPERATOR, async (page) => {
      await page.goto(`${session.server.url}/deposito`);
      await page.getByRole('link', { name: 'Penempatan baru' }).focus();
      const keys = page.keyboard;
      await keys.press('Enter');
      await page.getByRole('heading', { name: 'Penempatan Baru', level: 1 }).waitFor();
      // The customer search has the focus: type, search, Tab past "Cari" to the customer found.
      await keys.type(customer.name);
      await keys.press('Enter');
      await page.getByRole('button', { name: `Pilih ${customer.name}` }).first().waitFor();
      await keys.press('Tab');
      await keys.press('Tab');
      await keys.press('Enter');
      await page.getByText('Ganti nasabah').waitFor();
      await keys.press('Tab'); // Ganti nasabah
      await keys.press('Tab'); // Produk
      await keys.press('ArrowDown');
      await keys.press('Tab'); // Tenor
      await keys.press('ArrowDown');
      await keys.press('Tab'); // Nominal
      await keys.type('25000000');
      await keys.press('Tab'); // Suku bunga khusus: Deposito Berjangka offers one; left empty, the product's rate
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '')).toBe('Suku bunga khusus');
      await keys.press('Tab'); // Tanggal efektif (today)
      await keys.press('Tab'); // its calendar button
      await keys.press('Tab'); // Instruksi jatuh tempo
      await keys.press('ArrowDown');
      await keys.press('Tab'); // Cara setor (Transfer)
      await keys.press('Tab'); // Referensi setoran
      await keys.type('TRF-E2E-0001');
      const preview = page.getByRole('region', { name: 'Pratinjau penempatan' });
      await preview.waitFor();
      const rows = await preview.getByRole('row').count();
      expect(rows).toBeGreaterThan(2); // the header, at least one installment, the total
      await expectAccessible(page, 'Penempatan Baru');
      await saveScreenshot(page, 'placement-new-preview');
      await page.getByRole('button', { name: 'Simpan penempatan' }).focus();
      await keys.press('Enter');
      await page.waitForURL((url) => /^\/deposito\/[0-9a-f-]{36}$/.test(url.pathname));
      depositPath = new URL(page.url()).pathname;
      await page.locator('.bj-deposit-header').getByText('Menunggu Persetujuan').waitFor();
      // An operator never approves: there is no approval to offer.
      expect(await page.getByRole('button', { name: 'Setujui', exact: true }).count()).toBe(0);
      await saveScreenshot(page, 'placement-new-maker');
    });
    // Another person, a supervisor, approves it (the maker-checker refusal of a supervisor's own placement is in tests/api/placement.test.ts).
    await withLoggedInAs(session, SUPERVISOR, async (page) => {
      await page.goto(`${session.server.url}${depositPath}`);
      await page.getByRole('button', { name: 'Setujui', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Setujui' }).click();
      await page.locator('.bj-deposit-header').getByText(/Disetujui|Aktif/).first().waitFor();
    });
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

