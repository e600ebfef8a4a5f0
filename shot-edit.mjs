import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3999';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
async function login(page, email) {
  await page.goto(`${base}/login`);
  await page.fill('input[type=email], input[name=email]', email); await page.fill('input[type=password]', 'Berjangka#2026'); await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.includes('login'));
}
for (const width of [1280, 1024]) {
  const page = await b.newPage({ viewport: { width, height: 900 } });
  await login(page, 'operator@bpr-demo.test');
  await page.goto(`${base}/nasabah`);
  await page.locator('.bj-table tbody tr a').first().click();
  await page.getByRole('link', { name: 'Ubah data nasabah' }).click();
  await page.getByRole('heading', { level: 1, name: /Ubah Data Nasabah/ }).waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/edit-${width}.png`, fullPage: true });
  if (width === 1280) {
    // Keyboard only: focus the name, change it and the phone, submit with Enter.
    await page.getByLabel(/^Nama sesuai KTP/).focus();
    await page.keyboard.press('End'); await page.keyboard.type(' Putra');
    await page.getByLabel(/^Pekerjaan/).focus(); await page.keyboard.press('Control+A'); await page.keyboard.type('Wiraswasta');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Ubah data nasabah' }).waitFor();
    await page.screenshot({ path: `/tmp/shots/after-edit.png`, fullPage: false });
  }
  const sup = await b.newPage({ viewport: { width, height: 900 } });
  await login(sup, 'supervisor@bpr-demo.test');
  await sup.goto(`${base}/deposito/perubahan`);
  await sup.locator('.bj-table tbody tr').first().waitFor();
  await sup.screenshot({ path: `/tmp/shots/queue-${width}.png`, fullPage: false });
  await sup.locator('.bj-table tbody tr').filter({ hasText: 'Data Identitas Nasabah' }).getByRole('button', { name: 'Setujui' }).click();
  await sup.getByRole('dialog').waitFor();
  await sup.screenshot({ path: `/tmp/shots/dialog-${width}.png`, fullPage: false });
}
await b.close();
