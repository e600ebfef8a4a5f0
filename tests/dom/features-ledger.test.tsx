/**
 * The bank's ledger in the SPA (issue 21): Jurnal shows a month's four checks — a failing one in
 * red with its figures and where it fails — its accounts and its entries, a month or a day kept in
 * the URL and asked of the server; Pemetaan Akun lets an admin send the bank's codes (empty ones
 * left out, so the role's name stays) and lists every problem the server names; others read it.
 * The real API client talks to a fake server.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { AccountingSettings, JournalAnswer, JournalSummary } from '@contract/ledger';
import { ok, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { OPERATOR, openStaffScreen, SCREEN_LOAD } from './support/staff-screen';

const ADMIN: User = { ...OPERATOR, id: 'usr-admin', name: 'Admin Demo', email: 'admin@bpr-demo.test', role: 'ADMIN' };

beforeEach(() => {
  // Only the calendar is fixed (10 November 2026, Jakarta): the running month is November.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-10T03:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const check = (expected: number, actual: number, detail: string) => ({ ok: expected === actual, expected, actual, difference: actual - expected, detail });

function summaryOf(period: string): JournalSummary {
  return {
    period,
    from: `${period}-01`,
    to: `${period}-31`,
    accounts: [
      { role: 'depositLiability', account: '2101', label: 'Kewajiban deposito', opening: 146_042_843_979, debit: 4_272_891_832, credit: 24_130_048_941, closing: 165_900_001_088 },
      { role: 'interestExpense', account: '5101', label: 'Beban bunga', opening: 0, debit: 796_410_011, credit: 13_090_689, closing: 783_319_322 },
      { role: 'interestPayable', account: '2102', label: 'Bunga yang masih harus dibayar (BYMHD)', opening: 1_327_861_822, debit: 587_259_437, credit: 796_410_011, closing: 1_537_012_396 },
      { role: 'taxPayable', account: 'taxPayable', label: 'Utang PPh 4(2)', opening: 0, debit: 0, credit: 114_714_139, closing: 114_714_139 },
      { role: 'penaltyIncome', account: '4201', label: 'Pendapatan penalti', opening: 0, debit: 0, credit: 9_535_100, closing: 9_535_100 },
      { role: 'payoutClearing', account: '1901', label: 'Kliring pembayaran', opening: 0, debit: 0, credit: 4_596_979_400, closing: 4_596_979_400 },
      { role: 'placementClearing', account: '1902', label: 'Kliring penempatan', opening: 0, debit: 24_030_000_000, credit: 0, closing: 24_030_000_000 },
    ],
    checks: {
      balanced: check(29_686_561_280, 29_686_561_280, 'Setiap jurnal seimbang: debit sama dengan kredit.'),
      liabilityEqualsPosition: check(165_925_784_088, 165_900_001_088, 'Deposito Lebaran: posisi Rp 725.000.000, jurnal Rp 699.217.000'),
      payableEqualsAccrued: check(1_537_012_396, 1_537_012_396, `BYMHD sama dengan bunga berjalan yang belum dibayar per ${period}-31.`),
      taxEqualsReport: check(114_714_139, 114_714_139, 'Utang PPh bulan ini sama dengan laporan Bunga dan PPh.'),
    },
  };
}

function journalOf(from: string, to: string): JournalAnswer {
  return {
    from,
    to,
    entries: [
      {
        entryId: `${from.replaceAll('-', '')}-PLC-DEP-LBR`,
        date: from,
        event: 'placement',
        eventLabel: 'Penempatan deposito',
        reference: 'DEP-LBR',
        deposits: 4,
        lines: [
          { account: '1902', role: 'placementClearing', debit: 725_000_000, credit: 0, productId: 'prd-lbr', memo: 'Penempatan deposito · Deposito Lebaran · 4 deposito' },
          { account: '2101.02', role: 'depositLiability', debit: 0, credit: 725_000_000, productId: 'prd-lbr', memo: 'Penempatan deposito · Deposito Lebaran · 4 deposito' },
        ],
      },
      {
        entryId: `${from.replaceAll('-', '')}-AKR-DEP-LBR`,
        date: from,
        event: 'accrual',
        eventLabel: 'Akrual bunga harian',
        reference: 'DEP-LBR',
        deposits: 0,
        lines: [
          { account: '5101', role: 'interestExpense', debit: 12_989_610, credit: 0, productId: 'prd-lbr', memo: 'Akrual bunga harian · Deposito Lebaran' },
          { account: '2102', role: 'interestPayable', debit: 0, credit: 12_989_610, productId: 'prd-lbr', memo: 'Akrual bunga harian · Deposito Lebaran' },
        ],
      },
    ],
    totals: { debit: 737_989_610, credit: 737_989_610 },
  };
}

/** The journal and its summary for whatever range is asked; files as a small CSV. */
function journalServer(request: SeenRequest): FakeAnswer {
  if (request.path === '/report/journal/summary') return ok(summaryOf(request.query.get('period')!));
  if (request.path === '/report/journal') {
    if (request.query.get('format') === 'csv') return { status: 200, body: 'entryId,tanggal,peristiwa,referensi,akun,debit,kredit,keterangan' };
    const date = request.query.get('date');
    const period = request.query.get('period')!;
    return ok(date ? journalOf(date, date) : journalOf(`${period}-01`, `${period}-31`));
  }
  return ok([]);
}

