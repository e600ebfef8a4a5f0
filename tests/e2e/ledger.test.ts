/**
 * The bank's ledger (issue 21) in Chromium against the real server and its demo data: an admin
 * maps the bank's accounts on Pemetaan Akun (a product's own interest expense among them), opens
 * Jurnal for last month, sees the four checks with the server's figures, and downloads the month's
 * journal as xlsx and CSV — files that post to the admin's codes, no role name left. Both screens
 * are checked with axe-core and saved as screenshots.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountingSettings, JournalAnswer, JournalSummary } from '../../contract/ledger';
import { toast } from './support/app-pages';
import { saveScreenshot } from './support/browser';
import { apiGetAs, expectAccessible, startDemoSession, stopDemoSession, withLoggedInAs, type DemoSession } from './support/demo-session';

const ADMIN = 'admin@bpr-demo.test';
const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
const CSV_HEADER = 'entryId,tanggal,peristiwa,referensi,akun,debit,kredit,keterangan';

/** The bank's codes, by the labels Pemetaan Akun shows. */
const CODES: Record<string, string> = {
  'Kewajiban deposito': '2101',
  'Beban bunga': '5101',
  'Bunga yang masih harus dibayar (BYMHD)': '2102',
  'Utang PPh 4(2)': '2103',
  'Pendapatan penalti': '4201',
  'Kliring pembayaran': '1901',
  'Kliring penempatan': '1902',
};
/** A product's own interest-expense account, for a product that accrued interest last month. */
const PRODUCT_EXPENSE = '5101.02';
const ROLE_NAMES = ['depositLiability', 'interestExpense', 'interestPayable', 'taxPayable', 'penaltyIncome', 'payoutClearing', 'placementClearing'];

let demo: DemoSession;

beforeAll(async () => {
  demo = await startDemoSession([ADMIN]);
}, 180_000);

afterAll(() => stopDemoSession(demo));

