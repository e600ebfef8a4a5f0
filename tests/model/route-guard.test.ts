import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_MESSAGE } from '../../machines/route-guard';
import { loginPathFor, normalizePath, returnPathAfterLogin, routeKind } from '../../machines/routes';
import { walkModel } from './harness';
import { fakedRouteGuard, paths } from './route-guard.model';

const toast = { name: 'showErrorToast', params: { title: 'Sesi telah berakhir. Silahkan login kembali.' } };
const settled = { name: 'tokenCheckSettled', params: undefined };
const navigate = (to: string) => ({ name: 'navigate', params: { to } });
/** Where a refused check sends each protected path of the model: /home needs no way back. */
const LOGIN_FOR: Record<string, string> = {
  '/home': '/login',
  '/deposito/jatuh-tempo': '/login?next=%2Fdeposito%2Fjatuh-tempo',
  '/deposito/pencairan?status=paid&period=2026-10': '/login?next=%2Fdeposito%2Fpencairan%3Fstatus%3Dpaid%26period%3D2026-10',
};

walkModel({
  title: 'route guard, walked by generated paths',
  paths,
  build: fakedRouteGuard,
  check: ({ snapshot, event, effects, recorder }) => {
    const path = snapshot.context.path as string | null;
    const kind = path === null ? null : routeKind(path);

    // What each state means.
    if (snapshot.matches('checking')) expect(['login', 'protected']).toContain(kind);
    if (snapshot.matches('open')) expect(['redirectWhenTokenStored', 'unchecked']).toContain(kind);
    if (snapshot.matches('allowed')) expect(kind).toBe('protected');
    if (snapshot.matches('denied')) expect(kind).toBe('login');
    // A toast is only ever the session-expired one, word for word.
    for (const call of recorder.calls.filter((c) => c.name === 'showErrorToast')) expect(call).toEqual(toast);

    // What each step did.
    if (event.type === 'route.changed') {
      expect(path).toBe(event.path);
      const eventKind = routeKind(event.path);
      if (eventKind === 'redirectWhenTokenStored' && event.hasToken) {
        expect(effects).toEqual([navigate('/home')]);
        expect(snapshot.value).toBe('redirecting');
      } else if (eventKind === 'redirectWhenTokenStored' || eventKind === 'unchecked') {
        expect(effects).toEqual([]);
        expect(snapshot.value).toBe('open');
      } else {
        // /login and every protected path run the token check, whether a token is stored or not.
        expect(effects).toEqual([{ name: 'start:checkToken', params: undefined }]);
        expect(snapshot.value).toBe('checking');
      }
    } else if (event.type === 'xstate.done.actor.checkToken') {
      if (kind === 'login') {
        expect(effects).toEqual([settled, navigate('/home')]);
        expect(snapshot.value).toBe('redirecting');
      } else {
        expect(effects).toEqual([settled]);
        expect(snapshot.value).toBe('allowed');
      }
    } else if (event.type === 'xstate.error.actor.checkToken') {
      const expectedToast = event.error === 'token-expired' ? [toast] : [];
      if (kind === 'login') {
        expect(effects).toEqual([settled, ...expectedToast]);
        expect(snapshot.value).toBe('denied');
      } else {
        // The toast comes first, then the way to the login screen, which remembers the path.
        expect(LOGIN_FOR[path!], path!).toBeDefined();
        expect(effects).toEqual([settled, ...expectedToast, navigate(LOGIN_FOR[path!]!)]);
        expect(snapshot.value).toBe('redirecting');
      }
    }
  },
});

describe('route table', () => {
  it('exports the exact session-expired text', () => {
    expect(SESSION_EXPIRED_MESSAGE).toBe('Sesi telah berakhir. Silahkan login kembali.');
  });

  it('classifies the routes of the product spec', () => {
    expect(routeKind('/login')).toBe('login');
    for (const path of ['/forgot-password', '/reset-password', '/change-password-expired', '/registration']) {
      expect(routeKind(path)).toBe('redirectWhenTokenStored');
    }
    expect(routeKind('/signature/privy')).toBe('unchecked');
    for (const path of ['/', '/home', '/deposito', '/deposito/123', '/signature', '/login-help', '/registration/extra']) {
      expect(routeKind(path)).toBe('protected');
    }
  });

  it('lets a login return only to a protected path of this app', () => {
    for (const path of ['/deposito', '/deposito/dep-1?tab=riwayat#jadwal', '/deposito/pencairan?status=paid&period=2026-10', '/home']) {
      expect(returnPathAfterLogin(path), path).toBe(path);
    }
    const foreign = [
      'https://evil.test/home',
      '//evil.test/home',
      '/\\evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      ' /deposito',
      'javascript:alert(1)',
      'deposito',
      `/${'a'.repeat(2048)}`,
    ];
    // Public screens and the login itself are no place to return to.
    const notProtected = ['/login', '/login?next=%2Fdeposito', '/reset-password?token=abc', '/registration', '/signature/privy'];
    for (const next of [...foreign, ...notProtected, '', null, undefined, 42]) expect(returnPathAfterLogin(next), String(next)).toBe('/home');
  });

  it('sends to /login with the refused location as next, except from /home and /', () => {
    expect(loginPathFor('/deposito/dep-1?tab=riwayat')).toBe('/login?next=%2Fdeposito%2Fdep-1%3Ftab%3Driwayat');
    expect(loginPathFor('/home')).toBe('/login');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.test')).toBe('/login');
  });

  it('treats a trailing slash, a query or a fragment as the same screen', () => {
    expect(normalizePath('/login/')).toBe('/login');
    expect(normalizePath('/reset-password?token=abc')).toBe('/reset-password');
    expect(routeKind('/reset-password?token=abc')).toBe('redirectWhenTokenStored');
    expect(routeKind('/signature/privy/#done')).toBe('unchecked');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });
});
