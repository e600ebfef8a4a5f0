/**
 * The app's wiring in jsdom: the real actors (src/app/actors.ts) and the real route table
 * (src/app/routes.tsx) in a memory router, with only the outside world faked — storage is an
 * in-memory store behind the real encrypted storage module, the server is a set of functions,
 * the window transport records what it would post.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { createAppActors, type AppActors, type AppEffects } from '@src/app/actors';
import { AppActorsContext } from '@src/app/actors-context';
import { ServerDataProvider } from '@src/app/ServerDataProvider';
import { createMemoryStore } from '@src/lib/memory-store';
import { createQueryClient } from '@src/lib/query-client';
import { appRoutes } from '@src/app/routes';
import { RouteError } from '@src/app/RouteError';
import { RouteWatcher } from '@src/app/RouteWatcher';
import { LazyScreen } from '@src/app/ScreenLoading';
import { MENU_LINKS } from '@src/app/shell/menu';
import type { AuthApi } from '@src/lib/api-client';
import { createSessionStorage } from '@src/lib/storage';
import type { WindowTransport } from '@src/lib/window-messages';

const user: User = {
  id: 'usr-1',
  name: 'Sari Wulandari',
  email: 'sari@bpr-makmur.test',
  phone: null,
  role: 'ADMIN',
  bpr: { id: 'bpr-1', name: 'BPR Makmur', logoUrl: null },
};

function tokenExpiringAt(exp: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: user.id, exp })}.sig`;
}

function fakeApi(overrides: Partial<AuthApi> = {}): AuthApi {
  const refuse = async () => {
    throw { statusCode: 500, message: 'tidak dipakai di tes ini', error: 'Test' };
  };
  return {
    login: vi.fn(refuse),
    changeExpiredPassword: vi.fn(refuse),
    sendForgotPassword: vi.fn(refuse),
    forgotPassword: vi.fn(refuse),
    registration: vi.fn(refuse),
    profileLogo: vi.fn(async () => ({ url: null })),
    profileDetail: vi.fn(async () => user),
    profileUpdate: vi.fn(refuse),
    logout: vi.fn(async () => null),
    ...overrides,
  } as AuthApi;
}

function createHarness(options: { path: string; signedIn?: boolean; api?: Partial<AuthApi> }) {
  const store = createMemoryStore();
  const storage = createSessionStorage(() => store, 'test-key');
  if (options.signedIn) storage.saveSession({ token: tokenExpiringAt(Math.floor(Date.now() / 1000) + 3600), user });
  const toasts: string[] = [];
  const transport: WindowTransport = { listen: () => () => undefined, reply: vi.fn(), notifyParent: vi.fn(() => false) };
  let router: ReturnType<typeof createMemoryRouter> | null = null;
  const effects: AppEffects = {
    storage,
    api: fakeApi(options.api),
    transport,
    notify: ({ title }) => void toasts.push(title),
    showError: (error) => void toasts.push(String((error as { message?: unknown }).message ?? error)),
    navigate: (to) => void router?.navigate(to),
    config: { embedAllowedOrigins: [], product: 'BPR', mode: 'production' },
    place: { ownOrigin: 'http://localhost', framed: false, parentOrigin: null },
  };
  const app = createAppActors(effects);
  router = createMemoryRouter(appRoutes(), { initialEntries: [options.path] });
  const routerRef = router;
  return {
    app,
    store,
    toasts,
    router: routerRef,
    render: () =>
      render(
        <AppActorsContext.Provider value={app}>
          <ServerDataProvider client={createQueryClient()}>
            <RouterProvider router={routerRef} />
          </ServerDataProvider>
        </AppActorsContext.Provider>,
      ),
  };
}

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
});

describe('the dashboard shell', () => {
  it('renders the menu of UI.md with the signed-in user, bank logo placeholder and "Keluar"', async () => {
    const harness = createHarness({ path: '/home', signedIn: true });
    running = harness.app;
    harness.render();
    await screen.findByRole('heading', { name: 'Beranda' });
    const nav = screen.getByRole('navigation', { name: 'Menu utama' });
    for (const link of MENU_LINKS) {
      const anchor = Array.from(nav.querySelectorAll('a')).find((a) => a.textContent === link.label);
      expect(anchor?.getAttribute('href'), link.label).toBe(link.path);
    }
    expect(MENU_LINKS.map((link) => link.label)).toEqual([
      'Beranda',
      'Daftar Deposito',
      'Proses Dokumen',
      'Bunga Bulanan',
      'Pencairan',
      'Jatuh Tempo',
      'Permintaan Perubahan',
      'Nasabah',
      'Blokir',
      'Impor Deposito',
      'Profil Bank',
      'Neraca Keuangan',
      'Tagihan',
      'Laporan',
      'Jurnal',
      'Pemetaan Akun',
      'Produk',
      'Pengaturan Produk',
      'Pengguna',
    ]);
    for (const group of ['Deposito', 'Bank', 'Master Data']) expect(screen.getByText(group)).toBeTruthy();
    expect(screen.getByText('Sari Wulandari')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo BPR Makmur' }).textContent).toBe('M');
    expect(screen.getByRole('button', { name: 'Keluar' })).toBeTruthy();
  });

  it('a menu entry opens its screen (Laporan, the last one that was still coming)', async () => {
    const harness = createHarness({ path: '/home', signedIn: true });
    running = harness.app;
    harness.render();
    await screen.findByRole('heading', { name: 'Beranda' });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Menu utama' })).getByRole('link', { name: 'Laporan' }));
    await screen.findByRole('heading', { name: 'Laporan', level: 1 });
    expect(screen.queryByText('Segera hadir')).toBeNull();
    expect(screen.getByText(/Pilih laporan dan bulannya/)).toBeTruthy();
  });

  it('Jurnal and Pemetaan Akun open from the Bank group', async () => {
    const harness = createHarness({ path: '/home', signedIn: true });
    running = harness.app;
    harness.render();
    await screen.findByRole('heading', { name: 'Beranda' });
    const bank = within(screen.getByRole('list', { name: 'Bank' }));
    fireEvent.click(bank.getByRole('link', { name: 'Jurnal' }));
    await screen.findByRole('heading', { name: 'Jurnal', level: 1 });
    expect(harness.router.state.location.pathname).toBe('/bank/jurnal');
    fireEvent.click(bank.getByRole('link', { name: 'Pemetaan Akun' }));
    await screen.findByRole('heading', { name: 'Pemetaan Akun', level: 1 });
    expect(harness.router.state.location.pathname).toBe('/bank/pemetaan-akun');
  });

  it('"Keluar" sends session.logout, clears storage, revokes the token and navigates to /login', async () => {
    const harness = createHarness({ path: '/home', signedIn: true });
    running = harness.app;
    const send = vi.spyOn(harness.app.session, 'send');
    harness.render();
    await screen.findByRole('heading', { name: 'Beranda' });
    fireEvent.click(screen.getByRole('button', { name: 'Keluar' }));
    expect(send).toHaveBeenCalledWith({ type: 'session.logout' });
    await screen.findByRole('heading', { name: 'Masuk' });
    expect(harness.router.state.location.pathname).toBe('/login');
    expect(harness.store.size()).toBe(0);
    expect(harness.app.session.getSnapshot().context.user).toBeNull();
    expect(harness.app.api.logout).toHaveBeenCalledTimes(1);
  });

  it('the menu button sends sidebar.toggle; the host hiding the navbar removes sidebar and profile header', async () => {
    const harness = createHarness({ path: '/home', signedIn: true });
    running = harness.app;
    harness.render();
    await screen.findByRole('heading', { name: 'Beranda' });
    const send = vi.spyOn(harness.app.sidebar, 'send');
    fireEvent.click(screen.getByRole('button', { name: 'Sembunyikan menu' }));
    expect(send).toHaveBeenCalledWith({ type: 'sidebar.toggle' });
    expect(screen.queryByRole('navigation', { name: 'Menu utama' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan menu' }));
    expect(screen.getByRole('navigation', { name: 'Menu utama' })).toBeTruthy();

    act(() => harness.app.bridge.send({ type: 'host.hideNavbar', origin: 'http://localhost' }));
    expect(screen.queryByRole('navigation', { name: 'Menu utama' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Keluar' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Beranda' })).toBeTruthy();
  });
});

describe('routing', () => {
  it('every location change sends route.changed; a screen loading on demand raises the overlay meanwhile', async () => {
    const harness = createHarness({ path: '/login' });
    running = harness.app;
    const send = vi.spyOn(harness.app.routeGuard, 'send');
    harness.render();
    await screen.findByRole('heading', { name: 'Masuk' });
    expect(send).toHaveBeenCalledWith({ type: 'route.changed', path: '/login', hasToken: false });
    await waitFor(() => expect(harness.app.preload.getSnapshot().context.preload).toBe(false));
    const preload: boolean[] = [];
    // What the overlay shows, each change once (an event the flag ignores notifies with the same value).
    harness.app.preload.subscribe((snapshot) => {
      if (preload.at(-1) !== snapshot.context.preload) preload.push(snapshot.context.preload);
    });
    fireEvent.click(screen.getByRole('link', { name: 'Lupa kata sandi?' }));
    // The next screen's code loads on demand: the login form leaves at once and the overlay covers the wait.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Masuk' })).toBeNull());
    await screen.findByRole('heading', { name: 'Lupa kata sandi' });
    expect(send).toHaveBeenLastCalledWith({ type: 'route.changed', path: '/forgot-password', hasToken: false });
    expect(preload).toEqual([true, false]);
  });

  it('a protected path without a stored token ends on /login, and the boot overlay goes once the check settles', async () => {
    const harness = createHarness({ path: '/deposito' });
    running = harness.app;
    expect(harness.app.preload.getSnapshot().context.preload).toBe(true);
    harness.render();
    await screen.findByRole('heading', { name: 'Masuk' });
    expect(harness.router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(harness.app.preload.getSnapshot().context.preload).toBe(false));
    expect(harness.toasts).toEqual([]);
  });
});

describe('titles and failures', () => {
  it('each screen names itself in the document title', async () => {
    const harness = createHarness({ path: '/home', signedIn: true });
    running = harness.app;
    harness.render();
    await screen.findByRole('heading', { name: 'Beranda' });
    await waitFor(() => expect(document.title).toBe('Beranda · Berjangka'));
    fireEvent.click(screen.getByRole('button', { name: 'Keluar' }));
    await screen.findByRole('heading', { name: 'Masuk' });
    await waitFor(() => expect(document.title).toBe('Masuk · Berjangka'));
  });

  it('a screen whose code cannot be loaded is explained in Indonesian, with no overlay left over it', async () => {
    const harness = createHarness({ path: '/rusak' });
    running = harness.app;
    const Broken = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const router = createMemoryRouter(
      [{ element: <RouteWatcher />, errorElement: <RouteError />, children: [{ path: '/rusak', element: <LazyScreen screen={Broken} /> }] }],
      { initialEntries: ['/rusak'] },
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppActorsContext.Provider value={harness.app}>
        <RouterProvider router={router} />
      </AppActorsContext.Provider>,
    );
    await screen.findByRole('heading', { name: 'Halaman gagal dimuat' });
    errors.mockRestore();
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeTruthy();
    await waitFor(() => expect(harness.app.preload.getSnapshot().context.preload).toBe(false));
  });
});

describe('the lazy screen fallback', () => {
  it('raises the preload flag while a screen loads and lowers it when the screen is there', async () => {
    const harness = createHarness({ path: '/registration' });
    running = harness.app;
    // A public screen settles the guard without a check: the boot overlay is gone.
    act(() => harness.app.routeChanged('/registration'));
    expect(harness.app.preload.getSnapshot().context.preload).toBe(false);

    let release!: () => void;
    const Slow = lazy(
      () => new Promise<{ default: () => ReactElement }>((resolve) => (release = () => resolve({ default: () => <p>Layar siap</p> }))),
    );
    const seen: boolean[] = [];
    harness.app.preload.subscribe((snapshot) => seen.push(snapshot.context.preload));
    render(
      <AppActorsContext.Provider value={harness.app}>
        <LazyScreen screen={Slow} />
      </AppActorsContext.Provider>,
    );
    expect(harness.app.preload.getSnapshot().context.preload).toBe(true);
    await act(async () => release());
    await screen.findByText('Layar siap');
    expect(harness.app.preload.getSnapshot().context.preload).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('a screen that finishes loading during the first token check leaves the overlay to the check', async () => {
    let answer!: (value: User) => void;
    const harness = createHarness({
      path: '/home',
      signedIn: true,
      api: { profileDetail: vi.fn(() => new Promise<User>((resolve) => (answer = resolve))) },
    });
    running = harness.app;
    act(() => harness.app.routeChanged('/home'));
    const Quick = lazy(async () => ({ default: () => <p>Layar siap</p> }));
    render(
      <AppActorsContext.Provider value={harness.app}>
        <LazyScreen screen={Quick} />
      </AppActorsContext.Provider>,
    );
    await screen.findByText('Layar siap');
    expect(harness.app.routeGuard.getSnapshot().value).toBe('checking');
    expect(harness.app.preload.getSnapshot().context.preload).toBe(true);
    await act(async () => answer(user));
    expect(harness.app.routeGuard.getSnapshot().value).toBe('allowed');
    expect(harness.app.preload.getSnapshot().context.preload).toBe(false);
  });
});
