/**
 * Holds (blokir), issue 21, in Chromium against the real server and its demo data: a supervisor
 * pledges an active deposit as collateral from its Blokir tab; an operator opening it sees the
 * early withdrawal refused with the hold's name and asks for the release; another supervisor
 * approves it from the Blokir list, and the deposit is free again. The new screens are checked
 * with axe-core and walked with the keyboard alone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toast } from './support/app-pages';
import { saveScreenshot } from './support/browser';
import { apiGetAs, expectAccessible, startDemoSession, stopDemoSession, withLoggedInAs, type DemoSession } from './support/demo-session';

const SUPERVISOR = 'supervisor@bpr-demo.test';
const OPERATOR = 'operator@bpr-demo.test';
/** The demo bank's other supervisor: an admin may do whatever a supervisor may. */
const SECOND_SUPERVISOR = 'admin@bpr-demo.test';
const REFERENCE = 'KR-2026-0113';
const REFUSAL = `Deposito diblokir: agunan kredit ${REFERENCE}.`;

let demo: DemoSession;

beforeAll(async () => {
  demo = await startDemoSession([SUPERVISOR, OPERATOR, SECOND_SUPERVISOR]);
}, 180_000);

afterAll(() => stopDemoSession(demo));

const apiGet = <T>(email: string, path: string) => apiGetAs<T>(demo, email, path);
const withLoggedIn = (email: string, run: (page: Page) => Promise<void>, width?: number) => withLoggedInAs(demo, email, run, width);

interface Detail {
  id: string;
  depositNumber: string;
  held: boolean;
  allowedEvents: string[];
  blockedEvents: Array<{ type: string; reason: string }>;
  holds: Array<{ id: string; status: string; releasedBy: { name: string } | null }>;
}

/** An active deposit, not held, that the operator may ask to break today (newest maturities first: not another file's). */
async function breakableDeposit(skip: readonly string[] = []): Promise<Detail> {
  const active = await apiGet<{ data: Array<{ id: string; held: boolean }> }>(OPERATOR, '/invoice/all-deposito?status=active&limit=50&sort=-maturityDate');
  for (const row of active.data) {
    if (row.held || skip.includes(row.id)) continue;
    const detail = (await apiGet<{ data: Detail }>(OPERATOR, `/deposito/${row.id}`)).data;
    if (detail.allowedEvents.includes('deposit.requestBreak')) return detail;
  }
  throw new Error('no active deposit an operator may break');
}

const header = (page: Page) => page.getByRole('region', { name: 'Ringkasan deposito' });

