/**
 * Produk (issue 10): the bank's products with today's rates, a scheduled change, the LPS flag and
 * their status; an admin adds and changes them (rates typed with a decimal comma, sent as basis
 * points from a chosen date) and shows, hides or retires them, each confirmed and sent with an
 * Idempotency-Key; others read. The real API client talks to a fake server (on /api-v1 here).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { AppActors } from '@src/app/actors';
import type { Product, ProductDetail } from '@src/lib/products-api';
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

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 'prd-reg',
    code: 'DEP-REG',
    name: 'Deposito Berjangka',
    active: true,
    visible: true,
    interestPayment: 'MONTHLY',
    minAmount: 1_000_000,
    maxAmount: null,
    instructions: ['ARO', 'ARO_PLUS', 'PAYOUT'],
    breakPenaltyBps: 100,
    forfeitAccruedInterest: false,
    specialRateCeilingBps: null,
    tenors: [
      { tenorMonths: 3, rateBps: 550 },
      { tenorMonths: 6, rateBps: 600 },
    ],
    rateEffectiveFrom: '2026-06-01',
    nextRates: null,
    lpsFlag: false,
    runningDeposits: 720,
    ...overrides,
  };
}

const regular = product();
const rising = product({
  id: 'prd-sjp',
  code: 'DEP-SJP',
  name: 'Deposito Sejahtera Plus',
  interestPayment: 'AT_MATURITY',
  minAmount: 10_000_000,
  maxAmount: 5_000_000_000,
  tenors: [{ tenorMonths: 12, rateBps: 625 }],
  // Far ahead, so "still to come" holds whatever day the suite runs.
  nextRates: { effectiveFrom: '2099-12-01', tenors: [{ tenorMonths: 12, rateBps: 650 }] },
  lpsFlag: true,
  runningDeposits: 745,
});
const retired = product({ id: 'prd-lbr', code: 'DEP-LBR', name: 'Deposito Lebaran', active: false, visible: false, runningDeposits: 0 });

function detail(of: Product, rates: ProductDetail['rates']): ProductDetail {
  return { ...of, rates };
}

const regularDetail = detail(regular, [
  { effectiveFrom: '2026-06-01', tenors: regular.tenors, setBy: 'Admin Demo', setAt: '2026-05-20T03:00:00.000Z' },
  { effectiveFrom: '2023-06-01', tenors: [{ tenorMonths: 3, rateBps: 575 }], setBy: null, setAt: '2023-05-01T03:00:00.000Z' },
]);
const risingDetail = detail(rising, [
  { effectiveFrom: '2099-12-01', tenors: rising.nextRates!.tenors, setBy: 'Admin Demo', setAt: '2026-11-20T03:00:00.000Z' },
  { effectiveFrom: '2026-06-01', tenors: rising.tenors, setBy: null, setAt: '2023-05-01T03:00:00.000Z' },
]);

const LIST = '/api-v1/deposito/all-product';
const DETAIL = '/api-v1/deposito';

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

function openAs(user: User, path: string, answer: (request: SeenRequest) => FakeAnswer) {
  const server = fakeBprServer(answer);
  vi.stubGlobal('fetch', server.fetch);
  const opened = openApp(path, { user });
  running = opened.app;
  return { ...opened, server };
}

/** The first screen of a run loads its code on demand, which takes a while on a busy machine. */
const SCREEN_LOAD = { timeout: 10_000 };

/** The list, each product's detail, and the settings (for today's LPS rate); `writes` answers anything else. */
function productServer(writes: (request: SeenRequest) => FakeAnswer = () => ok(null)) {
  const details: Record<string, ProductDetail> = { 'prd-reg': regularDetail, 'prd-sjp': risingDetail, 'prd-lbr': detail(retired, regularDetail.rates) };
  return (request: SeenRequest): FakeAnswer => {
    if (request.method === 'GET' && request.path === LIST) return ok([regular, retired, rising]);
    if (request.method === 'GET' && request.path === DETAIL) return ok(details[request.query.get('id') ?? '']);
    if (request.method === 'GET' && request.path === '/bpr/product-setting') return ok({ lpsRateTodayBps: 600 });
    return writes(request);
  };
}

const listRequests = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'GET' && request.path === LIST);
const rowOf = async (name: string) => (await screen.findByRole('link', { name }, SCREEN_LOAD)).closest('tr')!;

