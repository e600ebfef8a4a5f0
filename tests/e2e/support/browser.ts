import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's Chromium; no browser downloads work on our machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

export const ARTIFACTS_DIR = join(process.cwd(), 'test-artifacts');

/**
 * Whether the suite saves its screenshots: they are for the people who build a screen and look at
 * it, so by default on a developer's machine and not on CI, where nobody opens them (the suite
 * takes about a hundred, some 25 s of Chromium's CPU on two cores). E2E_SCREENSHOTS=1 saves them
 * anywhere, E2E_SCREENSHOTS=0 nowhere.
 */
export const SAVES_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === '1' : process.env.CI !== 'true';

/** Saves a screenshot as a test artifact (test-artifacts/<name>.png) and returns its path; null when screenshots are not saved (SAVES_SCREENSHOTS). */
export async function saveScreenshot(page: Page, name: string): Promise<string | null> {
  if (!SAVES_SCREENSHOTS) return null;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** Collects uncaught page errors so a test can assert the page ran clean. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
