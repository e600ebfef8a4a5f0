/**
 * Every screen in Chromium against the real server: axe-core finds no serious or critical
 * violation, the dashboard fits 1280 and 1024 px, and the screenshots of login, the loading
 * overlay and the dashboard are saved to test-artifacts/.
 */
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_RECORD_FILE } from '../../server/platform/spa-build';
import { DEMO_PASSWORD, seriousViolations, submitLogin, toast } from './support/app-pages';
import { samplePng } from '../support/sample-files';
import { collectPageErrors, launchBrowser, saveScreenshot } from './support/browser';
import { resetPage } from './support/reused-page';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function withPage(width: number, run: (page: Page) => Promise<void>) {
  const page = await resetPage(browser, server.url, { width, height: 800 });
  const errors = collectPageErrors(page);
  await run(page);
  expect(errors).toEqual([]);
}

async function overlayGone(page: Page) {
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached', timeout: 15_000 });
}

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

async function loginAs(page: Page, email: string) {
  await page.goto(`${server.url}/login`);
  await submitLogin(page, email, DEMO_PASSWORD);
}

describe('the build npm start serves', () => {
  it('is the production build: recorded as such, no React development code in the scripts, nothing from React in the console', async () => {
    const record = JSON.parse(readFileSync(join(process.cwd(), 'dist', BUILD_RECORD_FILE), 'utf8')) as { nodeEnv: string };
    expect(record.nodeEnv).toBe('production');
    await withPage(1280, async (page) => {
      const console: string[] = [];
      page.on('console', (message) => console.push(message.text()));
      const scripts: string[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('.js')) scripts.push(response.url());
      });
      await page.goto(`${server.url}/login`);
      await page.getByRole('heading', { name: 'Masuk' }).waitFor();
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        const code = await (await fetch(script)).text();
        // Strings only React's development build carries.
        expect(code, script).not.toContain('Download the React DevTools');
        expect(code, script).not.toContain('react-dom.development');
      }
      expect(console.filter((text) => text.includes('React'))).toEqual([]);
    });
  });
});

