import { assign, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import { loginPathFor, ROUTES, routeKind } from './routes';
import { TOKEN_EXPIRED, type SessionMachine } from './session';

/**
 * The route guard (product spec, sections 2, 4 and 8): decides, on every path change, whether the
 * token check runs and where to go when it settles. It owns no session state: the check itself
 * is the session's, reached through the named actor `checkToken` (see `tokenCheckThroughSession`).
 *
 * Named effects the app provides: actor `checkToken`; actions `navigate`, `showErrorToast`,
 * `tokenCheckSettled`.
 */

/** The exact toast title when the stored token has expired. */
export const SESSION_EXPIRED_MESSAGE = 'Sesi telah berakhir. Silahkan login kembali.';

type RouteGuardEvent = {
  type: 'route.changed';
  /** The new location: its pathname with its query and fragment (kept for the way back after a login). */
  path: string;
  /** Whether a token is stored right now (read by the app when the path changes). */
  hasToken: boolean;
};

interface RouteGuardContext {
  /** The location the last decision was about; null before the first path change. */
  path: string | null;
}

/** The login screen, remembering the protected location the check refused (`?next=`). */
function loginFor(context: RouteGuardContext): { to: string } {
  return { to: loginPathFor(context.path ?? ROUTES.home) };
}

function isOnLogin(context: RouteGuardContext): boolean {
  return context.path !== null && routeKind(context.path) === 'login';
}

function notProvided(name: string): never {
  throw new Error(`route guard: the "${name}" effect must be provided by the app`);
}

export const routeGuardMachine = setup({
  types: {
    context: {} as RouteGuardContext,
    events: {} as RouteGuardEvent,
  },
  actors: {
    /** Runs the session's token check: resolves when the session is valid, rejects with the failure reason. */
    checkToken: fromPromise<void>(async () => notProvided('checkToken')),
  },
  actions: {
    navigate: (_, _params: { to: string }) => notProvided('navigate'),
    /** An error toast whose title is `title`. */
    showErrorToast: (_, _params: { title: string }) => notProvided('showErrorToast'),
    /** A token check has settled either way (the app lowers the boot overlay: `preload.checkSettled`). */
    tokenCheckSettled: () => notProvided('tokenCheckSettled'),
  },
  guards: {
    publicWithTokenStored: ({ event }) => routeKind(event.path) === 'redirectWhenTokenStored' && event.hasToken,
    skipsTokenCheck: ({ event }) => {
      const kind = routeKind(event.path);
      return kind === 'redirectWhenTokenStored' || kind === 'unchecked';
    },
    onLogin: ({ context }) => isOnLogin(context),
    sessionExpired: (_, params: { reason: unknown }) => params.reason === TOKEN_EXPIRED,
    sessionExpiredOnLogin: ({ context }, params: { reason: unknown }) => params.reason === TOKEN_EXPIRED && isOnLogin(context),
  },
}).createMachine({
  id: 'routeGuard',
  context: { path: null },
  initial: 'idle',
  on: {
    'route.changed': [
      {
        guard: 'publicWithTokenStored',
        target: '.redirecting',
        actions: [assign({ path: ({ event }) => event.path }), { type: 'navigate', params: { to: ROUTES.home } }],
      },
      {
        guard: 'skipsTokenCheck',
        target: '.open',
        actions: assign({ path: ({ event }) => event.path }),
      },
      {
        // Every other path, /login included, runs the check; a newer path restarts it.
        target: '.checking',
        reenter: true,
        actions: assign({ path: ({ event }) => event.path }),
      },
    ],
  },
  states: {
    /** No path seen yet. */
    idle: {},
    /** A public screen (or the signature return page) that needs no check is shown. */
    open: {},
    /** Sent elsewhere; the next `route.changed` decides again. */
    redirecting: {},
    checking: {
      invoke: {
        id: 'checkToken',
        src: 'checkToken',
        onDone: [
          {
            guard: 'onLogin',
            target: 'redirecting',
            actions: ['tokenCheckSettled', { type: 'navigate', params: { to: ROUTES.home } }],
          },
          { target: 'allowed', actions: 'tokenCheckSettled' },
        ],
        onError: [
          {
            guard: { type: 'sessionExpiredOnLogin', params: ({ event }) => ({ reason: event.error }) },
            target: 'denied',
            actions: ['tokenCheckSettled', { type: 'showErrorToast', params: { title: SESSION_EXPIRED_MESSAGE } }],
          },
          {
            guard: { type: 'sessionExpired', params: ({ event }) => ({ reason: event.error }) },
            target: 'redirecting',
            actions: [
              'tokenCheckSettled',
              { type: 'showErrorToast', params: { title: SESSION_EXPIRED_MESSAGE } },
              { type: 'navigate', params: ({ context }) => loginFor(context) },
            ],
          },
          { guard: 'onLogin', target: 'denied', actions: 'tokenCheckSettled' },
          {
            target: 'redirecting',
            actions: ['tokenCheckSettled', { type: 'navigate', params: ({ context }) => loginFor(context) }],
          },
        ],
      },
    },
    /** The session is valid: the screen of the path is shown. */
    allowed: {},
    /** The check failed on /login: the login screen stays. */
    denied: {},
  },
});

/**
 * The `checkToken` actor for the running app: asks the session actor for a token check and
 * settles with it — resolves when the session is valid, rejects with `context.reason`
 * ('no-token', 'token-expired' or the thrown error). Concurrent checks share the session's one.
 */
export function tokenCheckThroughSession(session: ActorRefFrom<SessionMachine>) {
  return fromPromise<void>(async ({ signal }) => {
    session.send({ type: 'session.check' });
    const settled = await waitFor(session, (snapshot) => !snapshot.matches('checking') && !snapshot.matches('loggingIn'), {
      signal,
    });
    if (settled.matches('valid')) return;
    throw settled.context.reason ?? 'no-token';
  });
}
