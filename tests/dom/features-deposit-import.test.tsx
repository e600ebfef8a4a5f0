/**
 * Impor Deposito (issue 18): an admin picks the filled template and the cut-over date; the upload's
 * progress shows, then the dry run's totals per product and every row error; "Simpan semua" is
 * offered only for a book without errors and sends the same file for real; a refused commit keeps
 * its errors on screen. Other roles are told the screen is the admin's.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { progressText } from '@src/features/deposits/import/DepositImportScreen';
import { page } from './support/fake-bpr-server';
import { OPERATOR, openStaffScreen, SCREEN_LOAD } from './support/staff-screen';

const ADMIN: User = { ...OPERATOR, id: 'usr-admin', name: 'Admin Demo', role: 'ADMIN' };

const PAST = { importId: 'imp-1', fileName: 'buku-mei.xlsx', rows: 1200, principal: 60_000_000_000, cutOverDate: '2026-02-01', by: 'Admin Demo', at: '2026-02-01T03:00:00.000Z' };
const TOTALS = {
  count: 2,
  principal: 75_000_000,
  byProduct: [{ productId: 'prd-1', productCode: 'DB', productName: 'Deposito Berjangka', count: 2, principal: 75_000_000 }],
};
const WITH_ERRORS = {
  rows: 3, valid: 2, errorCount: 2, errorsTruncated: false, totals: TOTALS, customers: { created: 1, matched: 1 },
  errors: [
    { row: 3, column: 'NIK', message: 'Nomor urut NIK (4 digit terakhir) tidak boleh 0000.' },
    { row: 4, column: 'Nominal', message: 'Nominal harus rupiah utuh lebih dari 0 (contoh 50.000.000).' },
  ],
};
const CLEAN = { rows: 2, valid: 2, errorCount: 0, errorsTruncated: false, totals: TOTALS, customers: { created: 1, matched: 1 }, errors: [] };

/** XMLHttpRequest as the upload uses it: the test sends its progress and its answer. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  private listeners = new Map<string, Array<() => void>>();
  private uploadListeners = new Map<string, Array<(event: { loaded: number; total: number; lengthComputable: boolean }) => void>>();
  headers = new Map<string, string>();
  body: FormData | null = null;
  url = '';
  status = 0;
  responseText = '';
  timeout = 0;
  upload = { addEventListener: (name: string, listener: (event: { loaded: number; total: number; lengthComputable: boolean }) => void) => this.uploadListeners.set(name, [...(this.uploadListeners.get(name) ?? []), listener]) };
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  progress(loaded: number, total: number) {
    act(() => this.uploadListeners.get('progress')?.forEach((listener) => listener({ loaded, total, lengthComputable: true })));
  }
  async answer(status: number, body: unknown) {
    act(() => this.uploadListeners.get('load')?.forEach((listener) => listener({ loaded: 0, total: 0, lengthComputable: false })));
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.listeners.get('load')?.forEach((listener) => listener()));
  }
}

async function openImport(user: User = ADMIN) {
  FakeUpload.sent = [];
  const opened = openStaffScreen('/deposito/impor', (request) => (request.path === '/deposito/import' ? page([PAST]) : page([])), user);
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  await screen.findByRole('heading', { name: 'Impor Deposito' }, SCREEN_LOAD);
  return opened;
}

function chooseBook(name = 'buku-lama.xlsx') {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([new Uint8Array(2048)], name)] } });
}

describe('Impor Deposito', () => {
  it('lists the past imports and offers the template and the demo\'s sample book', async () => {
    const { server } = await openImport();
    const history = await screen.findByRole('table', { name: 'Impor deposito yang sudah disimpan' });
    expect(within(history).getByText('buku-mei.xlsx')).toBeTruthy();
    expect(within(history).getByText('Rp 60.000.000.000')).toBeTruthy();
    expect(server.requests.find((request) => request.path === '/deposito/import')?.query.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Unduh template' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unduh contoh buku deposito' })).toBeTruthy();
  });

  it('the dry run shows the upload\'s progress, then the totals and every row error; nothing to save while errors remain', async () => {
    await openImport();
    chooseBook();
    fireEvent.click(screen.getByRole('button', { name: 'Periksa berkas' }));
    await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const upload = FakeUpload.sent[0]!;
    expect(upload.url).toBe('/api-v2-bpr/deposito/import');
    expect(upload.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect([upload.body!.get('dryRun'), (upload.body!.get('file') as File).name, upload.body!.get('cutOverDate')]).toEqual(['true', 'buku-lama.xlsx', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
    upload.progress(1024, 2048);
    expect(screen.getByRole('status').textContent).toBe('Mengunggah berkas… 50% (1 KB dari 2 KB)');
    await upload.answer(200, { statusCode: 200, message: 'OK', data: WITH_ERRORS });
    const result = await screen.findByRole('region', { name: /Hasil pemeriksaan/ });
    const byProduct = within(result).getByRole('table', { name: /Per produk/ });
    expect(within(byProduct).getAllByRole('row')[1]!.textContent).toBe('Deposito Berjangka (DB)2Rp 75.000.000');
    const errors = within(result).getByRole('table', { name: 'Kesalahan per baris' });
    expect(within(errors).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['3', 'NIK', 'Nomor urut NIK (4 digit terakhir) tidak boleh 0000.'],
      ['4', 'Nominal', 'Nominal harus rupiah utuh lebih dari 0 (contoh 50.000.000).'],
    ]);
    expect(screen.queryByRole('button', { name: /Simpan semua/ })).toBeNull();
  });

  it('a clean dry run offers "Simpan semua", which sends the same book for real; the history is read again', async () => {
    const { server } = await openImport();
    chooseBook();
    fireEvent.click(screen.getByRole('button', { name: 'Periksa berkas' }));
    await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    await FakeUpload.sent[0]!.answer(200, { statusCode: 200, message: 'OK', data: CLEAN });
    const save = await screen.findByRole('button', { name: 'Simpan semua (2 deposito)' });
    const historyReads = server.requests.filter((request) => request.path === '/deposito/import').length;
    fireEvent.click(save);
    await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(2));
    const commit = FakeUpload.sent[1]!;
    expect([commit.body!.get('dryRun'), (commit.body!.get('file') as File).name]).toEqual(['false', 'buku-lama.xlsx']);
    expect(commit.headers.get('idempotency-key')).not.toBe(FakeUpload.sent[0]!.headers.get('idempotency-key'));
    await commit.answer(201, { statusCode: 201, message: 'OK', data: { ...CLEAN, importId: 'imp-2' } });
    await screen.findByRole('region', { name: /Impor tersimpan/ });
    await vi.waitFor(() => expect(server.requests.filter((request) => request.path === '/deposito/import').length).toBe(historyReads + 1));
  });

  it('a commit refused with 400 keeps its errors on screen and says nothing was saved', async () => {
    await openImport();
    chooseBook();
    fireEvent.click(screen.getByRole('button', { name: 'Periksa berkas' }));
    await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    await FakeUpload.sent[0]!.answer(200, { statusCode: 200, message: 'OK', data: CLEAN });
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan semua (2 deposito)' }));
    await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(2));
    await FakeUpload.sent[1]!.answer(400, { statusCode: 400, message: ['Impor dibatalkan: ada baris yang salah, tidak ada yang disimpan. Perbaiki baris-baris tersebut lalu unggah lagi.'], error: 'Bad Request', data: WITH_ERRORS });
    const summary = await screen.findByText('Tidak ada yang disimpan');
    expect(summary.closest('[tabindex="-1"]')).toBe(document.activeElement);
    expect(screen.getByRole('table', { name: 'Kesalahan per baris' })).toBeTruthy();
  });

  it('without a file nothing is sent and the problem takes the focus', async () => {
    await openImport();
    fireEvent.click(screen.getByRole('button', { name: 'Periksa berkas' }));
    const summary = await screen.findByText('Periksa isian berikut');
    expect(summary.closest('section')!.textContent).toContain('Pilih berkas xlsx yang berisi deposito yang akan diimpor.');
    expect(FakeUpload.sent).toHaveLength(0);
  });

  it('is the admin\'s: an operator is told so and nothing is asked of the server', async () => {
    const { server } = await openImport(OPERATOR);
    expect(screen.getByText('Hanya untuk Admin')).toBeTruthy();
    expect(server.requests.some((request) => request.path === '/deposito/import')).toBe(false);
  });

  it('says how far the upload is, then that the rows are being read', () => {
    expect(progressText({ phase: 'upload', sent: 5 * 1024 * 1024, total: 20 * 1024 * 1024 }, 0)).toBe('Mengunggah berkas… 25% (5 MB dari 20 MB)');
    expect(progressText({ phase: 'upload', sent: 0, total: null }, 2048)).toBe('Mengunggah berkas… 0% (0 B dari 2 KB)');
    expect(progressText({ phase: 'check' }, 2048)).toBe('Berkas terkirim. Server memeriksa setiap baris…');
  });
});
