/**
 * Issue 8 "Staff's day" in Chromium against the real server and its demo data: a deposit whose
 * break is approved says what it owes and why the payout cannot be recorded yet (the bilyet), as
 * Pencairan does before its form opens; Bunga Bulanan and Pencairan search by customer, NIK or
 * deposit number with the search in the URL and in the download; an approved payout-account change
 * shows on the deposit's timeline. Each screen is checked with axe-core and saved as a screenshot
 * at 1280 and 1024 px.
 */
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { disbursementRowSchema } from '../../contract/disbursement';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bilyetPayoutRefusal } from '../../machines/deposit';
import { toast } from './support/app-pages';
import { saveScreenshot } from './support/browser';
import { apiGetAs, expectAccessible, startDemoSession, stopDemoSession, withLoggedInAs, type DemoSession } from './support/demo-session';

const SUPERVISOR = 'supervisor@bpr-demo.test';
const OPERATOR = 'operator@bpr-demo.test';
/** The deposit machine refuses mark paid while the bilyet is out, naming where it is (at the bank, on its way, with the customer). */
const BILYET_OUT = new Set((['issued', 'shipped', 'received'] as const).map((status) => bilyetPayoutRefusal(status)!));
const bilyetOutReason = (row: PayoutRow) => row.blockedEvents.find((blocked) => BILYET_OUT.has(blocked.reason))?.reason;

let demo: DemoSession;

beforeAll(async () => {
  demo = await startDemoSession([SUPERVISOR, OPERATOR]);
}, 180_000);

afterAll(() => stopDemoSession(demo));

const apiGet = <T>(email: string, path: string) => apiGetAs<T>(demo, email, path);
const withLoggedIn = (email: string, run: (page: Page) => Promise<void>, width?: number) => withLoggedInAs(demo, email, run, width);

const rupiah = (amount: number) => `Rp ${amount.toLocaleString('id-ID')}`;

type PayoutRow = z.infer<typeof disbursementRowSchema>;

