/**
 * The client machines wired together the way the app wires them (see the named effects in each
 * machine), with only the outside world faked: storage is a Map, the server is a function, the
 * router is a location variable, the window transport is a list of posted messages. This is the
 * reference for the view layer: which actor's effect sends what to which actor.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { User } from '../../contract/auth';
import { embedBridgeMachine, hostEventFromMessage } from '../../machines/embed-bridge';
import { preloadMachine } from '../../machines/preload';
import { profileHeaderMachine } from '../../machines/profile-header';
import { SESSION_EXPIRED_MESSAGE, routeGuardMachine, tokenCheckThroughSession } from '../../machines/route-guard';
import { sessionMachine } from '../../machines/session';
import { sidebarMachine } from '../../machines/sidebar';

const NOW_S = 1_795_312_800;
const HOST = 'https://host.mitra.test';
const OWN = 'https://berjangka.bpr.test';
const user: User = {
  id: 'usr-1',
  name: 'Sari Wulandari',
  email: 'sari@bpr-makmur.test',
  phone: null,
  role: 'ADMIN',
  bpr: { id: 'bpr-1', name: 'BPR Makmur', logoUrl: null },
};

/** A token whose payload carries `exp`, as the server signs it (the signature is not checked here). */
function tokenExpiringAt(exp: number): string {
  return `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: user.id, exp })).toString('base64url')}.sig`;
}
function decodeExp(token: string): number {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp;
}
/** Stands in for the AES encryption of the storage effect: what matters here is that it is not the plain value. */
const seal = (value: string) => `sealed:${Buffer.from(value).toString('base64')}`;

function createApp(options: {
  stored?: { token: string };
  framed?: boolean;
  login?: (request: { email: string; password: string }) => Promise<unknown>;
  profile?: () => Promise<User>;
}) {
  const storage = new Map<string, string>();
  if (options.stored) {
    storage.set('token', seal(options.stored.token));
    storage.set('token-expired', String(decodeExp(options.stored.token)));
  }
  const world = {
    storage,
    location: '',
    history: [] as string[],
    toasts: [] as string[],
    posted: [] as Array<{ to: 'sender' | 'parent'; message: string; targetOrigin: string }>,
    requests: [] as string[],
  };

  const sidebar = createActor(sidebarMachine).start();
  const profileHeader = createActor(profileHeaderMachine).start();
  const preload = createActor(preloadMachine).start();

  /** Path changes the router has yet to report. */
  let unreported = 0;
  const navigate = (to: string) => {
    world.location = to;
    world.history.push(to);
    // The router reports the new location after rendering, not inside the machine's step.
    unreported += 1;
    queueMicrotask(() => {
      routeGuard.send({ type: 'route.changed', path: to, hasToken: storage.has('token') });
      unreported -= 1;
    });
  };

  const bridge = createActor(
    embedBridgeMachine.provide({
      actions: {
        hideSidebar: () => sidebar.send({ type: 'sidebar.hide' }),
        hideProfileHeader: () => profileHeader.send({ type: 'profileHeader.hide' }),
        logout: () => session.send({ type: 'session.logout' }),
        navigate: (_, { to }) => navigate(to),
        reply: (_, { message, targetOrigin }) => void world.posted.push({ to: 'sender', message, targetOrigin }),
        notifyParent: (_, { message, targetOrigin }) => void world.posted.push({ to: 'parent', message, targetOrigin }),
      },
    }),
    { input: { allowedOrigins: [HOST], ownOrigin: OWN, framed: options.framed ?? false, parentOrigin: options.framed ? HOST : null } },
  );

  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(async ({ input }) => {
          world.requests.push('POST /auth/login');
          return (options.login ?? (async () => ({ statusCode: 401, message: 'Email atau kata sandi salah.', error: 'Unauthorized' })))(input);
        }),
        readStoredToken: fromPromise(async () => ({
          hasToken: storage.has('token'),
          expiresAt: storage.has('token-expired') ? Number(storage.get('token-expired')) : null,
        })),
        fetchProfile: fromPromise(async () => {
          world.requests.push('GET /profile/detail');
          return (options.profile ?? (async () => user))();
        }),
      },
      actions: {
        storeUser: (_, { user: next }) => void storage.set('user', seal(JSON.stringify(next))),
        storeToken: (_, { token }) => {
          storage.set('token', seal(token));
          storage.set('token-expired', String(decodeExp(token)));
        },
        clearStorage: () => storage.clear(),
        revokeToken: () => void world.requests.push(`POST /auth/logout (token stored: ${storage.has('token')})`),
        navigate: (_, { to }) => navigate(to),
        announceLogin: () => bridge.send({ type: 'bridge.loggedIn' }),
        reportLoginFailure: (_, { error }) => void world.toasts.push((error as { message: string }).message),
      },
    }),
    { input: { now: () => NOW_S * 1000 + 250 } },
  );

  const routeGuard = createActor(
    routeGuardMachine.provide({
      actors: { checkToken: tokenCheckThroughSession(session) },
      actions: {
        navigate: (_, { to }) => navigate(to),
        showErrorToast: (_, { title }) => void world.toasts.push(title),
        tokenCheckSettled: () => preload.send({ type: 'preload.checkSettled' }),
      },
    }),
  );

  for (const actor of [session, bridge, routeGuard]) actor.start();

  /** Nothing left to happen: every path change reported and no invoked actor (a request, a token check) still running. */
  const idle = () =>
    unreported === 0 &&
    [session, routeGuard, bridge, sidebar, profileHeader, preload].every((actor) =>
      Object.values(actor.getSnapshot().children as Record<string, { getSnapshot(): { status: string } } | undefined>).every((child) => child?.getSnapshot().status !== 'active'),
    );

  return {
    world,
    session,
    routeGuard,
    bridge,
    sidebar,
    profileHeader,
    preload,
    /** The browser opens the app at `path`. */
    open: (path: string) => navigate(path),
    /** Resolves once the wired actors have done all that the last step set off. */
    settle: () =>
      vi.waitFor(
        () => {
          if (!idle()) throw new Error('the wired actors are still at work');
        },
        { interval: 1 },
      ),
    /** A window message arrives from `origin`. */
    message: (data: unknown, origin: string) => {
      const event = hostEventFromMessage(data, origin, storage.has('token'));
      if (event) bridge.send(event);
    },
  };
}

