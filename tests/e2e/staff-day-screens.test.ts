/**
 * Issue 8, "Staff's day", in Chromium against the real server and its demo data: a refused payout
 * does not block the next save; every list screen fits 1280 and 1024 px; the sidebar runs the
 * length of a long Beranda; the skip link takes the keyboard to the content; file fields read in
 * Indonesian. Screenshots of each go to test-artifacts/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, toast, withLoggedInPage } from './support/app-pages';
import { samplePdf } from '../support/sample-files';
import { formatDateId } from '../../machines/deposit-rules';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const SUPERVISOR = 'supervisor@bpr-demo.test';
const PAGE_SIZE = 20;

let server: RunningServer;
let browser: Browser;
let token = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const response = await fetch(`${server.url}/api-v2-bpr/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SUPERVISOR, password: DEMO_PASSWORD }),
  });
  token = ((await response.json()) as { data: { token: string } }).data.token;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}/api-v2-bpr${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

function asSupervisor(run: (page: Page) => Promise<void>, viewport = { width: 1280, height: 800 }) {
  return withLoggedInPage(browser, server, SUPERVISOR, run, viewport);
}

/** The list settled: its rows, or its empty state. */
async function listShown(page: Page) {
  await page.locator('.bj-table tbody tr, .bj-state:not(.bj-state--loading)').first().waitFor();
  await page.locator('.bj-table-wrap[aria-busy="true"]').waitFor({ state: 'detached' });
}