const asked = (requests: SeenRequest[], path: string) => requests.filter((request) => request.path === path).map((request) => Object.fromEntries(request.query));

describe('Jurnal', () => {
  it('shows a failing check in red with its expected and actual figures, its difference and where it fails; the passing ones in green', async () => {
    const { server } = openStaffScreen('/bank/jurnal?period=2026-10', journalServer);
    const failing = await screen.findByTestId('check-liabilityEqualsPosition', {}, SCREEN_LOAD);
    expect(failing.className).toContain('bj-journal-check--failed');
    const refused = within(failing).getByText('Tidak sesuai');
    expect(refused.className).toContain('bj-status--danger');
    expect(within(failing).getByRole('heading', { name: 'Kewajiban deposito sama dengan Posisi Deposito' })).toBeTruthy();
    expect(failing.textContent).toContain('Posisi DepositoRp 165.925.784.088');
    expect(failing.textContent).toContain('Saldo kewajiban depositoRp 165.900.001.088');
    const difference = within(failing).getByText('-Rp 25.783.000');
    expect(difference.className).toContain('bj-text-danger');
    const where = within(failing).getByText('Deposito Lebaran: posisi Rp 725.000.000, jurnal Rp 699.217.000');
    expect(where.className).toContain('bj-text-danger');
    expect(screen.getByText('1 dari 4 pemeriksaan tidak sesuai.')).toBeTruthy();

    const passing = screen.getByTestId('check-payableEqualsAccrued');
    expect(passing.className).toContain('bj-journal-check--ok');
    expect(within(passing).getByText('Sesuai').className).toContain('bj-status--success');
    expect(within(passing).getByText('Rp 0')).toBeTruthy();
    // The server's date is written as on every screen.
    expect(within(passing).getByText('BYMHD sama dengan bunga berjalan yang belum dibayar per 31-Okt-2026.')).toBeTruthy();

    const liability = screen.getByTestId('account-depositLiability');
    expect([...liability.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Rp 146.042.843.979', 'Rp 4.272.891.832', 'Rp 24.130.048.941', 'Rp 165.900.001.088']);
    const [placement] = await screen.findAllByTestId('journal-entry');
    expect(placement!.textContent).toContain('01-Okt-2026Penempatan depositoDEP-LBR4 deposito20261001-PLC-DEP-LBR');
    expect(within(placement!).getByText('2101.02')).toBeTruthy();
    expect(within(placement!).getByText('Penempatan deposito · Deposito Lebaran · 4 deposito')).toBeTruthy();
    expect(asked(server.requests, '/report/journal/summary')).toEqual([{ period: '2026-10' }]);
    expect(asked(server.requests, '/report/journal')).toEqual([{ period: '2026-10' }]);
  });

  it('keeps the month or the day in the URL and asks the server for it; downloads ask the same range', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:jurnal');
    URL.revokeObjectURL = vi.fn();
    const { server, router } = openStaffScreen('/bank/jurnal', journalServer);
    const month = (await screen.findByRole('combobox', { name: 'Bulan' }, SCREEN_LOAD)) as HTMLSelectElement;
    // This month by default, asked of the server while the URL stays bare.
    expect(month.value).toBe('2026-11');
    expect(month.options[0]!.textContent).toBe('November 2026 (berjalan)');
    await screen.findByText(/Bulan berjalan: November 2026 sampai hari ini \(10-Nov-2026\)/);
    await waitFor(() => expect(asked(server.requests, '/report/journal')).toEqual([{ period: '2026-11' }]));
    expect(router.state.location.search).toBe('');

    fireEvent.change(month, { target: { value: '2026-09' } });
    expect(router.state.location.search).toBe('?period=2026-09');
    await waitFor(() => expect(asked(server.requests, '/report/journal').at(-1)).toEqual({ period: '2026-09' }));
    await waitFor(() => expect(asked(server.requests, '/report/journal/summary').at(-1)).toEqual({ period: '2026-09' }));
    await screen.findByRole('heading', { name: 'Pemeriksaan September 2026' });

    // A day: the chosen month's last day first, then the day typed.
    fireEvent.click(screen.getByRole('radio', { name: 'Satu hari' }));
    expect(router.state.location.search).toBe('?date=2026-09-30');
    await waitFor(() => expect(asked(server.requests, '/report/journal').at(-1)).toEqual({ date: '2026-09-30' }));
    const day = screen.getByLabelText('Tanggal');
    expect(day).toHaveProperty('value', '30-Sep-2026');
    fireEvent.change(day, { target: { value: '15-09-2026' } });
    expect(router.state.location.search).toBe('?date=2026-09-15');
    await waitFor(() => expect(asked(server.requests, '/report/journal').at(-1)).toEqual({ date: '2026-09-15' }));
    expect(await screen.findByText(/^2 entri, 15-Sep-2026 · debit Rp 737\.989\.610/)).toBeTruthy();
    // A day has no checks of its own: they are the month's.
    expect(asked(server.requests, '/report/journal/summary')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: /^Pemeriksaan September/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Pemeriksaan dan saldo akun dihitung per bulan.' })).toBeTruthy();

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Unduh CSV rincian' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(asked(server.requests, '/report/journal').at(-1)).toEqual({ date: '2026-09-15', format: 'csv', detail: 'true' });

    fireEvent.click(screen.getByRole('button', { name: 'Lihat pemeriksaan September 2026' }));
    expect(router.state.location.search).toBe('?period=2026-09');
    expect(await screen.findByRole('heading', { name: 'Pemeriksaan September 2026' })).toBeTruthy();
  });
});

const PRODUCTS = [
  { id: 'prd-reg', name: 'Deposito Berjangka' },
  { id: 'prd-lbr', name: 'Deposito Lebaran' },
];
const ROLES: AccountingSettings['roles'] = [
  { role: 'depositLiability', label: 'Kewajiban deposito', account: 'depositLiability', mapped: false },
  { role: 'interestExpense', label: 'Beban bunga', account: 'interestExpense', mapped: false },
  { role: 'interestPayable', label: 'Bunga yang masih harus dibayar (BYMHD)', account: 'interestPayable', mapped: false },
  { role: 'taxPayable', label: 'Utang PPh 4(2)', account: 'taxPayable', mapped: false },
  { role: 'penaltyIncome', label: 'Pendapatan penalti', account: 'penaltyIncome', mapped: false },
  { role: 'payoutClearing', label: 'Kliring pembayaran', account: 'payoutClearing', mapped: false },
  { role: 'placementClearing', label: 'Kliring penempatan', account: 'placementClearing', mapped: false },
];
const UNSET: AccountingSettings = { accounts: {}, byProduct: {}, roles: ROLES, products: PRODUCTS, updatedAt: null, updatedBy: null };
const MAPPED: AccountingSettings = {
  accounts: { depositLiability: '2101', interestPayable: '2102' },
  byProduct: { 'prd-lbr': { depositLiability: '2101.02' } },
  roles: ROLES.map((role) => (role.role === 'depositLiability' ? { ...role, account: '2101', mapped: true } : role.role === 'interestPayable' ? { ...role, account: '2102', mapped: true } : role)),
  products: PRODUCTS,
  updatedAt: '2026-11-09T04:30:00.000Z',
  updatedBy: { id: 'usr-admin', name: 'Admin Demo' },
};

const SETTINGS = '/bpr/accounting-settings';
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Simpan pemetaan' }));

describe('Pemetaan Akun', () => {
  it('an admin sends the codes given, trimmed, leaving the empty ones out, and sees every problem of the server’s 400; then saves', async () => {
    const problems = [
      'Kode akun "2101" dipakai untuk Kewajiban deposito produk "prd-lbr" dan Beban bunga: jurnal yang mendebit dan mengkredit akun yang sama menyembunyikan mutasinya.',
      'Produk "prd-old" pada pemetaan per produk tidak dikenal.',
      'Kode akun untuk Utang PPh 4(2) kosong.',
    ];
    let puts = 0;
    const { server, toasts } = openStaffScreen(
      '/bank/pemetaan-akun',
      (request) => {
        if (request.method === 'GET' && request.path === SETTINGS) return ok(UNSET);
        if (request.method === 'PUT' && request.path === SETTINGS) {
          puts += 1;
          return puts === 1 ? { status: 400, body: { statusCode: 400, message: problems, error: 'Bad Request' } } : ok(MAPPED);
        }
        return ok([]);
      },
      ADMIN,
    );
    const liability = await screen.findByLabelText('Kewajiban deposito', {}, SCREEN_LOAD);
    expect(screen.getByText('Kosong: jurnal memakai nama peran depositLiability.')).toBeTruthy();
    expect(screen.getByTestId('mapping-last-change').textContent).toBe('Belum pernah diatur: jurnal memakai nama peran sebagai kode akun.');
    fireEvent.change(liability, { target: { value: ' 2101 ' } });
    fireEvent.change(screen.getByLabelText('Bunga yang masih harus dibayar (BYMHD)'), { target: { value: '2102' } });
    fireEvent.change(screen.getByLabelText('Kliring penempatan'), { target: { value: '1.902/01' } });
    const ownLiability = screen.getByLabelText('Kewajiban deposito Deposito Lebaran');
    // A product's field shows the bank's code it falls back to.
    expect(ownLiability.getAttribute('placeholder')).toBe('2101');
    fireEvent.change(ownLiability, { target: { value: '2101.02' } });
    save();

    const box = await screen.findByText('Pemetaan akun belum dapat disimpan:');
    const listed = within(box.closest('[role="alert"]') as HTMLElement).getAllByRole('listitem').map((item) => item.textContent);
    expect(listed).toEqual(problems);
    const [first] = server.writes();
    expect(first).toMatchObject({ method: 'PUT', path: SETTINGS });
    expect(first!.body).toEqual({ accounts: { depositLiability: '2101', interestPayable: '2102', placementClearing: '1.902/01' }, byProduct: { 'prd-lbr': { depositLiability: '2101.02' } } });
    expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(toasts.at(-1)?.type).toBe('error');

    fireEvent.change(screen.getByLabelText('Kliring penempatan'), { target: { value: '' } });
    save();
    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Pemetaan akun disimpan.' }));
    expect(server.writes()[1]!.body).toEqual({ accounts: { depositLiability: '2101', interestPayable: '2102' }, byProduct: { 'prd-lbr': { depositLiability: '2101.02' } } });
    expect(await screen.findByText('Terakhir diubah oleh Admin Demo, 09-Nov-2026 11.30 WIB.')).toBeTruthy();
    expect(screen.queryByText('Pemetaan akun belum dapat disimpan:')).toBeNull();
  });

  it('names a code two roles share, by the server’s rule and the product’s name, and sends nothing', async () => {
    const { server } = openStaffScreen('/bank/pemetaan-akun', (request) => (request.path === SETTINGS ? ok(UNSET) : ok([])), ADMIN);
    fireEvent.change(await screen.findByLabelText('Beban bunga', {}, SCREEN_LOAD), { target: { value: '5101' } });
    fireEvent.change(screen.getByLabelText('Kewajiban deposito Deposito Berjangka'), { target: { value: '5101' } });
    save();
    const box = await screen.findByText('Pemetaan akun belum dapat disimpan:');
    expect(within(box.closest('[role="alert"]') as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Kode akun "5101" dipakai untuk Kewajiban deposito produk "Deposito Berjangka" dan Beban bunga: jurnal yang mendebit dan mengkredit akun yang sama menyembunyikan mutasinya.',
    ]);
    expect(server.writes()).toEqual([]);
  });

  it('an operator reads the codes, what is unmapped and who changed it last, with nothing to type or save', async () => {
    const { server } = openStaffScreen('/bank/pemetaan-akun', (request) => (request.path === SETTINGS ? ok(MAPPED) : ok([])));
    expect(await screen.findByText('Hanya Admin yang dapat mengubah pemetaan akun.', {}, SCREEN_LOAD)).toBeTruthy();
    const roles = within((await screen.findByRole('heading', { name: 'Akun bank' }, SCREEN_LOAD)).closest('section') as HTMLElement);
    expect(roles.getByText('2101')).toBeTruthy();
    expect(roles.getByText('Belum dipetakan: jurnal memakai taxPayable')).toBeTruthy();
    const products = within(screen.getByRole('table', { name: 'Akun per produk' }));
    expect(products.getAllByRole('row').map((row) => row.textContent)).toEqual(['ProdukKewajiban depositoBeban bunga', 'Deposito Lebaran2101.02akun bank (interestExpense)']);
    expect(screen.getByTestId('mapping-last-change').textContent).toBe('Terakhir diubah oleh Admin Demo, 09-Nov-2026 11.30 WIB.');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simpan pemetaan' })).toBeNull();
    expect(server.writes()).toEqual([]);
  });
});
