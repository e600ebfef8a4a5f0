import { assign, fromPromise, setup } from 'xstate';
import type { LoginRequest, User } from '../contract/auth';
import { returnPathAfterLogin, ROUTES } from './routes';

/**
 * The session of the signed-in staff member (product spec, sections 4, 5 and 8).
 *
 * Effects are named here and provided by the app (`sessionMachine.provide(...)`):
 * - actors `login`, `readStoredToken`, `fetchProfile`;
 * - actions `storeUser`, `storeToken`, `clearStorage`, `revokeToken`, `navigate`,
 *   `announceLogin`, `reportLoginFailure`.
 * The clock is the `now` input (milliseconds, `Date.now` by default) so tests control time.
 */

/** What the token check read from storage. The machine never sees the token itself. */
export interface StoredToken {
  hasToken: boolean;
  /** The stored `token-expired` value: the JWT's `exp`, in seconds; null when missing or unreadable. */
  expiresAt: number | null;
}

const NO_TOKEN = 'no-token';
export const TOKEN_EXPIRED = 'token-expired';
/**
 * Why a token check failed: `NO_TOKEN`, `TOKEN_EXPIRED`, or whatever the storage read or the
 * profile fetch threw (usually the server's error body), kept as is for the error helper.
 */
type CheckFailure = typeof NO_TOKEN | typeof TOKEN_EXPIRED | unknown;

type SessionEvent =
  /** `returnTo`: the `next` of the login screen's URL; a login goes there when it is a path of this app. */
  | { type: 'session.login'; email: string; password: string; returnTo?: string | null }
  | { type: 'session.check' }
  | { type: 'session.logout' }
  /** The change-expired-password screen succeeded: the single-use change token is spent. */
  | { type: 'session.expiredPasswordChanged' };

interface SessionInput {
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
}

interface SessionContext {
  user: User | null;
  /** The reason of the last failed token check; null while none failed since the last check began. */
  reason: CheckFailure | null;
  /** The server's error body (or the rejection) of the last failed login, for the error helper. */
  error: unknown;
  /** Email of the login in progress, kept for the change-expired-password request. */
  loginEmail: string | null;
  /** Where the login in progress goes when it succeeds: a path of this app, /home by default. */
  returnTo: string;
  /** Set after a 403 PasswordExpired login; lives only in memory. */
  changePassword: { email: string; token: string } | null;
  now: () => number;
}

/** Seconds since the epoch, as the JWT `exp` counts them. */
export function nowInSeconds(nowMs: number): number {
  return Math.floor(nowMs / 1000);
}

/**
 * True for the server's 401 answer to a stored token (the API client's failure body): the
 * session was revoked. A network failure (statusCode 0) or a server error is not: the token may
 * still be good, so it is kept.
 */
export function isSessionRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 401;
}

/**
 * The stored expiry is earlier than now (both in seconds). An expiry equal to now is still valid.
 * A missing or unreadable expiry counts as expired: a token whose lifetime is unknown is not trusted.
 */
