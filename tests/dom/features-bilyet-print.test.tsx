/**
 * "Cetak bilyet" (issue 17 item 3): the number a bilyet carries is settled in the print dialog —
 * typed from the bank's pre-numbered form, or the next of the bank's series as Pengaturan Produk
 * sets it — and a refusal (a number already used) shows inside the dialog.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { ProductSettings } from '@contract/product-settings';
import type { AppActors } from '@src/app/actors';
import { deposit } from './support/deposit-fixture';
import { fakeBprServer, ok, refused, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openApp } from './support/open-app';

const operator: User = { id: 'usr-op', name: 'Operator Demo', email: 'operator@bpr-demo.test', phone: null, role: 'OPERATOR', bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null } };
const SCREEN_LOAD = { timeout: 10_000 };

const settings = (bilyetNumbering: ProductSettings['bilyetNumbering']): ProductSettings => ({
  cutOffTime: '15:00',
  holidays: [],
  taxBps: 2000,
  taxThresholdRupiah: 7_500_000,
  lpsRates: [{ effectiveFrom: '2000-01-01', rateBps: 600 }],
  lpsRateTodayBps: 600,
  lpsCoverageRupiah: 2_000_000_000,
  ratioThresholds: { kpmm: 12, nplGross: 5, ldr: 94.75, roa: 1.215, bopo: 93.52, cashRatio: 4.05 },
  holidayDecrees: {},
  bilyetNumbering,
  updatedAt: null,
});
const FORM = { source: 'FORM', prefix: '', nextNumber: 1, digits: 6, nextPreview: '000001' } as const;
const SERIES = { source: 'SERIES', prefix: 'BJ/', nextNumber: 42, digits: 4, nextPreview: 'BJ/0042' } as const;

let running: AppActors | null = null;
let tab: { document: { write: ReturnType<typeof vi.fn> }; location: { href: string }; close: ReturnType<typeof vi.fn> };
beforeEach(() => {
  tab = { document: { write: vi.fn() }, location: { href: '' }, close: vi.fn() };
  vi.stubGlobal('open', vi.fn(() => tab));
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:bilyet'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

function openDetail(numbering: ProductSettings['bilyetNumbering'], print: (request: SeenRequest) => FakeAnswer, printedNumber: string | null = null) {
  const server = fakeBprServer((request) => {
    if (request.path === '/deposito/dep-1') return ok(deposit({ status: 'approved', bilyet: { ...deposit().bilyet, printedNumber } }));
    if (request.path === '/bpr/product-setting') return ok(settings(numbering));
    if (request.path === '/deposito/bilyet/print') return print(request);
    return ok([]);
  });
  vi.stubGlobal('fetch', server.fetch);
  running = openApp('/deposito/dep-1?tab=documents', { user: operator }).app;
  return server;
}

const prints = (server: ReturnType<typeof fakeBprServer>) => server.requests.filter((request) => request.path === '/deposito/bilyet/print');

describe('Cetak bilyet', () => {
  it("asks for the number of the bank's pre-numbered form and prints with it", async () => {
    const server = openDetail(FORM, () => ok({}));
    fireEvent.click(within(await screen.findByTestId('bilyet-actions', {}, SCREEN_LOAD)).getByRole('button', { name: 'Cetak bilyet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cetak bilyet · DEP-DS-2611-0001' });
    const field = (await within(dialog).findByLabelText(/^Nomor bilyet pada formulir/)) as HTMLInputElement;
    // The keyboard is in the field staff type next, not on "Batal" where it was while the data loaded.
    expect(document.activeElement).toBe(field);
    expect(dialog.textContent).toContain('dicetak, menunggu penerbitan');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cetak' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Nomor bilyet wajib diisi: ketik nomor yang tercetak pada formulir bilyet bank.');
    expect(prints(server)).toEqual([]);

    fireEvent.change(field, { target: { value: ' FRM-0001 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cetak' }));
    await waitFor(() => expect(prints(server)).toHaveLength(1));
    expect(Object.fromEntries(prints(server)[0]!.query)).toEqual({ depositId: 'dep-1', bilyetNumber: 'FRM-0001' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Cetak bilyet/ })).toBeNull());
    expect(tab.location.href).toBe('blob:bilyet');
  }, 20_000); // the first test of the file loads the screen's code

  it('shows the server\'s refusal of a number already used inside the dialog, and keeps it open', async () => {
    openDetail(FORM, () => refused(409, 'Nomor bilyet sudah dipakai untuk bilyet lain di bank ini.'), 'FRM-0007');
    fireEvent.click(within(await screen.findByTestId('bilyet-actions', {}, SCREEN_LOAD)).getByRole('button', { name: 'Cetak bilyet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cetak bilyet · DEP-DS-2611-0001' });
    const field = (await within(dialog).findByLabelText(/^Nomor bilyet pada formulir/)) as HTMLInputElement;
    // A paper printed before: its number is offered again, and the hint says another one replaces it.
    expect(field.value).toBe('FRM-0007');
    expect(dialog.textContent).toContain('Sudah dicetak dengan nomor FRM-0007.');
    fireEvent.change(field, { target: { value: 'FRM-0100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cetak' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Nomor bilyet sudah dipakai untuk bilyet lain di bank ini.'));
    expect(screen.getByRole('dialog', { name: 'Cetak bilyet · DEP-DS-2611-0001' })).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it("shows the series' next number when the bank numbers its own bilyets, and prints without a typed number", async () => {
    const server = openDetail(SERIES, () => ok({}));
    fireEvent.click(within(await screen.findByTestId('bilyet-actions', {}, SCREEN_LOAD)).getByRole('button', { name: 'Cetak bilyet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cetak bilyet · DEP-DS-2611-0001' });
    await waitFor(() => expect(dialog.textContent).toContain('BJ/0042'));
    expect(within(dialog).queryByLabelText(/^Nomor bilyet pada formulir/)).toBeNull();
    expect(dialog.textContent).toContain('Nomor berikutnya dari seri nomor bilyet bank');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cetak' }));
    await waitFor(() => expect(prints(server)).toHaveLength(1));
    expect(Object.fromEntries(prints(server)[0]!.query)).toEqual({ depositId: 'dep-1' });
  });
});