describe('saves after a refusal (item 12)', () => {
  interface Payout {
    depositId: string;
    depositNumber: string;
    kind: 'break' | 'maturity';
    maturityDate: string;
    allowedEvents: string[];
  }

  /** The first pending payout, in the screen's order, that matches; with the list page it is on. */
  async function findPayouts(matches: (row: Payout) => boolean, count: number) {
    const found: Array<Payout & { page: number }> = [];
    for (let page = 1; ; page += 1) {
      const list = await apiGet<{ data: Payout[]; meta: { totalPages: number } }>(`/deposito/disbursements?status=pending&page=${page}&limit=${PAGE_SIZE}`);
      for (const row of list.data) if (matches(row)) found.push({ ...row, page });
      if (found.length >= count) return found.slice(0, count);
      if (page >= list.meta.totalPages) throw new Error('not enough such payouts in the demo data');
    }
  }

  /** DD/MM/YYYY, as staff type it into the date field. */
  const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

  async function recordPayment(page: Page, payout: Payout, reference: string, paidAt?: string) {
    const row = page.locator('.bj-table tbody tr').filter({ has: page.getByRole('link', { name: payout.depositNumber, exact: true }) });
    await row.getByRole('button', { name: 'Catat pembayaran' }).click();
    const dialog = page.getByRole('dialog', { name: `Catat pembayaran · ${payout.depositNumber}` });
    await dialog.getByLabel('Nomor referensi transfer').fill(reference);
    if (paidAt) {
      const date = dialog.getByLabel('Tanggal bayar', { exact: true });
      await date.fill(typed(paidAt));
      await date.blur();
    }
    await dialog.getByLabel(/^Bukti transfer/).setInputFiles({ name: `${reference}.pdf`, mimeType: 'application/pdf', buffer: samplePdf() });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    return dialog;
  }

  /** Pages through the list in the screen itself (a reload would forget the screen's keys). */
  async function goToListPage(page: Page, target: number) {
    for (;;) {
      const info = (await page.locator('.bj-pagination__info').textContent()) ?? '';
      const current = Number(/Halaman (\d+)/.exec(info)?.[1]);
      if (current === target) return;
      await page.getByRole('button', { name: current < target ? 'Berikutnya' : 'Sebelumnya' }).click();
      await page.locator('.bj-pagination__info', { hasText: `Halaman ${current < target ? current + 1 : current - 1} dari` }).waitFor();
    }
  }

  it("Pencairan: a payment the server refuses shows its reason, and the next payment — another payout — is recorded", async () => {
    // Two payable maturity payouts: the first is entered with a transfer date before its maturity.
    const [refused, payable] = await findPayouts((row) => row.kind === 'maturity' && row.allowedEvents.includes('deposit.markPaid'), 2);
    const dayBefore = new Date(Date.parse(`${refused!.maturityDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const reason = `Tanggal transfer tidak boleh sebelum tanggal pencairan (${formatDateId(refused!.maturityDate)}).`;
    await asSupervisor(async (page) => {
      await page.goto(`${server.url}/deposito/pencairan${refused!.page > 1 ? `?page=${refused!.page}` : ''}`);
      await listShown(page);
      const first = await recordPayment(page, refused!, 'TRF-E2E-TOLAK', dayBefore);
      await toast(page, reason).waitFor();
      await saveScreenshot(page, 'payout-refused');
      await first.getByRole('button', { name: 'Batal' }).click();

      await goToListPage(page, payable!.page);
      await listShown(page);
      await recordPayment(page, payable!, 'TRF-E2E-BAYAR');
      await toast(page, 'Pencairan dicatat sudah dibayar.').waitFor();
      expect(await page.locator('.Toastify__toast', { hasText: 'Idempotency-Key' }).count()).toBe(0);
    });
    const paid = await apiGet<{ data: { status: string } }>(`/deposito/${payable!.depositId}`);
    expect(paid.data.status).toBe('closed');
    const still = await apiGet<{ data: { status: string } }>(`/deposito/${refused!.depositId}`);
    expect(still.data.status).toBe('disbursing');
  });
});

describe('list screens fit the window (item 14)', () => {
  const screens = [
    ['deposit-list', '/deposito'],
    ['deposit-list-pending', '/deposito?status=pending'],
    ['monthly-interest', '/deposito/bunga'],
    ['monthly-interest-due', '/deposito/bunga?status=due'],
    ['payouts', '/deposito/pencairan'],
    ['payouts-paid', '/deposito/pencairan?status=paid'],
    ['due', '/deposito/jatuh-tempo?days=60'],
    ['change-requests', '/deposito/perubahan'],
    ['change-requests-approved', '/deposito/perubahan?status=approved'],
  ] as const;

  /** What is wider than it may be: the page itself, a table wider than its box, any scroll box scrolling sideways. */
  const overflowOf = (page: Page) =>
    page.evaluate(() => {
      const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
      const root = document.scrollingElement!;
      const tables = [...document.querySelectorAll('table')]
        .filter((table) => table.getBoundingClientRect().width > table.parentElement!.clientWidth + 0.5)
        .map((table) => `${describe(table)} ${Math.round(table.getBoundingClientRect().width)} > ${table.parentElement!.clientWidth}`);
      const scrolling = [...document.querySelectorAll('body *')]
        .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1)
        .map((element) => `${describe(element)} ${element.scrollWidth} > ${element.clientWidth}`);
      return { page: root.scrollWidth > root.clientWidth ? [`document ${root.scrollWidth} > ${root.clientWidth}`] : [], tables, scrolling };
    });

  for (const width of [1280, 1024]) {
    it(`at ${width} px no list is cut off or scrolls sideways`, async () => {
      await asSupervisor(
        async (page) => {
          for (const [name, path] of screens) {
            await page.goto(`${server.url}${path}`);
            await page.locator('h1').waitFor();
            await listShown(page);
            expect(await page.locator('.bj-table tbody tr').count(), `${path} shows rows`).toBeGreaterThan(0);
            expect(await overflowOf(page), path).toEqual({ page: [], tables: [], scrolling: [] });
            await saveScreenshot(page, `fit-${name}-${width}`);
          }
        },
        { width, height: 800 },
      );
    });
  }
});

describe('the shell (items 15 and 21)', () => {
  it('the sidebar runs the whole length of a long Beranda and its menu stays in view when scrolled', async () => {
    await asSupervisor(
      async (page) => {
        await page.getByRole('img', { name: /Penempatan dan jatuh tempo deposito per bulan/ }).waitFor();
        const { sidebar, pageHeight } = await page.evaluate(() => ({
          sidebar: document.querySelector('.bj-sidebar')!.getBoundingClientRect().height,
          pageHeight: document.scrollingElement!.scrollHeight,
        }));
        expect(pageHeight).toBeGreaterThan(600);
        expect(sidebar).toBeGreaterThanOrEqual(pageHeight);
        await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
        const beranda = await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Beranda' }).boundingBox();
        expect(beranda!.y).toBeGreaterThanOrEqual(0);
        expect(beranda!.y).toBeLessThan(600);
        await saveScreenshot(page, 'sidebar-scrolled-beranda');
      },
      { width: 1280, height: 600 },
    );
  });

  it('the first Tab reaches "Langsung ke konten utama"; Enter moves the keyboard into the content', async () => {
    await asSupervisor(async (page) => {
      await page.goto(`${server.url}/deposito`);
      await listShown(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Langsung ke konten utama' });
      expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
      // Visible once focused, inside the window.
      const box = await skip.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.height).toBeGreaterThan(10);
      await saveScreenshot(page, 'skip-link-focused');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('konten');
      expect(new URL(page.url()).hash).toBe('');
      await page.keyboard.press('Tab');
      const next = await page.evaluate(() => ({ inMain: document.activeElement?.closest('main') !== null, inMenu: document.activeElement?.closest('nav[aria-label="Menu utama"]') !== null }));
      expect(next).toEqual({ inMain: true, inMenu: false });
    });
  });
});

describe('file fields (item 19)', () => {
  it('the proof of transfer reads in Indonesian, is reached with Tab and shows the chosen file', async () => {
    await asSupervisor(async (page) => {
      await page.goto(`${server.url}/deposito/pencairan`);
      await listShown(page);
      // A payout whose bilyet is back (or lost with a statement): the others wait for it, disabled.
      await page.locator('button:enabled', { hasText: 'Catat pembayaran' }).first().click();
      const dialog = page.getByRole('dialog');
      const field = dialog.locator('.bj-file');
      expect(await field.innerText()).toMatch(/^Pilih berkas\s+Belum ada berkas dipilih$/);
      // The native control is there for the keyboard but draws nothing of its own.
      const input = dialog.getByLabel(/^Bukti transfer/);
      const box = await input.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(1);
      await dialog.getByLabel('Nomor referensi transfer').focus();
      for (let presses = 0; presses < 6 && !(await input.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
      expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
      const ring = await dialog.getByText('Pilih berkas').evaluate((label) => getComputedStyle(label).outlineStyle);
      expect(ring).not.toBe('none');
      await input.setInputFiles({ name: 'bukti-transfer.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      expect(await field.innerText()).toMatch(/^Pilih berkas\s+bukti-transfer\.pdf$/);
      await saveScreenshot(page, 'payout-dialog-file-field');
    });
  });
});
