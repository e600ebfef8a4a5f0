/**
 * Laporan and Beranda's summary in Chromium against the real server and its demo data: every
 * report downloaded in both formats from the screen, each file read back (exceljs, pdftotext) and
 * its position figure held to /report/list-summary; Beranda shows that summary. Both screens are
 * checked with axe-core and saved as screenshots at 1280 and 1024 px.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportCatalogueItem, ReportSummary } from '../../contract/reports';
import { pdfToText, squish } from '../support/pdf-text';
import { toast } from './support/app-pages';
import { saveScreenshot } from './support/browser';
import { apiGetAs, expectAccessible, startDemoSession, stopDemoSession, withLoggedInAs, type DemoSession } from './support/demo-session';

const OPERATOR = 'operator@bpr-demo.test';
const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];

let demo: DemoSession;

beforeAll(async () => {
  demo = await startDemoSession([OPERATOR]);
}, 180_000);

afterAll(() => stopDemoSession(demo));

/** The month before this one (Asia/Jakarta): the one Laporan offers first. */
function lastCompleteMonth(): string {
  const jakarta = new Date(Date.now() + 7 * 3_600_000);
  const index = jakarta.getUTCFullYear() * 12 + jakarta.getUTCMonth() - 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const rupiah = (amount: number) => `Rp ${amount.toLocaleString('id-ID')}`;

async function openLaporan(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Laporan' }).click();
  await page.waitForURL((url) => url.pathname === '/bank/laporan');
  await page.getByRole('group', { name: 'Jenis laporan' }).waitFor();
}

describe('Laporan', () => {
  it('downloads every report in both formats; each file names the bank and the month and holds the month’s position', async () => {
    const catalogue = (await apiGetAs<{ data: ReportCatalogueItem[] }>(demo, OPERATOR, '/report/list-report')).data;
    expect(catalogue).toHaveLength(6);
    const period = lastCompleteMonth();
    const label = `${MONTHS[Number(period.slice(5)) - 1]} ${period.slice(0, 4)}`;
    const summary = (await apiGetAs<{ data: ReportSummary }>(demo, OPERATOR, `/report/list-summary?period=${period}`)).data;
    expect(summary.balances.amount).toBeGreaterThan(0);

    await withLoggedInAs(demo, OPERATOR, async (page) => {
      await openLaporan(page);
      expect(await page.getByRole('combobox', { name: 'Periode' }).inputValue()).toBe(period);
      // The choice lives in the URL: a click navigates, and the radio shows it once the screen renders again.
      const choose = async (name: string | RegExp) => {
        const radio = page.getByRole('radio', { name });
        await radio.click();
        await expect.poll(() => radio.isChecked()).toBe(true);
      };
      for (const report of catalogue) {
        await choose(new RegExp(report.name.replace(/[()]/g, '\\$&')));
        for (const format of ['xlsx', 'pdf'] as const) {
          await choose(format === 'xlsx' ? 'Excel (.xlsx)' : 'PDF');
          const downloaded = page.waitForEvent('download');
          await page.getByRole('button', { name: 'Unduh laporan' }).click();
          const download = await downloaded;
          expect(download.suggestedFilename()).toBe(`${report.type}-${period}.${format}`);
          const bytes = await readFile(await download.path());
          if (format === 'xlsx') {
            const workbook = new ExcelJS.Workbook();
            await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
            const first = workbook.worksheets[0]!;
            expect(first.getCell('A1').value).toBe('BPR Demo Sejahtera');
            expect(String(first.getCell('A2').value)).toContain(report.name);
            expect(String(first.getCell('A3').value)).toContain(`Periode ${label}`);
          } else {
            const text = squish(await pdfToText(new Uint8Array(bytes)));
            expect(text).toContain('BPR Demo Sejahtera');
            expect(text).toContain(report.name);
            expect(text).toContain(`Periode ${label}`);
            expect(text).toContain('Halaman 1');
            // The three reports of the position print its total as the summary gives it.
            if (['posisi-deposito', 'profil-jatuh-tempo', 'nasabah-terbesar', 'eksposur-lps'].includes(report.type)) expect(text).toContain(rupiah(summary.balances.amount));
          }
          await toast(page, 'File berhasil diunduh.').last().waitFor();
        }
      }
      await expectAccessible(page, 'Laporan');
      await saveScreenshot(page, 'laporan-1280');
    });
  });

  it('Laporan at 1024 px, and a link opening the report, month and format it names', async () => {
    const period = lastCompleteMonth();
    await withLoggedInAs(
      demo,
      OPERATOR,
      async (page) => {
        await page.goto(`${demo.server.url}/bank/laporan?type=bunga-pajak&period=${period}&format=pdf`);
        await page.getByRole('group', { name: 'Jenis laporan' }).waitFor();
        expect(await page.getByRole('radio', { name: /Bunga dan PPh/ }).isChecked()).toBe(true);
        expect(await page.getByRole('radio', { name: 'PDF' }).isChecked()).toBe(true);
        await expectAccessible(page, 'Laporan 1024');
        await saveScreenshot(page, 'laporan-1024');
      },
      1024,
    );
  });
});

describe('Beranda', () => {
  it('shows the month’s summary as /report/list-summary gives it', async () => {
    const summary = (await apiGetAs<{ data: ReportSummary }>(demo, OPERATOR, '/report/list-summary')).data;
    for (const width of [1280, 1024]) {
      await withLoggedInAs(
        demo,
        OPERATOR,
        async (page) => {
          const balance = page.getByTestId('summary-balance').locator('.bj-stat__value');
          await expect.poll(() => balance.textContent()).toBe(rupiah(summary.balances.amount));
          expect(await page.getByTestId('summary-placements').locator('.bj-stat__value').textContent()).toBe(rupiah(summary.placements.amount));
          expect(await page.getByTestId('summary-maturities').locator('.bj-stat__value').textContent()).toBe(rupiah(summary.maturities.amount));
          expect(await page.getByTestId('summary-interest').locator('.bj-stat__value').textContent()).toBe(rupiah(summary.interest.gross));
          expect(await page.getByTestId('summary-tax').locator('.bj-stat__value').textContent()).toBe(rupiah(summary.interest.tax));
          await expectAccessible(page, `Beranda ${width}`);
          await page.getByTestId('summary-balance').scrollIntoViewIfNeeded();
          await saveScreenshot(page, `beranda-ringkasan-${width}`);
        },
        width,
      );
    }
  });
});
