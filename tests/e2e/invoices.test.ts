/**
 * Tagihan in Chromium against the real server and its demo data (a year of invoices billed by the
 * monthly run over the demo deposits): the list with its statuses and the filter in the URL, one
 * invoice with its totals and lines, its PDF downloaded and read back, its lines as xlsx. Both
 * screens are checked with axe-core and saved as screenshots at 1280 and 1024 px.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText, squish } from '../support/pdf-text';
import { toast } from './support/app-pages';
import { saveScreenshot } from './support/browser';
import { expectAccessible, startDemoSession, stopDemoSession, withLoggedInAs, type DemoSession } from './support/demo-session';

const OPERATOR = 'operator@bpr-demo.test';

let demo: DemoSession;

beforeAll(async () => {
  demo = await startDemoSession([OPERATOR]);
}, 180_000);

afterAll(() => stopDemoSession(demo));

interface Summary {
  id: string;
  number: string;
  period: string;
  status: 'unpaid' | 'paid' | 'overdue';
  statusLabel: string;
  total: number;
  lineCount: number;
}

/** The invoices as /api-v1 answers them (raw token), newest first. */
async function invoices(query = ''): Promise<Summary[]> {
  const response = await fetch(`${demo.server.url}/api-v1/bpr-invoice/my-invoice?limit=100${query}`, { headers: { authorization: demo.tokens[OPERATOR]! } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Summary[] }).data;
}

const rupiah = (value: number) => `Rp ${value.toLocaleString('id-ID')}`;

describe('Tagihan', () => {
  it('lists a year of invoices, the latest unpaid, one overdue and the rest paid; the status filter is kept in the URL', async () => {
    const all = await invoices();
    expect(all).toHaveLength(12);
    expect(all.filter((invoice) => invoice.status === 'overdue')).toHaveLength(1);
    expect(all[0]!.status).not.toBe('paid');
    expect(all.slice(2).every((invoice) => invoice.status === 'paid')).toBe(true);
    for (const width of [1280, 1024]) {
      await withLoggedInAs(
        demo,
        OPERATOR,
        async (page) => {
          await page.goto(`${demo.server.url}/bank/tagihan`);
          const latest = page.getByRole('link', { name: all[0]!.number });
          await latest.waitFor();
          const row = page.locator('tr', { has: latest });
          expect(await row.getByText(all[0]!.statusLabel).count()).toBe(1);
          expect(await row.getByText(rupiah(all[0]!.total)).count()).toBe(1);
          expect(await page.locator('.bj-table tbody tr').count()).toBe(12);
          await expectAccessible(page, 'Tagihan');
          await saveScreenshot(page, `tagihan-${width}`);
          if (width !== 1280) return;
          await page.getByLabel('Status').selectOption('overdue');
          await page.waitForURL((url) => url.searchParams.get('status') === 'overdue');
          await expect.poll(() => page.locator('.bj-table tbody tr').count()).toBe(1);
          await page.reload();
          await page.locator('.bj-table tbody tr').first().waitFor();
          expect(await page.getByLabel('Status').inputValue()).toBe('overdue');
        },
        width,
      );
    }
  });

  it("opens an invoice with its lines, downloads its PDF (number, NPWPs, total in figures and words) and its lines' xlsx", async () => {
    const [latest] = await invoices();
    await withLoggedInAs(demo, OPERATOR, async (page) => {
      await page.goto(`${demo.server.url}/bank/tagihan`);
      await page.getByRole('link', { name: latest!.number }).click();
      await page.getByRole('heading', { name: `Tagihan ${latest!.number}`, level: 1 }).waitFor();
      expect(await page.getByTestId('invoice-total').textContent()).toBe(rupiah(latest!.total));
      const lines = page.getByRole('region', { name: 'Rincian per deposito' });
      expect(await lines.locator('tbody tr').count()).toBe(Math.min(50, latest!.lineCount));
      await lines.getByText(`Halaman 1 dari ${Math.ceil(latest!.lineCount / 50)} · ${latest!.lineCount.toLocaleString('id-ID')} data`).waitFor();
      await expectAccessible(page, 'Tagihan (satu tagihan)');
      await saveScreenshot(page, 'tagihan-detail-1280');

      const pdfDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Unduh PDF' }).click();
      const pdf = await pdfDownload;
      expect(pdf.suggestedFilename()).toBe(`Tagihan ${latest!.number.replace(/\//g, '-')}.pdf`);
      await toast(page, 'File berhasil diunduh.').first().waitFor();
      const text = squish(await pdfToText(new Uint8Array(await readFile(await pdf.path()))));
      for (const expected of ['TAGIHAN', latest!.number, 'BPR Demo Sejahtera', 'NPWP 0317 2945 8812 4000', 'NPWP 0012 3456 7890 1000', `TOTAL TAGIHAN ${rupiah(latest!.total)}`, 'Terbilang:', 'CARA PEMBAYARAN']) {
        expect(text).toContain(expected);
      }

      const xlsxDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Unduh Excel' }).click();
      const xlsx = await xlsxDownload;
      expect(xlsx.suggestedFilename()).toBe(`Rincian_Tagihan_${latest!.period}.xlsx`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await xlsx.path());
      const sheet = workbook.worksheets[0]!;
      const fees: number[] = [];
      let total = 0;
      sheet.eachRow((row, number) => {
        if (number === 1) return;
        if (row.getCell(1).value === latest!.number) fees.push(Number(row.getCell(11).value));
        if (row.getCell(3).value === 'Total tagihan') total = Number(row.getCell(11).value);
      });
      expect(fees).toHaveLength(latest!.lineCount);
      expect(total).toBe(latest!.total);
    });
    await withLoggedInAs(
      demo,
      OPERATOR,
      async (page) => {
        await page.goto(`${demo.server.url}/bank/tagihan/${latest!.id}`);
        await page.getByTestId('invoice-total').waitFor();
        await expectAccessible(page, 'Tagihan (satu tagihan) 1024 px');
        await saveScreenshot(page, 'tagihan-detail-1024');
      },
      1024,
    );
  });
});
