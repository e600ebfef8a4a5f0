/**
 * The demo and production modes on screen (issue 17): the login page's demo banner, the
 * Pengiriman tab's control that moves a parcel in the JNE sandbox (demo only, with the staff's
 * own session), and an integration switched off (JNE_URL=off) saying why in the dialog.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { DEMO_BANNER } from '@contract/run-mode';
import type { AppActors } from '@src/app/actors';
import type { DepositSummary } from '@src/lib/deposit-api';
import type { ShipmentAnswer } from '@src/lib/documents-api';
import { saveToken } from '@src/lib/storage';
import { deposit } from './support/deposit-fixture';
import { fakeBprServer, ok, page, refused, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openApp, tokenFor, type Toast } from './support/open-app';

const operator: User = {
  id: 'usr-op',
  name: 'Operator Demo',
  email: 'operator@bpr-demo.test',
  phone: null,
  role: 'OPERATOR',
  bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null },
};

const SCREEN_LOAD = { timeout: 10_000 };
const JNE_OFF = 'Integrasi JNE tidak aktif di instalasi ini (JNE_URL=off): penjemputan, pembatalan dan pelacakan lewat JNE tidak tersedia. Kirim bilyet dengan kurir lain lalu catat nomor resinya.';

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
  localStorage.clear();
});

function openAs(path: string, mode: 'demo' | 'production', answer: (request: SeenRequest) => FakeAnswer, user: User | null = operator) {
  const server = fakeBprServer(answer);
  vi.stubGlobal('fetch', server.fetch);
  // The app's API clients read the token from the browser's storage.
  const token = user ? tokenFor(user) : null;
  if (token) saveToken(token);
  const opened = openApp(path, { ...(user ? { user } : {}), mode });
  running = opened.app;
  /** The Authorization header each request went with. */
  const authorizationOf = (path: string) => {
    const call = server.fetch.mock.calls.find(([input]) => new URL(String(input), 'http://localhost').pathname === path);
    return call ? new Headers((call[1] as RequestInit | undefined)?.headers).get('authorization') : undefined;
  };
  return { ...opened, server, authorizationOf, token };
}

async function lastToast(toasts: Toast[], expected: Toast) {
  await waitFor(() => expect(toasts.at(-1)).toEqual(expected));
}

