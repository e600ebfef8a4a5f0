import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface Viewport {
  width: number;
  height: number;
}

interface Reused {
  context: BrowserContext;
  page: Page;
}

const reusedByBrowser = new WeakMap<Browser, Promise<Reused>>();

/** The page events tests listen to; a listener left by one test must not hear the next. */
const TEST_EVENTS = ['pageerror', 'console', 'dialog', 'download', 'popup', 'request', 'response', 'requestfailed', 'filechooser'] as const;

async function openReused(browser: Browser, viewport: Viewport): Promise<Reused> {
  const context = await browser.newContext({ viewport, locale: 'id-ID', acceptDownloads: true });
  return { context, page: await context.newPage() };
}

/**
 * One browser context and tab per browser, handed to each test reset rather than made anew. On
 * CI's two cores a new context cost about 1.5 s of CPU more than a reset (a renderer process to
 * start, the app's scripts fetched and compiled again), and the browser suite opened about a
 * hundred; what Chromium spends there was most of the suite's time.
 *
 * The reset leaves nothing of the test before: its other tabs are closed, its routes and listeners
 * removed, cookies, local and session storage cleared (on the server's own origin, through
 * /healthz, a page without the app), the viewport set. The app itself starts again with the next
 * navigation, so no state of it survives. A tab that crashed or was closed is replaced.
 */
export async function resetPage(browser: Browser, origin: string, viewport: Viewport): Promise<Page> {
  let reused = reusedByBrowser.get(browser);
  if (!reused) {
    reused = openReused(browser, viewport);
    reusedByBrowser.set(browser, reused);
  }
  const { context } = await reused;
  let { page } = await reused;
  if (page.isClosed()) {
    page = await context.newPage();
    reusedByBrowser.set(browser, Promise.resolve({ context, page }));
  }
  for (const other of context.pages()) if (other !== page) await other.close();
  for (const event of TEST_EVENTS) page.removeAllListeners(event);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await page.setViewportSize(viewport);
  await page.goto(`${origin}/healthz`);
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  return page;
}
