/**
 * Tagihan (issue 11): the platform's invoices listed with their status (filter in the URL, asked
 * of /api-v1 with the raw token), one invoice with its parties, totals, how to pay and its lines
 * paged on screen (a month may bill hundreds), and its PDF downloaded from /api-v1.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { InvoiceDetail, InvoiceSummary } from '@contract/invoices';
import type { AppActors } from '@src/app/actors';
import { invoiceLinesPage } from '@src/features/invoices/invoice-lines-page';
import { saveToken } from '@src/lib/storage';
import { fakeBprServer, ok, page, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openApp, tokenFor } from './support/open-app';

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
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

const october: InvoiceSummary = {
  id: 'inv-10',
  number: 'INV/BRJ/2026-10/0001',
  period: '2026-10',
  issuedAt: '2026-11-01',
  dueDate: '2026-11-15',
  status: 'overdue',
  statusLabel: 'Lewat jatuh tempo',
  paidAt: null,
  lineCount: 120,
  subtotal: 81_534,
  dpp: 74_740,
  ppn: 8_969,
  total: 90_503,
};
const september: InvoiceSummary = { ...october, id: 'inv-09', number: 'INV/BRJ/2026-09/0001', period: '2026-09', issuedAt: '2026-10-01', dueDate: '2026-10-15', status: 'paid', statusLabel: 'Lunas', paidAt: '2026-10-08T03:15:00.000Z' };

/** 120 lines: 100 through Komunal (fee 100 each), then 20 through Mitra Tani (fee 7 each). */
const lines: InvoiceDetail['lines'] = Array.from({ length: 120 }, (_, index) => ({
  depositNumber: `DEP-${String(index + 1).padStart(3, '0')}`,
  channel: index < 100 ? 'Komunal' : 'Mitra Tani',
  channelName: index < 100 ? 'PT Komunal Finansial' : 'PT Mitra Tani',
  principal: 10_000_000,
  activeFrom: '2026-10-01',
  activeTo: '2026-10-31',
  days: 31,
  feeBps: index < 100 ? 50 : 75,
  fee: index < 100 ? 100 : 7,
}));
const detail: InvoiceDetail = {
  ...october,
  seller: { name: 'PT Berjangka Digital Indonesia', npwp: '0012 3456 7890 1000', address: 'Jl. Jenderal Sudirman, Jakarta' },
  buyer: { name: 'BPR Demo Sejahtera', npwp: '0317 2945 8812 4000', address: 'Jl. Merdeka No. 1, Bandung' },
  payment: { bankName: 'Bank Mandiri', accountNumber: '123-00-0987654-3', accountName: 'PT Berjangka Digital Indonesia' },
  totalInWords: 'sembilan puluh ribu lima ratus tiga rupiah',
  lines,
};

