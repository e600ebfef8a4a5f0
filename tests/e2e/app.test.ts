/**
 * The app-level model (app.model.ts) walked in Debian's Chromium against the real server: one
 * server for the whole walk, one browser tab reset to a new visitor's before each path, every
 * event done by clicking and typing, every state checked on what the page shows. The last test proves the walk took every
 * transition the model defines.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTitle, replay, unwalked } from '../model/walk';
import { appModel, paths, type AppEvent, type AppState } from './app.model';
import {
  adminRegistrations,
  DEMO_PASSWORD,
  SESSION_EXPIRED_TOAST,
  storedKeys,
  submitLogin,
  toast,
  waitForResetLink,
} from './support/app-pages';
import { collectPageErrors, launchBrowser } from './support/browser';
import { samplePdf } from '../support/sample-files';
import { resetPage } from './support/reused-page';
import { startServer, type RunningServer } from './support/server';

const ADMIN = { email: 'admin@bpr-demo.test', name: 'Admin Demo' };
const EXPIRED = { email: 'kedaluwarsa@bpr-demo.test', name: 'Operator Kedaluwarsa' };
// The reset flow uses its own account so the other paths keep the demo password.
const RESETTING = { email: 'supervisor@bpr-demo.test', name: 'Supervisor Demo' };
const PUBLIC_ROUTES_REDIRECTING = ['/forgot-password', '/reset-password?token=apa-saja', '/registration', '/change-password-expired'];

let server: RunningServer;
let browser: Browser;
const walked = new Set<string>();
let pathsPassed = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What one path remembers between its steps: who is signing in and with which password. */
interface World {
  page: Page;
  account: { email: string; name: string };
  password: string;
  /** Outbox size before the reset was requested, so an older mail is never followed. */
  outboxBefore: number;
  bankName: string;
  pathNumber: number;
  /** The dashboard address the person asked for before a login (path and query). */
  requested: string;
}

