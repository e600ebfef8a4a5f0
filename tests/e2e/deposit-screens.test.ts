/**
 * The deposit screens in Chromium against the real server and its demo data: bulk approve from
 * the list moves the tab counts, an operator's break request (with its preview) approved by a
 * supervisor, a month's interest marked paid in bulk, the list export read back with exceljs, and
 * a partner's placement (issue 19) found in the list by its channel, approved, and its
 * notification seen delivered. Every new screen is checked with axe-core and saved as a screenshot.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOne, snapClient, startReceiver, type PartnerCredentials } from '../../tools/partner-simulator';
import { adminSetPartnerUrl, toast } from './support/app-pages';
import { saveScreenshot } from './support/browser';
import { apiGetAs, expectAccessible, startDemoSession, stopDemoSession, withLoggedInAs, type DemoSession } from './support/demo-session';

const SUPERVISOR = 'supervisor@bpr-demo.test';
const OPERATOR = 'operator@bpr-demo.test';

let demo: DemoSession;

beforeAll(async () => {
  demo = await startDemoSession([SUPERVISOR, OPERATOR]);
}, 180_000);

afterAll(() => stopDemoSession(demo));

const apiGet = <T>(email: string, path: string) => apiGetAs<T>(demo, email, path);
const withLoggedIn = (email: string, run: (page: Page) => Promise<void>, width?: number) => withLoggedInAs(demo, email, run, width);

async function tabCount(page: Page, status: string): Promise<number> {
  const text = await page.getByTestId(`tab-count-${status}`).textContent();
  return Number((text ?? '').replace(/\./g, ''));
}

interface ListAnswer {
  data: Array<{ id: string; depositNumber: string; status: string; version: number }>;
  meta: { total: number };
}

describe('deposit screens', () => {
  it('Beranda shows the real unprocessed counts, each a link to the filtered list', async () => {
    const counts = await apiGet<{ data: { pending: number } }>(SUPERVISOR, '/bpr/count-unprocessed-deposito');
    const dueWeek = await apiGet<{ meta: { total: number } }>(SUPERVISOR, '/deposito/due-information?days=7&limit=1');
    const template = await apiGet<{ data: { period: string; totalNet: number } }>(SUPERVISOR, '/deposito/monthly-interest-template/count');
    type Tally = { count: number; amount: number };
    const months = await apiGet<{ data: Array<{ month: string; placements: Tally; maturities: Tally }> }>(SUPERVISOR, '/bpr/deposit-months?months=12');
    await withLoggedIn(SUPERVISOR, async (page) => {
      const pending = page.getByTestId('unprocessed-pending');
      await expect.poll(() => pending.locator('.bj-stat__value').textContent()).toBe(counts.data.pending.toLocaleString('id-ID'));
      await expect.poll(() => page.getByTestId('due-7').locator('.bj-stat__value').textContent()).toBe(dueWeek.meta.total.toLocaleString('id-ID'));
      const net = `Rp ${template.data.totalNet.toLocaleString('id-ID')}`;
      await expect.poll(() => page.getByTestId('interest-this-month').locator('.bj-stat__value').textContent()).toBe(net);
      // The chart draws both series from /bpr/deposit-months: the description, the bars and the
      // table say the server's figures for every month.
      const chart = page.getByRole('img', { name: /Penempatan dan jatuh tempo deposito per bulan, 12 bulan terakhir/ });
      await chart.waitFor();
      expect(months.data).toHaveLength(12);
      expect(months.data.some((entry) => entry.placements.count > 0) && months.data.some((entry) => entry.maturities.count > 0)).toBe(true);
      const short = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];
      expect(await chart.locator('desc').textContent()).toBe(
        months.data.map((entry) => `${short[Number(entry.month.slice(5)) - 1]} ${entry.month.slice(2, 4)}: ${entry.placements.count} penempatan, ${entry.maturities.count} jatuh tempo`).join('; '),
      );
      for (const series of ['placements', 'maturities'] as const) {
        expect(await chart.locator(`[data-series="${series}"] rect`).count(), series).toBe(12);
      }
      expect(await page.getByTestId('deposit-months-legend').textContent()).toBe('PenempatanJatuh tempo');
      await page.getByText('Lihat sebagai tabel').click();
      const last = months.data[11]!;
      const cells = await page.locator('.bj-chart__table tbody tr').last().locator('th, td').allTextContents();
      const rupiah = (amount: number) => `Rp ${amount.toLocaleString('id-ID')}`;
      expect(cells.slice(1)).toEqual([last.placements.count.toLocaleString('id-ID'), rupiah(last.placements.amount), last.maturities.count.toLocaleString('id-ID'), rupiah(last.maturities.amount)]);
      await expectAccessible(page, 'Beranda');
      await saveScreenshot(page, 'deposit-home');
      await pending.click();
      await page.waitForURL((url) => url.pathname === '/deposito' && url.searchParams.get('status') === 'pending');
      await page.getByRole('tab', { name: /Menunggu Persetujuan/, selected: true }).waitFor();
    }, 1024);
  });

  it('a supervisor approves a pending deposit from the list and the tab counts change', async () => {
    await withLoggedIn(SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito?status=pending`);
      await page.locator('.bj-table tbody tr').first().waitFor();
      await expect.poll(() => tabCount(page, 'pending')).toBeGreaterThan(0);
      const pendingBefore = await tabCount(page, 'pending');
      const totalBefore = await tabCount(page, 'all');
      await expectAccessible(page, 'Daftar Deposito');
      await saveScreenshot(page, 'deposit-list');
      const firstNumber = await page.locator('.bj-table tbody tr').first().locator('td').nth(1).getByRole('link').textContent();
      await page.locator('.bj-table tbody tr').first().getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Setujui terpilih (1)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Setujui deposito terpilih' });
      await dialog.getByText(firstNumber ?? '', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Setujui' }).click();
      // One request for the selection; what it did stays on the list (here: all approved).
      await page.locator('.bj-notice', { hasText: '1 deposito disetujui.' }).waitFor();
      await expect.poll(() => tabCount(page, 'pending')).toBe(pendingBefore - 1);
      expect(await tabCount(page, 'all')).toBe(totalBefore);
      await expect.poll(() => page.locator('.bj-table tbody').getByText(firstNumber ?? '-', { exact: true }).count()).toBe(0);
    });
  });

  it('an operator requests a break with its preview and a supervisor approves it: Menunggu Pencairan', async () => {
    const active = await apiGet<ListAnswer>(OPERATOR, '/invoice/all-deposito?status=active&limit=50&sort=maturityDate');
    let target: { id: string; depositNumber: string } | null = null;
    for (const row of active.data.slice().reverse()) {
      const detail = await apiGet<{ data: { allowedEvents: string[] } }>(OPERATOR, `/deposito/${row.id}`);
      if (detail.data.allowedEvents.includes('deposit.requestBreak')) {
        target = row;
        break;
      }
    }
    expect(target, 'an active deposit an operator may break').not.toBeNull();
    const { id, depositNumber } = target!;

    await withLoggedIn(OPERATOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/${id}`);
      await page.getByRole('heading', { name: `Deposito ${depositNumber}`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Ajukan Pencairan Awal' }).click();
      const dialog = page.getByRole('dialog');
      const preview = dialog.getByRole('region', { name: 'Perkiraan pencairan' });
      await preview.getByText('Dibayarkan').waitFor();
      expect(await preview.locator('dd').last().textContent()).toMatch(/^Rp [\d.]+$/);
      await dialog.getByRole('button', { name: 'Ajukan Pencairan Awal' }).click();
      await toast(page, 'Pengajuan pencairan awal dikirim.').waitFor();
      await page.locator('.bj-deposit-header').getByText('Pengajuan Pencairan Awal').waitFor();
      // An operator cannot approve it: no approve action is offered.
      expect(await page.getByRole('button', { name: 'Setujui Pencairan Awal' }).count()).toBe(0);
    });

    await withLoggedIn(SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/${id}`);
      await page.getByRole('button', { name: 'Setujui Pencairan Awal' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('region', { name: 'Rincian pencairan' }).getByText('Dibayarkan').waitFor();
      await expectAccessible(page, 'deposit detail with the break dialog');
      await saveScreenshot(page, 'deposit-detail-approve-break');
      await dialog.getByRole('button', { name: 'Setujui Pencairan Awal' }).click();
      await toast(page, 'Pencairan awal disetujui.').waitFor();
      await page.locator('.bj-deposit-header').getByText('Menunggu Pencairan').waitFor();
      await page.getByRole('tab', { name: 'Riwayat' }).click();
      await page.locator('.bj-timeline').getByText('Setujui Pencairan Awal').first().waitFor();
      await expectAccessible(page, 'deposit detail');
      await saveScreenshot(page, 'deposit-detail');
    });
    const after = await apiGet<{ data: { status: string } }>(SUPERVISOR, `/deposito/${id}`);
    expect(after.data.status).toBe('disbursing');
  });

  it('an action on a deposit someone else changed meanwhile shows "Data telah berubah, muat ulang." and reloads it', async () => {
    const pending = await apiGet<ListAnswer>(SUPERVISOR, '/invoice/all-deposito?status=pending&limit=5');
    const target = pending.data.at(-1)!;
    await withLoggedIn(SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/${target.id}`);
      await page.getByRole('button', { name: 'Setujui', exact: true }).waitFor();
      // Another supervisor rejects it while this screen still shows the old version.
      const response = await fetch(`${demo.server.url}/api-v2-bpr/deposito/reject-deposito`, {
        method: 'POST',
        headers: { authorization: `Bearer ${demo.tokens[SUPERVISOR]}`, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({ depositId: target.id, reason: 'Dana tidak masuk', version: target.version }),
      });
      expect(response.status).toBe(200);
      await page.getByRole('button', { name: 'Setujui', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Setujui' }).click();
      await toast(page, 'Data telah berubah, muat ulang.').waitFor();
      await page.locator('.bj-deposit-header').getByText('Ditolak').waitFor();
      await page.getByTestId('deposit-actions-none').waitFor();
    });
  });

  it("a supervisor marks a month's due interest paid in bulk", async () => {
    const months = Array.from({ length: 12 }, (_, back) => {
      const now = new Date();
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      return d.toISOString().slice(0, 7);
    });
    let period = '';
    for (const month of months) {
      const answer = await apiGet<{ meta: { total: number } }>(SUPERVISOR, `/deposito/monthly-interest?period=${month}&status=due&limit=1`);
      if (answer.meta.total > 0 && answer.meta.total <= 50) {
        period = month;
        break;
      }
    }
    expect(period, 'a month with due interest').not.toBe('');
    await withLoggedIn(SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/bunga?period=${period}&status=due`);
      await page.locator('.bj-table tbody tr').first().waitFor();
      const rows = await page.locator('.bj-table tbody tr').count();
      await expectAccessible(page, 'Bunga Bulanan');
      await saveScreenshot(page, 'deposit-monthly-interest');
      await page.getByRole('checkbox', { name: 'Pilih semua bunga yang belum dibayar' }).check();
      await page.getByRole('button', { name: 'Tandai sudah dibayar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tandai bunga sudah dibayar' });
      await dialog.getByLabel('Nomor referensi transfer').fill('TRF-E2E-001');
      await dialog.getByRole('button', { name: 'Tandai sudah dibayar' }).click();
      await toast(page, `${rows} bunga ditandai sudah dibayar.`).waitFor();
      await page.getByText('Tidak ada bunga.').waitFor();
    });
    const due = await apiGet<{ meta: { total: number } }>(SUPERVISOR, `/deposito/monthly-interest?period=${period}&status=due&limit=1`);
    expect(due.meta.total).toBe(0);
  });

  it('an operator sees why marking interest paid is not offered', async () => {
    await withLoggedIn(OPERATOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/bunga`);
      await page.getByText('Hanya supervisor yang dapat menandai bunga sudah dibayar.').waitFor();
      expect(await page.getByRole('button', { name: 'Tandai sudah dibayar' }).isDisabled()).toBe(true);
    });
  });

  it('the list date filters take Indonesian dates typed or picked from the calendar, and the product filter lists the bank products', async () => {
    await withLoggedIn(SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito`);
      await page.locator('.bj-table tbody tr').first().waitFor();
      const products = page.locator('select[name="productId"] option');
      await expect.poll(() => products.count()).toBeGreaterThan(1);
      const from = page.getByLabel('Tanggal efektif dari', { exact: true });
      await from.fill('5/1/2026');
      await from.blur();
      expect(await from.inputValue()).toBe('05-Jan-2026');
      await page.getByRole('button', { name: 'Buka kalender: sampai' }).click();
      const calendar = page.getByRole('dialog', { name: 'Kalender: sampai' });
      await calendar.getByRole('grid').waitFor();
      await expectAccessible(page, 'Daftar Deposito with the date calendar open');
      await saveScreenshot(page, 'deposit-list-date-calendar');
      // The calendar focuses today; Enter picks it.
      await page.keyboard.press('Enter');
      await calendar.waitFor({ state: 'detached' });
      const today = await page.evaluate(() => {
        const now = new Date();
        return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      });
      await page.getByRole('button', { name: 'Terapkan' }).click();
      await page.waitForURL((url) => url.searchParams.get('dateFrom') === '2026-01-05' && url.searchParams.get('dateTo') === today);
    });
  });

  it('the list export holds exactly the rows the same filters return, in the same order', async () => {
    const query = 'status=active&sort=-amount';
    const expected: string[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await apiGet<ListAnswer & { meta: { totalPages: number } }>(SUPERVISOR, `/invoice/all-deposito?${query}&limit=100&page=${page}`);
      expected.push(...answer.data.map((row) => row.depositNumber));
      if (page >= answer.meta.totalPages) break;
    }
    expect(expected.length).toBeGreaterThan(0);
    await withLoggedIn(SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito?${query}`);
      await page.locator('.bj-table tbody tr').first().waitFor();
      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Unduh Excel' }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      await toast(page, 'File berhasil diunduh.').waitFor();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await download.path());
      const sheet = workbook.worksheets[0]!;
      const numbers: string[] = [];
      let headerSeen = false;
      sheet.eachRow((row) => {
        const first = String(row.getCell(1).value ?? '');
        if (headerSeen) numbers.push(first);
        else if (first === 'No. Deposito') headerSeen = true;
      });
      expect(headerSeen).toBe(true);
      expect(numbers).toEqual(expected);
    });
  });

  it('Pencairan, Jatuh Tempo and Permintaan Perubahan have no serious axe violation at 1024 px', async () => {
    await withLoggedIn(
      SUPERVISOR,
      async (page) => {
        for (const [path, heading] of [
          ['/deposito/pencairan', 'Pencairan'],
          ['/deposito/jatuh-tempo', 'Jatuh Tempo'],
          ['/deposito/perubahan', 'Permintaan Perubahan'],
        ] as const) {
          await page.goto(`${demo.server.url}${path}`);
          await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
          await page.locator('.bj-table, .bj-state:not(.bj-state--loading)').first().waitFor();
          await expectAccessible(page, heading);
          await saveScreenshot(page, `deposit-${path.split('/').pop()}`);
        }
      },
      1024,
    );
  });

  // Last in the file: it adds a pending deposit, which the bulk approval above would otherwise pick.
  it('a deposit placed by the partner simulator shows its channel in Daftar Deposito, and once a supervisor approves it its timeline shows the notification delivered', async () => {
    const credentials = JSON.parse(readFileSync(join(demo.server.dataDir, 'demo-partner.json'), 'utf8')) as PartnerCredentials;
    const heard: Array<{ type: string; data: Record<string, unknown> }> = [];
    let secret = '';
    const receiver = await startReceiver(0, () => secret, (event) => heard.push(event));
    try {
      const { port } = receiver.address() as AddressInfo;
      secret = await adminSetPartnerUrl(demo.server, 'DEMO-MITRA', `http://127.0.0.1:${port}/berjangka/notifikasi`);
      const bank = credentials.banks.find((item) => item.name === 'BPR Demo Sejahtera');
      expect(bank, 'the demo partner may place at the supervisor\'s bank').toBeDefined();
      const placed = await placeOne(snapClient(demo.server.url, credentials), bank!.bankCode);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const number = String(placed.body.depositNumber);
      const reference = String(placed.body.partnerReferenceNo);

      await withLoggedIn(SUPERVISOR, async (page) => {
        await page.goto(`${demo.server.url}/deposito`);
        await page.locator('.bj-table tbody tr').first().waitFor();
        await page.getByRole('searchbox', { name: 'Cari' }).fill(number);
        await page.getByRole('searchbox', { name: 'Cari' }).press('Enter');
        await page.waitForURL((url) => url.searchParams.get('q') === number);
        const row = page.locator('.bj-table tbody tr').filter({ has: page.getByRole('link', { name: number, exact: true }) });
        // The newest deposit is on the first page before the search too: wait for the search's own answer.
        await expect.poll(() => page.locator('.bj-table tbody tr').count()).toBe(1);
        await row.waitFor();
        const kanal = (await page.getByRole('columnheader').allTextContents()).indexOf('Kanal');
        expect(kanal, 'the list has a Kanal column').toBeGreaterThanOrEqual(0);
        const channel = row.getByRole('cell').nth(kanal);
        await channel.getByText('DEMO-MITRA', { exact: true }).waitFor();
        await channel.getByText(`ref. ${reference}`, { exact: true }).waitFor();
        await expectAccessible(page, 'Daftar Deposito with a partner deposit');
        await saveScreenshot(page, 'deposit-list-partner');

        await row.getByRole('link', { name: number, exact: true }).click();
        await page.getByRole('heading', { name: `Deposito ${number}`, level: 1 }).waitFor();
        await page.getByRole('button', { name: 'Setujui', exact: true }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Setujui' }).click();
        await toast(page, 'Deposito disetujui.').waitFor();

        // The outbox worker delivers on its own round; the screen shows what the server knew when it loaded.
        const notificationsOf = async () => (await apiGet<{ data: { notifications: Array<{ eventType: string; status: string }> } }>(SUPERVISOR, `/deposito/${String(placed.body.depositId)}`)).data.notifications;
        await expect.poll(async () => (await notificationsOf()).find((item) => item.eventType === 'deposit.approved')?.status, { timeout: 20_000 }).toBe('delivered');
        await page.goto(`${demo.server.url}/deposito/${String(placed.body.depositId)}?tab=timeline`);
        const notifications = page.getByRole('region', { name: 'Notifikasi ke mitra DEMO-MITRA' });
        const approval = notifications.getByRole('listitem').filter({ hasText: 'Deposito disetujui' });
        await approval.getByText('Terkirim', { exact: true }).waitFor();
        expect(await approval.textContent()).toContain('diterima mitra');
        await expectAccessible(page, 'deposit detail with partner notifications');
        await notifications.scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'deposit-detail-partner-notifications');
      });

      const approved = heard.find((event) => event.type === 'deposit.approved');
      expect(approved?.data).toMatchObject({ depositNumber: number, partnerReferenceNo: reference });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