describe('Produk: the list', () => {
  it('shows each product\'s rates in force, a scheduled change, the LPS flag, amounts, running deposits and status', async () => {
    openAs(operator, '/master-data/produk', productServer());
    const reg = await rowOf('Deposito Berjangka');
    expect(within(reg).getByText('DEP-REG')).toBeTruthy();
    expect(within(reg).getByText('Bulanan')).toBeTruthy();
    expect(reg.textContent).toContain('3 bln 5,50% · 6 bln 6,00%');
    expect(within(reg).getByText('Rp 1.000.000')).toBeTruthy();
    expect(within(reg).getByText('s.d. tanpa batas')).toBeTruthy();
    expect(within(reg).getByText('720')).toBeTruthy();
    expect(within(reg).getByText('Aktif')).toBeTruthy();
    expect(within(reg).getByText('Tampil')).toBeTruthy();
    expect(within(reg).queryByText('Tidak dijamin LPS')).toBeNull();

    const sjp = await rowOf('Deposito Sejahtera Plus');
    expect(within(sjp).getByText('Saat jatuh tempo')).toBeTruthy();
    expect(within(sjp).getByText('Suku bunga baru mulai 01-Des-2099')).toBeTruthy();
    expect(within(sjp).getByText('Tidak dijamin LPS')).toBeTruthy();
    expect(within(sjp).getByText('s.d. Rp 5.000.000.000')).toBeTruthy();

    const lbr = await rowOf('Deposito Lebaran');
    expect(within(lbr).getByText('Nonaktif')).toBeTruthy();
    expect(within(lbr).getByText('Tersembunyi')).toBeTruthy();
  });

  it('asks the list with the search and status from the URL, and applying the filters puts them in the URL', async () => {
    const { server, router } = openAs(operator, '/master-data/produk?q=sjp&active=true', productServer());
    await rowOf('Deposito Berjangka');
    expect(Object.fromEntries(listRequests(server.requests)[0]!.query)).toEqual({ q: 'sjp', active: 'true' });
    const filters = screen.getByRole('search');
    expect(within(filters).getByLabelText('Status')).toHaveProperty('value', 'true');
    fireEvent.change(within(filters).getByLabelText('Cari'), { target: { value: 'lebaran' } });
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: 'false' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Terapkan' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=lebaran&active=false'));
    await waitFor(() => expect(Object.fromEntries(listRequests(server.requests).at(-1)!.query)).toEqual({ q: 'lebaran', active: 'false' }));
  });

  it('gives an operator the list read-only, saying only an admin changes products', async () => {
    openAs(operator, '/master-data/produk', productServer());
    const reg = await rowOf('Deposito Berjangka');
    expect(screen.getByText('Produk hanya dapat ditambah dan diubah oleh Admin.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Tambah produk' })).toBeNull();
    expect(within(reg).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Aksi' })).toBeNull();
  });

  it('gives an admin "Tambah produk" and each row\'s actions; a retired product offers no deactivation', async () => {
    openAs(admin, '/master-data/produk', productServer());
    const reg = await rowOf('Deposito Berjangka');
    expect(screen.getByRole('link', { name: 'Tambah produk' }).getAttribute('href')).toBe('/master-data/produk/baru');
    expect(within(reg).getByRole('link', { name: 'Ubah Deposito Berjangka' }).getAttribute('href')).toBe('/master-data/produk/prd-reg');
    expect(within(reg).getByRole('button', { name: 'Sembunyikan Deposito Berjangka' })).toBeTruthy();
    expect(within(reg).getByRole('button', { name: 'Nonaktifkan Deposito Berjangka' })).toBeTruthy();
    const lbr = screen.getByRole('link', { name: 'Deposito Lebaran' }).closest('tr')!;
    expect(within(lbr).getByRole('button', { name: 'Tampilkan Deposito Lebaran' })).toBeTruthy();
    expect(within(lbr).queryByRole('button', { name: /^Nonaktifkan/ })).toBeNull();
  });

  it('"Nonaktifkan" asks first, saying ARO deposits mature instead of rolling over and how many are running, then sends the id with an Idempotency-Key', async () => {
    const { server, toasts } = openAs(admin, '/master-data/produk', productServer(() => ok({ ...regular, active: false })));
    fireEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan Deposito Berjangka' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Nonaktifkan produk' });
    expect(dialog.textContent).toContain('720 deposito yang sedang berjalan');
    expect(dialog.textContent).toContain('ARO atau ARO+ tidak diperpanjang');
    expect(server.writes()).toEqual([]);

    const listsBefore = listRequests(server.requests).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Deposito Berjangka dinonaktifkan.' }));
    const [patch] = server.writes();
    expect(patch).toMatchObject({ method: 'PATCH', path: '/api-v1/deposito/deactivate-product', body: { id: 'prd-reg' } });
    expect(patch!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(listRequests(server.requests).length).toBe(listsBefore + 1));
  });

  it('"Sembunyikan" confirms, then sends {visible:false} to the product\'s visibility path; a refusal stays in the dialog', async () => {
    const forbidden = 'Hanya ADMIN yang dapat mengubah produk.';
    const { server } = openAs(admin, '/master-data/produk', productServer(() => refused(403, forbidden)));
    fireEvent.click(await screen.findByRole('button', { name: 'Sembunyikan Deposito Berjangka' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Sembunyikan produk' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sembunyikan' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(forbidden));
    expect(server.writes()[0]).toMatchObject({ method: 'PATCH', path: '/api-v1/deposito/prd-reg/visibility', body: { visible: false } });
  });
});

