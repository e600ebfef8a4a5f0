import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { collectPageErrors } from './browser';
import { resetPage } from './reused-page';
import type { RunningServer } from './server';
import { bundledEntry } from '../../support/bundled-entry';

/** Every demo account's password (server/demo/seed.ts). */
export const DEMO_PASSWORD = 'Berjangka#2026';
export const SESSION_EXPIRED_TOAST = 'Sesi telah berakhir. Silahkan login kembali.';

/** Fills the login form and presses "Masuk". */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Kata Sandi').fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

/** The toast whose text is exactly `text` (react-toastify's container, top right). */
export function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify__toast').filter({ has: page.getByText(text, { exact: true }) });
}

/**
 * Runs `run` on the file's browser tab, reset (reused-page.ts) and logged in as `email` (landed on
 * /home), then asserts the page threw no uncaught error.
 */
export async function withLoggedInPage(
  browser: Browser,
  server: RunningServer,
  email: string,
  run: (page: Page) => Promise<void>,
  viewport = { width: 1280, height: 800 },
): Promise<void> {
  const page = await resetPage(browser, server.url, viewport);
  const errors = collectPageErrors(page);
  await page.goto(`${server.url}/login`);
  await submitLogin(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/home');
  await run(page);
  expect(errors).toEqual([]);
}

/** How many keys the app's origin keeps in local storage. */
export function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage).sort());
}

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX bytes) when a mail uses it. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The body of an .eml, decoded when it says it is quoted-printable. */
export function mailBody(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = split >= 0 ? eml.slice(0, split) : '';
  const body = split >= 0 ? eml.slice(split).trimStart() : eml;
  return /content-transfer-encoding:\s*quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : body;
}

/**
 * Waits for the newest mail to `email` that carries a reset link and returns the link: looked for
 * again each time the outbox directory changes (the file system's watch, not polling).
 */
export async function waitForResetLink(server: RunningServer, email: string, after: number, timeoutMs = 15_000): Promise<string> {
  const found = () =>
    server
      .outbox()
      .slice(after)
      .filter((eml) => new RegExp(`^To:.*${email.replace(/[.@]/g, '\\$&')}`, 'im').test(eml))
      .map((eml) => /https?:\/\/\S+\/reset-password\?token=[^\s"'<>]+/.exec(mailBody(eml))?.[0])
      .filter((link): link is string => Boolean(link))
      .at(-1);
  // The server makes the directory with its first mail; made here so it can be watched before that.
  const outboxDir = join(server.dataDir, 'outbox');
  mkdirSync(outboxDir, { recursive: true });
  return new Promise<string>((resolve, reject) => {
    const done = (link: string) => {
      clearTimeout(deadline);
      watcher.close();
      resolve(link);
    };
    // A mail is written in one go, but its file may be seen before its bytes: each change looks again.
    const watcher = watch(outboxDir, () => {
      const link = found();
      if (link) done(link);
    });
    const deadline = setTimeout(() => {
      watcher.close();
      reject(new Error(`no reset mail to ${email} in the outbox`));
    }, timeoutMs);
    // Looked at after the watch began, so a mail written in between is not missed.
    const link = found();
    if (link) done(link);
  });
}

/** The pending registrations as `npm run admin -- registrations` prints them for that server's data. */
export async function adminRegistrations(server: RunningServer): Promise<string> {
  const result = spawnSync(process.execPath, [await bundledEntry('server/cli/admin.ts'), 'registrations', '--all'], {
    cwd: process.cwd(),
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`admin registrations failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

/**
 * Points a channel partner's notifications at `url` the operator's way (`npm run admin -- partner
 * set-url`) on that server's data, and returns the new signing secret the command prints once.
 */
export async function adminSetPartnerUrl(server: RunningServer, code: string, url: string): Promise<string> {
  const result = spawnSync(process.execPath, [await bundledEntry('server/cli/admin.ts'), 'partner', 'set-url', code, url], {
    cwd: process.cwd(),
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const secret = /\bwhsec_\S+/.exec(result.stdout)?.[0];
  if (result.status !== 0 || !secret) throw new Error(`admin partner set-url failed (${result.status}): ${result.stdout}${result.stderr}`);
  return secret;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // A toast fading in (400 ms, product spec section 9) has not its colours yet: axe measures the page
  // once no toast's fade is running, as a reader sees it.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || !(animation instanceof CSSAnimation && animation.animationName.startsWith('bj-toast-fade'))),
  );
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') blocks inline <script> tags.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context?: unknown, options?: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target })) }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