describe('the client machines wired together', () => {
  it('an expired stored token on a dashboard path: the toast first, storage cleared, then /login', async () => {
    const app = createApp({ stored: { token: tokenExpiringAt(NOW_S - 1) } });
    expect(app.preload.getSnapshot().context.preload).toBe(true);
    app.open('/home');
    await app.settle();
    expect(app.world.toasts).toEqual([SESSION_EXPIRED_MESSAGE]);
    expect(app.world.history).toEqual(['/home', '/login']);
    expect(app.world.storage.size).toBe(0);
    expect(app.world.requests).toEqual([]); // no profile fetch with an expired token
    // On /login the check runs again and fails quietly with no-token.
    expect(app.session.getSnapshot().value).toBe('noUser');
    expect(app.session.getSnapshot().context.reason).toBe('no-token');
    expect(app.routeGuard.getSnapshot().value).toBe('denied');
    expect(app.preload.getSnapshot().context.preload).toBe(false);
  });

  it('a token expiring this very second is still valid: the profile is fetched and stored sealed', async () => {
    const app = createApp({ stored: { token: tokenExpiringAt(NOW_S) } });
    app.open('/deposito');
    await app.settle();
    expect(app.world.requests).toEqual(['GET /profile/detail']);
    expect(app.session.getSnapshot().value).toBe('valid');
    expect(app.session.getSnapshot().context.user).toEqual(user);
    expect(app.world.storage.get('user')).toBe(seal(JSON.stringify(user)));
    expect(app.world.storage.get('user')).not.toContain(user.name);
    expect(app.world.history).toEqual(['/deposito']);
    expect(app.routeGuard.getSnapshot().value).toBe('allowed');
    expect(app.preload.getSnapshot().context.preload).toBe(false);
  });

  it('a valid session opening /login goes on to /home', async () => {
    const app = createApp({ stored: { token: tokenExpiringAt(NOW_S + 3600) } });
    app.open('/login');
    await app.settle();
    expect(app.world.history).toEqual(['/login', '/home']);
    expect(app.routeGuard.getSnapshot().value).toBe('allowed');
  });

  it('no stored token on a dashboard path goes to /login without a toast, remembering the path', async () => {
    const app = createApp({});
    app.open('/deposito/jatuh-tempo');
    await app.settle();
    expect(app.world.history).toEqual(['/deposito/jatuh-tempo', '/login?next=%2Fdeposito%2Fjatuh-tempo']);
    expect(app.world.toasts).toEqual([]);
  });

  it('a login from the screen a protected path led to goes back to that path, query included', async () => {
    const token = tokenExpiringAt(NOW_S + 3600);
    const app = createApp({ login: async () => ({ statusCode: 200, message: 'OK', data: { token, user } }) });
    app.open('/deposito/dep-7?tab=riwayat');
    await app.settle();
    const login = new URL(app.world.location, OWN);
    expect(login.pathname).toBe('/login');
    // The login screen hands the machine its `next`, as the browser decoded it.
    app.session.send({ type: 'session.login', email: user.email, password: 'Rahasia#2026', returnTo: login.searchParams.get('next') });
    await app.settle();
    expect(app.world.history.at(-1)).toBe('/deposito/dep-7?tab=riwayat');
    expect(app.routeGuard.getSnapshot().value).toBe('allowed');
  });

  it('a login whose next names another origin goes to /home', async () => {
    const token = tokenExpiringAt(NOW_S + 3600);
    const app = createApp({ login: async () => ({ statusCode: 200, message: 'OK', data: { token, user } }) });
    app.open('/login?next=https%3A%2F%2Fevil.test%2Fhome');
    await app.settle();
    app.session.send({ type: 'session.login', email: user.email, password: 'Rahasia#2026', returnTo: 'https://evil.test/home' });
    await app.settle();
    expect(app.world.history.at(-1)).toBe('/home');
  });

  it('an expired session on a list keeps its filters for after the login', async () => {
    const app = createApp({ stored: { token: tokenExpiringAt(NOW_S - 1) } });
    app.open('/deposito?status=active&q=Sari');
    await app.settle();
    expect(app.world.toasts).toEqual([SESSION_EXPIRED_MESSAGE]);
    expect(app.world.history).toEqual(['/deposito?status=active&q=Sari', '/login?next=%2Fdeposito%3Fstatus%3Dactive%26q%3DSari']);
  });

  it('a public screen with a stored token redirects to /home without a check of its own', async () => {
    const app = createApp({ stored: { token: tokenExpiringAt(NOW_S + 3600) } });
    app.open('/reset-password');
    await app.settle();
    expect(app.world.history).toEqual(['/reset-password', '/home']);
    expect(app.world.requests).toEqual(['GET /profile/detail']); // the check of /home, once
  });

  it('the signature return page and public screens without a token run no check', async () => {
    const app = createApp({});
    app.open('/signature/privy');
    await app.settle();
    app.open('/registration');
    await app.settle();
    expect(app.world.history).toEqual(['/signature/privy', '/registration']);
    expect(app.session.getSnapshot().value).toBe('noUser');
    expect(app.session.getSnapshot().context.reason).toBeNull();
  });

  it('a token the server refuses (401: revoked, user deactivated) is cleared and told like an expired session, once, on /login', async () => {
    const revoked = { statusCode: 401, message: 'Sesi tidak berlaku.', error: 'Unauthorized' };
    const app = createApp({ stored: { token: tokenExpiringAt(NOW_S + 3600) }, profile: () => Promise.reject(revoked) });
    app.open('/home');
    await app.settle();
    expect(app.world.history.at(-1)).toBe('/login');
    expect(app.world.toasts).toEqual(['Sesi telah berakhir. Silahkan login kembali.']);
    expect(app.world.storage.has('token')).toBe(false);
    // The login page checks again and finds nothing: no second toast, no redirect loop.
    await app.settle();
    expect(app.world.toasts).toHaveLength(1);
    expect(app.world.history.at(-1)).toBe('/login');
  });

  it('a profile fetch with no answer (network) keeps the token and goes to /login without a word', async () => {
    const offline = { statusCode: 0, message: 'Tidak dapat terhubung ke server. Periksa koneksi Anda.', error: 'NetworkError' };
    const app = createApp({ stored: { token: tokenExpiringAt(NOW_S + 3600) }, profile: () => Promise.reject(offline) });
    app.open('/home');
    await app.settle();
    expect(app.world.history[1]).toBe('/login');
    expect(app.world.toasts).toEqual([]);
    expect(app.world.storage.has('token')).toBe(true);
  });

  it('a successful login while framed stores the session, tells the parent and goes to /home', async () => {
    const token = tokenExpiringAt(NOW_S + 3600);
    const app = createApp({ framed: true, login: async () => ({ statusCode: 200, message: 'OK', data: { token, user } }) });
    app.open('/login');
    await app.settle();
    app.session.send({ type: 'session.login', email: user.email, password: 'Rahasia#2026' });
    await app.settle();
    expect(app.world.posted).toEqual([{ to: 'parent', message: 'LoggedInBPR', targetOrigin: HOST }]);
    expect(app.world.storage.get('token')).toBe(seal(token));
    expect(app.world.storage.get('token-expired')).toBe(String(NOW_S + 3600));
    expect(app.world.history.at(-1)).toBe('/home');
    expect(app.session.getSnapshot().value).toBe('valid');
  });

  it('a login answered with statusCode 201 is a failure shown through the error toast', async () => {
    const app = createApp({ login: async () => ({ statusCode: 201, message: 'Akun menunggu verifikasi.', data: {} }) });
    app.session.send({ type: 'session.login', email: user.email, password: 'x' });
    await app.settle();
    expect(app.session.getSnapshot().value).toBe('noUser');
    expect(app.world.toasts).toEqual(['Akun menunggu verifikasi.']);
    expect(app.world.storage.has('token')).toBe(false);
  });

  it('a 403 PasswordExpired login goes to the change screen with the change token in memory only', async () => {
    const app = createApp({
      login: () =>
        Promise.reject({ statusCode: 403, message: 'Kata sandi kedaluwarsa.', error: 'PasswordExpired', data: { changePasswordToken: 'chg-1' } }),
    });
    app.session.send({ type: 'session.login', email: user.email, password: 'lama' });
    await app.settle();
    expect(app.world.history).toEqual(['/change-password-expired']);
    expect(app.session.getSnapshot().context.changePassword).toEqual({ email: user.email, token: 'chg-1' });
    expect([...app.world.storage.values()].join()).not.toContain('chg-1');
    expect(app.routeGuard.getSnapshot().value).toBe('open'); // the change screen runs no check
  });

  it('the host logs the user out: token revoked, storage cleared, /login, LoggedOut reply to the host', async () => {
    const app = createApp({ stored: { token: tokenExpiringAt(NOW_S + 3600) } });
    app.open('/home');
    await app.settle();
    app.message({ eventMessage: 'logout' }, HOST);
    await app.settle();
    expect(app.world.requests).toContain('POST /auth/logout (token stored: true)');
    expect(app.world.storage.size).toBe(0);
    expect(app.session.getSnapshot().value).toBe('noUser');
    expect(app.world.history.at(-1)).toBe('/login');
    expect(app.world.posted).toEqual([{ to: 'sender', message: 'LoggedOutBPR', targetOrigin: HOST }]);
  });

  it('the host hides the navbar and asks whether someone is logged in; a stranger is ignored', async () => {
    const app = createApp({ stored: { token: tokenExpiringAt(NOW_S + 3600) } });
    app.message({ eventMessage: 'hideNavbar' }, 'https://evil.test');
    app.message({ eventMessage: 'logout' }, 'https://evil.test');
    expect(app.sidebar.getSnapshot().context.show).toBe(true);
    expect(app.world.storage.has('token')).toBe(true);
    app.message({ eventMessage: 'hideNavbar' }, HOST);
    app.message({ eventMessage: 'checkIsLoggedIn' }, HOST);
    expect(app.sidebar.getSnapshot().context).toEqual({ isOpen: false, show: false });
    expect(app.profileHeader.getSnapshot().context.show).toBe(false);
    expect(app.world.posted).toEqual([
      { to: 'sender', message: 'doneHideNavbar', targetOrigin: HOST },
      { to: 'sender', message: 'LoggedInBPR', targetOrigin: HOST },
    ]);
  });

  it('a path change during a check restarts it and only the newest path is decided', async () => {
    let release!: (value: User) => void;
    const app = createApp({
      stored: { token: tokenExpiringAt(NOW_S + 3600) },
      profile: () => new Promise<User>((resolve) => (release = resolve)),
    });
    app.open('/login');
    // The check of /login waits on the profile request, held open here.
    await vi.waitFor(() => expect(app.world.requests).toEqual(['GET /profile/detail']), { interval: 1 });
    app.open('/deposito');
    await vi.waitFor(() => expect(app.routeGuard.getSnapshot().context.path).toBe('/deposito'), { interval: 1 });
    release(user);
    await app.settle();
    // The check begun on /login would have sent the user to /home; the newer path wins.
    expect(app.world.history).toEqual(['/login', '/deposito']);
    expect(app.routeGuard.getSnapshot().value).toBe('allowed');
    expect(app.world.requests).toEqual(['GET /profile/detail']); // one check, shared
  });
});
