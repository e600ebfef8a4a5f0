/**
 * Issue 10 (geography) in Chromium against the real server and its imported dataset: on the
 * public registration form, a postal-code search fills the province, city, district and village
 * pickers, and the registration is stored with them.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../support/sample-files';
import { collectPageErrors, launchBrowser, saveScreenshot } from './support/browser';
import { expectAccessible } from './support/demo-session';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('geography pickers on the registration form (issue 10)', () => {
  it('a postal-code search fills the pickers, and the registration is submitted with them', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 }, locale: 'id-ID' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/registration`);
    await page.getByRole('heading', { name: 'Pendaftaran bank' }).waitFor();
    await page.getByLabel(/^Nama bank/).fill('BPR Wilayah Makmur');
    await page.getByLabel(/^Nomor izin OJK/).fill('KEP-77/D.03/2026');
    await page.getByLabel(/^NPWP/).fill('01.234.567.8-777.000');
    await page.getByLabel(/^Alamat/).fill('Jl. Merdeka No. 56');
    await page.getByLabel(/^Nama kontak/).fill('Dewi Lestari');
    await page.getByLabel(/^Email/).fill('kontak@bpr-wilayah.test');
    await page.getByLabel(/^Nomor telepon/).fill('081234567890');

    // Not signed in: the geography is public master data.
    const search = page.getByRole('combobox', { name: 'Cari kode pos atau nama wilayah' });
    await search.fill('4011');
    const citarum = page.getByRole('option', { name: /40115\s*Citarum, Bandung Wetan/ });
    await citarum.waitFor();
    await expectAccessible(page, 'Pendaftaran bank, hasil pencarian kode pos');
    await saveScreenshot(page, 'geography-zip-search');
    await citarum.click();

    const picked = async (label: RegExp) => page.getByLabel(label).evaluate((select: HTMLSelectElement) => [select.value, select.selectedOptions[0]?.textContent]);
    expect(await picked(/^Provinsi/)).toEqual(['32', 'Jawa Barat']);
    expect(await picked(/^Kota\/kabupaten/)).toEqual(['32.73', 'Kota Bandung']);
    expect(await picked(/^Kecamatan/)).toEqual(['32.73.09', 'Bandung Wetan']);
    expect(await picked(/^Kelurahan\/desa/)).toEqual(['32.73.09.1003', 'Citarum']);
    expect(await page.getByLabel('Kode pos', { exact: true }).inputValue()).toBe('40115');
    // The lists of the picked parents load: the district's villages can be browsed.
    await expect.poll(() => page.getByLabel(/^Kelurahan\/desa/).locator('option').count()).toBeGreaterThan(2);

    await page.getByLabel(/^Dokumen pendukung/).setInputFiles({ name: 'izin-ojk.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.getByRole('button', { name: 'Kirim pendaftaran' }).click();
    await page.getByRole('heading', { name: 'Pendaftaran terkirim' }).waitFor();
    expect(errors).toEqual([]);

    const db = new Database(join(server.dataDir, 'berjangka.sqlite'), { readonly: true });
    try {
      const row = db.prepare('select address, province_id, city_id, district_id, village_id, zip_code from registrations where email = ?').get('kontak@bpr-wilayah.test');
      expect(row).toEqual({ address: 'Jl. Merdeka No. 56', province_id: '32', city_id: '32.73', district_id: '32.73.09', village_id: '32.73.09.1003', zip_code: '40115' });
    } finally {
      db.close();
    }
    await context.close();
  });
});
