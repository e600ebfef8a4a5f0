/**
 * Pengaturan Produk (issue 10): cut-off, tax, LPS coverage and dated LPS rates, and holidays by year
 * with their decree. An admin saves only the settings that changed (with an Idempotency-Key) and
 * is told how many installments moved; others read. The real API client talks to a fake server.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { AppActors } from '@src/app/actors';
import type { ProductSettings } from '@src/lib/product-settings-api';
import { jakartaToday } from '@src/lib/format';
import { fakeBprServer, ok, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
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

/** This year's holidays are listed open; the suite's dates follow the year it runs in. */
const YEAR = jakartaToday().slice(0, 4);
const NEXT = String(Number(YEAR) + 1);

const settings: ProductSettings = {
  cutOffTime: '15:00',
  holidays: [
    { date: `${YEAR}-01-01`, name: `Tahun Baru ${YEAR} Masehi` },
    { date: `${YEAR}-08-17`, name: 'Proklamasi Kemerdekaan' },
    { date: `${NEXT}-01-01`, name: `Tahun Baru ${NEXT} Masehi` },
  ],
  taxBps: 2000,
  taxThresholdRupiah: 7_500_000,
  lpsRates: [
    { effectiveFrom: '2000-01-01', rateBps: 675 },
    { effectiveFrom: `${YEAR}-01-01`, rateBps: 600 },
  ],
  lpsRateTodayBps: 600,
  lpsCoverageRupiah: 2_000_000_000,
  ratioThresholds: { kpmm: 12, nplGross: 5, ldr: 94.75, roa: 1.215, bopo: 93.52, cashRatio: 4.05 },
  holidayDecrees: { [YEAR]: `SKB Nomor 1 Tahun ${YEAR}` },
  bilyetNumbering: { source: 'FORM', prefix: '', nextNumber: 1, digits: 6, nextPreview: '000001' },
  updatedAt: '2026-11-01T03:00:00.000Z',
};

const PATH = '/bpr/product-setting';

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

function openAs(user: User, save: (request: SeenRequest) => FakeAnswer = (request) => ok({ ...settings, ...(request.body as object), updatedAt: '2026-11-23T03:00:00.000Z', movedInstallments: 0 })) {
  const server = fakeBprServer((request) => (request.method === 'GET' && request.path === PATH ? ok(settings) : save(request)));
  vi.stubGlobal('fetch', server.fetch);
  const opened = openApp('/master-data/pengaturan-produk', { user });
  running = opened.app;
  return { ...opened, server };
}

const SCREEN_LOAD = { timeout: 10_000 };
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Simpan pengaturan' }));

