/**
 * The embed bridge in Chromium: a host application on a second origin frames the app and talks
 * to it with window messages `{eventMessage}` (API.md, "Host window messages"). The server runs
 * with EMBED_ALLOWED_ORIGINS naming the hosts, which both lets them frame the app (CSP
 * frame-ancestors) and lets them talk to the bridge (the origins reach the SPA through index.html).
 *
 * The main host is same-site with the app (localhost, another port: another origin), as a bank's
 * portal and Berjangka on one domain would be. A second host frames the app from another site
 * (127.0.0.1 vs localhost), where the browser's private contexts refuse the frame local storage.
 */
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, storedKeys, submitLogin } from './support/app-pages';
import { collectPageErrors, launchBrowser } from './support/browser';
import { startHostPage, type HostPage } from './support/host-page';
import { freePort, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let appUrl: string;
let host: HostPage;
let crossSiteHost: HostPage;
let stranger: HostPage;

beforeAll(async () => {
  const [hostPort, crossSitePort] = [await freePort(), await freePort()];
  [server, browser] = await Promise.all([
    startServer({ EMBED_ALLOWED_ORIGINS: `http://localhost:${hostPort},http://localhost:${crossSitePort}` }),
    launchBrowser(),
  ]);
  appUrl = `http://localhost:${server.port}`;
  host = await startHostPage(appUrl, '/login', { port: hostPort });
  crossSiteHost = await startHostPage(server.url, '/login', { port: crossSitePort });
  stranger = await startHostPage(appUrl, '/login');
});

afterAll(async () => {
  await host?.close();
  await crossSiteHost?.close();
  await stranger?.close();
  await browser?.close();
  await server?.stop();
});

/** The replies the host page has received from the app, in order. */
function received(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { received: unknown[] }).received);
}

async function waitForReplies(page: Page, count: number): Promise<unknown[]> {
  await page.waitForFunction((n) => (window as unknown as { received: unknown[] }).received.length >= n, count, { timeout: 15_000 });
  return received(page);
}

function send(page: Page, eventMessage: string): Promise<void> {
  return page.evaluate((message) => (window as unknown as { send: (m: string) => void }).send(message), eventMessage);
}

function appFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) throw new Error('the app is not framed in the host page');
  return frame;
}

/** Waits until the framed app shows `pathname`: at once, or when a navigation of the frame (the router's too) gets there. */
async function framePath(page: Page, pathname: string) {
  const there = (frame: Frame) => frame !== page.mainFrame() && frame.url() !== 'about:blank' && new URL(frame.url()).pathname === pathname;
  if (page.frames().some(there)) return;
  try {
    await page.waitForEvent('framenavigated', { predicate: there, timeout: 15_000 });
  } catch (error) {
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    throw new Error(`the framed app is at ${frame?.url() ?? '(none)'}, expected ${pathname}`, { cause: error });
  }
}

describe('the app framed by an allowed host', () => {
  it('answers checkIsLoggedIn, tells the parent about a login, hides the navbar and logs out on request', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'id-ID' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(host.url);
      await framePath(page, '/login');
      const frame = appFrame(page);
      await frame.getByRole('heading', { name: 'Masuk', level: 1 }).waitFor();

      await send(page, 'checkIsLoggedIn');
      expect(await waitForReplies(page, 1)).toEqual([{ eventMessage: 'LoggedOutBPR' }]);

      // A login inside the frame: the parent hears about it.
      await submitLogin(frame as unknown as Page, 'admin@bpr-demo.test', DEMO_PASSWORD);
      expect(await waitForReplies(page, 2)).toEqual([{ eventMessage: 'LoggedOutBPR' }, { eventMessage: 'LoggedInBPR' }]);
      await framePath(page, '/home');
      await frame.getByRole('heading', { name: 'Selamat datang, Admin Demo' }).waitFor();
      await frame.getByRole('navigation', { name: 'Menu utama' }).waitFor();

      await send(page, 'checkIsLoggedIn');
      expect((await waitForReplies(page, 3))[2]).toEqual({ eventMessage: 'LoggedInBPR' });

      await send(page, 'hideNavbar');
      expect((await waitForReplies(page, 4))[3]).toEqual({ eventMessage: 'doneHideNavbar' });
      await frame.getByRole('navigation', { name: 'Menu utama' }).waitFor({ state: 'detached' });
      await frame.getByRole('button', { name: 'Keluar' }).waitFor({ state: 'detached' });
      expect(await frame.getByRole('banner').count()).toBe(0);
      await frame.getByRole('heading', { name: 'Beranda', level: 1 }).waitFor();

      await send(page, 'logout');
      expect((await waitForReplies(page, 5))[4]).toEqual({ eventMessage: 'LoggedOutBPR' });
      await framePath(page, '/login');
      await frame.getByRole('heading', { name: 'Masuk', level: 1 }).waitFor();
      expect(await frame.evaluate(() => Object.keys(localStorage))).toEqual([]);

      expect(await received(page)).toHaveLength(5);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a host on an origin that is not allowed', () => {
  it('gets no reply and changes nothing, where the allowed host using the same channel is answered', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'id-ID' });
    try {
      const login = await context.newPage();
      await login.goto(`${appUrl}/login`);
      await submitLogin(login, 'admin@bpr-demo.test', DEMO_PASSWORD);
      await login.getByRole('heading', { name: 'Selamat datang, Admin Demo' }).waitFor();

      // Each host opens the app in a window of its own and posts to it (the stranger may not frame it).
      const openApp = async (hostPage: Page) => {
        const popup = context.waitForEvent('page');
        await hostPage.evaluate((url) => {
          (window as unknown as { appWindow: Window | null }).appWindow = window.open(url);
        }, `${appUrl}/home`);
        const app = await popup;
        await app.getByRole('heading', { name: 'Selamat datang, Admin Demo' }).waitFor();
        return app;
      };
      const postToApp = (hostPage: Page, eventMessage: string) =>
        hostPage.evaluate(
          ({ message, origin }) => (window as unknown as { appWindow: Window }).appWindow.postMessage({ eventMessage: message }, origin),
          { message: eventMessage, origin: appUrl },
        );

      const allowedPage = await context.newPage();
      await allowedPage.goto(host.url);
      await openApp(allowedPage);
      await postToApp(allowedPage, 'checkIsLoggedIn');
      expect(await waitForReplies(allowedPage, 1)).toEqual([{ eventMessage: 'LoggedInBPR' }]);

      const strangerPage = await context.newPage();
      await strangerPage.goto(stranger.url);
      const app = await openApp(strangerPage);
      // Seen after the app's own listener (registered at its start) has handled each message: once
      // the third is seen, a marker goes to the host that opened it, behind any reply the app would have sent.
      await app.evaluate(() => {
        let seen = 0;
        window.addEventListener('message', (event) => {
          if ((event.data as { eventMessage?: string } | null)?.eventMessage && (seen += 1) === 3) (window.opener as Window).postMessage({ handled: 3 }, '*');
        });
      });
      for (const message of ['checkIsLoggedIn', 'hideNavbar', 'logout']) await postToApp(strangerPage, message);
      expect(await waitForReplies(strangerPage, 1)).toEqual([{ handled: 3 }]);
      expect(new URL(app.url()).pathname).toBe('/home');
      await app.getByRole('navigation', { name: 'Menu utama' }).waitFor();
      await app.getByRole('button', { name: 'Keluar' }).waitFor();
      expect(await storedKeys(app)).toEqual(['token', 'token-expired', 'user']);
    } finally {
      await context.close();
    }
  });
});

