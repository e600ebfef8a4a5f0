/**
 * Issue 10 (users) in Chromium against the real server: an admin invites a user on Pengguna, the
 * user sets a password from the mailed link and signs in; the admin deactivates them and their
 * open session ends at its next request; a user changes their own password from the header and
 * stays signed in.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, submitLogin, toast } from './support/app-pages';
import { launchBrowser, saveScreenshot } from './support/browser';
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

async function signedIn(email: string, password: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'id-ID' });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname === '/home');
  return { page, context };
}

describe('Pengguna and own passwords (issue 10)', () => {
  it('an admin invites a user who sets a password from the mailed link and signs in; deactivated, their session ends at the next request', async () => {
    const email = `rina.${Date.now()}@bpr-demo.test`;
    const admin = await signedIn('admin@bpr-demo.test', DEMO_PASSWORD);
    await admin.page.getByRole('link', { name: 'Pengguna', exact: true }).click();
    await admin.page.getByRole('heading', { name: 'Pengguna', level: 1 }).waitFor();
    await admin.page.getByRole('button', { name: 'Undang pengguna' }).click();
    const invite = admin.page.getByRole('dialog', { name: 'Undang pengguna' });
    await invite.getByLabel('Nama').fill('Rina Kasir');
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Peran').selectOption('OPERATOR');
    await invite.getByRole('button', { name: 'Kirim undangan' }).click();
    await toast(admin.page, `Undangan dikirim ke ${email}.`).waitFor();
    const row = admin.page.locator('.bj-table tbody tr').filter({ hasText: email });
    await row.getByText('Belum mengatur kata sandi').waitFor();
    await expectAccessible(admin.page, 'Pengguna');
    await saveScreenshot(admin.page, 'users-invited');

    // The invited user opens the mailed link and sets a password.
    const mail = server.outbox().find((text) => text.includes(email))!;
    const link = /(http\S+\/reset-password\?token=[^\s"<>]+)/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1]!;
    const invitedContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'id-ID' });
    const invitedPage = await invitedContext.newPage();
    await invitedPage.goto(link.replace(/^http:\/\/[^/]+/, server.url));
    await invitedPage.getByLabel(/^Kata Sandi Baru/).fill('Kasir#Baru2026');
    await invitedPage.getByLabel('Ulangi Kata Sandi Baru').fill('Kasir#Baru2026');
    await invitedPage.getByRole('button', { name: 'Simpan kata sandi' }).click();
    await invitedPage.waitForURL((url) => url.pathname === '/login');
    await submitLogin(invitedPage, email, 'Kasir#Baru2026');
    await invitedPage.waitForURL((url) => url.pathname === '/home');
    await invitedPage.getByRole('heading', { name: 'Selamat datang, Rina Kasir' }).waitFor();

    // The admin deactivates her: at her next request she is signed out.
    await admin.page.reload();
    await row.getByRole('button', { name: 'Nonaktifkan Rina Kasir' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Nonaktifkan pengguna' });
    await confirm.getByRole('button', { name: 'Nonaktifkan' }).click();
    await row.getByText('Nonaktif', { exact: true }).waitFor();
    await invitedPage.getByRole('link', { name: 'Daftar Deposito' }).click();
    await invitedPage.waitForURL((url) => url.pathname === '/login');
    // Told why, once: the refused token is cleared, so the login page does not check it again.
    await toast(invitedPage, 'Sesi telah berakhir. Silahkan login kembali.').waitFor();
    await invitedPage.getByRole('button', { name: 'Masuk' }).waitFor();
    await saveScreenshot(invitedPage, 'users-deactivated-signed-out');
    await invitedContext.close();
    await admin.context.close();
  });

  it('a user changes their own password from the header and stays signed in; the old password no longer works', async () => {
    const operator = await signedIn('operator@bpr-demo.test', DEMO_PASSWORD, 1024);
    await operator.page.getByRole('button', { name: 'Ubah kata sandi' }).click();
    const dialog = operator.page.getByRole('dialog', { name: 'Ubah kata sandi' });
    await dialog.getByLabel('Kata sandi saat ini').fill(DEMO_PASSWORD);
    await dialog.getByLabel(/^Kata sandi baru/).fill('Operator#Baru26');
    await dialog.getByLabel('Ulangi kata sandi baru').fill('Operator#Baru26');
    await saveScreenshot(operator.page, 'users-change-password');
    await dialog.getByRole('button', { name: 'Simpan kata sandi' }).click();
    await toast(operator.page, 'Kata sandi diubah. Sesi di perangkat lain telah diakhiri.').waitFor();
    // Still signed in: the next screen loads with the new token.
    await operator.page.getByRole('link', { name: 'Daftar Deposito' }).click();
    await operator.page.locator('.bj-table tbody tr').first().waitFor();
    expect(new URL(operator.page.url()).pathname).toBe('/deposito');
    await operator.context.close();

    const old = await fetch(`${server.url}/api-v2-bpr/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'operator@bpr-demo.test', password: DEMO_PASSWORD }) });
    expect(old.status).toBe(401);
    const fresh = await fetch(`${server.url}/api-v2-bpr/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'operator@bpr-demo.test', password: 'Operator#Baru26' }) });
    expect(fresh.status).toBe(200);
  });
});