describe('holds (blokir)', () => {
  let target: Detail;

  it('a supervisor places a collateral hold; the operator is refused the break with its name and asks for the release; another supervisor approves it', async () => {
    target = await breakableDeposit();
    const { id, depositNumber } = target;

    await withLoggedIn(SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/${id}?tab=holds`);
      await page.getByRole('heading', { name: `Deposito ${depositNumber}`, level: 1 }).waitFor();
      await page.getByText('Deposito ini tidak pernah diblokir.').waitFor();
      await page.getByRole('button', { name: 'Pasang Blokir' }).click();
      const dialog = page.getByRole('dialog', { name: `Pasang Blokir · ${depositNumber}` });
      await dialog.getByLabel('Alasan blokir').selectOption('COLLATERAL');
      await dialog.getByLabel('Nomor referensi').fill(REFERENCE);
      await dialog.getByLabel('Catatan').fill('Agunan kredit modal kerja');
      await dialog.getByRole('button', { name: 'Pasang Blokir' }).click();
      await toast(page, `Blokir dipasang: agunan kredit ${REFERENCE}.`).waitFor();
      await header(page).getByText(`Diblokir: agunan kredit ${REFERENCE}`).waitFor();
      const card = page.getByTestId('hold');
      await card.getByText('Aktif', { exact: true }).waitFor();
      await card.getByText('Supervisor Demo', { exact: false }).waitFor();
      await page.getByRole('tab', { name: /^Blokir\s*1$/ }).waitFor();
      await expectAccessible(page, 'Blokir tab with an active hold');
      await saveScreenshot(page, 'holds-deposit-tab');
      await page.getByRole('tab', { name: 'Riwayat' }).click();
      await page.locator('.bj-timeline').getByText(`Blokir: agunan kredit ${REFERENCE}`).waitFor();
    });

    await withLoggedIn(OPERATOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/${id}`);
      await header(page).getByText(`Diblokir: agunan kredit ${REFERENCE}`).waitFor();
      const refused = page.getByTestId('deposit-actions-blocked').getByRole('button', { name: 'Ajukan Pencairan Awal' });
      expect(await refused.isDisabled()).toBe(true);
      const reasonId = await refused.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe(REFUSAL);
      expect(await page.getByTestId('deposit-actions').getByRole('button', { name: 'Ajukan Pencairan Awal' }).count()).toBe(0);

      await page.getByRole('tab', { name: /^Blokir/ }).click();
      expect(await page.getByRole('button', { name: 'Pasang Blokir' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Ajukan Pelepasan' }).click();
      const dialog = page.getByRole('dialog', { name: `Ajukan Pelepasan Blokir · ${depositNumber}` });
      await dialog.getByLabel('Alasan pelepasan').fill('Kredit KR-2026-0113 lunas');
      await dialog.getByRole('button', { name: 'Ajukan Pelepasan' }).click();
      await toast(page, 'Pelepasan blokir diajukan; menunggu persetujuan supervisor lain.').waitFor();
      const card = page.getByTestId('hold');
      await card.getByText('Menunggu Persetujuan Pelepasan', { exact: true }).waitFor();
      await card.getByText('Alasan: Kredit KR-2026-0113 lunas', { exact: false }).waitFor();
      // Still frozen until another supervisor approves; the operator decides nothing.
      await header(page).getByText(`Diblokir: agunan kredit ${REFERENCE}`).waitFor();
      expect(await card.getByRole('button').count()).toBe(0);
    });

    await withLoggedIn(SECOND_SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/home`);
      await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Blokir', exact: true }).click();
      await page.getByRole('heading', { name: 'Blokir', level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'Menunggu Persetujuan Pelepasan' }).click();
      await page.waitForURL((url) => url.pathname === '/deposito/blokir' && url.searchParams.get('status') === 'releaseRequested');
      const row = page.locator('.bj-table tbody tr').filter({ has: page.getByRole('link', { name: depositNumber, exact: true }) });
      await row.waitFor();
      await expectAccessible(page, 'Blokir list');
      await saveScreenshot(page, 'holds-list');
      await row.getByRole('button', { name: 'Setujui Pelepasan' }).click();
      const dialog = page.getByRole('dialog', { name: `Setujui Pelepasan Blokir · ${depositNumber}` });
      await dialog.getByText('Diajukan oleh Operator Demo', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Setujui Pelepasan' }).click();
      await toast(page, 'Blokir dilepas.').waitFor();
      await expect.poll(() => row.count()).toBe(0);

      await page.goto(`${demo.server.url}/deposito/${id}?tab=holds`);
      await page.getByTestId('hold').locator('.bj-status', { hasText: 'Dilepas' }).waitFor();
      expect(await header(page).getByText('Diblokir', { exact: false }).count()).toBe(0);
      await page.getByTestId('hold').getByText('Admin Demo', { exact: false }).waitFor();
    });

    const after = (await apiGet<{ data: Detail }>(OPERATOR, `/deposito/${id}`)).data;
    expect(after.held).toBe(false);
    expect(after.allowedEvents).toContain('deposit.requestBreak');
    expect(after.holds.map((hold) => [hold.status, hold.releasedBy?.name])).toEqual([['released', 'Admin Demo']]);
  });

  it('by keyboard alone: the Blokir tab, "Pasang Blokir" and its fields, Escape closing the dialog back onto its button; the list’s search and reason filter', async () => {
    const other = await breakableDeposit(target ? [target.id] : []);
    await withLoggedIn(SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/${other.id}`);
      await page.getByRole('heading', { name: `Deposito ${other.depositNumber}`, level: 1 }).waitFor();
      // The tabs are one tab stop; arrows move between them (End: the last, Blokir).
      await page.getByRole('tab', { name: 'Jadwal Bunga' }).focus();
      await page.keyboard.press('End');
      await page.waitForURL((url) => url.searchParams.get('tab') === 'holds');
      const place = page.getByRole('button', { name: 'Pasang Blokir' });
      await place.waitFor();
      await page.keyboard.press('Tab');
      await expect.poll(() => place.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Pasang Blokir · ${other.depositNumber}` });
      await dialog.waitFor();
      const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name || document.activeElement?.getAttribute('aria-label') || '');
      // The first field has the focus; Tab walks the form in order.
      await expect.poll(focusedName).toBe('reason');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      expect(await focusedName()).toBe('reference');
      await page.keyboard.type('LGL-E2E-01');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('DD-MMM-YYYY');
      await page.keyboard.press('Tab');
      expect(await focusedName()).toBe('Buka kalender: Tanggal surat');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focusedName()).toBe('stopInterestPayout');
      await page.keyboard.press('Space');
      expect(await dialog.getByLabel('Hentikan pembayaran bunga').isChecked()).toBe(true);
      await expectAccessible(page, 'Pasang Blokir dialog');
      await saveScreenshot(page, 'holds-place-dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => place.evaluate((element) => element === document.activeElement)).toBe(true);
      // Nothing was placed.
      await page.getByText('Deposito ini tidak pernah diblokir.').waitFor();
      await expectAccessible(page, 'Blokir tab');

      await page.goto(`${demo.server.url}/deposito/blokir?status=released`);
      await page.getByRole('heading', { name: 'Blokir', level: 1 }).waitFor();
      const search = page.getByRole('searchbox', { name: 'Cari' });
      await search.focus();
      await page.keyboard.type(REFERENCE);
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Terapkan');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === REFERENCE && url.searchParams.get('reason') === 'COLLATERAL');
      if (target) await page.locator('.bj-table tbody tr').filter({ has: page.getByRole('link', { name: target.depositNumber, exact: true }) }).waitFor();
    }, 1024);
  });
});