describe('the app framed from another site that refuses it local storage', () => {
  it('asks for storage access on the login click, says the session ends with the page, answers the host and keeps the session for the page', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'id-ID' });
    // Every frame records the Storage Access requests it makes, and whether a click's activation was behind each.
    await context.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { storageAccessCalls: unknown[] }).storageAccessCalls = calls;
      const request = Document.prototype.requestStorageAccess as (this: Document, ...args: unknown[]) => Promise<unknown>;
      Document.prototype.requestStorageAccess = function (this: Document, ...args: unknown[]) {
        calls.push({ types: args[0] ?? null, activated: navigator.userActivation.isActive });
        return request.apply(this, args);
      } as typeof Document.prototype.requestStorageAccess;
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(crossSiteHost.url);
      await framePath(page, '/login');
      const frame = appFrame(page);
      expect(new URL(frame.url()).origin).toBe(server.url);
      // The premise: this browser refuses the cross-site frame its local storage.
      expect(await frame.evaluate(() => {
        try {
          return typeof window.localStorage.length;
        } catch (error) {
          return (error as Error).name;
        }
      })).toBe('SecurityError');
      await frame.getByRole('heading', { name: 'Masuk', level: 1 }).waitFor();
      // At boot the app asked without a click (taken only when the user granted it before), and was refused.
      const calls = () => frame.evaluate(() => (window as unknown as { storageAccessCalls: unknown[] }).storageAccessCalls);
      expect(await calls()).toEqual([{ types: { localStorage: true }, activated: false }]);
      const notice = frame.getByRole('note').filter({ hasText: 'sesi berakhir saat halaman dimuat ulang' });
      expect(await notice.textContent()).toContain('Saat Anda menekan Masuk, browser dapat meminta izin');
      await send(page, 'checkIsLoggedIn');
      expect(await waitForReplies(page, 1)).toEqual([{ eventMessage: 'LoggedOutBPR' }]);
      await submitLogin(frame as unknown as Page, 'admin@bpr-demo.test', DEMO_PASSWORD);
      expect(await waitForReplies(page, 2)).toEqual([{ eventMessage: 'LoggedOutBPR' }, { eventMessage: 'LoggedInBPR' }]);
      await frame.getByRole('heading', { name: 'Selamat datang, Admin Demo' }).waitFor();
      // The click on Masuk asked the browser, with the click's activation behind it.
      expect(await calls()).toEqual([
        { types: { localStorage: true }, activated: false },
        { types: { localStorage: true }, activated: true },
      ]);
      await send(page, 'checkIsLoggedIn');
      expect((await waitForReplies(page, 3))[2]).toEqual({ eventMessage: 'LoggedInBPR' });

      // Refused, the session was the page's: reloading the host ends it, as the login screen said.
      await page.reload();
      await framePath(page, '/login');
      const reloaded = appFrame(page);
      await reloaded.getByRole('heading', { name: 'Masuk', level: 1 }).waitFor();
      await reloaded.getByRole('note').filter({ hasText: 'sesi berakhir saat halaman dimuat ulang' }).waitFor();
      await send(page, 'checkIsLoggedIn');
      expect(await waitForReplies(page, 1)).toEqual([{ eventMessage: 'LoggedOutBPR' }]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
