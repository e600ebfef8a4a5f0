/**
 * Impor Deposito (issue 18) in Chromium against the real server with its demo data: an admin
 * takes the demo's sample book from the screen, checks it, saves it, and finds an imported deposit
 * (active, bilyet received, "Dipindahkan dari sistem lama" on its timeline) and its customer; the
 * same book checked again has every row refused. Keyboard where a keyboard can do it (choosing a
 * file is the operating system's dialog: Playwright hands the file to the input).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositDetail, DepositSummary } from '../../contract/deposit-api';
import { saveScreenshot } from './support/browser';
import { apiGetAs, expectAccessible, startDemoSession, stopDemoSession, withLoggedInAs, type DemoSession } from './support/demo-session';

const ADMIN = 'admin@bpr-demo.test';
let session: DemoSession;
/** The sample book as downloaded (the browser's copy goes with its context). */
let book: { name: string; mimeType: string; buffer: Buffer } | null = null;

beforeAll(async () => {
  session = await startDemoSession([ADMIN]);
}, 180_000);

afterAll(async () => {
  await stopDemoSession(session);
});

describe('Impor Deposito (issue 18)', () => {
  it('an admin checks the sample book, saves all of it, then finds an imported deposit and its customer', async () => {
    await withLoggedInAs(session, ADMIN, async (page) => {
      const keys = page.keyboard;
      await page.getByRole('navigation').getByRole('link', { name: 'Impor Deposito' }).click();
      await page.waitForURL((url) => url.pathname === '/deposito/impor');
      await page.getByRole('heading', { name: 'Impor Deposito', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Impor deposito yang sudah disimpan' }).or(page.getByText('Belum ada impor')).first().waitFor();
      await saveScreenshot(page, 'impor-deposito-1280');
      await expectAccessible(page, 'Impor Deposito');

      // The sample book, downloaded with the keyboard.
      await page.getByRole('button', { name: 'Unduh contoh buku deposito' }).focus();
      const [download] = await Promise.all([page.waitForEvent('download'), keys.press('Enter')]);
      expect(download.suggestedFilename()).toMatch(/^contoh-impor-deposito-\d{4}-\d{2}-\d{2}\.xlsx$/);
      book = { name: download.suggestedFilename(), mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: readFileSync((await download.path())!) };
      await page.locator('input[type="file"]').setInputFiles(book);

      await page.getByRole('button', { name: 'Periksa berkas' }).focus();
      await keys.press('Enter');
      const result = page.getByRole('region', { name: /Hasil pemeriksaan/ });
      await result.waitFor();
      await result.getByText('Baris dibaca').waitFor();
      expect(await result.locator('.bj-stat__value').allTextContents()).toEqual(['20', '20', '0', expect.stringMatching(/^Rp [\d.]+$/)]);
      await saveScreenshot(page, 'impor-deposito-periksa-1280');
      await expectAccessible(page, 'Impor Deposito, hasil pemeriksaan');

      const save = page.getByRole('button', { name: 'Simpan semua (20 deposito)' });
      await save.focus();
      await keys.press('Enter');
      await page.getByRole('region', { name: /Impor tersimpan/ }).waitFor();
      const history = page.getByRole('table', { name: 'Impor deposito yang sudah disimpan' });
      await history.getByText(download.suggestedFilename()).waitFor();

      // An imported deposit, found from the list by its number, and its customer.
      const imported = (await apiGetAs<{ data: DepositSummary[] }>(session, ADMIN, '/invoice/all-deposito?q=LAMA-&limit=100')).data;
      expect(imported).toHaveLength(20);
      const first = imported.find((deposit) => deposit.depositNumber.endsWith('-0001'))!;
      await page.goto(`${session.server.url}/deposito`);
      await page.getByRole('searchbox', { name: 'Cari' }).fill(first.depositNumber);
      await page.getByRole('searchbox', { name: 'Cari' }).press('Enter');
      await page.getByRole('link', { name: first.depositNumber }).click();
      await page.waitForURL((url) => url.pathname === `/deposito/${first.id}`);
      const detail = (await apiGetAs<{ data: DepositDetail }>(session, ADMIN, `/deposito/${first.id}`)).data;
      expect([detail.status, detail.bilyet.status, detail.timeline.map((entry) => entry.eventLabel)]).toEqual(['active', 'received', ['Dipindahkan dari sistem lama']]);
      await page.getByRole('tab', { name: 'Riwayat' }).click();
      await page.getByText('Dipindahkan dari sistem lama').first().waitFor();
      await page.getByRole('link', { name: first.customer.name }).first().click();
      await page.waitForURL((url) => url.pathname === `/nasabah/${first.customer.id}`);
      await page.getByRole('heading', { name: first.customer.name, level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Deposito nasabah' }).getByRole('link', { name: first.depositNumber }).waitFor();
    });
  });

  it('at 1024 px, the same book checked again has every row refused: its deposit numbers are taken', async () => {
    expect(book).not.toBeNull();
    await withLoggedInAs(
      session,
      ADMIN,
      async (page) => {
        await page.goto(`${session.server.url}/deposito/impor`);
        await page.getByRole('heading', { name: 'Impor Deposito', level: 1 }).waitFor();
        await page.locator('input[type="file"]').setInputFiles(book!);
        await page.getByRole('button', { name: 'Periksa berkas' }).focus();
        await page.keyboard.press('Enter');
        const errors = page.getByRole('table', { name: 'Kesalahan per baris' });
        await errors.waitFor();
        expect(await errors.getByText(/sudah ada di Berjangka/).count()).toBe(20);
        expect(await page.getByRole('button', { name: /Simpan semua/ }).count()).toBe(0);
        await saveScreenshot(page, 'impor-deposito-ulang-1024');
        await expectAccessible(page, 'Impor Deposito, impor ulang');
      },
      1024,
    );
  });
});
