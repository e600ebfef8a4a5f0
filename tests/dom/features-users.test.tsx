/**
 * Pengguna (issue 10): the bank's staff for admins — filters from the URL, inviting, changing a
 * role, (de)activation and unlocking with a confirmation and an Idempotency-Key — and every user's
 * own password change from the profile header, whose fresh token replaces the stored one. The real
 * API client talks to a fake server that keeps the server's key rules.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { AppActors } from '@src/app/actors';
import { createSessionStorage } from '@src/lib/storage';
import type { StaffUser } from '@src/lib/users-api';
import { fakeBprServer, ok, page, refused, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openApp, tokenFor } from './support/open-app';

const admin: User = {
  id: 'usr-admin',
  name: 'Admin Demo',
  email: 'admin@bpr-demo.test',
  phone: null,
  role: 'ADMIN',
  bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null },
};
const operator: User = { ...admin, id: 'usr-op', name: 'Operator Demo', email: 'operator@bpr-demo.test', role: 'OPERATOR' };

function staff(overrides: Partial<StaffUser> = {}): StaffUser {
  return {
    id: 'usr-2',
    name: 'Sari Operator',
    email: 'sari@bpr-demo.test',
    phone: null,
    role: 'OPERATOR',
    roleLabel: 'Operator',
    active: true,
    passwordSet: true,
    self: false,
    createdAt: '2026-11-01T03:00:00.000Z',
    ...overrides,
  };
}

const selfRow = staff({ id: 'usr-admin', name: 'Admin Demo', email: 'admin@bpr-demo.test', role: 'ADMIN', roleLabel: 'Admin', self: true });

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

const userList = (rows: StaffUser[]) => (request: SeenRequest): FakeAnswer => (request.path === '/bpr/users' && request.method === 'GET' ? page(rows) : ok([]));
const listRequests = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'GET' && request.path === '/bpr/users');

describe('Pengguna', () => {
  it('asks the list with q, role and active from the URL, and applying the filters puts them in the URL', async () => {
    const { server, router } = openAs(admin, '/master-data/pengguna?q=sari&role=OPERATOR&active=false', userList([staff({ active: false })]));
    await screen.findByText('Sari Operator', {}, SCREEN_LOAD);
    const first = listRequests(server.requests)[0]!;
    expect(Object.fromEntries(first.query)).toEqual({ q: 'sari', role: 'OPERATOR', active: 'false', page: '1', limit: '20' });
    expect(within(screen.getByRole('search')).getByLabelText('Cari')).toHaveProperty('value', 'sari');

    const filters = screen.getByRole('search');
    fireEvent.change(within(filters).getByLabelText('Cari'), { target: { value: 'budi' } });
    fireEvent.change(within(filters).getByLabelText('Peran'), { target: { value: 'SUPERVISOR' } });
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: 'true' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Terapkan' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=budi&role=SUPERVISOR&active=true'));
    await waitFor(() => expect(Object.fromEntries(listRequests(server.requests).at(-1)!.query)).toMatchObject({ q: 'budi', role: 'SUPERVISOR', active: 'true' }));
  });

  it('shows each user\'s status, and "Belum mengatur kata sandi" for an invited user who has not set a password', async () => {
    openAs(admin, '/master-data/pengguna', userList([staff(), staff({ id: 'usr-3', name: 'Budi Baru', passwordSet: false }), staff({ id: 'usr-4', name: 'Rina Lama', active: false })]));
    const invited = (await screen.findByText('Budi Baru', {}, SCREEN_LOAD)).closest('tr')!;
    expect(within(invited).getByText('Belum mengatur kata sandi')).toBeTruthy();
    expect(within(screen.getByText('Sari Operator').closest('tr')!).queryByText('Belum mengatur kata sandi')).toBeNull();
    const inactive = screen.getByText('Rina Lama').closest('tr')!;
    expect(within(inactive).getByText('Nonaktif')).toBeTruthy();
    expect(within(inactive).getByRole('button', { name: 'Aktifkan Rina Lama' })).toBeTruthy();
  });

  it('"Undang pengguna" sends name, email and role with an Idempotency-Key; a 409 shows the server\'s message in the open dialog', async () => {
    const { server, toasts } = openAs(admin, '/master-data/pengguna', (request) => {
      if (request.method === 'POST' && request.path === '/bpr/users') {
        const body = request.body as { email: string };
        return body.email === 'sari@bpr-demo.test' ? refused(409, 'Email sudah dipakai pengguna lain di bank ini.') : { status: 201, body: { statusCode: 201, message: 'OK', data: staff({ id: 'usr-9', name: 'Dewi', email: body.email, passwordSet: false }) } };
      }
      return userList([staff()])(request);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Undang pengguna' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Undang pengguna' });
    fireEvent.change(within(dialog).getByLabelText(/^Nama/), { target: { value: 'Dewi' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'sari@bpr-demo.test' } });
    fireEvent.change(within(dialog).getByLabelText('Peran'), { target: { value: 'SUPERVISOR' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kirim undangan' }));

    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Email sudah dipakai pengguna lain di bank ini.'));
    const [refusedInvite] = server.writes();
    expect(refusedInvite!.body).toEqual({ name: 'Dewi', email: 'sari@bpr-demo.test', role: 'SUPERVISOR' });
    expect(refusedInvite!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('dialog', { name: 'Undang pengguna' })).toBe(dialog);

    // Fixed in place: the typed name and role stay, another email goes through under a new key.
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'dewi@bpr-demo.test' } });
    const listsBefore = listRequests(server.requests).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kirim undangan' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Undangan dikirim ke dewi@bpr-demo.test.' }));
    const second = server.writes()[1]!;
    expect(second.body).toEqual({ name: 'Dewi', email: 'dewi@bpr-demo.test', role: 'SUPERVISOR' });
    expect(second.idempotencyKey).not.toBe(refusedInvite!.idempotencyKey);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Undang pengguna' })).toBeNull());
    await waitFor(() => expect(listRequests(server.requests).length).toBe(listsBefore + 1));
  });

  it('"Nonaktifkan" asks first, saying the user is signed out at once, then sends {active:false} with an Idempotency-Key', async () => {
    const { server, toasts } = openAs(admin, '/master-data/pengguna', (request) =>
      request.method === 'PATCH' ? ok(staff({ active: false })) : userList([staff()])(request),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan Sari Operator' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Nonaktifkan pengguna' });
    expect(within(dialog).getByText(/sesi yang sedang berjalan langsung diakhiri/)).toBeTruthy();
    expect(server.writes()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Sari Operator dinonaktifkan.' }));
    const [patch] = server.writes();
    expect(patch!.method).toBe('PATCH');
    expect(patch!.path).toBe('/bpr/users/usr-2');
    expect(patch!.body).toEqual({ active: false });
    expect(patch!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('changing a role asks for confirmation, sends {role}, and shows the last-admin refusal inside the dialog', async () => {
    const lastAdmin = 'Admin aktif terakhir tidak dapat diturunkan atau dinonaktifkan.';
    const { server } = openAs(admin, '/master-data/pengguna', (request) => (request.method === 'PATCH' ? refused(409, lastAdmin) : userList([selfRow, staff()])(request)));
    fireEvent.change(await screen.findByLabelText('Peran Admin Demo', {}, SCREEN_LOAD), { target: { value: 'OPERATOR' } });
    const dialog = await screen.findByRole('dialog', { name: 'Ubah peran' });
    expect(within(dialog).getByText(/dari Admin menjadi Operator/)).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ubah peran' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(lastAdmin));
    expect(server.writes()[0]!.body).toEqual({ role: 'OPERATOR' });
  });

  it('offers no deactivation on the admin\'s own row, but does on the others', async () => {
    openAs(admin, '/master-data/pengguna', userList([selfRow, staff()]));
    const own = (await screen.findByText('Admin Demo', { selector: 'td *' }, SCREEN_LOAD)).closest('tr')!;
    expect(within(own).queryByRole('button', { name: /^Nonaktifkan/ })).toBeNull();
    expect(within(own).getByRole('button', { name: 'Buka blokir login Admin Demo' })).toBeTruthy();
    const other = screen.getByText('Sari Operator').closest('tr')!;
    expect(within(other).getByRole('button', { name: 'Nonaktifkan Sari Operator' })).toBeTruthy();
  });

  it('"Buka blokir login" confirms, then posts to the unlock path with an Idempotency-Key', async () => {
    const { server, toasts } = openAs(admin, '/master-data/pengguna', (request) => (request.method === 'POST' ? ok({ cleared: 2 }) : userList([staff()])(request)));
    fireEvent.click(await screen.findByRole('button', { name: 'Buka blokir login Sari Operator' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Buka blokir login' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buka blokir' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Blokir login Sari Operator dibuka.' }));
    expect(server.writes()[0]).toMatchObject({ method: 'POST', path: '/bpr/users/usr-2/unlock' });
    expect(server.writes()[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is in the menu for an admin only', async () => {
    openAs(operator, '/home', () => ok([]));
    const menu = await screen.findByRole('navigation', { name: 'Menu utama' }, SCREEN_LOAD);
    expect(within(menu).getByRole('link', { name: 'Produk' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Pengguna' })).toBeNull();
    cleanup();
    running?.stop();
    openAs(admin, '/home', () => ok([]));
    const adminMenu = await screen.findByRole('navigation', { name: 'Menu utama' }, SCREEN_LOAD);
    expect(within(adminMenu).getByRole('link', { name: 'Pengguna' }).getAttribute('href')).toBe('/master-data/pengguna');
  });

  it('tells a non-admin the page is for admins, without asking for the list', async () => {
    const { server } = openAs(operator, '/master-data/pengguna', userList([staff()]));
    expect(await screen.findByText('Halaman ini khusus Admin.', {}, SCREEN_LOAD)).toBeTruthy();
    expect(listRequests(server.requests)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Undang pengguna' })).toBeNull();
  });
});

describe('Ubah kata sandi (profile header)', () => {
  async function openDialog(user: User, answer: (request: SeenRequest) => FakeAnswer) {
    // On a screen that asks the fake server nothing: Beranda cannot render the fake's empty answers,
    // and its route error, landing whenever those answers arrive, would swap the dialog out.
    const opened = openAs(user, '/master-data/pengguna', answer);
    await screen.findByText('Halaman ini khusus Admin.', {}, SCREEN_LOAD);
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah kata sandi' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah kata sandi' });
    const fill = (current: string, next: string, repeat: string) => {
      fireEvent.change(within(dialog).getByLabelText(/^Kata sandi saat ini/), { target: { value: current } });
      fireEvent.change(within(dialog).getByLabelText(/^Kata sandi baru/), { target: { value: next } });
      fireEvent.change(within(dialog).getByLabelText(/^Ulangi kata sandi baru/), { target: { value: repeat } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan kata sandi' }));
    };
    return { ...opened, dialog, fill };
  }

  const passwordWrites = (requests: SeenRequest[]) => requests.filter((request) => request.path === '/profile/change-password');

  it('refuses a repeat that differs from the new password without sending anything', async () => {
    const { server, dialog, fill } = await openDialog(operator, () => ok([]));
    fill('Lama#2026', 'Baru#20260', 'Baru#20261');
    expect(within(dialog).getByRole('alert').textContent).toBe('Ulangan kata sandi baru tidak sama dengan kata sandi baru.');
    expect(passwordWrites(server.requests)).toEqual([]);
  });

  it('sends the current and new password with an Idempotency-Key, stores the new token in place of the old one, and toasts', async () => {
    const freshToken = tokenFor({ id: 'usr-op-fresh' }, 7200);
    const { server, toasts, store, fill } = await openDialog(operator, (request) =>
      request.path === '/profile/change-password' ? ok({ token: freshToken, user: operator }) : ok([]),
    );
    const stored = createSessionStorage(() => store, 'k');
    const oldToken = stored.readToken();
    expect(oldToken).not.toBeNull();

    fill('Lama#2026', 'Baru#20260', 'Baru#20260');
    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Kata sandi diubah. Sesi di perangkat lain telah diakhiri.' }));
    const [change] = passwordWrites(server.requests);
    expect(change!.method).toBe('POST');
    expect(change!.body).toEqual({ currentPassword: 'Lama#2026', newPassword: 'Baru#20260' });
    expect(change!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.readToken()).toBe(freshToken);
    expect(stored.readTokenExpiry()).toBe(JSON.parse(Buffer.from(freshToken.split('.')[1]!, 'base64url').toString()).exp);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ubah kata sandi' })).toBeNull());
    // Still signed in: the dashboard stays.
    expect(screen.getByRole('button', { name: 'Keluar' })).toBeTruthy();
  });

  it('shows the server\'s 400 (a wrong current password) inside the dialog and keeps the old token', async () => {
    const { store, dialog, fill } = await openDialog(operator, (request) =>
      request.path === '/profile/change-password' ? refused(400, 'Kata sandi saat ini salah.') : ok([]),
    );
    const stored = createSessionStorage(() => store, 'k');
    const oldToken = stored.readToken();
    fill('Salah#2026', 'Baru#20260', 'Baru#20260');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Kata sandi saat ini salah.'));
    expect(stored.readToken()).toBe(oldToken);
  });
});