const url = (path: string) => `${server.url}${path}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function expectPath(page: Page, pathname: string) {
  await page.waitForURL((current) => current.pathname === pathname, { timeout: 15_000 });
}

async function expectLoginScreen(page: Page) {
  await expectPath(page, '/login');
  await page.getByRole('heading', { name: 'Masuk', level: 1 }).waitFor();
}

async function expectToast(page: Page, text: string) {
  await toast(page, text).waitFor({ timeout: 15_000 });
}

const doEvent: Record<AppEvent['type'], (world: World) => Promise<void>> = {
  async loginGood(world) {
    world.account = ADMIN;
    await submitLogin(world.page, ADMIN.email, DEMO_PASSWORD);
  },
  async loginBad(world) {
    // An unknown address: the lockout of a real account is never touched.
    await submitLogin(world.page, `tidak-terdaftar-${unique()}@bpr-demo.test`, 'Bukan#Sandinya1');
  },
  async loginExpiredPassword(world) {
    world.account = EXPIRED;
    await submitLogin(world.page, EXPIRED.email, DEMO_PASSWORD);
  },
  async changeExpiredPassword(world) {
    world.password = `Baru#${unique()}`;
    await world.page.getByLabel(/^Kata Sandi Baru/).fill(world.password);
    await world.page.getByLabel(/^Ulangi Kata Sandi Baru/).fill(world.password);
    await world.page.getByRole('button', { name: 'Simpan kata sandi' }).click();
  },
  async loginNewPassword(world) {
    await submitLogin(world.page, world.account.email, world.password);
  },
  async requestReset(world) {
    world.account = RESETTING;
    world.outboxBefore = server.outbox().length;
    await world.page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
    await world.page.getByRole('heading', { name: 'Lupa kata sandi', level: 1 }).waitFor();
    await world.page.getByLabel('Email').fill(RESETTING.email);
    await world.page.getByRole('button', { name: 'Kirim tautan' }).click();
  },
  async followResetLink(world) {
    const link = await waitForResetLink(server, world.account.email, world.outboxBefore);
    expect(new URL(link).origin).toBe(server.url);
    await world.page.goto(link);
  },
  async submitNewPassword(world) {
    world.password = `Atur#${unique()}`;
    await world.page.getByLabel(/^Kata Sandi Baru/).fill(world.password);
    await world.page.getByLabel(/^Ulangi Kata Sandi Baru/).fill(world.password);
    await world.page.getByRole('button', { name: 'Simpan kata sandi' }).click();
  },
  async expireStoredToken(world) {
    await world.page.evaluate(() => localStorage.setItem('token-expired', String(Math.floor(Date.now() / 1000) - 60)));
    world.requested = '/deposito';
    await world.page.getByRole('link', { name: 'Daftar Deposito' }).click();
  },
  async openPageLoggedOut(world) {
    world.requested = '/deposito/pencairan?status=paid';
    await world.page.goto(url(world.requested));
  },
  async visitPublicRoutesWithToken(world) {
    for (const route of PUBLIC_ROUTES_REDIRECTING) {
      await world.page.goto(url(route));
      await expectPath(world.page, '/home');
      await world.page.getByRole('heading', { name: 'Beranda' }).waitFor();
    }
  },
  async openMenuEntry(world) {
    // exact: Beranda's figures link to lists too, with names that contain the menu's.
    await world.page.getByRole('link', { name: 'Laporan', exact: true }).click();
  },
  async logout(world) {
    await world.page.getByRole('button', { name: 'Keluar' }).click();
  },
  async register(world) {
    await world.page.getByRole('link', { name: 'Daftar' }).click();
  },
  async submitRegistration(world) {
    const page = world.page;
    world.bankName = `BPR Uji Jalur ${world.pathNumber} ${unique()}`;
    await page.getByLabel(/^Nama bank/).fill(world.bankName);
    await page.getByLabel(/^Nomor izin OJK/).fill(`KEP-${unique()}/OJK/2026`);
    await page.getByLabel(/^NPWP/).fill('01.234.567.8-901.000');
    await page.getByLabel(/^Alamat/).fill('Jl. Merdeka No. 10');
    // The bank's areas, from the postal-code search (the form asks for province, city and district).
    await page.getByRole('combobox', { name: 'Cari kode pos atau nama wilayah' }).fill('40115');
    await page.getByRole('option', { name: /Citarum/ }).click();
    await page.getByLabel(/^Nama kontak/).fill('Dewi Lestari');
    await page.getByLabel(/^Email/).fill(`kontak-${unique()}@bpr-uji.test`);
    await page.getByLabel(/^Nomor telepon/).fill('081234567890');
    await page.getByLabel(/^Dokumen pendukung/).setInputFiles({ name: 'izin-ojk.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.getByRole('button', { name: 'Kirim pendaftaran' }).click();
  },
};

const seeState: Record<AppState, (world: World) => Promise<void>> = {
  async onLogin({ page }) {
    await expectLoginScreen(page);
    expect(await storedKeys(page)).toEqual([]);
  },
  async loginRejected({ page }) {
    await expectToast(page, 'Email atau kata sandi salah.');
    await expectLoginScreen(page);
    expect(await storedKeys(page)).toEqual([]);
  },
  async onHome({ page, account }) {
    await expectPath(page, '/home');
    await page.getByRole('heading', { name: 'Beranda', level: 1 }).waitFor();
    await page.getByRole('heading', { name: `Selamat datang, ${account.name}` }).waitFor();
    await page.getByRole('navigation', { name: 'Menu utama' }).waitFor();
    await page.getByRole('button', { name: 'Keluar' }).waitFor();
    expect(await storedKeys(page)).toEqual(['token', 'token-expired', 'user']);
  },
  async onMenuScreen({ page }) {
    await expectPath(page, '/bank/laporan');
    await page.getByRole('heading', { name: 'Laporan', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Jenis laporan' }).waitFor();
  },
  async onLoginSessionExpired({ page, requested }) {
    await expectToast(page, SESSION_EXPIRED_TOAST);
    await expectLoginScreen(page);
    expect(new URL(page.url()).searchParams.get('next')).toBe(requested);
    expect(await storedKeys(page)).toEqual([]);
  },
  async onLoginWithNext({ page, requested }) {
    await expectLoginScreen(page);
    expect(new URL(page.url()).searchParams.get('next')).toBe(requested);
    expect(await storedKeys(page)).toEqual([]);
  },
  async onRequestedPage({ page, requested }) {
    await page.waitForURL((current) => `${current.pathname}${current.search}` === requested, { timeout: 15_000 });
    const heading = requested.startsWith('/deposito/pencairan') ? 'Pencairan' : 'Daftar Deposito';
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    if (requested.includes('status=paid')) await page.getByRole('tab', { name: /Sudah dibayar/, selected: true }).waitFor();
    expect(await storedKeys(page)).toEqual(['token', 'token-expired', 'user']);
  },
  async onChangeExpired({ page, account }) {
    await expectPath(page, '/change-password-expired');
    await page.getByRole('heading', { name: 'Ganti kata sandi', level: 1 }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    // The change token lives in memory only.
    expect(await storedKeys(page)).toEqual([]);
  },
  async onLoginPasswordChanged({ page }) {
    await expectToast(page, 'Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.');
    await expectLoginScreen(page);
  },
  async onForgotSent({ page, account }) {
    await expectPath(page, '/forgot-password');
    await page.getByRole('heading', { name: 'Periksa email Anda' }).waitFor();
    await page.getByText(`Jika ${account.email} terdaftar`, { exact: false }).waitFor();
  },
  async onResetForm({ page }) {
    await expectPath(page, '/reset-password');
    await page.getByRole('heading', { name: 'Atur ulang kata sandi', level: 1 }).waitFor();
    await page.getByLabel(/^Kata Sandi Baru/).waitFor();
  },
  async onLoginPasswordReset({ page }) {
    await expectToast(page, 'Kata sandi berhasil diatur ulang. Silakan masuk dengan kata sandi baru.');
    await expectLoginScreen(page);
  },
  async onRegistration({ page }) {
    await expectPath(page, '/registration');
    await page.getByRole('heading', { name: 'Pendaftaran bank', level: 1 }).waitFor();
  },
  async onRegistrationSent({ page, bankName }) {
    await page.getByRole('heading', { name: 'Pendaftaran terkirim' }).waitFor();
    await page.getByText(bankName).waitFor();
    // Stored on the server with its document, as the admin tool lists it.
    const listed = await adminRegistrations(server);
    const line = listed.split('\n').find((entry) => entry.includes(bankName));
    expect(line, listed).toBeDefined();
  },
};

describe('the app model walked in Chromium', () => {
  // A path changes server-side accounts at most once per kind (expired password, reset): one server suffices.
  it('each flow that changes an account appears in exactly one path', () => {
    const count = (type: AppEvent['type']) => paths.filter((path) => path.steps.some((step) => step.event.type === type)).length;
    expect(count('changeExpiredPassword')).toBe(1);
    expect(count('submitNewPassword')).toBe(1);
  });

  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${pathTitle(path)}`, async () => {
      // A path starts where a new visitor does: no session, nothing stored (reused-page.ts).
      const page = await resetPage(browser, server.url, { width: 1280, height: 800 });
      const errors = collectPageErrors(page);
      const world: World = { page, account: ADMIN, password: DEMO_PASSWORD, outboxBefore: 0, bankName: '', pathNumber: index + 1, requested: '' };
      await page.goto(url('/login'));
      for (const step of path.steps) {
        if (step.event.type !== 'xstate.init') await doEvent[(step.event as AppEvent).type](world);
        await seeState[step.state.value as AppState](world);
      }
      expect(errors).toEqual([]);
      for (const name of replay(appModel, path.steps)) walked.add(name);
      pathsPassed += 1;
    });
  });

  it('the paths walked every transition the model defines', () => {
    expect(pathsPassed).toBe(paths.length);
    expect(unwalked(appModel, walked)).toEqual([]);
  });
});
