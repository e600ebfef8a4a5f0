/**
 * Laporan (issue 11): the reports the server offers, the last twelve months and the format are
 * picked on the screen and kept in the URL; the download streams with its progress and saves the
 * file under the server's name. Beranda's month summary shows the figures of /report/list-summary,
 * and the latest ratios with their health when a balance sheet is on file.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { ReportCatalogueItem, ReportSummary } from '@contract/reports';
import type { AppActors } from '@src/app/actors';
import { MonthSummary } from '@src/features/home/MonthSummary';
import { fakeBprServer, ok, refused, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { FreshCache } from './support/fresh-cache';
import { openApp } from './support/open-app';

const notify = vi.hoisted(() => vi.fn());
vi.mock('@src/lib/toast', () => ({ notify }));

let running: AppActors | null = null;
beforeEach(() => {
  // Only the calendar is fixed (10 November 2026, Jakarta): the screens offer the months before it.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-10T03:00:00.000Z'));
  URL.createObjectURL = vi.fn(() => 'blob:laporan');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notify.mockReset();
});

const SCREEN_LOAD = { timeout: 10_000 };

const operator: User = {
  id: 'usr-op',
  name: 'Operator Demo',
  email: 'operator@bpr-demo.test',
  phone: null,
  role: 'OPERATOR',
  bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null },
};

const CATALOGUE: ReportCatalogueItem[] = [
  { type: 'posisi-deposito', name: 'Posisi Deposito', description: 'Pokok deposito pada akhir bulan per produk, tenor dan suku bunga.', formats: ['xlsx', 'pdf'] },
  { type: 'mutasi-deposito', name: 'Mutasi Deposito', description: 'Penempatan, perpanjangan, pencairan dan penutupan.', formats: ['xlsx', 'pdf'] },
  { type: 'bunga-pajak', name: 'Bunga dan PPh Pasal 4 Ayat (2)', description: 'Bahan SPT Masa PPh Pasal 4 ayat (2).', formats: ['xlsx', 'pdf'] },
];

/** The server: the catalogue, and the report file streamed in two pieces, the second when `release` is called. */
function serve(fileAnswer?: (request: SeenRequest) => FakeAnswer | 'file') {
  let release = () => {};
  const server = fakeBprServer((request) => {
    if (request.path === '/report/list-report') return ok(CATALOGUE);
    return ok([]);
  });
  const fetch = vi.fn(async (input: unknown, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api-v2-bpr/report') return server.fetch(input, init);
    const seen: SeenRequest = { method: 'GET', path: '/report', query: url.searchParams, idempotencyKey: null, body: null, signal: init?.signal ?? null };
    server.requests.push(seen);
    const answer = fileAnswer?.(seen) ?? 'file';
    if (answer !== 'file') {
      if (answer === 'no-answer') throw new TypeError('fetch failed');
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }
    const name = `${url.searchParams.get('type')}-${url.searchParams.get('period')}.${url.searchParams.get('format')}`;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(2048));
        release = () => {
          controller.enqueue(new Uint8Array(1024));
          controller.close();
        };
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` } });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests: server.requests, fetch, release: () => release() };
}

function openAt(path: string) {
  const opened = openApp(path, { user: operator });
  running = opened.app;
  return opened;
}

describe('Laporan', () => {
  it('offers the server’s reports, the last twelve months with the last complete one first chosen, and Excel', async () => {
    serve();
    const { router } = openAt('/bank/laporan');
    await screen.findByRole('heading', { name: 'Laporan', level: 1 }, SCREEN_LOAD);
    const list = await screen.findByRole('group', { name: 'Jenis laporan' }, SCREEN_LOAD);
    const options = within(list).getAllByRole('radio');
    expect(options).toHaveLength(3);
    expect(within(list).getByRole('radio', { name: /Posisi Deposito/ })).toHaveProperty('checked', true);
    expect(within(list).getByText('Bahan SPT Masa PPh Pasal 4 ayat (2).')).toBeTruthy();
    const period = screen.getByRole('combobox', { name: 'Periode' }) as HTMLSelectElement;
    expect([...period.options].map((option) => option.textContent)).toEqual([
      'November 2026 (berjalan)', 'Oktober 2026', 'September 2026', 'Agustus 2026', 'Juli 2026', 'Juni 2026',
      'Mei 2026', 'April 2026', 'Maret 2026', 'Februari 2026', 'Januari 2026', 'Desember 2025',
    ]);
    expect(period.value).toBe('2026-10');
    expect(screen.getByRole('radio', { name: 'Excel (.xlsx)' })).toHaveProperty('checked', true);
    expect(screen.getByText('Posisi per akhir Oktober 2026.')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('keeps the choice in the URL, downloads it with progress and saves it under the server’s name', async () => {
    const server = serve();
    const { router } = openAt('/bank/laporan');
    const list = await screen.findByRole('group', { name: 'Jenis laporan' }, SCREEN_LOAD);
    fireEvent.click(within(list).getByRole('radio', { name: /Mutasi Deposito/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Periode' }), { target: { value: '2026-11' } });
    fireEvent.click(screen.getByRole('radio', { name: 'PDF' }));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('type=mutasi-deposito&period=2026-11&format=pdf');
    expect(screen.getByRole('heading', { name: 'Mutasi Deposito', level: 2 })).toBeTruthy();
    expect(screen.getByText(/Bulan berjalan: angka November 2026 dihitung sampai hari ini/)).toBeTruthy();

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Unduh laporan' }));
    expect(await screen.findByText('Mengunduh… 2 KB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unduh laporan' })).toHaveProperty('disabled', true);
    const asked = server.requests.find((request) => request.path === '/report')!;
    expect(Object.fromEntries(asked.query)).toEqual({ type: 'mutasi-deposito', period: '2026-11', format: 'pdf' });

    server.release();
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('mutasi-deposito-2026-11.pdf');
    expect(notify).toHaveBeenCalledWith({ type: 'success', title: 'File berhasil diunduh.', desc: 'mutasi-deposito-2026-11.pdf' });
    await vi.waitFor(() => expect(screen.queryByText(/Mengunduh…/)).toBeNull());
  });

  it('opens a shared link on the report, month and format it names', async () => {
    serve();
    openAt('/bank/laporan?type=bunga-pajak&period=2026-09&format=pdf');
    const list = await screen.findByRole('group', { name: 'Jenis laporan' }, SCREEN_LOAD);
    expect(within(list).getByRole('radio', { name: /Bunga dan PPh/ })).toHaveProperty('checked', true);
    expect((screen.getByRole('combobox', { name: 'Periode' }) as HTMLSelectElement).value).toBe('2026-09');
    expect(screen.getByRole('radio', { name: 'PDF' })).toHaveProperty('checked', true);
  });

  it('says the server’s refusal and saves nothing', async () => {
    serve(() => refused(400, 'Periode tidak boleh setelah bulan ini.'));
    openAt('/bank/laporan');
    await screen.findByRole('group', { name: 'Jenis laporan' }, SCREEN_LOAD);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Unduh laporan' }));
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', title: 'Periode tidak boleh setelah bulan ini.' }));
    expect(click).not.toHaveBeenCalled();
  });

  it('says when the list of reports cannot be loaded, and tries again', async () => {
    let fail = true;
    const server = fakeBprServer((request) => (request.path === '/report/list-report' ? (fail ? refused(503, 'Layanan sedang tidak tersedia.') : ok(CATALOGUE)) : ok([])));
    vi.stubGlobal('fetch', server.fetch);
    openAt('/bank/laporan');
    const alert = await screen.findByRole('alert', {}, SCREEN_LOAD);
    expect(within(alert).getByText('Daftar laporan tidak dapat dimuat.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('group', { name: 'Jenis laporan' })).toBeTruthy();
  });
});

const SUMMARY: ReportSummary = {
  period: '2026-11',
  asOf: '2026-11-10',
  balances: { count: 1456, amount: 183_316_181_115, running: { count: 1414, amount: 177_226_867_240 }, averageRateBps: 608.46 },
  placements: { count: 184, amount: 20_905_000_000 },
  maturities: { count: 210, amount: 24_585_021_632 },
  interest: { count: 737, gross: 741_194_679, tax: 148_042_238, net: 593_152_441 },
  ratios: null,
};

function renderSummary(summary: ReportSummary) {
  const server = fakeBprServer((request) => (request.path === '/report/list-summary' ? ok(summary) : ok([])));
  vi.stubGlobal('fetch', server.fetch);
  render(
    <FreshCache>
      <MemoryRouter>
        <MonthSummary period="2026-11" />
      </MemoryRouter>
    </FreshCache>,
  );
  return server;
}

describe('Beranda’s month summary', () => {
  it('shows the month’s balances, placements, maturities, interest and tax, each linking to its report or list', async () => {
    const server = renderSummary(SUMMARY);
    const balance = await screen.findByTestId('summary-balance');
    await vi.waitFor(() => expect(balance.textContent).toContain('Rp 183.316.181.115'));
    expect(balance.textContent).toContain('1.456 rekening, rata-rata 6,08%');
    expect(balance.getAttribute('href')).toBe('/bank/laporan?type=posisi-deposito&period=2026-11');
    expect(screen.getByTestId('summary-placements').textContent).toBe('Rp 20.905.000.000penempatan bulan ini (184 deposito)');
    expect(screen.getByTestId('summary-maturities').textContent).toBe('Rp 24.585.021.632jatuh tempo bulan ini (210 periode)');
    expect(screen.getByTestId('summary-interest').textContent).toBe('Rp 741.194.679bunga bruto bulan ini (737 angsuran, neto Rp 593.152.441)');
    expect(screen.getByTestId('summary-interest').getAttribute('href')).toBe('/deposito/bunga?period=2026-11&status=all');
    expect(screen.getByTestId('summary-tax').textContent).toContain('Rp 148.042.238');
    expect(screen.getByText('Posisi per 10-Nov-2026; angka bulan berjalan masih dapat berubah.')).toBeTruthy();
    expect(screen.getByTestId('summary-no-ratios').textContent).toBe('Rasio keuangan tampil setelah neraca keuangan bulanan diisi.');
    expect(Object.fromEntries(server.requests.find((request) => request.path === '/report/list-summary')!.query)).toEqual({ period: '2026-11' });
  });

  it('shows the latest ratios with their health in words and the threshold they are judged by', async () => {
    const ratio = (value: number | null, threshold: number, healthy: boolean | null, note: string | null = null) => ({ value, threshold, healthy, note });
    renderSummary({
      ...SUMMARY,
      ratios: {
        period: '2026-10',
        kpmm: ratio(15.71, 12, true),
        nplGross: ratio(6.25, 5, false),
        ldr: ratio(94.12, 94.75, true),
        roa: ratio(1.21, 1.215, false),
        bopo: ratio(null, 93.52, null, 'Pendapatan operasional bernilai nol: BOPO tidak dapat dihitung.'),
        cashRatio: ratio(4.05, 4.05, true),
      },
    });
    const heading = await screen.findByRole('heading', { name: 'Rasio keuangan Oktober 2026' }, SCREEN_LOAD);
    const list = screen.getByRole('list', { name: heading.textContent! });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByTestId('ratio-kpmm').textContent).toBe('KPMM (CAR)15,71%Sehatbatas ≥ 12,00%');
    expect(screen.getByTestId('ratio-nplGross').textContent).toBe('NPL gross6,25%Tidak sehatbatas ≤ 5,00%');
    expect(screen.getByTestId('ratio-roa').textContent).toBe('ROA1,21%Tidak sehatbatas ≥ 1,215%');
    expect(screen.getByTestId('ratio-bopo').textContent).toBe('BOPO–Tidak dapat dihitungPendapatan operasional bernilai nol: BOPO tidak dapat dihitung.');
    expect(screen.queryByTestId('summary-no-ratios')).toBeNull();
  });
});
