import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_MESSAGE } from '../../machines/route-guard';
import { normalizePath, routeKind } from '../../machines/routes';
import { walkModel } from './harness';
import { fakedRouteGuard, paths } from './route-guard.model';

const toast = { name: 'showErrorToast', params: { title: 'Sesi telah berakhir. Silahkan login kembali.' } };
const settled = { name: 'tokenCheckSettled', params: undefined };
const navigate = (to: string) => ({ name: 'navigate', params: { to } });

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
        // The toast comes first, then the way to the login screen.
        expect(effects).toEqual([settled, ...expectedToast, navigate('/login')]);
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

  it('treats a trailing slash, a query or a fragment as the same screen', () => {
    expect(normalizePath('/login/')).toBe('/login');
    expect(normalizePath('/reset-password?token=abc')).toBe('/reset-password');
    expect(routeKind('/reset-password?token=abc')).toBe('redirectWhenTokenStored');
    expect(routeKind('/signature/privy/#done')).toBe('unchecked');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });
});
