import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { User } from '../../contract/auth';
import { sessionMachine, type StoredToken } from '../../machines/session';
import { describeEvent as describeWithPayload, getEdgeCoveringPaths, type ModelPath } from './walk';
import { createRecorder, type Recorder } from './recorder';

/** Half a second past a whole second, so "now in seconds" has to round down. */
export const NOW_MS = Date.UTC(2026, 10, 22, 2, 0, 0) + 500;
export const NOW_S = Math.floor(NOW_MS / 1000);

export const user: User = {
  id: 'usr-1',
  name: 'Sari Wulandari',
  email: 'sari@bpr-makmur.test',
  phone: null,
  role: 'ADMIN',
  bpr: { id: 'bpr-1', name: 'BPR Makmur', logoUrl: null },
};
export const credentials = { email: 'sari@bpr-makmur.test', password: 'Rahasia#2026' };
export const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.payload.signature';
export const CHANGE_TOKEN = 'chg-123';

export const bodies = {
  ok: { statusCode: 200, message: 'OK', data: { token: TOKEN, user } },
  created: { statusCode: 201, message: 'Created', data: { token: TOKEN, user } },
  wrongPassword: { statusCode: 401, message: 'Email atau kata sandi salah.', error: 'Unauthorized' },
  passwordExpired: { statusCode: 403, message: 'Kata sandi telah kedaluwarsa.', error: 'PasswordExpired', data: { changePasswordToken: CHANGE_TOKEN } },
  invalid: { statusCode: 400, message: ['Email wajib diisi.', 'Kata sandi wajib diisi.'], error: 'Bad Request' },
  revoked: { statusCode: 401, message: 'Sesi tidak berlaku.', error: 'Unauthorized' },
};
export const networkError = { name: 'FetchError', message: 'fetch failed' };
/** What the API client throws when there was no answer at all. */
export const networkFailure = { statusCode: 0, message: 'Tidak dapat terhubung ke server. Periksa koneksi Anda.', error: 'NetworkError' };

export const stored = {
  none: { hasToken: false, expiresAt: null },
  expiredOneSecondAgo: { hasToken: true, expiresAt: NOW_S - 1 },
  expiresThisSecond: { hasToken: true, expiresAt: NOW_S },
  validForAnHour: { hasToken: true, expiresAt: NOW_S + 3600 },
  missingExpiry: { hasToken: true, expiresAt: null },
} satisfies Record<string, StoredToken>;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/**
 * The `next` a login may carry (from the login screen's URL) and where the login must then go:
 * back to a path of this app, /home for anything else.
 */
export const RETURN_TO: ReadonlyArray<[string | undefined, string]> = [
  [undefined, '/home'],
  ['/deposito/dep-1?tab=riwayat', '/deposito/dep-1?tab=riwayat'],
  ['https://evil.test/home', '/home'],
  ['//evil.test', '/home'],
];

export const events: AnyEventObject[] = [
  ...RETURN_TO.map(([returnTo]) => ({ type: 'session.login', ...credentials, ...(returnTo === undefined ? {} : { returnTo }) })),
  { type: 'session.check' },
  { type: 'session.logout' },
  { type: 'session.expiredPasswordChanged' },
  done('login', bodies.ok),
  done('login', bodies.created),
  done('login', bodies.wrongPassword),
  done('login', bodies.passwordExpired),
  failed('login', bodies.wrongPassword),
  failed('login', bodies.passwordExpired),
  failed('login', bodies.invalid),
  failed('login', networkError),
  ...Object.values(stored).map((output) => done('readStoredToken', output)),
  failed('readStoredToken', new Error('Malformed UTF-8 data')),
  done('fetchProfile', user),
  failed('fetchProfile', bodies.revoked),
  failed('fetchProfile', networkFailure),
];

export function fakedSession(recorder: Recorder) {
  return sessionMachine.provide({
    // Async effects never settle by themselves: each path supplies their outcome as an event.
    actors: {
      login: recorder.pending('login'),
      readStoredToken: recorder.pending('readStoredToken'),
      fetchProfile: recorder.pending('fetchProfile'),
    },
    actions: recorder.actions([
      'storeUser',
      'storeToken',
      'clearStorage',
      'revokeToken',
      'navigate',
      'announceLogin',
      'reportLoginFailure',
    ]),
  });
}

export const input = { now: () => NOW_MS };

/**
 * A state is its value, whether a user is set and where a login would go: no guard reads the
 * reason, the error or the change token, so telling states apart by them would only repeat the
 * same edges; the way back is told apart so each login outcome is walked with each destination.
 */
export function serializeState(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, user: snapshot.context.user !== null, returnTo: snapshot.context.returnTo });
}

export const machine = fakedSession(createRecorder());

export const paths: ModelPath[] = getEdgeCoveringPaths(machine, {
  events,
  input,
  serializeState,
  filterEvents: (snapshot, event) => snapshot.can(event),
});

export const name = 'session';

/** In the printed plan, a stored expiry reads relative to the fixed clock ("now-1s", "now", "now+3600s"). */
export function describeEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.readStoredToken') {
    const { hasToken, expiresAt } = event.output as StoredToken;
    if (!hasToken) return `${event.type} (no token stored)`;
    if (expiresAt === null) return `${event.type} (token stored, no expiry)`;
    const offset = expiresAt - NOW_S;
    return `${event.type} (token stored, expiry now${offset === 0 ? '' : `${offset > 0 ? '+' : ''}${offset}s`})`;
  }
  return describeWithPayload(event);
}