describe('the public screens', () => {
  const screens: Array<{ name: string; path: string; heading: string }> = [
    { name: 'login', path: '/login', heading: 'Masuk' },
    { name: 'forgot password', path: '/forgot-password', heading: 'Lupa kata sandi' },
    { name: 'reset password', path: '/reset-password?token=contoh-token', heading: 'Atur ulang kata sandi' },
    { name: 'reset password without a token', path: '/reset-password', heading: 'Atur ulang kata sandi' },
    { name: 'change expired password without a change token', path: '/change-password-expired', heading: 'Ganti kata sandi' },
    { name: 'registration', path: '/registration', heading: 'Pendaftaran bank' },
    { name: 'Privy return (signed)', path: '/signature/privy?status=signed', heading: 'Tanda tangan digital' },
    { name: 'Privy return (declined)', path: '/signature/privy?status=declined', heading: 'Tanda tangan digital' },
  ];

  for (const screen of screens) {
    it(`${screen.name} has no serious or critical axe violation`, async () => {
      await withPage(1280, async (page) => {
        await page.goto(`${server.url}${screen.path}`);
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
        await overlayGone(page);
        expect(await page.title()).toBe(`${screen.heading} · Berjangka`);
        await expectAccessible(page, screen.name);
        if (screen.name === 'login') await saveScreenshot(page, 'login');
      });
    });
  }

  it('change expired password with its form has no serious or critical axe violation', async () => {
    await withPage(1280, async (page) => {
      await loginAs(page, 'kedaluwarsa@bpr-demo.test');
      await page.waitForURL((url) => url.pathname === '/change-password-expired');
      await page.getByLabel(/^Kata Sandi Baru/).waitFor();
      await expectAccessible(page, 'change expired password');
    });
  });

  it('the registration form fits a 1024 px window', async () => {
    await withPage(1024, async (page) => {
      await page.goto(`${server.url}/registration`);
      await page.getByRole('heading', { name: 'Pendaftaran bank', level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    });
  });
});

describe('the dashboard', () => {
  it('Beranda, Laporan and Profil Bank have no serious or critical axe violation; screenshot at 1280 px', async () => {
    await withPage(1280, async (page) => {
      await loginAs(page, 'admin@bpr-demo.test');
      await page.getByRole('heading', { name: 'Selamat datang, Admin Demo' }).waitFor();
      await overlayGone(page);
      await expectAccessible(page, 'dashboard');
      await saveScreenshot(page, 'dashboard');

      await page.getByRole('link', { name: 'Laporan', exact: true }).click();
      await page.getByRole('group', { name: 'Jenis laporan' }).waitFor();
      await expectAccessible(page, 'Laporan');

      await page.getByRole('link', { name: 'Profil Bank' }).click();
      await page.getByRole('heading', { name: 'Ubah profil' }).waitFor();
      await expectAccessible(page, 'bank profile');
    });
  });

  it('Profil Bank saves name and phone, the header shows the new name, and a bad phone gets the server\'s message', async () => {
    await withPage(1280, async (page) => {
      await loginAs(page, 'supervisor@bpr-demo.test');
      await page.getByRole('heading', { name: 'Selamat datang, Supervisor Demo' }).waitFor();
      await page.getByRole('link', { name: 'Profil Bank', exact: true }).click();
      await page.getByRole('heading', { name: 'Ubah profil' }).waitFor();
      // Only an admin may replace the bank's logo.
      expect(await page.getByText('Logo bank').count()).toBe(0);

      await page.getByLabel(/^Nomor telepon/).fill('12ab');
      await page.getByRole('button', { name: 'Simpan' }).click();
      await toast(page, 'Nomor telepon tidak valid; gunakan angka, contoh 081234567890.').waitFor();

      await page.getByLabel(/^Nama/).fill('Supervisor Baru');
      await page.getByLabel(/^Nomor telepon/).fill('081234567899');
      await page.getByRole('button', { name: 'Simpan' }).click();
      await toast(page, 'Profil berhasil diperbarui.').waitFor();
      await page.locator('.bj-header__name', { hasText: 'Supervisor Baru' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Ubah profil' }).waitFor();
      expect(await page.getByLabel(/^Nomor telepon/).inputValue()).toBe('081234567899');
    });
  });

  it('an admin uploads the bank logo in Profil Bank and the profile header shows it instead of the initial', async () => {
    await withPage(1280, async (page) => {
      await loginAs(page, 'admin@bpr-lain.test');
      await page.getByRole('heading', { name: 'Selamat datang, Admin Lain' }).waitFor();
      const headerLogo = page.locator('.bj-header').getByRole('img', { name: 'Logo BPR Lain Makmur' });
      expect(await headerLogo.evaluate((element) => element.tagName)).toBe('SPAN');
      expect(await headerLogo.textContent()).toBe('L');

      await page.getByRole('link', { name: 'Profil Bank', exact: true }).click();
      await page.getByLabel(/^Logo bank/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: samplePng() });
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
      await toast(page, 'Profil berhasil diperbarui.').waitFor();
      await page.waitForFunction(() => document.querySelector('.bj-header img.bj-bank-logo') !== null);
      const src = await page.locator('.bj-header img.bj-bank-logo').getAttribute('src');
      expect(src).toBeTruthy();
      const image = await page.request.get(new URL(src!, server.url).href);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toContain('image/png');
      expect(await page.locator('.bj-header img.bj-bank-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(16);
    });
  });

  it('fits a 1024 px window: nothing wider than the viewport; screenshot', async () => {
    await withPage(1024, async (page) => {
      await loginAs(page, 'operator@bpr-demo.test');
      await page.getByRole('heading', { name: 'Selamat datang, Operator Demo' }).waitFor();
      await overlayGone(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
      await page.getByRole('button', { name: 'Keluar' }).waitFor();
      await saveScreenshot(page, 'dashboard-1024');
    });
  });

  it('the loading overlay covers the page while the first token check waits for the profile; screenshot', async () => {
    await withPage(1280, async (page) => {
      await loginAs(page, 'admin@bpr-demo.test');
      await page.getByRole('heading', { name: 'Beranda', level: 1 }).waitFor();
      // The next boot's token check waits on a slow profile answer: the overlay stays meanwhile.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api-v2-bpr/profile/detail', async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      const overlay = page.getByTestId('loading-overlay');
      await overlay.waitFor();
      await page.getByTestId('brand-mark').locator('svg').waitFor();
      const box = await overlay.boundingBox();
      expect(box).toEqual({ x: 0, y: 0, width: 1280, height: 800 });
      const mark = await page.getByTestId('loading-overlay-mark').boundingBox();
      expect(mark).toEqual({ x: (1280 - 300) / 2, y: (800 - 300) / 2, width: 300, height: 300 });
      expect(await overlay.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgba(211, 211, 211, 0.8)');
      // A few frames into the animation: lottie redraws the mark's SVG once a frame; twenty redraws seen.
      await page.getByTestId('brand-mark').evaluate(
        (mark) =>
          new Promise<void>((resolve) => {
            let redraws = 0;
            const observer = new MutationObserver(() => {
              redraws += 1;
              if (redraws < 20) return;
              observer.disconnect();
              resolve();
            });
            observer.observe(mark, { subtree: true, attributes: true, childList: true });
          }),
      );
      await saveScreenshot(page, 'overlay');
      release();
      await overlayGone(page);
      await page.getByRole('heading', { name: 'Selamat datang, Admin Demo' }).waitFor();
    });
  });
});