/** The fake API, plus each request's Authorization header and the PDF route answering a file. */
function openAt(path: string, answer: (request: SeenRequest) => FakeAnswer) {
  const server = fakeBprServer(answer);
  const authorizations: Array<[string, string | null]> = [];
  const fetch = vi.fn(async (input: unknown, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    authorizations.push([url.pathname, new Headers(init?.headers).get('authorization')]);
    if (url.pathname === '/api-v1/bpr-invoice-doc/my-invoice/pdf') {
      return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="Tagihan_INV-BRJ-2026-10-0001.pdf"; filename*=UTF-8''Tagihan%20INV-BRJ-2026-10-0001.pdf` },
      });
    }
    return server.fetch(input, init);
  });
  vi.stubGlobal('fetch', fetch);
  // The app's API clients and downloads read the token from the browser's storage.
  saveToken(tokenFor(operator));
  running = openApp(path, { user: operator }).app;
  return { server, authorizations };
}

const api = (request: SeenRequest): FakeAnswer => {
  if (request.path === '/api-v1/bpr-invoice/my-invoice') return page(request.query.get('status') === 'paid' ? [september] : [october, september]);
  if (request.path === '/api-v1/bpr-invoice/invoice' && request.query.get('id') === 'inv-10') return ok(detail);
  if (request.path === '/api-v1/bpr-invoice/invoice') return { status: 404, body: { statusCode: 404, message: 'Tagihan tidak ditemukan.', error: 'Not Found' } };
  return ok([]);
};

describe('Tagihan', () => {
  it('lists the invoices with their status from /api-v1 with the raw token; the status filter lives in the URL', async () => {
    const { server, authorizations } = openAt('/bank/tagihan', api);
    const link = await screen.findByRole('link', { name: 'INV/BRJ/2026-10/0001' }, SCREEN_LOAD);
    expect(link.getAttribute('href')).toBe('/bank/tagihan/inv-10');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Lewat jatuh tempo').className).toContain('bj-status--danger');
    expect(within(row).getByText('Oktober 2026')).toBeTruthy();
    expect(within(row).getByText('Rp 90.503')).toBeTruthy();
    expect(within(row).getByText('15-Nov-2026')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: 'INV/BRJ/2026-09/0001' }).closest('tr')!).getByText('Lunas').className).toContain('bj-status--success');
    const token = authorizations.find(([path]) => path === '/api-v1/bpr-invoice/my-invoice')![1]!;
    expect(token).not.toMatch(/^Bearer /);
    expect(token.split('.')).toHaveLength(3);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    await vi.waitFor(() => expect(server.requests.filter((request) => request.path === '/api-v1/bpr-invoice/my-invoice').at(-1)?.query.get('status')).toBe('paid'));
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'INV/BRJ/2026-10/0001' })).toBeNull());
  });

  it('opens with the filter the URL carries, and says so when nothing matches', async () => {
    const { server } = openAt('/bank/tagihan?status=unpaid', (request) => (request.path === '/api-v1/bpr-invoice/my-invoice' ? page([]) : ok([])));
    await screen.findByText('Tidak ada tagihan berstatus belum dibayar.', {}, SCREEN_LOAD);
    expect(server.requests.find((request) => request.path === '/api-v1/bpr-invoice/my-invoice')?.query.get('status')).toBe('unpaid');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('unpaid');
  });

  it('one invoice: parties with their NPWP, DPP, PPN, the total in figures and words, how to pay, and its lines fifty at a time', async () => {
    openAt('/bank/tagihan/inv-10', api);
    await screen.findByRole('heading', { name: 'Tagihan INV/BRJ/2026-10/0001', level: 1 }, SCREEN_LOAD);
    const head = screen.getByRole('region', { name: 'Data tagihan' });
    expect(within(head).getByText('NPWP 0012 3456 7890 1000')).toBeTruthy();
    expect(within(head).getByText('NPWP 0317 2945 8812 4000')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Jumlah tagihan' });
    expect(within(totals).getByText('Rp 74.740')).toBeTruthy();
    expect(within(totals).getByText('Rp 8.969')).toBeTruthy();
    expect(screen.getByTestId('invoice-total').textContent).toBe('Rp 90.503');
    expect(within(totals).getByText('sembilan puluh ribu lima ratus tiga rupiah')).toBeTruthy();
    expect(within(totals).getByText('123-00-0987654-3')).toBeTruthy();

    const table = within(screen.getByRole('region', { name: 'Rincian per deposito' }));
    expect(table.getAllByRole('row')).toHaveLength(1 + 50 + 1);
    expect(table.getByRole('link', { name: 'DEP-001' }).getAttribute('href')).toBe('/deposito?q=DEP-001');
    expect(table.getByText('Halaman 1 dari 3 · 120 data')).toBeTruthy();
    fireEvent.click(table.getByRole('button', { name: 'Berikutnya' }));
    await table.findByRole('link', { name: 'DEP-051' });
    expect(table.queryByRole('link', { name: 'DEP-050' })).toBeNull();

    fireEvent.change(table.getByLabelText('Mitra'), { target: { value: 'Mitra Tani' } });
    await table.findByText('Halaman 1 dari 1 · 20 data');
    expect(table.getByRole('link', { name: 'DEP-101' })).toBeTruthy();
    expect(table.getByText('Rp 140')).toBeTruthy();
  });

  it("downloads the invoice's PDF from /api-v1 with the raw token, under the server's file name", async () => {
    const created = vi.fn((_blob: Blob) => 'blob:tagihan');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { authorizations } = openAt('/bank/tagihan/inv-10', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Unduh PDF' }, SCREEN_LOAD));
    await vi.waitFor(() => expect(clicked).toEqual(['Tagihan INV-BRJ-2026-10-0001.pdf']));
    const [path, authorization] = authorizations.find(([requested]) => requested === '/api-v1/bpr-invoice-doc/my-invoice/pdf')!;
    expect(path).toBe('/api-v1/bpr-invoice-doc/my-invoice/pdf');
    expect(authorization).not.toMatch(/^Bearer /);
    expect(created.mock.calls[0]![0].type).toBe('application/pdf');
  });

  it('an invoice of another bank (or none) says it was not found', async () => {
    openAt('/bank/tagihan/inv-lain', api);
    await screen.findByText('Tagihan tidak dapat dimuat.', {}, SCREEN_LOAD);
    expect(screen.getByText('Tagihan tidak ditemukan.')).toBeTruthy();
  });
});

describe('invoice lines on screen', () => {
  it('pages what the partner filter keeps, numbering lines as the PDF does and summing the kept fees; a page past the end shows the last', () => {
    expect(invoiceLinesPage(lines, { page: 1, channel: '' })).toMatchObject({ meta: { page: 1, limit: 50, total: 120, totalPages: 3 }, sum: 100 * 100 + 20 * 7 });
    const mitra = invoiceLinesPage(lines, { page: 9, channel: 'Mitra Tani', perPage: 15 });
    expect(mitra.meta).toEqual({ page: 2, limit: 15, total: 20, totalPages: 2 });
    expect(mitra.rows.map((row) => row.number)).toEqual([116, 117, 118, 119, 120]);
    expect(mitra.sum).toBe(140);
    expect(invoiceLinesPage([], { page: 1, channel: '' }).meta).toEqual({ page: 1, limit: 50, total: 0, totalPages: 1 });
  });
});
