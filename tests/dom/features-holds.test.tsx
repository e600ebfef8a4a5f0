/**
 * Holds (blokir), issue 21, in the SPA: a supervisor places one from the deposit's Blokir tab
 * (a multipart form, every 400 sentence shown beside its field or above the form), each hold
 * offers exactly the buttons its `allowedEvents` name, and the Blokir list keeps its status,
 * reason and search in the URL and the request.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { CustomerDetail } from '@src/lib/customers-api';
import type { Hold } from '@src/lib/holds-api';
import { timelineDetail } from '@src/features/deposits/timeline-detail';
import { deposit } from './support/deposit-fixture';
import { chooseFile, pdf } from './support/files';
import { ok, page, type SeenRequest } from './support/fake-bpr-server';
import { OPERATOR, openStaffScreen, SCREEN_LOAD } from './support/staff-screen';

const SUPERVISOR: User = { ...OPERATOR, id: 'usr-sv', name: 'Supervisor Demo', email: 'supervisor@bpr-demo.test', role: 'SUPERVISOR' };

function hold(overrides: Partial<Hold> = {}): Hold {
  return {
    id: 'hld-1',
    depositId: 'dep-1',
    depositNumber: 'DEP-DS-2611-0001',
    customerName: 'Maya Wijaya',
    bilyetNumber: null,
    reason: 'COLLATERAL',
    reasonLabel: 'Agunan kredit',
    reference: 'KR-2026-0113',
    label: 'agunan kredit KR-2026-0113',
    letterDate: '2026-11-02',
    until: null,
    stopInterestPayout: false,
    note: null,
    letterFileId: null,
    status: 'active',
    statusLabel: 'Aktif',
    placedBy: { id: 'usr-sv', name: 'Supervisor Demo' },
    placedAt: '2026-11-03T02:00:00.000Z',
    releaseRequest: null,
    releasedBy: null,
    releasedAt: null,
    allowedEvents: [],
    version: 1,
    ...overrides,
  };
}

const detailReads = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'GET' && request.path === '/deposito/dep-1').length;

describe('Pasang Blokir on the deposit page', () => {
  it('sends every field as multipart with a key, the letter as its file; the deposit is read again', async () => {
    const { server } = openStaffScreen(
      '/deposito/dep-1?tab=holds',
      (request) => {
        if (request.method === 'POST' && request.path === '/deposito/hold') return { status: 201, body: { statusCode: 201, message: 'OK', data: hold() } };
        if (request.path === '/deposito/dep-1') return ok(deposit());
        return ok([]);
      },
      SUPERVISOR,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pasang Blokir' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: /Pasang Blokir/ });
    fireEvent.change(within(dialog).getByLabelText(/^Alasan blokir/), { target: { value: 'COLLATERAL' } });
    fireEvent.change(within(dialog).getByLabelText(/^Nomor referensi/), { target: { value: ' KR-2026-0113 ' } });
    fireEvent.change(within(dialog).getByLabelText('Tanggal surat'), { target: { value: '02-11-2026' } });
    fireEvent.change(within(dialog).getByLabelText('Berlaku sampai'), { target: { value: '31-Des-2026' } });
    fireEvent.click(within(dialog).getByLabelText('Hentikan pembayaran bunga'));
    fireEvent.change(within(dialog).getByLabelText('Catatan'), { target: { value: 'Perjanjian kredit modal kerja' } });
    chooseFile('Surat blokir', pdf('surat-kredit.pdf', 128), dialog);
    const reads = detailReads(server.requests);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pasang Blokir' }));

    await vi.waitFor(() => expect(server.writes().map((request) => request.path)).toEqual(['/deposito/hold']));
    const [post] = server.writes();
    expect(post!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(post!.body).toEqual({
      depositId: 'dep-1',
      reason: 'COLLATERAL',
      reference: 'KR-2026-0113',
      letterDate: '2026-11-02',
      until: '2026-12-31',
      stopInterestPayout: 'true',
      note: 'Perjanjian kredit modal kerja',
      file: 'file:surat-kredit.pdf:128',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Pasang Blokir/ })).toBeNull());
    await vi.waitFor(() => expect(detailReads(server.requests)).toBe(reads + 1));
  });

  it('leaves the optional fields out and says the flag is off when nothing optional was filled in', async () => {
    const { server } = openStaffScreen(
      '/deposito/dep-1?tab=holds',
      (request) => {
        if (request.method === 'POST') return { status: 201, body: { statusCode: 201, message: 'OK', data: hold({ reason: 'LEGAL' }) } };
        return request.path === '/deposito/dep-1' ? ok(deposit()) : ok([]);
      },
      SUPERVISOR,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pasang Blokir' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: /Pasang Blokir/ });
    fireEvent.change(within(dialog).getByLabelText(/^Alasan blokir/), { target: { value: 'LEGAL' } });
    fireEvent.change(within(dialog).getByLabelText(/^Nomor referensi/), { target: { value: 'PN-12/2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pasang Blokir' }));
    await vi.waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.body).toEqual({ depositId: 'dep-1', reason: 'LEGAL', reference: 'PN-12/2026', stopInterestPayout: 'false' });
  });

  it("a 400 lists every sentence once: a field's beside that field, the rest above the form, which takes the focus; the dialog keeps what was typed", async () => {
    const messages = [
      'Nomor referensi blokir hanya boleh berisi huruf, angka, spasi dan tanda baca.',
      'Tanggal harus berformat YYYY-MM-DD.',
      'Tanggal harus berformat YYYY-MM-DD.',
      'Surat blokir "surat.pdf" rusak atau bukan berkas PDF yang utuh.',
    ];
    const { server, toasts } = openStaffScreen(
      '/deposito/dep-1?tab=holds',
      (request) => {
        if (request.method === 'POST') return { status: 400, body: { statusCode: 400, message: messages, error: 'Bad Request' } };
        return request.path === '/deposito/dep-1' ? ok(deposit()) : ok([]);
      },
      SUPERVISOR,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pasang Blokir' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: /Pasang Blokir/ });
    fireEvent.change(within(dialog).getByLabelText(/^Alasan blokir/), { target: { value: 'COLLATERAL' } });
    fireEvent.change(within(dialog).getByLabelText(/^Nomor referensi/), { target: { value: 'KR-2026-0113' } });
    chooseFile('Surat blokir', pdf('surat.pdf'), dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pasang Blokir' }));

    const summary = await within(dialog).findByText('Periksa isian berikut');
    const summaryBox = summary.closest('.bj-form__full') as HTMLElement;
    expect([...summaryBox.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Tanggal harus berformat YYYY-MM-DD.']);
    await waitFor(() => expect(document.activeElement).toBe(summaryBox));

    const reference = within(dialog).getByLabelText(/^Nomor referensi/) as HTMLInputElement;
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    const referenceProblem = document.getElementById(reference.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(referenceProblem?.textContent).toBe(messages[0]);
    expect(reference.value).toBe('KR-2026-0113');

    const file = within(dialog).getByLabelText(/^Surat blokir/);
    expect(file.getAttribute('aria-invalid')).toBe('true');
    expect(within(file.closest('.bj-field') as HTMLElement).getByRole('alert').textContent).toBe(messages[3]);

    expect(screen.getByRole('dialog', { name: /Pasang Blokir/ })).toBeTruthy();
    expect(server.writes()).toHaveLength(1);
    expect(toasts.at(-1)).toEqual({ type: 'error', title: messages.join(',') });
  });

  it('a 409 is shown above the form, not as a form error', async () => {
    openStaffScreen(
      '/deposito/dep-1?tab=holds',
      (request) => {
        if (request.method === 'POST') return { status: 409, body: { statusCode: 409, message: 'Deposito ini sudah diblokir: agunan kredit KR-2026-0113.', error: 'Conflict' } };
        return request.path === '/deposito/dep-1' ? ok(deposit()) : ok([]);
      },
      SUPERVISOR,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pasang Blokir' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: /Pasang Blokir/ });
    fireEvent.change(within(dialog).getByLabelText(/^Alasan blokir/), { target: { value: 'COLLATERAL' } });
    fireEvent.change(within(dialog).getByLabelText(/^Nomor referensi/), { target: { value: 'KR-2026-0113' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pasang Blokir' }));
    const summary = (await within(dialog).findByText('Blokir belum dipasang')).closest('.bj-form__full') as HTMLElement;
    expect(summary.textContent).toContain('Deposito ini sudah diblokir: agunan kredit KR-2026-0113.');
  });

  it('nothing is sent while the reason or the reference is missing; both problems show at once', async () => {
    const { server } = openStaffScreen('/deposito/dep-1?tab=holds', (request) => (request.path === '/deposito/dep-1' ? ok(deposit()) : ok([])), SUPERVISOR);
    fireEvent.click(await screen.findByRole('button', { name: 'Pasang Blokir' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: /Pasang Blokir/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pasang Blokir' }));
    await within(dialog).findByText('Pilih alasan blokir.');
    expect(within(dialog).getByText('Nomor referensi blokir wajib diisi.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Alasan blokir/)));
    expect(server.writes()).toEqual([]);
  });

  it('an operator gets no "Pasang Blokir"', async () => {
    openStaffScreen('/deposito/dep-1?tab=holds', (request) => (request.path === '/deposito/dep-1' ? ok(deposit()) : ok([])));
    await screen.findByText('Deposito ini tidak pernah diblokir.', undefined, SCREEN_LOAD);
    expect(screen.queryByRole('button', { name: 'Pasang Blokir' })).toBeNull();
  });

  it('a supervisor on a closed deposit gets no "Pasang Blokir"', async () => {
    openStaffScreen('/deposito/dep-1?tab=holds', (request) => (request.path === '/deposito/dep-1' ? ok(deposit({ status: 'closed', statusLabel: 'Selesai' })) : ok([])), SUPERVISOR);
    await screen.findByText('Deposito ini tidak pernah diblokir.', undefined, SCREEN_LOAD);
    expect(screen.queryByRole('button', { name: 'Pasang Blokir' })).toBeNull();
  });
});

describe("the deposit's holds", () => {
  const held = deposit({
    held: true,
    holdLabel: 'agunan kredit KR-2026-0113',
    holds: [
      hold({
        id: 'hld-3',
        reason: 'LEGAL',
        reasonLabel: 'Perintah hukum (pengadilan, kepolisian, PPATK)',
        reference: 'PN-12/2026',
        label: 'perintah hukum PN-12/2026',
        status: 'releaseRequested',
        statusLabel: 'Menunggu Persetujuan Pelepasan',
        stopInterestPayout: true,
        releaseRequest: { by: { id: 'usr-op', name: 'Operator Demo' }, at: '2026-11-09T03:00:00.000Z', reason: 'Perkara selesai' },
        allowedEvents: ['hold.rejectRelease'],
      }),
      hold({ id: 'hld-2', allowedEvents: ['hold.requestRelease'], letterFileId: 'fil-1' }),
      hold({ id: 'hld-1', reference: 'KR-2025-0001', label: 'agunan kredit KR-2025-0001', status: 'released', statusLabel: 'Dilepas', until: '2026-10-01', releasedAt: '2026-10-01T17:05:00.000Z' }),
    ],
  });

  it('shows each hold with only the buttons its allowedEvents offer', async () => {
    openStaffScreen('/deposito/dep-1?tab=holds', (request) => (request.path === '/deposito/dep-1' ? ok(held) : ok([])), SUPERVISOR);
    const cards = await screen.findAllByTestId('hold', undefined, SCREEN_LOAD);
    const buttonsOf = (card: HTMLElement) => within(card).queryAllByRole('button').map((button) => button.textContent);
    expect(cards.map(buttonsOf)).toEqual([['Tolak Pelepasan'], ['Unduh surat', 'Ajukan Pelepasan'], []]);
    expect(screen.queryByRole('button', { name: 'Setujui Pelepasan' })).toBeNull();
  });

  it('says who asked for a release and why, and that a hold with no releaser ended by itself', async () => {
    openStaffScreen('/deposito/dep-1?tab=holds', (request) => (request.path === '/deposito/dep-1' ? ok(held) : ok([])), SUPERVISOR);
    const [requested, , ended] = await screen.findAllByTestId('hold', undefined, SCREEN_LOAD);
    expect(requested!.textContent).toContain('Operator Demo · 09-Nov-2026 10.00 WIB · Alasan: Perkara selesai');
    expect(requested!.textContent).toContain('Dihentikan selama blokir');
    expect(ended!.textContent).toContain('Berakhir otomatis · 02-Okt-2026 00.05 WIB');
  });

  it('puts the "Diblokir" badge by the status with the hold the refusals name (the detail\'s holdLabel), and counts the holds in force on the tab', async () => {
    openStaffScreen('/deposito/dep-1', (request) => (request.path === '/deposito/dep-1' ? ok(held) : ok([])), SUPERVISOR);
    const header = await screen.findByRole('region', { name: 'Ringkasan deposito' }, SCREEN_LOAD);
    expect(within(header).getByText('Diblokir: agunan kredit KR-2026-0113')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Blokir/ }).textContent).toBe('Blokir2');
  });

  it('names the hold in the timeline: placed with its terms, a release asked for with its reason', () => {
    expect(timelineDetail({ event: 'hold.place', payload: { holdId: 'h', label: 'agunan kredit KR-2026-0113', until: '2026-12-31', stopInterestPayout: true } })).toBe(
      'Blokir: agunan kredit KR-2026-0113, berlaku sampai 31-Des-2026, pembayaran bunga dihentikan',
    );
    expect(timelineDetail({ event: 'hold.place', payload: { holdId: 'h', label: 'agunan kredit KR-2026-0113', until: null, stopInterestPayout: false } })).toBe('Blokir: agunan kredit KR-2026-0113');
    expect(timelineDetail({ event: 'hold.requestRelease', payload: { holdId: 'h', label: 'agunan kredit KR-2026-0113', reason: 'Kredit lunas' } })).toBe(
      'Blokir: agunan kredit KR-2026-0113 · Alasan: Kredit lunas',
    );
  });

  it('a release asked for with its reason goes to the hold with a key; the deposit is read again', async () => {
    const { server } = openStaffScreen(
      '/deposito/dep-1?tab=holds',
      (request) => {
        if (request.method === 'POST') return { status: 202, body: { statusCode: 202, message: 'OK', data: hold({ status: 'releaseRequested' }) } };
        return request.path === '/deposito/dep-1' ? ok(held) : ok([]);
      },
      SUPERVISOR,
    );
    const opener = await screen.findByRole('button', { name: 'Ajukan Pelepasan' }, SCREEN_LOAD);
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: /Ajukan Pelepasan Blokir/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajukan Pelepasan' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Alasan pelepasan wajib diisi.');
    expect(server.writes()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/^Alasan pelepasan/), { target: { value: 'Kredit lunas' } });
    const reads = detailReads(server.requests);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajukan Pelepasan' }));
    await vi.waitFor(() => expect(server.writes().map((request) => [request.path, request.body])).toEqual([['/deposito/hold/hld-2/release', { reason: 'Kredit lunas' }]]));
    expect(server.writes()[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() => expect(detailReads(server.requests)).toBe(reads + 1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the Blokir list', () => {
  it("puts the status tab, the reason and the search in the URL and the list's query, back on page 1", async () => {
    const { server, router } = openStaffScreen('/deposito/blokir?page=3', (request) => (request.path === '/deposito/holds' ? page([hold()]) : ok([])), SUPERVISOR);
    const lastList = () => server.requests.filter((request) => request.path === '/deposito/holds').at(-1)!.query;
    await screen.findByRole('heading', { name: 'Blokir', level: 1 }, SCREEN_LOAD);
    await vi.waitFor(() => expect(Object.fromEntries(lastList())).toEqual({ status: 'active', page: '3', limit: '20' }));

    fireEvent.click(screen.getByRole('tab', { name: 'Menunggu Persetujuan Pelepasan' }));
    await vi.waitFor(() => expect(Object.fromEntries(lastList())).toEqual({ status: 'releaseRequested', page: '1', limit: '20' }));

    const filters = screen.getByRole('search', { name: 'Saring blokir' });
    fireEvent.change(within(filters).getByLabelText('Cari'), { target: { value: ' KR-2026 ' } });
    fireEvent.change(within(filters).getByLabelText('Alasan'), { target: { value: 'COLLATERAL' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Terapkan' }));
    await vi.waitFor(() => expect(Object.fromEntries(lastList())).toEqual({ status: 'releaseRequested', reason: 'COLLATERAL', q: 'KR-2026', page: '1', limit: '20' }));
    expect(router.state.location.search).toBe('?status=releaseRequested&reason=COLLATERAL&q=KR-2026');

    fireEvent.click(screen.getByRole('tab', { name: 'Semua' }));
    await vi.waitFor(() => expect(Object.fromEntries(lastList())).toEqual({ reason: 'COLLATERAL', q: 'KR-2026', page: '1', limit: '20' }));
  });

  it('shows on each status tab how many holds the reason and words match, and their sum on "Semua"', async () => {
    openStaffScreen('/deposito/blokir', (request) => (request.path === '/deposito/holds' ? page([hold()], { counts: { active: 4, releaseRequested: 1, released: 12 } }) : ok([])), SUPERVISOR);
    await screen.findByRole('heading', { name: 'Blokir', level: 1 }, SCREEN_LOAD);
    await vi.waitFor(() => expect(screen.getByTestId('tab-count-active').textContent).toBe('4'));
    expect(screen.getByTestId('tab-count-releaseRequested').textContent).toBe('1');
    expect(screen.getByTestId('tab-count-released').textContent).toBe('12');
    expect(screen.getByTestId('tab-count-all').textContent).toBe('17');
  });

  it('approves a release from its row when allowedEvents offers it, and reads the list again', async () => {
    const requested = hold({
      status: 'releaseRequested',
      statusLabel: 'Menunggu Persetujuan Pelepasan',
      releaseRequest: { by: { id: 'usr-op', name: 'Operator Demo' }, at: '2026-11-09T03:00:00.000Z', reason: 'Kredit lunas' },
      allowedEvents: ['hold.approveRelease', 'hold.rejectRelease'],
    });
    const { server } = openStaffScreen(
      '/deposito/blokir?status=releaseRequested',
      (request) => {
        if (request.method === 'POST') return ok({ ...requested, status: 'released', allowedEvents: [] });
        return request.path === '/deposito/holds' ? page([requested, hold({ id: 'hld-9', depositNumber: 'DEP-DS-2611-0009' })]) : ok([]);
      },
      SUPERVISOR,
    );
    const table = await screen.findByRole('table', undefined, SCREEN_LOAD);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Setujui Pelepasan', 'Tolak Pelepasan']);
    expect(within(second!).queryAllByRole('button')).toEqual([]);
    expect(within(first!).getByRole('link', { name: 'DEP-DS-2611-0001' }).getAttribute('href')).toBe('/deposito/dep-1');

    const lists = server.requests.filter((request) => request.path === '/deposito/holds').length;
    fireEvent.click(within(first!).getByRole('button', { name: 'Setujui Pelepasan' }));
    const dialog = await screen.findByRole('dialog', { name: /Setujui Pelepasan Blokir/ });
    expect(within(dialog).getByTestId('hold-release-request').textContent).toBe('Diajukan oleh Operator Demo pada 09-Nov-2026 10.00 WIB: Kredit lunas');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Setujui Pelepasan' }));
    await vi.waitFor(() => expect(server.writes().map((request) => [request.path, request.body])).toEqual([['/deposito/hold/hld-1/approve-release', null]]));
    await vi.waitFor(() => expect(server.requests.filter((request) => request.path === '/deposito/holds').length).toBe(lists + 1));
  });

  it('a refused approval stays in the dialog with the server’s words', async () => {
    const requested = hold({ status: 'releaseRequested', statusLabel: 'Menunggu Persetujuan Pelepasan', allowedEvents: ['hold.approveRelease'] });
    openStaffScreen(
      '/deposito/blokir?status=releaseRequested',
      (request) => {
        if (request.method === 'POST') return { status: 403, body: { statusCode: 403, message: 'Pelepasan blokir harus disetujui oleh supervisor lain, bukan pengajunya.', error: 'Forbidden' } };
        return request.path === '/deposito/holds' ? page([requested]) : ok([]);
      },
      SUPERVISOR,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Setujui Pelepasan' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: /Setujui Pelepasan Blokir/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Setujui Pelepasan' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Pelepasan blokir harus disetujui oleh supervisor lain, bukan pengajunya.');
  });
});

describe('the "Diblokir" badge in lists', () => {
  it('marks a held row of Daftar Deposito, and only that one', async () => {
    const rows = [
      { ...deposit(), held: true },
      { ...deposit({ id: 'dep-2', depositNumber: 'DEP-DS-2611-0002' }), held: false },
    ];
    openStaffScreen('/deposito', (request) => {
      if (request.path === '/invoice/all-deposito') return page(rows);
      if (request.path === '/invoice/list-count-all-deposito') return ok({ total: 2, counts: {} });
      return ok([]);
    });
    const table = await screen.findByRole('table', undefined, SCREEN_LOAD);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Diblokir')).toBeTruthy();
    expect(within(second!).queryByText('Diblokir')).toBeNull();
  });

  it("marks a held deposit on the customer's page", async () => {
    const { timeline: _t, holds: _h, ...summary } = deposit();
    const customer: CustomerDetail = {
      id: 'cus-1', type: 'INDIVIDUAL', name: 'Maya Wijaya', nik: '3201010101010001', phone: null, email: null, address: null, rtRw: null, provinceId: null, cityId: null,
      districtId: null, villageId: null, zipCode: null, npwp: null, birthPlace: null, birthDate: null, gender: null, motherMaidenName: null, occupation: null, sourceOfFunds: null,
      accountPurpose: null, legalForm: null, nib: null, establishedOn: null, representatives: [], riskLevel: 'LOW', version: 1, payoutAccount: null,
      totalActivePrincipal: 20_000_000, depositCount: 2, guaranteedAmount: 20_000_000, unguaranteedAmount: 0, documents: [], changeRequests: [],
      deposits: [
        { ...summary, held: true },
        { ...summary, id: 'dep-2', depositNumber: 'DEP-DS-2611-0002', held: false },
      ],
    };
    openStaffScreen('/nasabah/cus-1', (request) => (request.path === '/bpr/customers/cus-1' ? ok(customer) : ok([])));
    const held = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' }, SCREEN_LOAD)).closest('tr')!;
    const free = screen.getByRole('link', { name: 'DEP-DS-2611-0002' }).closest('tr')!;
    expect(within(held).getByText('Diblokir')).toBeTruthy();
    expect(within(free).queryByText('Diblokir')).toBeNull();
  });
});