/** Fills the new-product form; each value as staff type it. */
function fillNewProduct() {
  fireEvent.change(screen.getByLabelText(/^Kode produk/), { target: { value: 'DEP-BRU' } });
  fireEvent.change(screen.getByLabelText(/^Nama produk/), { target: { value: 'Deposito Baru' } });
  fireEvent.change(screen.getByLabelText('Bunga dibayar'), { target: { value: 'AT_MATURITY' } });
  fireEvent.change(screen.getByLabelText(/^Penalti pencairan awal/), { target: { value: '1,25' } });
  fireEvent.change(screen.getByLabelText(/^Nominal minimum/), { target: { value: '5.000.000' } });
  fireEvent.change(screen.getByLabelText(/^Nominal maksimum/), { target: { value: '2000000000' } });
  fireEvent.click(screen.getByLabelText('ARO+ (pokok dan bunga diperpanjang)'));
  fireEvent.change(screen.getByLabelText('Tenor baris 1 (bulan)'), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText('Suku bunga baris 1 (%)'), { target: { value: '5,75' } });
  fireEvent.click(screen.getByRole('button', { name: 'Tambah tenor' }));
  fireEvent.change(screen.getByLabelText('Tenor baris 2 (bulan)'), { target: { value: '12' } });
  fireEvent.change(screen.getByLabelText('Suku bunga baris 2 (%)'), { target: { value: '6,5' } });
  fireEvent.change(screen.getByLabelText('Berlaku mulai'), { target: { value: '01-12-2099' } });
}

