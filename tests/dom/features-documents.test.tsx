/**
 * The bilyet's journey on screen (issue 9): Proses Dokumen's work queue with a tab per step and
 * its count, the tab kept in the URL, each row's action sending the API's multipart fields with an
 * Idempotency-Key; the deposit detail's Dokumen, Pengiriman and Tanda Tangan tabs; Beranda's
 * document counts. The real API client talks to a fake server that keeps the server's key rules.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { AppActors } from '@src/app/actors';
import type { DepositSummary } from '@src/lib/deposit-api';
import type { DocumentAnswer, ShipmentAnswer, SignatureRequestAnswer } from '@src/lib/documents-api';
import { deposit } from './support/deposit-fixture';
import { chooseFile, pdf } from './support/files';
import { fakeBprServer, ok, page, refused, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openApp, type Toast } from './support/open-app';

const operator: User = {
  id: 'usr-op',
  name: 'Operator Demo',
  email: 'operator@bpr-demo.test',
  phone: null,
  role: 'OPERATOR',
  bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null },
};

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

function openAs(path: string, answer: (request: SeenRequest) => FakeAnswer) {
  const server = fakeBprServer((request) => answer(request));
  vi.stubGlobal('fetch', server.fetch);
  const opened = openApp(path, { user: operator });
  running = opened.app;
  return { ...opened, server };
}

/** The first screen of a run loads its code on demand, which takes a while on a busy machine. */
const SCREEN_LOAD = { timeout: 10_000 };


async function lastToast(toasts: Toast[], expected: Toast) {
  await waitFor(() => expect(toasts.at(-1)).toEqual(expected));
}

const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

const COUNTS = { upload: 3, ship: 2, transit: 1, receive: 0, sign: 4, return: 0 };

function summary(overrides: Partial<DepositSummary> = {}): DepositSummary {
  const { customerTotalPrincipal: _t, periods: _p, installments: _i, disbursements: _d, timeline: _l, allowedEvents: _a, blockedEvents: _b, shipments: _s, today: _y, ...rest } = deposit();
  return { ...rest, customer: { id: 'cus-1', name: 'Maya Wijaya', nik: '3201010101010001' }, product: { id: 'prd-1', name: 'Deposito Berjangka' }, bilyet: { status: 'none', number: null }, ...overrides };
}

const workQueue = (rows: DepositSummary[]) => (request: SeenRequest): FakeAnswer =>
  request.path === '/bpr/list-proses-deposito' ? page(rows, { counts: COUNTS }) : ok([]);

