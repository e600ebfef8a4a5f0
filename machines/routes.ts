/** The routes the client machines decide about (product spec, section 2). */
export const ROUTES = {
  login: '/login',
  home: '/home',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  changePasswordExpired: '/change-password-expired',
  registration: '/registration',
  privySignature: '/signature/privy',
} as const;

/** Public screens that skip the token check and send a user with a stored token to /home. */
const REDIRECT_WHEN_TOKEN_STORED: readonly string[] = [
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
  ROUTES.changePasswordExpired,
  ROUTES.registration,
];

/**
 * How the route guard treats a path:
 * - `login`: always reachable, but runs the token check so a valid session goes on to /home;
 * - `redirectWhenTokenStored`: no token check; /home when a token is stored;
 * - `unchecked`: no token check at all (the signature provider's return page);
 * - `protected`: everything else (the dashboard shell) runs the token check.
 */
type RouteKind = 'login' | 'redirectWhenTokenStored' | 'unchecked' | 'protected';

/** `/login/` and `/login` are the same screen for the router, so they are for the guard. */
export function normalizePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
  return trimmed === '' ? '/' : trimmed;
}

export function routeKind(path: string): RouteKind {
  const normalized = normalizePath(path);
  if (normalized === ROUTES.login) return 'login';
  if (REDIRECT_WHEN_TOKEN_STORED.includes(normalized)) return 'redirectWhenTokenStored';
  if (normalized === ROUTES.privySignature) return 'unchecked';
  return 'protected';
}

/** Longer than any path of the app; a longer `next` is not one of ours. */
const MAX_RETURN_PATH = 2048;

/**
 * Where a login goes: `next` (the protected screen the person asked for, with its query and
 * fragment) when it is a path of this app, else /home. Only a path that starts with exactly one
 * slash and holds no backslash, space or control character is ours: browsers read `//host`, `/\host`
 * and `/<tab>/host` as another origin. Public screens and /login are no place to return to.
 */
export function returnPathAfterLogin(next: unknown): string {
  if (typeof next !== 'string' || next.length > MAX_RETURN_PATH) return ROUTES.home;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!next.startsWith('/') || next.startsWith('//') || /[\\\s\u0000-\u001f\u007f]/.test(next)) return ROUTES.home;
  return routeKind(next) === 'protected' ? next : ROUTES.home;
}

/** The login screen for a person sent away from `location` (path, query, fragment); /home needs no `next`. */
export function loginPathFor(location: string): string {
  const back = returnPathAfterLogin(location);
  return back === ROUTES.home || normalizePath(location) === '/' ? ROUTES.login : `${ROUTES.login}?next=${encodeURIComponent(back)}`;
}