export function isTokenExpired(expiresAt: number | null, nowMs: number): boolean {
  if (expiresAt === null || !Number.isFinite(expiresAt)) return true;
  return expiresAt < nowInSeconds(nowMs);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

type LoginOutcome =
  | { kind: 'ok'; token: string; user: User }
  | { kind: 'passwordExpired'; changePasswordToken: string }
  | { kind: 'failed' };

/**
 * Reads a login response body (resolved or rejected). Success only when `statusCode` is exactly
 * 200 and the body carries the token and the user; 403 `PasswordExpired` carries the change token;
 * anything else is a failure whose body the view shows through the error helper.
 */
export function loginOutcome(body: unknown): LoginOutcome {
  if (!isRecord(body)) return { kind: 'failed' };
  const data = isRecord(body.data) ? body.data : null;
  if (body.statusCode === 200 && data && typeof data.token === 'string' && isRecord(data.user)) {
    return { kind: 'ok', token: data.token, user: data.user as User };
  }
  if (body.statusCode === 403 && body.error === 'PasswordExpired' && data && typeof data.changePasswordToken === 'string') {
    return { kind: 'passwordExpired', changePasswordToken: data.changePasswordToken };
  }
  return { kind: 'failed' };
}

function successfulLogin(body: unknown): { token: string; user: User } {
  const outcome = loginOutcome(body);
  if (outcome.kind !== 'ok') throw new Error('session: not a successful login body');
  return outcome;
}

function changePasswordToken(body: unknown): string {
  const outcome = loginOutcome(body);
  if (outcome.kind !== 'passwordExpired') throw new Error('session: not a PasswordExpired body');
  return outcome.changePasswordToken;
}

function notProvided(name: string): never {
  throw new Error(`session: the "${name}" effect must be provided by the app`);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput | undefined,
  },
  actors: {
    /** POST /auth/login on v2-bpr; resolves with the response body, rejects with the error body. */
    login: fromPromise<unknown, LoginRequest>(async () => notProvided('login')),
    /** Reads whether a token is stored and its stored expiry (seconds). */
    readStoredToken: fromPromise<StoredToken>(async () => notProvided('readStoredToken')),
    /** GET /profile/detail on v2-bpr; resolves with its `data` (the user). */
    fetchProfile: fromPromise<User>(async () => notProvided('fetchProfile')),
  },
  actions: {
    /** Stores the user encrypted under `user`. */
    storeUser: (_, _params: { user: User }) => notProvided('storeUser'),
    /** Stores the token encrypted under `token` and its JWT `exp` (seconds) under `token-expired`. */
    storeToken: (_, _params: { token: string }) => notProvided('storeToken'),
    /** Clears all local storage. */
    clearStorage: () => notProvided('clearStorage'),
    /** Asks the server to revoke the stored token (POST /auth/logout); runs before storage is cleared; failures are ignored. */
    revokeToken: () => notProvided('revokeToken'),
    navigate: (_, _params: { to: string }) => notProvided('navigate'),
    /** A login succeeded: the app tells the embed bridge (`bridge.loggedIn`). */
    announceLogin: (_, _params: { user: User }) => notProvided('announceLogin'),
    /** A login failed: the app shows the error body through the error helper as an error toast. */
    reportLoginFailure: (_, _params: { error: unknown }) => notProvided('reportLoginFailure'),
  },
  guards: {
    loginSucceeded: (_, params: { body: unknown }) => loginOutcome(params.body).kind === 'ok',
    passwordExpired: (_, params: { body: unknown }) => loginOutcome(params.body).kind === 'passwordExpired',
    noStoredToken: (_, params: { stored: StoredToken }) => !params.stored.hasToken,
    storedTokenExpired: ({ context }, params: { stored: StoredToken }) =>
      isTokenExpired(params.stored.expiresAt, context.now()),
    sessionRefused: (_, params: { error: unknown }) => isSessionRefusal(params.error),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: null,
    reason: null,
    error: null,
    loginEmail: null,
    returnTo: ROUTES.home,
    changePassword: null,
    now: input?.now ?? (() => Date.now()),
  }),
  initial: 'noUser',
  on: {
    'session.logout': {
      target: '.noUser',
      actions: [
        'revokeToken',
        'clearStorage',
        assign({ user: null, reason: null, error: null, loginEmail: null, changePassword: null }),
      ],
    },
  },
  states: {
    noUser: {
      on: {
        'session.login': { target: 'loggingIn' },
        'session.check': { target: 'checking' },
      },
    },
    loggingIn: {
      entry: assign({
        error: null,
        loginEmail: ({ event }) => (event.type === 'session.login' ? event.email : null),
        returnTo: ({ event }) => returnPathAfterLogin(event.type === 'session.login' ? event.returnTo : null),
      }),
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) =>
          event.type === 'session.login' ? { email: event.email, password: event.password } : { email: '', password: '' },
        onDone: [
          {
            guard: { type: 'loginSucceeded', params: ({ event }) => ({ body: event.output }) },
            target: 'valid',
            actions: [
              { type: 'storeUser', params: ({ event }) => ({ user: successfulLogin(event.output).user }) },
              { type: 'storeToken', params: ({ event }) => ({ token: successfulLogin(event.output).token }) },
              assign({ user: ({ event }) => successfulLogin(event.output).user, reason: null, loginEmail: null }),
              { type: 'announceLogin', params: ({ event }) => ({ user: successfulLogin(event.output).user }) },
              { type: 'navigate', params: ({ context }) => ({ to: context.returnTo }) },
            ],
          },
          {
            guard: { type: 'passwordExpired', params: ({ event }) => ({ body: event.output }) },
            target: 'passwordExpired',
            actions: [
              assign({
                changePassword: ({ context, event }) => ({ email: context.loginEmail ?? '', token: changePasswordToken(event.output) }),
              }),
              { type: 'navigate', params: { to: ROUTES.changePasswordExpired } },
            ],
          },
          {
            target: 'noUser',
            actions: [
              assign({ error: ({ event }) => event.output }),
              { type: 'reportLoginFailure', params: ({ event }) => ({ error: event.output }) },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'passwordExpired', params: ({ event }) => ({ body: event.error }) },
            target: 'passwordExpired',
            actions: [
              assign({
                changePassword: ({ context, event }) => ({ email: context.loginEmail ?? '', token: changePasswordToken(event.error) }),
              }),
              { type: 'navigate', params: { to: ROUTES.changePasswordExpired } },
            ],
          },
          {
            target: 'noUser',
            actions: [
              assign({ error: ({ event }) => event.error }),
              { type: 'reportLoginFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    passwordExpired: {
      exit: assign({ changePassword: null, loginEmail: null }),
      on: {
        'session.login': { target: 'loggingIn' },
        'session.expiredPasswordChanged': { target: 'noUser' },
        'session.check': { target: 'checking' },
      },
    },
    checking: {
      entry: assign({ reason: null }),
      initial: 'readingToken',
      states: {
        readingToken: {
          invoke: {
            id: 'readStoredToken',
            src: 'readStoredToken',
            onDone: [
              {
                guard: { type: 'noStoredToken', params: ({ event }) => ({ stored: event.output }) },
                target: '#session.noUser',
                actions: assign({ user: null, reason: NO_TOKEN }),
              },
              {
                guard: { type: 'storedTokenExpired', params: ({ event }) => ({ stored: event.output }) },
                target: '#session.expired',
                actions: ['clearStorage', assign({ user: null, reason: TOKEN_EXPIRED })],
              },
              { target: 'fetchingProfile' },
            ],
            onError: {
              target: '#session.noUser',
              actions: assign({ user: null, reason: ({ event }) => event.error }),
            },
          },
        },
        fetchingProfile: {
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            onDone: {
              target: '#session.valid',
              actions: [
                { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
                assign({ user: ({ event }) => event.output }),
              ],
            },
            onError: [
              {
                // The server no longer accepts the token (revoked, user deactivated, password
                // changed elsewhere): it is as good as expired, and is cleared so the login page
                // does not check it again.
                guard: { type: 'sessionRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#session.expired',
                actions: ['clearStorage', assign({ user: null, reason: TOKEN_EXPIRED })],
              },
              {
                target: '#session.noUser',
                actions: assign({ user: null, reason: ({ event }) => event.error }),
              },
            ],
          },
        },
      },
    },
    valid: {
      on: {
        'session.check': { target: 'checking' },
      },
    },
    expired: {
      on: {
        'session.login': { target: 'loggingIn' },
        'session.check': { target: 'checking' },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