describe('Pengaturan Produk', () => {
  it('shows the settings: today\'s LPS rate, this year\'s holidays with their decree, and every year by name', async () => {
    openAs(admin);
    expect(await screen.findByLabelText(/^Jam batas transaksi/, {}, SCREEN_LOAD)).toHaveProperty('value', '15:00');
    expect(screen.getByLabelText(/^Tarif pajak bunga/)).toHaveProperty('value', '20,00');
    expect(screen.getByLabelText(/^Batas bebas pajak/)).toHaveProperty('value', '7.500.000');
    expect(screen.getByLabelText(/^Batas penjaminan LPS/)).toHaveProperty('value', '2.000.000.000');
    expect(screen.getByText('· berlaku hari ini: 6,00%')).toBeTruthy();
    expect(screen.getByLabelText('Tingkat bunga LPS baris 2 (%)')).toHaveProperty('value', '6,00');
    expect(screen.getByText(`SKB Nomor 1 Tahun ${YEAR}`)).toBeTruthy();
    expect(screen.getByLabelText(`Nama hari libur ${YEAR} baris 2`)).toHaveProperty('value', 'Proklamasi Kemerdekaan');
    expect(screen.getByText(NEXT, { selector: 'summary' }).closest('details')!.open).toBe(false);
  });

  it('sends only what changed — the cut-off and the tax rate as basis points — with an Idempotency-Key, and says how many installments moved', async () => {
    const { server, toasts } = openAs(admin, (request) => ok({ ...settings, ...(request.body as object), updatedAt: '2026-11-23T03:00:00.000Z', movedInstallments: 3 }));
    fireEvent.change(await screen.findByLabelText(/^Jam batas transaksi/, {}, SCREEN_LOAD), { target: { value: '14:30' } });
    fireEvent.change(screen.getByLabelText(/^Tarif pajak bunga/), { target: { value: '15,5' } });
    save();
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Pengaturan produk disimpan. 3 angsuran bunga yang belum jatuh tempo pindah ke tanggal bayar lain karena perubahan hari libur.'));
    const [put] = server.writes();
    expect(put).toMatchObject({ method: 'PUT', path: PATH });
    expect(put!.body).toEqual({ cutOffTime: '14:30', taxBps: 1550 });
    expect(put!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the holiday list whole when one is removed and one added, and nothing else', async () => {
    const { server, toasts } = openAs(admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus hari libur Proklamasi Kemerdekaan' }, SCREEN_LOAD));
    fireEvent.click(screen.getByRole('button', { name: `Tambah hari libur ${YEAR}` }));
    fireEvent.change(screen.getByLabelText(`Tanggal libur ${YEAR} baris 2`), { target: { value: `25-12-${YEAR}` } });
    fireEvent.change(screen.getByLabelText(`Nama hari libur ${YEAR} baris 2`), { target: { value: 'Kelahiran Yesus Kristus' } });
    save();
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Pengaturan produk disimpan.'));
    expect(server.writes()[0]!.body).toEqual({
      holidays: [
        { date: `${YEAR}-01-01`, name: `Tahun Baru ${YEAR} Masehi` },
        { date: `${YEAR}-12-25`, name: 'Kelahiran Yesus Kristus' },
        { date: `${NEXT}-01-01`, name: `Tahun Baru ${NEXT} Masehi` },
      ],
    });
  });

  it('adds an LPS rate with its date, sending the rates whole', async () => {
    const { server } = openAs(admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah tingkat bunga LPS' }, SCREEN_LOAD));
    fireEvent.change(screen.getByLabelText('Berlaku mulai LPS baris 3'), { target: { value: `01-06-${NEXT}` } });
    fireEvent.change(screen.getByLabelText('Tingkat bunga LPS baris 3 (%)'), { target: { value: '5,75' } });
    save();
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.body).toEqual({
      lpsRates: [
        { effectiveFrom: '2000-01-01', rateBps: 675 },
        { effectiveFrom: `${YEAR}-01-01`, rateBps: 600 },
        { effectiveFrom: `${NEXT}-06-01`, rateBps: 575 },
      ],
    });
  });

  it('sends nothing when nothing changed, or when a value is wrong, saying so', async () => {
    const { server } = openAs(admin);
    await screen.findByLabelText(/^Jam batas transaksi/, {}, SCREEN_LOAD);
    save();
    expect(await screen.findByText('Tidak ada perubahan untuk disimpan.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Jam batas transaksi/), { target: { value: '25:00' } });
    save();
    expect(await screen.findByText('Jam batas transaksi harus berformat JJ:MM (WIB), misalnya 15:00.', { selector: 'li' })).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('shows the server\'s 400 sentences in the form', async () => {
    openAs(admin, () => ({ status: 400, body: { statusCode: 400, message: ['Tarif pajak bunga paling tinggi 100%.'], error: 'Bad Request' } }));
    fireEvent.change(await screen.findByLabelText(/^Tarif pajak bunga/, {}, SCREEN_LOAD), { target: { value: '10' } });
    save();
    const line = await screen.findByText('Tarif pajak bunga paling tinggi 100%.', { selector: 'li' });
    expect(within(line.closest('[role="alert"]') as HTMLElement).getByText('Pengaturan belum dapat disimpan:')).toBeTruthy();
  });

  it('shows an operator the settings read-only, without a save button', async () => {
    const { server } = openAs(operator);
    expect(await screen.findByText('Hanya Admin yang dapat mengubah pengaturan produk.', {}, SCREEN_LOAD)).toBeTruthy();
    // The notice shows as soon as the role is known; the settings follow when they arrive.
    expect(await screen.findByText('15:00 WIB', {}, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText('Rp 7.500.000')).toBeTruthy();
    expect(screen.getByText('Proklamasi Kemerdekaan')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simpan pengaturan' })).toBeNull();
    expect(server.writes()).toEqual([]);
  });

  it('sends a changed ratio threshold with the other thresholds as kept, in percent with up to three decimals', async () => {
    const { server } = openAs(admin);
    fireEvent.change(await screen.findByLabelText(/^Batas LDR/, {}, SCREEN_LOAD), { target: { value: '92,5' } });
    fireEvent.change(screen.getByLabelText(/^Batas ROA/), { target: { value: '1,25' } });
    save();
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.body).toEqual({ ratioThresholds: { kpmm: 12, nplGross: 5, ldr: 92.5, roa: 1.25, bopo: 93.52, cashRatio: 4.05 } });
  });

  it('Penomoran bilyet: an admin switches to the bank\'s series, sees the next number as it will print, and sends the series whole', async () => {
    const { server, toasts } = openAs(admin);
    const section = within((await screen.findByRole('heading', { name: 'Penomoran bilyet' }, SCREEN_LOAD)).closest('section') as HTMLElement);
    expect(section.getByText('Staf mengetik nomor yang tercetak pada formulir bilyet bank setiap kali mencetak.')).toBeTruthy();
    fireEvent.click(section.getByRole('radio', { name: /Seri nomor bank/ }));
    fireEvent.change(section.getByLabelText(/^Awalan/), { target: { value: 'BJ/2026/' } });
    fireEvent.change(section.getByLabelText(/^Nomor urut berikutnya/), { target: { value: '42' } });
    fireEvent.change(section.getByLabelText(/^Jumlah digit/), { target: { value: '5' } });
    expect(section.getByText('Bilyet berikutnya dicetak dengan nomor BJ/2026/00042. Nomor yang sudah dipakai dilewati.')).toBeTruthy();
    fireEvent.change(section.getByLabelText(/^Jumlah digit/), { target: { value: 'lima' } });
    expect(section.getByText('Isi nomor urut dan jumlah digit (1–12) dengan angka.')).toBeTruthy();
    save();
    expect(await screen.findByText('Jumlah digit nomor urut harus berupa angka.', { selector: 'li' })).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.change(section.getByLabelText(/^Jumlah digit/), { target: { value: '5' } });
    save();
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Pengaturan produk disimpan.'));
    expect(server.writes()[0]!.body).toEqual({ bilyetNumbering: { source: 'SERIES', prefix: 'BJ/2026/', nextNumber: 42, digits: 5 } });
  });

  it('Penomoran bilyet: an operator reads where the number comes from and the series\' next number', async () => {
    const series = { source: 'SERIES' as const, prefix: 'BJ/', nextNumber: 7, digits: 4, nextPreview: 'BJ/0007' };
    const server = fakeBprServer((request) => (request.method === 'GET' && request.path === PATH ? ok({ ...settings, bilyetNumbering: series }) : ok({})));
    vi.stubGlobal('fetch', server.fetch);
    running = openApp('/master-data/pengaturan-produk', { user: operator }).app;
    const section = within((await screen.findByRole('heading', { name: 'Penomoran bilyet' }, SCREEN_LOAD)).closest('section') as HTMLElement);
    expect(await section.findByText('Seri nomor bank (nomor diberikan Berjangka saat mencetak)', {}, SCREEN_LOAD)).toBeTruthy();
    expect(section.getByText('BJ/0007')).toBeTruthy();
    expect(section.queryByRole('radio')).toBeNull();
  });
});