/** The month before this one (Asia/Jakarta). */
function lastMonth(): string {
  const jakarta = new Date(Date.now() + 7 * 3_600_000);
  const index = jakarta.getUTCFullYear() * 12 + jakarta.getUTCMonth() - 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const rupiah = (amount: number) => `${amount < 0 ? '-' : ''}Rp ${Math.abs(amount).toLocaleString('id-ID')}`;

/** RFC 4180 fields of one CSV line (the server quotes a field with a comma or a quote). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await downloaded;
  const bytes = await readFile(await file.path());
  await toast(page, 'File berhasil diunduh.').last().waitFor();
  return { name: file.suggestedFilename(), bytes };
}

describe('the bank’s ledger', () => {
  it('an admin maps the accounts, opens last month’s Jurnal with its checks, and downloads it as xlsx and CSV posting to those codes', async () => {
    const period = lastMonth();
    const label = `${MONTHS[Number(period.slice(5)) - 1]} ${period.slice(0, 4)}`;
    const unmapped = (await apiGetAs<{ data: JournalAnswer }>(demo, ADMIN, `/report/journal?period=${period}`)).data;
    const accruing = unmapped.entries.find((entry) => entry.event === 'accrual')!.lines[0]!.productId;
    const products = (await apiGetAs<{ data: AccountingSettings }>(demo, ADMIN, '/bpr/accounting-settings')).data.products;
    const product = products.find((candidate) => candidate.id === accruing)!;

    await withLoggedInAs(demo, ADMIN, async (page) => {
      const menu = page.getByRole('navigation', { name: 'Menu utama' });
      await menu.getByRole('link', { name: 'Pemetaan Akun', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/bank/pemetaan-akun');
      await page.getByText('Belum pernah diatur: jurnal memakai nama peran sebagai kode akun.').waitFor();
      for (const [field, code] of Object.entries(CODES)) await page.getByLabel(field, { exact: true }).fill(code);
      const own = page.getByLabel(`Beban bunga ${product.name}`, { exact: true });
      expect(await own.getAttribute('placeholder')).toBe(CODES['Beban bunga']);
      await own.fill(PRODUCT_EXPENSE);
      await page.getByRole('button', { name: 'Simpan pemetaan' }).click();
      await toast(page, 'Pemetaan akun disimpan.').waitFor();
      await page.getByTestId('mapping-last-change').getByText(/^Terakhir diubah oleh Admin Demo, /).waitFor();
      await expectAccessible(page, 'Pemetaan Akun');
      await saveScreenshot(page, 'pemetaan-akun-1280');

      const saved = (await apiGetAs<{ data: AccountingSettings }>(demo, ADMIN, '/bpr/accounting-settings')).data;
      expect(saved.accounts).toEqual({ depositLiability: '2101', interestExpense: '5101', interestPayable: '2102', taxPayable: '2103', penaltyIncome: '4201', payoutClearing: '1901', placementClearing: '1902' });
      expect(saved.byProduct).toEqual({ [product.id]: { interestExpense: PRODUCT_EXPENSE } });

      await menu.getByRole('link', { name: 'Jurnal', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/bank/jurnal');
      await page.getByRole('combobox', { name: 'Bulan' }).selectOption(period);
      await page.waitForURL((url) => url.searchParams.get('period') === period);
      await page.getByRole('heading', { name: `Pemeriksaan ${label}` }).waitFor();

      const summary = (await apiGetAs<{ data: JournalSummary }>(demo, ADMIN, `/report/journal/summary?period=${period}`)).data;
      for (const [name, result] of Object.entries(summary.checks)) {
        const card = page.getByTestId(`check-${name}`);
        await card.getByText(result.ok ? 'Sesuai' : 'Tidak sesuai', { exact: true }).waitFor();
        const text = await card.textContent();
        expect(text).toContain(rupiah(result.expected));
        expect(text).toContain(rupiah(result.actual));
        expect(text).toContain(`Selisih${rupiah(result.difference)}`);
      }
      const liability = page.getByTestId('account-depositLiability');
      expect(await liability.locator('th').textContent()).toBe('2101Kewajiban deposito');
      const closing = summary.accounts.find((account) => account.role === 'depositLiability')!.closing;
      expect(await liability.locator('td').last().textContent()).toBe(rupiah(closing));
      await page.getByTestId('journal-entry').first().waitFor();
      expect(await page.getByText('Sebagian akun belum dipetakan.').count()).toBe(0);
      await expectAccessible(page, 'Jurnal');
      await saveScreenshot(page, 'jurnal-1280');

      const journal = (await apiGetAs<{ data: JournalAnswer }>(demo, ADMIN, `/report/journal?period=${period}`)).data;
      const posted = new Set(journal.entries.flatMap((entry) => entry.lines.map((line) => line.account)));
      expect([...posted].filter((account) => ![...Object.values(CODES), PRODUCT_EXPENSE].includes(account))).toEqual([]);
      expect(posted).toContain(PRODUCT_EXPENSE);

      const xlsx = await download(page, 'Unduh Excel');
      expect(xlsx.name).toBe(`jurnal-${period}.xlsx`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Jurnal', 'Rincian per deposito']);
      const sheetText: string[] = [];
      workbook.getWorksheet('Jurnal')!.eachRow((row) => sheetText.push((row.values as unknown[]).map(String).join('|')));
      for (const code of posted) expect(sheetText.some((row) => row.includes(`|${code}|`)), code).toBe(true);

      const csv = await download(page, 'Unduh CSV');
      expect(csv.name).toBe(`jurnal-${period}.csv`);
      const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n');
      expect(lines[0]).toBe(CSV_HEADER);
      const rows = lines.slice(1).map(csvFields);
      expect(rows).toHaveLength(journal.entries.reduce((sum, entry) => sum + entry.lines.length, 0));
      const accounts = new Set(rows.map((fields) => fields[4]));
      expect(accounts).toEqual(posted);
      for (const code of ['2101', '5101', '2102', PRODUCT_EXPENSE]) expect(accounts, code).toContain(code);
      for (const role of ROLE_NAMES) expect(accounts, role).not.toContain(role);
    });
  });
});
