/**
 * Neraca Keuangan (issue 11): a month's ratios with their thresholds and health, its lines, the
 * 12-month trend with its table; an admin enters a month (rupiah as typed, a loss with a minus,
 * the deposito line left empty for Berjangka's figure) with an Idempotency-Key; others read.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { BALANCE_SHEET_LINE_LABELS, BALANCE_SHEET_LINES, type BalanceSheet, type BalanceSheetMonth } from '@contract/balance-sheet';
import { balanceSheetRatios } from '@machines/bank-rules';
import type { AppActors } from '@src/app/actors';
import { lastTwelveMonths } from '@src/lib/format';
import { fakeBprServer, ok, refused, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openApp } from './support/open-app';

const admin: User = {
  id: 'usr-admin',
  name: 'Admin Demo',
  email: 'admin@bpr-demo.test',
  phone: null,
  role: 'ADMIN',
  bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null },
};
const operator: User = { ...admin, id: 'usr-op', name: 'Operator Demo', email: 'operator@bpr-demo.test', role: 'OPERATOR' };

// The screen opens on last month; the suite's months follow the day it runs.
const [, LAST, EARLIER] = lastTwelveMonths() as [string, string, string];
const lines = {
  kas: 2_000_000_000, penempatanBankLain: 8_000_000_000, kredit: 80_000_000_000, kreditKurangLancar: 1_000_000_000, kreditDiragukan: 500_000_000,
  kreditMacet: 1_500_000_000, ckpn: 2_000_000_000, asetTetap: 3_000_000_000, asetLain: 1_000_000_000, tabungan: 30_000_000_000, deposito: 55_000_000_000,
  simpananBankLain: 2_000_000_000, pinjamanDiterima: 1_000_000_000, kewajibanSegera: 500_000_000, utangBunga: 200_000_000, kewajibanLain: 300_000_000,
  modalInti: 10_000_000_000, modalPelengkap: 1_000_000_000, atmr: 70_000_000_000, pendapatanOperasional: 4_000_000_000, bebanOperasional: 3_400_000_000,
  labaSebelumPajak: 600_000_000,
};
const ratios = balanceSheetRatios({ period: '2026-03', lines, totalAssetsThisYear: [] });
const sheet: BalanceSheet = {
  period: LAST,
  lines,
  depositoFromBerjangka: true,
  totalAssets: 92_000_000_000,
  ratios,
  source: 'form',
  enteredBy: 'Admin Demo',
  enteredAt: '2026-11-02T03:00:00.000Z',
};
const unhealthyLdr = { ...ratios, ldr: { value: 96.1, threshold: 94.75, healthy: false, note: null } };
const months: BalanceSheetMonth[] = [
  { period: LAST, ratios, totalAssets: 92_000_000_000, enteredAt: sheet.enteredAt },
  { period: EARLIER, ratios: unhealthyLdr, totalAssets: 90_000_000_000, enteredAt: sheet.enteredAt },
];

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

const PATH = '/bpr/neraca-keuangan';
const SUMMARY_PATH = '/report/journal/summary';
/** The journal's summary of a month: only the BYMHD account matters to Neraca. */
function journalSummary(period: string) {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const to = `${period}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
  const account = (role: string, closing: number) => ({ role, account: role, label: role, opening: 0, debit: 0, credit: closing, closing });
  const passed = { ok: true, expected: 0, actual: 0, difference: 0, detail: '' };
  return {
    period,
    from: `${period}-01`,
    to,
    accounts: [account('depositLiability', 55_000_000_000), account('interestPayable', 1_537_012_396), account('taxPayable', 114_714_139)],
    checks: { balanced: passed, liabilityEqualsPosition: passed, payableEqualsAccrued: passed, taxEqualsReport: passed },
  };
}
function openAs(user: User, write: (request: SeenRequest) => FakeAnswer = () => ok(sheet), onFile = months) {
  const server = fakeBprServer((request) => {
    if (request.method === 'GET' && request.path === PATH) return request.query.get('period') ? ok(sheet) : ok(onFile);
    if (request.method === 'GET' && request.path === SUMMARY_PATH) return ok(journalSummary(request.query.get('period')!));
    return write(request);
  });
  vi.stubGlobal('fetch', server.fetch);
  const opened = openApp('/bank/neraca', { user });
  running = opened.app;
  return { ...opened, server };
}
const SCREEN_LOAD = { timeout: 10_000 };

describe('Neraca Keuangan', () => {
  it('shows last month\'s six ratios with their threshold and health, its lines with the deposito from Berjangka, and the trend\'s table', async () => {
    openAs(operator);
    const cards = await screen.findByRole('list', { name: 'Rasio keuangan' }, SCREEN_LOAD);
    const kpmm = within(cards).getByRole('heading', { name: 'KPMM (CAR)' }).closest('li')!;
    expect(kpmm.textContent).toContain('15,71%');
    expect(kpmm.textContent).toContain('Batas sehat ≥ 12,00%');
    expect(within(kpmm).getByText('Sehat')).toBeTruthy();
    const ldr = within(cards).getByRole('heading', { name: 'LDR' }).closest('li')!;
    expect(ldr.textContent).toContain('Batas sehat ≤ 94,75%');
    expect(screen.getByText('(data Berjangka)')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rasio keuangan per bulan' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // The earlier month's LDR is flagged in the table too, not by colour alone.
    const earlier = within(table).getAllByRole('row')[2]!;
    expect(earlier.textContent).toContain('96,10% (perlu perhatian)');
    expect(within(table).getAllByText('(perlu perhatian)')).toHaveLength(1);
    // Operators read: no form.
    expect(screen.queryByRole('button', { name: 'Simpan neraca' })).toBeNull();
  });

  it('an admin enters a month not on file: rupiah as typed, a loss with a minus, deposito left empty — sent with an Idempotency-Key', async () => {
    const { server, toasts } = openAs(admin, () => ok(sheet), []);
    await screen.findByText(/belum diisi\./, {}, SCREEN_LOAD);
    for (const line of BALANCE_SHEET_LINES) {
      if (line === 'deposito') continue;
      const value = line === 'labaSebelumPajak' ? '-150.000.000' : line === 'kas' ? 'Rp 2.000.000.000' : String(lines[line]);
      fireEvent.change(screen.getByLabelText(new RegExp(`^${BALANCE_SHEET_LINE_LABELS[line].replace(/[()]/g, '\\$&')}`)), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Simpan neraca' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    const [post] = server.writes();
    expect(post).toMatchObject({ method: 'POST', path: PATH });
    expect(post!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const { deposito: _deposito, ...expected } = lines;
    expect(post!.body).toEqual({ period: LAST, lines: { ...expected, labaSebelumPajak: -150_000_000 } });
    await waitFor(() => expect(toasts.at(-1)?.type).toBe('success'));
  });

  it('a line left empty or mistyped is named before anything is sent; the server\'s refusal is shown in the form', async () => {
    const { server } = openAs(admin, () => refused(400, 'Neraca hanya dapat diisi untuk bulan yang sudah berjalan.'));
    // The form opens with the month on file.
    await screen.findByRole('list', { name: 'Rasio keuangan' }, SCREEN_LOAD);
    const kas = screen.getByLabelText(/^Kas/);
    await waitFor(() => expect(kas).toHaveProperty('value', '2.000.000.000'));
    fireEvent.change(kas, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Modal inti/), { target: { value: '1,5 juta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan neraca' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kas wajib diisi.');
    expect(alert.textContent).toContain('Modal inti harus rupiah utuh, tanpa sen.');
    expect(server.writes()).toEqual([]);

    fireEvent.change(kas, { target: { value: '2.000.000.000' } });
    fireEvent.change(screen.getByLabelText(/^Modal inti/), { target: { value: '10.000.000.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan neraca' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Neraca hanya dapat diisi untuk bulan yang sudah berjalan.'));
    expect(server.writes()).toHaveLength(1);
  });

  it('"Isi dari jurnal" fills Utang bunga with the month\'s BYMHD closing from the journal\'s summary; the admin still saves it', async () => {
    const { server } = openAs(admin);
    // The form opens with the month on file (drawn again when it arrives), the offer beside its Utang bunga.
    await waitFor(() => expect(screen.getByLabelText(/^Utang bunga/)).toHaveProperty('value', '200.000.000'), SCREEN_LOAD);
    const offer = await screen.findByRole('button', { name: 'Isi dari jurnal (BYMHD akhir bulan: Rp 1.537.012.396)' }, SCREEN_LOAD);
    const field = screen.getByLabelText(/^Utang bunga/);
    expect(server.requests.filter((request) => request.path === SUMMARY_PATH).map((request) => Object.fromEntries(request.query))).toEqual([{ period: LAST }]);
    fireEvent.click(offer);
    expect(field).toHaveProperty('value', '1.537.012.396');
    expect(screen.getByText('Diisi dari saldo BYMHD jurnal. Simpan neraca untuk menyimpannya.')).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan neraca' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect((server.writes()[0]!.body as { lines: Record<string, number> }).lines.utangBunga).toBe(1_537_012_396);
  });
});