describe("staff's day", () => {
  it('a break approved with the bilyet still out: the detail shows the payout due and why it cannot be recorded; Pencairan says so before the form', async () => {
    const pending = await apiGet<{ data: PayoutRow[] }>(SUPERVISOR, '/deposito/disbursements?status=pending&limit=100');
    const target = pending.data.find((row) => row.kind === 'break' && bilyetOutReason(row) !== undefined);
    expect(target, 'the demo has a break payout waiting for its bilyet').toBeDefined();
    const payout = target!;
    const reason = bilyetOutReason(payout)!;
    for (const width of [1280, 1024]) {
      await withLoggedIn(
        SUPERVISOR,
        async (page) => {
          await page.goto(`${demo.server.url}/deposito/${payout.depositId}`);
          const due = page.getByRole('region', { name: 'Yang harus dibayar', exact: true });
          await due.waitFor();
          const figures = due.getByTestId('payout-due');
          const cells = await figures.locator('dt, dd').allTextContents();
          expect(cells.slice(0, 12)).toEqual([
            'Jenis', 'Pencairan awal', 'Pokok', rupiah(payout.principal), 'Bunga berjalan', rupiah(payout.interest), 'Pajak', rupiah(payout.tax),
            'Penalti', rupiah(payout.penalty), 'Harus dibayar', rupiah(payout.amount),
          ]);
          const markPaid = page.getByRole('button', { name: 'Tandai Sudah Dibayar' });
          expect(await markPaid.isDisabled()).toBe(true);
          await page.getByTestId('deposit-actions-blocked').getByText(reason).waitFor();
          expect(await page.getByTestId('deposit-actions-none').count()).toBe(0);
          await expectAccessible(page, 'Detail deposito (pencairan awal)');
          await saveScreenshot(page, `staff-day-detail-break-${width}`);

          await page.goto(`${demo.server.url}/deposito/pencairan?q=${encodeURIComponent(payout.depositNumber)}`);
          const row = page.locator('.bj-table tbody tr').filter({ hasText: payout.depositNumber });
          await row.waitFor();
          expect(await page.locator('.bj-table tbody tr').count()).toBe(1);
          expect(await row.getByRole('button', { name: 'Catat pembayaran' }).isDisabled()).toBe(true);
          await row.getByText(reason).waitFor();
          await expectAccessible(page, 'Pencairan');
          await saveScreenshot(page, `staff-day-pencairan-blocked-${width}`);
        },
        width,
      );
    }
    // The operator may not record payouts at all: nothing refused to explain, the amount still shown.
    await withLoggedIn(OPERATOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/${payout.depositId}`);
      await page.getByRole('region', { name: 'Yang harus dibayar', exact: true }).waitFor();
      await page.getByTestId('deposit-actions-none').waitFor();
    });
  });

  it('a matured deposit awaiting its payout with the bilyet out: the amount due and the refusal, at both widths', async () => {
    const pending = await apiGet<{ data: PayoutRow[] }>(SUPERVISOR, '/deposito/disbursements?status=pending&limit=100');
    const target = pending.data.find((row) => row.kind === 'maturity' && bilyetOutReason(row) !== undefined)!;
    expect(target).toBeDefined();
    const reason = bilyetOutReason(target)!;
    for (const width of [1280, 1024]) {
      await withLoggedIn(
        SUPERVISOR,
        async (page) => {
          await page.goto(`${demo.server.url}/deposito/${target.depositId}`);
          const figures = page.getByTestId('payout-due');
          await figures.waitFor();
          expect(await figures.textContent()).toContain(`Harus dibayar${rupiah(target.amount)}`);
          expect(await figures.textContent()).toContain('Pencairan jatuh tempo');
          await page.getByTestId('deposit-actions-blocked').getByText(reason).waitFor();
          await expectAccessible(page, 'Detail deposito (jatuh tempo)');
          await saveScreenshot(page, `staff-day-detail-matured-${width}`);
        },
        width,
      );
    }
  });

  it('Bunga Bulanan: a search kept in the URL narrows the rows, the totals and the transfer template download', async () => {
    // The screen opens on the installments to pay now (status due), the rows its template holds.
    const month = await apiGet<{ period: string; data: Array<{ customerName: string }> }>(SUPERVISOR, '/deposito/monthly-interest?status=due&limit=100');
    const q = month.data[0]!.customerName.split(' ').at(-1)!.toLowerCase();
    const expected = await apiGet<{ summary: { count: number; net: number } }>(SUPERVISOR, `/deposito/monthly-interest?period=${month.period}&status=due&q=${encodeURIComponent(q)}&limit=1`);
    const template = await apiGet<{ data: { count: number } }>(SUPERVISOR, `/deposito/monthly-interest-template/count?period=${month.period}&q=${encodeURIComponent(q)}`);
    expect(expected.summary.count).toBeGreaterThan(0);
    for (const width of [1280, 1024]) {
      await withLoggedIn(
        SUPERVISOR,
        async (page) => {
          await page.goto(`${demo.server.url}/deposito/bunga`);
          await page.locator('.bj-table tbody tr').first().waitFor();
          await page.getByRole('searchbox', { name: 'Cari' }).fill(q);
          await page.getByRole('button', { name: 'Cari', exact: true }).click();
          await page.waitForURL((url) => url.searchParams.get('q') === q);
          await expect.poll(() => page.locator('.bj-stat__value').first().textContent()).toBe(expected.summary.count.toLocaleString('id-ID'));
          expect(await page.locator('.bj-stat__value').nth(1).textContent()).toBe(rupiah(expected.summary.net));
          // The customer's name is the second line of the Deposito / Nasabah cell.
          const names = await page.locator('.bj-table tbody tr .bj-lines:has(> a) > span:nth-of-type(1)').allTextContents();
          expect(names.length).toBe(Math.min(expected.summary.count, 50));
          for (const name of names) expect(name.toLowerCase()).toContain(q);
          await expectAccessible(page, 'Bunga Bulanan dengan pencarian');
          await saveScreenshot(page, `staff-day-bunga-search-${width}`);
          if (width === 1280 && template.data.count > 0) {
            const downloaded = page.waitForEvent('download');
            await page.getByRole('button', { name: 'Unduh template transfer' }).click();
            const workbook = new ExcelJS.Workbook();
            await workbook.xlsx.readFile(await (await downloaded).path());
            const sheet = workbook.worksheets[0]!;
            expect(sheet.rowCount - 1).toBe(template.data.count);
            for (let row = 2; row <= sheet.rowCount; row += 1) {
              expect(String(sheet.getCell(row, 1).value).toLowerCase()).toContain(q);
              expect(sheet.getCell(row, 8).type).toBe(ExcelJS.ValueType.Date);
            }
          }
          // The search survives a reload (it lives in the URL) and is cleared in one click.
          await page.reload();
          expect(await page.getByRole('searchbox', { name: 'Cari' }).inputValue()).toBe(q);
          await page.getByRole('button', { name: 'Hapus pencarian' }).click();
          await page.waitForURL((url) => !url.searchParams.has('q'));
        },
        width,
      );
    }
  });

  it('Pencairan: a search by NIK prefix narrows both tabs and the Excel download', async () => {
    const pending = await apiGet<{ data: PayoutRow[] }>(SUPERVISOR, '/deposito/disbursements?status=pending&limit=1');
    const detail = await apiGet<{ data: { customer: { nik: string } } }>(SUPERVISOR, `/deposito/${pending.data[0]!.depositId}`);
    const q = detail.data.customer.nik.slice(0, 8);
    const list = await apiGet<{ data: PayoutRow[]; meta: { total: number } }>(SUPERVISOR, `/deposito/disbursements?status=pending&limit=100&q=${q}`);
    const firstPage = await apiGet<{ data: PayoutRow[] }>(SUPERVISOR, `/deposito/disbursements?status=pending&limit=20&q=${q}`);
    const all = await apiGet<{ meta: { total: number } }>(SUPERVISOR, '/deposito/disbursements?status=pending&limit=1');
    expect(list.meta.total).toBeLessThan(all.meta.total);
    await withLoggedIn(SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/pencairan?q=${q}`);
      await expect.poll(() => page.getByTestId('tab-count-pending').textContent()).toBe(String(list.meta.total));
      expect(await page.locator('.bj-table tbody tr td:first-child a').allTextContents()).toEqual(firstPage.data.map((row) => row.depositNumber));
      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Unduh Excel' }).click();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await (await downloaded).path());
      const numbers: string[] = [];
      workbook.worksheets[0]!.eachRow((row, number) => {
        if (number > 1) numbers.push(String(row.getCell(1).value));
      });
      expect(numbers.sort()).toEqual(list.data.map((row) => row.depositNumber).sort());
      await toast(page, 'File berhasil diunduh.').waitFor();
    });
  });

  it('approving a payout-account change request puts the old and new account on the deposit’s timeline', async () => {
    const requests = await apiGet<{ data: Array<{ id: string; kind: string; depositId: string; depositNumber: string; requestedValue: Record<string, string> }> }>(
      SUPERVISOR,
      '/deposito-change-request?status=pending&limit=100',
    );
    const request = requests.data.find((row) => row.kind === 'payoutAccount')!;
    expect(request).toBeDefined();
    const before = (await apiGet<{ data: { customer: { payoutAccount: Record<string, string | null> } } }>(SUPERVISOR, `/deposito/${request.depositId}`)).data.customer.payoutAccount;
    await withLoggedIn(SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/perubahan`);
      const row = page.locator('.bj-table tbody tr').filter({ hasText: request.depositNumber }).filter({ hasText: 'Rekening Pencairan' });
      await row.first().getByRole('button', { name: 'Setujui' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Setujui' }).click();
      await toast(page, 'Permintaan disetujui.').waitFor();
      await page.goto(`${demo.server.url}/deposito/${request.depositId}`);
      await page.getByRole('tab', { name: 'Riwayat' }).click();
      const entry = page.locator('.bj-timeline__item').filter({ hasText: 'Ubah Rekening Pencairan' });
      await entry.waitFor();
      const { bankName, accountNumber, accountName } = request.requestedValue;
      expect(await entry.locator('.bj-timeline__detail').textContent()).toBe(
        `Rekening pencairan ${before.bankName} ${before.accountNumber} a.n. ${before.accountName} menjadi ${bankName} ${accountNumber} a.n. ${accountName}`,
      );
      expect(await entry.textContent()).toContain('Supervisor Demo');
      await saveScreenshot(page, 'staff-day-timeline-account');
    });
  });
});