describe('Produk: a new product', () => {
  it('sends "5,75" as 575 basis points, the amounts as rupiah and the chosen date, with an Idempotency-Key, then returns to the list', async () => {
    const { server, toasts, router } = openAs(admin, '/master-data/produk/baru', productServer((request) => ({ status: 201, body: { statusCode: 201, message: 'OK', data: { ...regular, id: 'prd-new', name: (request.body as { name: string }).name } } })));
    await screen.findByRole('heading', { name: 'Tambah produk' }, SCREEN_LOAD);
    fillNewProduct();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan produk' }));

    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Produk Deposito Baru ditambahkan.' }));
    const [create] = server.writes();
    expect(create).toMatchObject({ method: 'POST', path: '/api-v1/deposito/create-product' });
    expect(create!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(create!.body).toEqual({
      code: 'DEP-BRU',
      name: 'Deposito Baru',
      interestPayment: 'AT_MATURITY',
      minAmount: 5_000_000,
      maxAmount: 2_000_000_000,
      instructions: ['ARO', 'PAYOUT'],
      breakPenaltyBps: 125,
      forfeitAccruedInterest: false,
      visible: true,
      specialRateCeilingBps: null,
      tenors: [
        { tenorMonths: 3, rateBps: 575 },
        { tenorMonths: 12, rateBps: 650 },
      ],
      rateEffectiveFrom: '2099-12-01',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/master-data/produk'));
  });

  it('shows the server\'s refusal in the form — a taken code (409), and a 400\'s sentences as a list — keeping what was typed', async () => {
    let attempt = 0;
    const { server } = openAs(
      admin,
      '/master-data/produk/baru',
      productServer(() => {
        attempt += 1;
        return attempt === 1
          ? refused(409, 'Kode produk sudah dipakai produk lain di bank ini.')
          : { status: 400, body: { statusCode: 400, message: ['Nama produk sudah dipakai produk lain di bank ini.', 'Tenor paling lama 60 bulan.'], error: 'Bad Request' } };
      }),
    );
    await screen.findByRole('heading', { name: 'Tambah produk' }, SCREEN_LOAD);
    fillNewProduct();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan produk' }));
    const alert = await screen.findByText('Kode produk sudah dipakai produk lain di bank ini.', { selector: 'li' });
    expect(alert.closest('[role="alert"]')!.textContent).toContain('Produk belum dapat disimpan');
    expect(screen.getByLabelText(/^Kode produk/)).toHaveProperty('value', 'DEP-BRU');

    fireEvent.change(screen.getByLabelText(/^Kode produk/), { target: { value: 'DEP-BR2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan produk' }));
    expect(await screen.findByText('Tenor paling lama 60 bulan.', { selector: 'li' })).toBeTruthy();
    expect(screen.getByText('Nama produk sudah dipakai produk lain di bank ini.', { selector: 'li' })).toBeTruthy();
    expect(server.writes()).toHaveLength(2);
  });

  it('says what is wrong before sending anything: a rate with three decimals and a rate date in the past', async () => {
    const { server } = openAs(admin, '/master-data/produk/baru', productServer());
    await screen.findByRole('heading', { name: 'Tambah produk' }, SCREEN_LOAD);
    fillNewProduct();
    fireEvent.change(screen.getByLabelText('Suku bunga baris 1 (%)'), { target: { value: '5,755' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan produk' }));
    expect(await screen.findByText('Suku bunga baris 1 paling banyak dua angka desimal.', { selector: 'li' })).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });
});

describe('Produk: changing a product', () => {
  it('prefills today\'s rates, asks for the date once the table changes, confirms, and sends only the new table with its date', async () => {
    const { server, toasts } = openAs(admin, '/master-data/produk/prd-reg', productServer((request) => ok({ ...regular, ...(request.body as object) })));
    expect(await screen.findByLabelText('Suku bunga baris 1 (%)', {}, SCREEN_LOAD)).toHaveProperty('value', '5,50');
    expect(screen.getByLabelText('Tenor baris 2 (bulan)')).toHaveProperty('value', '6');
    expect(screen.queryByLabelText('Berlaku mulai')).toBeNull();

    fireEvent.change(screen.getByLabelText('Suku bunga baris 1 (%)'), { target: { value: '5,75' } });
    const consequence = screen.getByText(/deposito yang sedang berjalan tetap memakai suku bunganya/);
    expect(consequence.textContent).toContain('720 deposito');
    expect(consequence.textContent).toContain('Penempatan baru dan perpanjangan (ARO/ARO+)');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan perubahan' }));
    expect(await screen.findByText('Tanggal berlaku suku bunga baru wajib diisi.', { selector: 'li' })).toBeTruthy();
    expect(server.writes()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Berlaku mulai'), { target: { value: '01-Des-2099' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan perubahan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Simpan perubahan produk' });
    expect(dialog.textContent).toContain('Suku bunga mulai 01-Des-2099: 3 bln 5,75% · 6 bln 6,00%');
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan perubahan' }));

    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Perubahan Deposito Berjangka disimpan.' }));
    const [put] = server.writes();
    expect(put).toMatchObject({ method: 'PUT', path: '/api-v1/deposito' });
    expect(put!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(put!.body).toEqual({
      id: 'prd-reg',
      tenors: [
        { tenorMonths: 3, rateBps: 575 },
        { tenorMonths: 6, rateBps: 600 },
      ],
      rateEffectiveFrom: '2099-12-01',
    });
  });

  it('sends a field change alone, without rates; the server\'s refusal shows in the form', async () => {
    const { server } = openAs(admin, '/master-data/produk/prd-reg', productServer(() => refused(409, 'Nama produk sudah dipakai produk lain di bank ini.')));
    fireEvent.change(await screen.findByLabelText(/^Nama produk/, {}, SCREEN_LOAD), { target: { value: 'Deposito Sejahtera Plus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan perubahan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Simpan perubahan produk' });
    expect(dialog.textContent).toContain('Nama produk: Deposito Berjangka → Deposito Sejahtera Plus');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan perubahan' }));
    expect(await screen.findByText('Nama produk sudah dipakai produk lain di bank ini.', { selector: 'li' })).toBeTruthy();
    expect(server.writes()[0]!.body).toEqual({ id: 'prd-reg', name: 'Deposito Sejahtera Plus' });
  });

  it('shows the rate history, newest first, with who set each, and marks the one still to come', async () => {
    openAs(admin, '/master-data/produk/prd-sjp', productServer());
    const history = await screen.findByRole('table', { name: 'Riwayat suku bunga Deposito Sejahtera Plus' }, SCREEN_LOAD);
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['01-Des-2099Akan berlaku', '01-Jun-2026Berlaku sekarang']);
    expect(rows[0]!.textContent).toContain('12 bln 6,50%');
    expect(rows[0]!.textContent).toContain('Admin Demo');
    expect(rows[1]!.textContent).toContain('Data awal');
    expect(screen.getByText(/Sudah dijadwalkan suku bunga baru mulai 01-Des-2099/)).toBeTruthy();
  });

  it('shows an inactive product read-only, saying why', async () => {
    openAs(admin, '/master-data/produk/prd-lbr', productServer());
    expect(await screen.findByText('Produk ini nonaktif.', {}, SCREEN_LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Simpan perubahan' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('table', { name: /^Riwayat suku bunga/ })).toBeTruthy();
  });

  it('shows an operator the product and its history without a form', async () => {
    const { server } = openAs(operator, '/master-data/produk/prd-reg', productServer());
    expect(await screen.findByText('Hanya Admin yang dapat mengubah produk.', {}, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText('DEP-REG')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simpan perubahan' })).toBeNull();
    expect(server.writes()).toEqual([]);
  });
});