const shipment = (overrides: Partial<ShipmentAnswer> = {}): ShipmentAnswer => ({
  id: 'shp-1',
  courier: 'JNE',
  awb: '0100000000000042',
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

describe('the login page', () => {
  it('warns in the demo: "Mode demo — jangan dipakai untuk data nasabah nyata"', { timeout: 20_000 }, async () => {
    openAs('/login', 'demo', () => ok([]), null);
    const note = await screen.findByRole('note', {}, SCREEN_LOAD);
    expect(note.textContent).toContain(DEMO_BANNER);
    expect(DEMO_BANNER).toBe('Mode demo — jangan dipakai untuk data nasabah nyata');
  });

  it('says nothing of the kind in production', async () => {
    openAs('/login', 'production', () => ok([]), null);
    await screen.findByRole('button', { name: 'Masuk' }, SCREEN_LOAD);
    expect(screen.queryByRole('note')).toBeNull();
    expect(document.body.textContent).not.toContain('Mode demo');
  });
});

describe('the deposit detail: Pengiriman, the JNE sandbox control', () => {
  const shipped = (shipments: ShipmentAnswer[]) => deposit({ bilyet: { ...deposit().bilyet, status: 'shipped' }, shipments });

  it('in the demo moves a live parcel to "Terkirim" with the staff session, then tracks it so the server records the delivery, and re-reads the detail', { timeout: 20_000 }, async () => {
    const live = shipment();
    const manual = shipment({ id: 'shp-0', courier: 'SiCepat', awb: 'SC-1', status: 'cancelled', statusLabel: 'Dibatalkan', booked: false });
    let delivered = false;
    const { server, toasts, authorizationOf, token } = openAs('/deposito/dep-1?tab=shipments', 'demo', (request) => {
      if (request.path === '/deposito/dep-1') return ok(shipped([delivered ? { ...live, status: 'delivered', statusLabel: 'Terkirim' } : live, manual]));
      if (request.path === '/sandbox/jne/control/advance') {
        delivered = true;
        return { status: 200, body: { awb: live.awb, status: 'delivered' } };
      }
      if (request.path === '/jne/tracking') return ok({ ...live, status: 'delivered', statusLabel: 'Terkirim', receiverName: 'MAYA WIJAYA' });
      return ok([]);
    });
    const card = await screen.findByRole('region', { name: `Pengiriman JNE ${live.awb}` }, SCREEN_LOAD);
    const control = within(card).getByRole('group', { name: `Sandbox JNE · ${live.awb}` });
    expect(control.textContent).toContain('Mode demo');
    // A parcel waiting for its pickup goes next to the courier; every stage can be chosen.
    const stage = within(control).getByLabelText('Status paket') as HTMLSelectElement;
    expect(stage.value).toBe('pickedUp');
    expect([...stage.options].map((option) => option.textContent)).toEqual(['Dijemput kurir', 'Dalam perjalanan', 'Terkirim', 'Gagal dikirim']);
    // A resi typed by hand was never booked: there is nothing in the sandbox to move.
    expect(within(screen.getByRole('region', { name: 'Pengiriman SiCepat SC-1' })).queryByRole('group')).toBeNull();

    const reads = server.requests.filter((request) => request.path === '/deposito/dep-1').length;
    fireEvent.change(stage, { target: { value: 'delivered' } });
    fireEvent.click(within(control).getByRole('button', { name: 'Gerakkan paket' }));
    await lastToast(toasts, { type: 'success', title: 'Paket digerakkan di sandbox JNE.' });
    const [advance] = server.writes();
    expect(advance).toMatchObject({ method: 'POST', path: '/sandbox/jne/control/advance', body: { awb: live.awb, status: 'delivered' } });
    // The staff's own session goes with it: the sandbox moves only their bank's parcels.
    expect(authorizationOf('/sandbox/jne/control/advance')).toBe(`Bearer ${token}`);
    expect(server.requests.find((request) => request.path === '/jne/tracking')?.query.get('awb')).toBe(live.awb);
    await waitFor(() => expect(server.requests.filter((request) => request.path === '/deposito/dep-1').length).toBe(reads + 1));
    // Delivered: no longer live, so no control.
    await waitFor(() => expect(within(screen.getByRole('region', { name: `Pengiriman JNE ${live.awb}` })).queryByRole('group')).toBeNull());
  });

  it('keeps the keyboard on "Gerakkan paket" while the parcel moves, then proposes its next stage', { timeout: 20_000 }, async () => {
    const live = shipment();
    let moved = false;
    const { toasts } = openAs('/deposito/dep-1?tab=shipments', 'demo', (request) => {
      if (request.path === '/deposito/dep-1') return ok(shipped([moved ? { ...live, status: 'pickedUp', statusLabel: 'Dijemput kurir' } : live]));
      if (request.path === '/sandbox/jne/control/advance') {
        moved = true;
        return { status: 200, body: { awb: live.awb, status: 'pickedUp' } };
      }
      if (request.path === '/jne/tracking') return ok({ ...live, status: 'pickedUp', statusLabel: 'Dijemput kurir' });
      return ok([]);
    });
    const control = await screen.findByRole('group', { name: `Sandbox JNE · ${live.awb}` }, SCREEN_LOAD);
    const button = within(control).getByRole('button', { name: 'Gerakkan paket' });
    button.focus();
    fireEvent.click(button);
    // Busy: a second press is refused, and the button keeps the focus (a disabled one would drop it).
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
    await lastToast(toasts, { type: 'success', title: 'Paket digerakkan di sandbox JNE.' });
    await waitFor(() => expect((within(control).getByLabelText('Status paket') as HTMLSelectElement).value).toBe('inTransit'));
    expect(document.activeElement).toBe(within(control).getByRole('button', { name: 'Gerakkan paket' }));
  });

  it("shows the sandbox's refusal in Indonesian", async () => {
    const { toasts } = openAs('/deposito/dep-1?tab=shipments', 'demo', (request) => {
      if (request.path === '/deposito/dep-1') return ok(shipped([shipment()]));
      if (request.path === '/sandbox/jne/control/advance') return { status: 404, body: { message: 'Nomor resi 0100000000000042 tidak ditemukan di antara pengiriman bank Anda.' } };
      return ok([]);
    });
    const control = await screen.findByRole('group', { name: 'Sandbox JNE · 0100000000000042' }, SCREEN_LOAD);
    fireEvent.click(within(control).getByRole('button', { name: 'Gerakkan paket' }));
    await lastToast(toasts, { type: 'error', title: 'Nomor resi 0100000000000042 tidak ditemukan di antara pengiriman bank Anda.' });
  });

  it('is not there in production', async () => {
    openAs('/deposito/dep-1?tab=shipments', 'production', (request) => (request.path === '/deposito/dep-1' ? ok(shipped([shipment()])) : ok([])));
    const card = await screen.findByRole('region', { name: 'Pengiriman JNE 0100000000000042' }, SCREEN_LOAD);
    expect(within(card).queryByRole('group')).toBeNull();
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cetak resi', 'Perbarui pelacakan', 'Batalkan penjemputan']);
  });
});

describe('an integration switched off (JNE_URL=off)', () => {
  it('"Pesan JNE" shows why JNE is unavailable in the dialog, which stays open', async () => {
    const row = (overrides: Partial<DepositSummary>): DepositSummary => {
      const { customerTotalPrincipal: _t, periods: _p, installments: _i, disbursements: _d, timeline: _l, allowedEvents: _a, blockedEvents: _b, shipments: _s, today: _y, ...rest } = deposit();
      return { ...rest, customer: { id: 'cus-1', name: 'Maya Wijaya', nik: '3201010101010001' }, product: { id: 'prd-1', name: 'Deposito Berjangka' }, bilyet: { status: 'issued', number: 'BLT-1' }, ...overrides };
    };
    openAs('/deposito/proses?step=ship', 'production', (request) => {
      if (request.path === '/jne/create-pickup') return refused(503, JNE_OFF);
      // The dialog shows where the parcel goes, from the deposit's detail.
      if (request.path === '/deposito/dep-1') return ok(deposit());
      return request.path === '/bpr/list-proses-deposito' ? page([row({})], { counts: { upload: 0, ship: 1, transit: 0, receive: 0, sign: 0, return: 0 } }) : ok([]);
    });
    const line = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' }, SCREEN_LOAD)).closest('tr')!;
    fireEvent.click(within(line).getByRole('button', { name: 'Pesan JNE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pesan JNE · DEP-DS-2611-0001' });
    fireEvent.change(within(dialog).getByLabelText(/^Jam penjemputan/), { target: { value: '14:30' } });
    fireEvent.change(within(dialog).getByLabelText(/^Alamat penjemputan/), { target: { value: 'Jl. Merdeka 1, Bandung' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pesan JNE' }));
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: 'Pesan JNE · DEP-DS-2611-0001' })).getByRole('alert').textContent).toBe(JNE_OFF));
  });
});