describe('Proses Dokumen', () => {
  it('shows one tab per step with its count, and switching the tab puts its step in the URL and asks for that step', async () => {
    const { router, server } = openAs('/deposito/proses', workQueue([summary({ bilyet: { status: 'issued', number: 'BLT-1' } })]));
    const tabs = await screen.findByRole('tablist', { name: 'Tahap proses dokumen' }, SCREEN_LOAD);
    await waitFor(() => expect(within(tabs).getByTestId('tab-count-sign').textContent).toBe('4'));
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Cetak & unggah bilyet3',
      'Perlu dikirim2',
      'Dalam pengiriman1',
      'Perlu dicatat diterima0',
      'Menunggu tanda tangan4',
      'Bilyet perlu kembali0',
    ]);
    expect(server.requests.find((request) => request.path === '/bpr/list-proses-deposito')?.query.get('step')).toBe('upload');

    fireEvent.click(within(tabs).getByRole('tab', { name: /^Perlu dikirim/ }));
    await waitFor(() => expect(search(router).get('step')).toBe('ship'));
    await waitFor(() => expect(server.requests.filter((request) => request.path === '/bpr/list-proses-deposito').at(-1)?.query.get('step')).toBe('ship'));
    expect(within(tabs).getByRole('tab', { name: /^Perlu dikirim/ }).getAttribute('aria-selected')).toBe('true');
    // Each row offers its step's actions in place.
    const row = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' })).closest('tr')!;
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Pesan JNE', 'Catat resi', 'Serahkan di kantor']);
  });

  it('a tab opened from a link (?step=sign) is the selected one after a reload, and its rows lead to the signatures', async () => {
    openAs('/deposito/proses?step=sign', workQueue([summary({ signatureStatus: 'sent' })]));
    const tab = await screen.findByRole('tab', { name: /^Menunggu tanda tangan/ }, SCREEN_LOAD);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const link = await screen.findByRole('link', { name: 'Lihat tanda tangan' });
    expect(link.getAttribute('href')).toBe('/deposito/dep-1?tab=signatures');
  });

  it('"Unggah bilyet" sends depositId, bilyetNumber and the scan as multipart with an Idempotency-Key, then refreshes the list and counts', async () => {
    const { server, toasts } = openAs('/deposito/proses', (request) => {
      if (request.method === 'POST') return ok(deposit({ bilyet: { ...deposit().bilyet, status: 'issued', number: 'BLT-0001' } }));
      return workQueue([summary()])(request);
    });
    const row = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' }, SCREEN_LOAD)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Unggah bilyet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unggah bilyet · DEP-DS-2611-0001' });
    fireEvent.change(within(dialog).getByLabelText(/^Nomor bilyet/), { target: { value: 'BLT-0001' } });
    chooseFile('Pindaian bilyet', pdf('bilyet-0001.pdf'), dialog);
    const listsBefore = server.requests.filter((request) => request.path === '/bpr/list-proses-deposito').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unggah bilyet' }));

    await lastToast(toasts, { type: 'success', title: 'Bilyet diterbitkan.' });
    const [upload] = server.writes();
    expect(upload!.path).toBe('/deposito/upload-bilyet');
    expect(upload!.body).toEqual({ depositId: 'dep-1', bilyetNumber: 'BLT-0001', file: 'file:bilyet-0001.pdf:64' });
    expect(upload!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(server.requests.filter((request) => request.path === '/bpr/list-proses-deposito').length).toBe(listsBefore + 1));
    expect(screen.queryByRole('dialog', { name: 'Unggah bilyet · DEP-DS-2611-0001' })).toBeNull();
  });

  it("a bilyet number already used (409) shows the server's message and keeps the dialog open to fix the number", async () => {
    const TAKEN = 'Nomor bilyet BLT-0001 sudah dipakai bilyet lain di bank ini.';
    const { server, toasts } = openAs('/deposito/proses', (request) => {
      if (request.method === 'POST') {
        const { bilyetNumber } = request.body as { bilyetNumber: string };
        return bilyetNumber === 'BLT-0001' ? refused(409, TAKEN) : ok(deposit());
      }
      return workQueue([summary()])(request);
    });
    const row = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' }, SCREEN_LOAD)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Unggah bilyet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unggah bilyet · DEP-DS-2611-0001' });
    fireEvent.change(within(dialog).getByLabelText(/^Nomor bilyet/), { target: { value: 'BLT-0001' } });
    chooseFile('Pindaian bilyet', pdf('bilyet.pdf'), dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unggah bilyet' }));
    await lastToast(toasts, { type: 'error', title: TAKEN });
    // Said in the dialog too: the toast sits behind the modal's backdrop.
    expect(within(screen.getByRole('dialog', { name: 'Unggah bilyet · DEP-DS-2611-0001' })).getByRole('alert').textContent).toBe(TAKEN);

    fireEvent.change(within(dialog).getByLabelText(/^Nomor bilyet/), { target: { value: 'BLT-0002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unggah bilyet' }));
    await lastToast(toasts, { type: 'success', title: 'Bilyet diterbitkan.' });
    const [first, second] = server.writes();
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it('"Pesan JNE" shows where the parcel goes, then books the pickup with its date, time and address as JSON and tells the resi', async () => {
    const address = 'Jl. Cihampelas No. 12 RT 003 RW 007, Kota Bandung, Jawa Barat 40131';
    const { server, toasts } = openAs('/deposito/proses?step=ship', (request) => {
      if (request.path === '/jne/create-pickup') return { status: 201, body: { statusCode: 201, message: 'Created', data: { shipmentId: 'shp-1', awb: 'JNE0001', status: 'requested' } } };
      if (request.path === '/deposito/dep-1') return ok(deposit({ customer: { ...deposit().customer, address, phone: '0812-2345-6789' } }));
      return workQueue([summary({ bilyet: { status: 'issued', number: 'BLT-1' } })])(request);
    });
    const row = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' }, SCREEN_LOAD)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Pesan JNE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pesan JNE · DEP-DS-2611-0001' });
    // Before booking: the receiver's name, full address with its postal code, and phone.
    const destination = await within(dialog).findByRole('region', { name: 'Dikirim kepada' });
    expect(destination.textContent).toBe(`Dikirim kepadaPenerimaMaya WijayaAlamat${address}Kode pos40131Telepon0812-2345-6789`);
    fireEvent.change(within(dialog).getByLabelText(/^Jam penjemputan/), { target: { value: '14:30' } });
    fireEvent.change(within(dialog).getByLabelText(/^Alamat penjemputan/), { target: { value: 'Jl. Merdeka 1, Bandung' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pesan JNE' }));
    await lastToast(toasts, { type: 'success', title: 'Penjemputan JNE dipesan.' });
    const [booking] = server.writes();
    expect(booking!.body).toEqual({ depositId: 'dep-1', pickupDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), pickupTime: '14:30', address: 'Jl. Merdeka 1, Bandung' });
    expect(booking!.idempotencyKey).toBeTruthy();
  });

  it('in transit: "Batalkan penjemputan" only while JNE has not picked the bilyet up', async () => {
    openAs('/deposito/proses?step=transit', workQueue([
      summary({ id: 'dep-1', depositNumber: 'DEP-1', bilyet: { status: 'shipped', number: 'B1' }, shipmentStatus: 'requested' }),
      summary({ id: 'dep-2', depositNumber: 'DEP-2', bilyet: { status: 'shipped', number: 'B2' }, shipmentStatus: 'inTransit' }),
    ]));
    const waiting = (await screen.findByRole('link', { name: 'DEP-1' }, SCREEN_LOAD)).closest('tr')!;
    const moving = screen.getByRole('link', { name: 'DEP-2' }).closest('tr')!;
    expect(within(waiting).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cetak resi', 'Lacak', 'Batalkan penjemputan']);
    expect(within(moving).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cetak resi', 'Lacak']);
  });
});

describe('Proses Dokumen: what each role is offered', () => {
  const atPayout = summary({ status: 'disbursing', bilyet: { status: 'received', number: 'BLT-7' } });

  it("offers an operator the bilyet's return but not its loss, which the bilyet machine gives to a supervisor", async () => {
    openAs('/deposito/proses?step=return', workQueue([atPayout]));
    const row = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' }, SCREEN_LOAD)).closest('tr')!;
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Catat pengembalian']);
  });

  it('offers a supervisor both', async () => {
    const server = fakeBprServer(workQueue([atPayout]));
    vi.stubGlobal('fetch', server.fetch);
    running = openApp('/deposito/proses?step=return', { user: { ...operator, id: 'usr-sv', role: 'SUPERVISOR' } }).app;
    const row = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' }, SCREEN_LOAD)).closest('tr')!;
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Catat pengembalian', 'Catat hilang']);
  });
});

describe('Proses Dokumen: to receive', () => {
  it('a bilyet whose JNE delivery failed is recorded back at the bank ("Bilyet kembali ke bank": POST /deposito/unship-bilyet with a key)', async () => {
    const failed = summary({ status: 'active', bilyet: { status: 'shipped', number: 'BLT-8' }, shipmentStatus: 'failed' });
    const { server, toasts } = openAs('/deposito/proses?step=receive', (request) => {
      if (request.path === '/deposito/unship-bilyet') return ok(deposit({ bilyet: { ...deposit().bilyet, status: 'issued', number: 'BLT-8' } }));
      return workQueue([failed])(request);
    });
    const row = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' }, SCREEN_LOAD)).closest('tr')!;
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Catat diterima', 'Bilyet kembali ke bank']);
    fireEvent.click(within(row).getByRole('button', { name: 'Bilyet kembali ke bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bilyet kembali ke bank · DEP-DS-2611-0001' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bilyet kembali ke bank' }));
    await lastToast(toasts, { type: 'success', title: 'Bilyet dicatat kembali di bank.' });
    const sent = server.requests.find((request) => request.path === '/deposito/unship-bilyet')!;
    expect(sent.body).toEqual({ depositId: failed.id });
    expect(sent.idempotencyKey).toMatch(/.+/);
  });
});

describe('Proses Dokumen: in transit', () => {
  it('"Lacak" asks JNE about the newest shipment of the deposit, shows its history, and refreshes the list (a delivery moves the row)', async () => {
    const newest = shipment({ id: 'shp-2', awb: 'JNE0002', status: 'inTransit', statusLabel: 'Dalam perjalanan', history: [
      { at: '2026-11-11T09:00:00', code: 'PU', description: 'Paket dijemput kurir JNE', location: 'BANDUNG' },
      { at: '2026-11-11T15:20:00', code: 'IT', description: 'Paket tiba di pusat sortir', location: 'JAKARTA' },
    ] });
    const { server } = openAs('/deposito/proses?step=transit', (request) => {
      if (request.path === '/deposito/dep-1') return ok(deposit({ shipments: [newest, shipment({ id: 'shp-1', awb: 'JNE0001', status: 'cancelled' })] }));
      if (request.path === '/jne/tracking') return ok(newest);
      return workQueue([summary({ bilyet: { status: 'shipped', number: 'B1' }, shipmentStatus: 'pickedUp' })])(request);
    });
    const row = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' }, SCREEN_LOAD)).closest('tr')!;
    const lists = () => server.requests.filter((request) => request.path === '/bpr/list-proses-deposito').length;
    const before = lists();
    fireEvent.click(within(row).getByRole('button', { name: 'Lacak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lacak pengiriman · DEP-DS-2611-0001' });
    const history = await within(dialog).findByRole('table');
    expect(within(history).getAllByRole('row').slice(1).map((line) => line.textContent)).toEqual([
      '11-Nov-2026 15.20 WIBPaket tiba di pusat sortirJAKARTA',
      '11-Nov-2026 09.00 WIBPaket dijemput kurir JNEBANDUNG',
    ]);
    expect(server.requests.find((request) => request.path === '/jne/tracking')?.query.get('awb')).toBe('JNE0002');
    await waitFor(() => expect(lists()).toBe(before + 1));
  });
});

const document = (overrides: Partial<DocumentAnswer> = {}): DocumentAnswer => ({
  id: 'doc-1',
  type: 'FORM',
  typeLabel: 'Formulir Pembukaan',
  fileName: 'formulir.pdf',
  contentType: 'application/pdf',
  size: 120 * 1024,
  uploadedAt: '2026-11-09T03:15:00.000Z',
  uploadedBy: { id: 'usr-op', name: 'Operator Demo' },
  url: '/api-v2-bpr/deposito/document/doc-1',
  ...overrides,
});

describe('the deposit detail: Dokumen', () => {
  it('lists the documents of the deposit and uploads one as multipart (depositId, type, file), then lists it', async () => {
    const stored: DocumentAnswer[] = [document()];
    const { server, toasts } = openAs('/deposito/dep-1?tab=documents', (request) => {
      if (request.path === '/deposito/dep-1') return ok(deposit());
      if (request.path === '/invoice/doc') return ok([...stored]);
      if (request.path === '/deposito/upload-doc') {
        const ktp = document({ id: 'doc-2', type: 'KTP', typeLabel: 'KTP', fileName: 'ktp-maya.pdf' });
        stored.unshift(ktp);
        return { status: 201, body: { statusCode: 201, message: 'Created', data: ktp } };
      }
      return ok([]);
    });
    const table = await screen.findByRole('table', { name: 'Dokumen deposito' }, SCREEN_LOAD);
    expect(server.requests.find((request) => request.path === '/invoice/doc')?.query.get('depositId')).toBe('dep-1');
    const row = within(table).getAllByRole('row')[1]!;
    expect([...row.children].slice(0, 3).map((cell) => cell.textContent)).toEqual(['Formulir Pembukaan', 'formulir.pdf', '120 KB']);
    expect(within(row).getByRole('button', { name: 'Unduh' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Unggah dokumen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unggah dokumen · DEP-DS-2611-0001' });
    const types = within(dialog).getByLabelText('Jenis dokumen') as HTMLSelectElement;
    expect([...types.options].map((option) => option.textContent)).toEqual(['Formulir Pembukaan', 'KTP', 'NPWP', 'Akta Pendirian', 'Surat Kuasa', 'Lainnya']);
    fireEvent.change(types, { target: { value: 'KTP' } });
    chooseFile('Berkas', pdf('ktp-maya.pdf'), dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unggah' }));

    await lastToast(toasts, { type: 'success', title: 'Dokumen diunggah.' });
    const [upload] = server.writes();
    expect(upload!.body).toEqual({ depositId: 'dep-1', type: 'KTP', file: 'file:ktp-maya.pdf:64' });
    expect(upload!.idempotencyKey).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Dokumen deposito' })).getAllByRole('row')).toHaveLength(3));
    expect(screen.getByText('ktp-maya.pdf')).toBeTruthy();
  });

  it('refuses a file above 5 MB before sending it', async () => {
    const { server } = openAs('/deposito/dep-1?tab=documents', (request) => (request.path === '/deposito/dep-1' ? ok(deposit()) : ok([])));
    fireEvent.click(await screen.findByRole('button', { name: 'Unggah dokumen' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: /^Unggah dokumen/ });
    chooseFile('Berkas', pdf('besar.pdf', 5 * 1024 * 1024 + 1), dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Berkas paling besar 5 MB.');
    expect(server.writes()).toEqual([]);
  });

  it("offers exactly the bilyet steps the server's machine allows, and shows the step's answer without reading the detail again", async () => {
    const issued = deposit({ bilyet: { ...deposit().bilyet, status: 'issued', statusLabel: 'Diterbitkan', number: 'BLT-9', verificationCode: 'VC123', issuedOn: '2026-11-09', allowedEvents: ['bilyet.ship', 'bilyet.receive', 'bilyet.reportLost'] } });
    const shipped = deposit({ bilyet: { ...issued.bilyet, status: 'shipped', statusLabel: 'Dalam pengiriman', courier: 'SiCepat', awb: 'SC-123', shippedOn: '2026-11-10', allowedEvents: ['bilyet.receive', 'bilyet.reportLost'] } });
    const { server, toasts } = openAs('/deposito/dep-1?tab=documents', (request) => {
      if (request.path === '/deposito/dep-1') return ok(issued);
      if (request.path === '/deposito/resi-bilyet') return ok(shipped);
      return ok([]);
    });
    const actions = await screen.findByTestId('bilyet-actions', {}, SCREEN_LOAD);
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cetak bilyet', 'Pesan JNE', 'Catat resi', 'Serahkan di kantor', 'Catat hilang']);
    expect(screen.getByRole('link', { name: 'Buka halaman verifikasi' }).getAttribute('href')).toBe('/verifikasi/bilyet/VC123');

    fireEvent.click(within(actions).getByRole('button', { name: 'Catat resi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Catat resi · DEP-DS-2611-0001' });
    fireEvent.change(within(dialog).getByLabelText(/^Kurir/), { target: { value: 'SiCepat' } });
    fireEvent.change(within(dialog).getByLabelText(/^Nomor resi/), { target: { value: 'SC-123' } });
    const detailReads = server.requests.filter((request) => request.path === '/deposito/dep-1').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Catat resi' }));
    await lastToast(toasts, { type: 'success', title: 'Resi pengiriman bilyet dicatat.' });
    expect(server.writes()[0]!.body).toEqual({ depositId: 'dep-1', courier: 'SiCepat', awb: 'SC-123' });
    await waitFor(() => expect(within(screen.getByTestId('bilyet-actions')).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cetak bilyet', 'Catat diterima', 'Catat hilang']));
    expect(screen.getByRole('region', { name: 'Bilyet' }).textContent).toContain('Dalam pengiriman');
    expect(screen.getByRole('region', { name: 'Bilyet' }).textContent).toContain('Dikirim10-Nov-2026 · SiCepat SC-123');
    expect(server.requests.filter((request) => request.path === '/deposito/dep-1').length).toBe(detailReads);
  });
});

const shipment = (overrides: Partial<ShipmentAnswer> = {}): ShipmentAnswer => ({
  id: 'shp-1',
  courier: 'JNE',
  awb: 'JNE0001',
  status: 'requested',
  statusLabel: 'Menunggu penjemputan',
  booked: true,
  pickupDate: '2026-11-11',
  pickupTime: '14:00',
  receiverName: null,
  deliveredAt: null,
  trackedAt: null,
  history: [],
  ...overrides,
});

describe('the deposit detail: Pengiriman', () => {
  it('shows each shipment with its tracking history, and cancelling a pickup re-reads the detail', async () => {
    const live = shipment({ history: [{ at: '2026-11-11T14:05:00', code: 'REQ', description: 'Penjemputan dipesan', location: 'Bandung' }] });
    const manual = shipment({ id: 'shp-0', courier: 'SiCepat', awb: 'SC-1', status: 'cancelled', statusLabel: 'Dibatalkan', booked: false, pickupDate: null, pickupTime: null });
    const { server, toasts } = openAs('/deposito/dep-1?tab=shipments', (request) => {
      if (request.path === '/deposito/dep-1') return ok(deposit({ bilyet: { ...deposit().bilyet, status: 'shipped' }, shipments: [live, manual] }));
      if (request.path === '/jne/cancel-pickup') return ok({ ...live, status: 'cancelled', statusLabel: 'Dibatalkan' });
      return ok([]);
    });
    const card = await screen.findByRole('region', { name: 'Pengiriman JNE JNE0001' }, SCREEN_LOAD);
    expect(within(card).getByRole('table').textContent).toContain('11-Nov-2026 14.05 WIB');
    expect(within(card).getByRole('table').textContent).toContain('Penjemputan dipesan');
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cetak resi', 'Perbarui pelacakan', 'Batalkan penjemputan']);
    // A resi typed by hand was never booked: nothing to print, track or cancel.
    expect(within(screen.getByRole('region', { name: 'Pengiriman SiCepat SC-1' })).queryAllByRole('button')).toEqual([]);

    const reads = server.requests.filter((request) => request.path === '/deposito/dep-1').length;
    fireEvent.click(within(card).getByRole('button', { name: 'Batalkan penjemputan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batalkan penjemputan · DEP-DS-2611-0001' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batalkan penjemputan' }));
    await lastToast(toasts, { type: 'success', title: 'Penjemputan JNE dibatalkan.' });
    expect(server.writes()[0]).toMatchObject({ path: '/jne/cancel-pickup', body: { shipmentId: 'shp-1' } });
    await waitFor(() => expect(server.requests.filter((request) => request.path === '/deposito/dep-1').length).toBe(reads + 1));
  });
});

describe('the deposit detail: Tanda Tangan', () => {
  it('sends a PDF of the deposit for signing and shows the signing link to hand the customer', async () => {
    const requests: SignatureRequestAnswer[] = [];
    const { server } = openAs('/deposito/dep-1?tab=signatures', (request) => {
      if (request.path === '/deposito/dep-1') return ok(deposit());
      if (request.path === '/invoice/doc') return ok([document(), document({ id: 'doc-img', type: 'KTP', typeLabel: 'KTP', fileName: 'ktp.jpg', contentType: 'image/jpeg' })]);
      if (request.path === '/deposito/signature') return ok(requests);
      if (request.path === '/deposito/sign-document') {
        requests.push({
          id: 'sig-1', depositId: 'dep-1', status: 'sent', statusLabel: 'Menunggu tanda tangan', signerName: 'Maya Wijaya', signerEmail: null,
          sentOn: '2026-11-10', validUntil: '2026-11-23', completedAt: null, signingUrl: 'http://localhost/privy/sign/abc', document: document(), signedDocument: null,
        });
        return { status: 201, body: { statusCode: 201, message: 'Created', data: { signatureId: 'sig-1', signingUrl: 'http://localhost/privy/sign/abc', status: 'sent' } } };
      }
      return ok([]);
    });
    await screen.findByText('Belum ada dokumen yang dikirim untuk ditandatangani.', {}, SCREEN_LOAD);
    const sendButton = screen.getByRole('button', { name: 'Kirim untuk tanda tangan' }) as HTMLButtonElement;
    await waitFor(() => expect(sendButton.disabled).toBe(false));
    fireEvent.click(sendButton);
    const dialog = await screen.findByRole('dialog', { name: 'Kirim untuk tanda tangan · DEP-DS-2611-0001' });
    // Privy signs PDFs only: the photo of the KTP is not offered.
    expect([...(within(dialog).getByLabelText('Dokumen') as HTMLSelectElement).options].map((option) => option.value)).toEqual(['doc-1']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kirim' }));

    const sent = await screen.findByRole('dialog', { name: 'Tautan tanda tangan · DEP-DS-2611-0001' });
    expect((within(sent).getByLabelText('Tautan tanda tangan') as HTMLInputElement).value).toBe('http://localhost/privy/sign/abc');
    expect(server.writes()[0]).toMatchObject({ path: '/deposito/sign-document', body: { depositId: 'dep-1', documentId: 'doc-1' } });
    await screen.findByRole('table', { name: 'Permintaan tanda tangan' });
  });
});

describe('Beranda', () => {
  it('shows the open document work, each count a link to its Proses Dokumen tab', async () => {
    openAs('/home', (request) => {
      if (request.path === '/invoice/count-summary-document') return ok({ bilyetNotIssued: 5, bilyetNotShipped: 2, bilyetNotReceived: 7, signaturesPending: 1 });
      if (request.path === '/bpr/count-unprocessed-deposito') return ok({ pending: 0, breakRequested: 0, matured: 0, disbursing: 0, bilyetToIssue: 0, total: 0 });
      if (request.path === '/deposito/due-information') return page([]);
      if (request.path === '/deposito/monthly-interest-template/count') return ok({ count: 0, totalNet: 0 });
      // The month's summary is Beranda's other block (tests/dom/features-reports.test.tsx): here it is unavailable.
      if (request.path === '/report/list-summary') return refused(503, 'Ringkasan bulan ini belum dapat dimuat.');
      return ok([]);
    });
    const issued = await screen.findByTestId('documents-bilyetNotIssued', {}, SCREEN_LOAD);
    await waitFor(() => expect(issued.textContent).toBe('5Bilyet belum diterbitkan'));
    const links = ['bilyetNotIssued', 'bilyetNotShipped', 'bilyetNotReceived', 'signaturesPending'].map((key) => screen.getByTestId(`documents-${key}`).getAttribute('href'));
    expect(links).toEqual(['/deposito/proses?step=upload', '/deposito/proses?step=ship', '/deposito/proses?step=transit', '/deposito/proses?step=sign']);
  });
});
