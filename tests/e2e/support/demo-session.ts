import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, seriousViolations, withLoggedInPage } from './app-pages';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

/** The real server with its demo data and a browser, shared by one test file, and the demo users' API tokens. */
export interface DemoSession {
  server: RunningServer;
  browser: Browser;
  tokens: Record<string, string>;
}

export async function startDemoSession(emails: readonly string[]): Promise<DemoSession> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const tokens: Record<string, string> = {};
  for (const email of emails) {
    const response = await fetch(`${server.url}/api-v2-bpr/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    tokens[email] = ((await response.json()) as { data: { token: string } }).data.token;
  }
  return { server, browser, tokens };
}

export async function stopDemoSession(session: DemoSession | undefined): Promise<void> {
  await session?.browser.close();
  await session?.server.stop();
}

/** A GET on /api-v2-bpr as `email`, expecting 200: what the screens should show, asked of the server directly. */
export async function apiGetAs<T>(session: DemoSession, email: string, path: string): Promise<T> {
  const response = await fetch(`${session.server.url}/api-v2-bpr${path}`, { headers: { authorization: `Bearer ${session.tokens[email]}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Runs `run` on the file's reset browser tab logged in as `email` (Indonesian locale, downloads on); the page must raise no error. */
export function withLoggedInAs(session: DemoSession, email: string, run: (page: Page) => Promise<void>, width = 1280): Promise<void> {
  return withLoggedInPage(session.browser, session.server, email, run, { width, height: 800 });
}

/** No serious or critical axe-core violation on the page as it stands. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
