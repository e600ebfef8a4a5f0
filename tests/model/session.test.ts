import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { isSessionRefusal, isTokenExpired, loginOutcome, nowInSeconds } from '../../machines/session';
import { walkModel } from './harness';
import { createRecorder, type EffectCall } from './recorder';
import {
  CHANGE_TOKEN,
  NOW_MS,
  NOW_S,
  TOKEN,
  bodies,
  credentials,
  fakedSession,
  input,
  networkFailure,
  paths,
  RETURN_TO,
  stored,
  user,
} from './session.model';

type Snapshot = ReturnType<ReturnType<typeof createActor<ReturnType<typeof fakedSession>>>['getSnapshot']>;

/** What reaching a state means, whatever path led there. */
function assertStateMeaning(snapshot: Snapshot, calls: EffectCall[]) {
  const { context } = snapshot;
  if (snapshot.matches('valid')) {
    expect(context.user).toEqual(user);
    expect(context.reason).toBeNull();
    // The user in memory is the one last written to (encrypted) storage.
    const lastStored = calls.filter((call) => call.name === 'storeUser').at(-1);
    expect(lastStored?.params).toEqual({ user: context.user });
  }
  if (snapshot.matches('expired')) {
    expect(context.user).toBeNull();
    expect(context.reason).toBe('token-expired');
  }
  if (snapshot.matches('noUser') || snapshot.matches('loggingIn') || snapshot.matches('passwordExpired')) {
    expect(context.user).toBeNull();
  }
  if (snapshot.matches('passwordExpired')) {
    expect(context.changePassword).toEqual({ email: credentials.email, token: CHANGE_TOKEN });
  } else {
    expect(context.changePassword).toBeNull();
  }
  if (snapshot.matches('checking')) expect(context.reason).toBeNull();
}

/** What the step itself must have done: its effects, in order. */
function assertStepEffects(event: EventObject & Record<string, any>, snapshot: Snapshot, previous: Snapshot | undefined, effects: EffectCall[]) {
  const names = effects.map((call) => call.name);
  switch (event.type) {
    case 'session.logout':
      expect(names).toEqual(['revokeToken', 'clearStorage']);
      expect(snapshot.value).toBe('noUser');
      expect(snapshot.context.error).toBeNull();
      return;
    case 'xstate.done.actor.login': {
      const outcome = loginOutcome(event.output);
      if (outcome.kind === 'ok') {
        expect(effects).toEqual([
          { name: 'storeUser', params: { user } },
          { name: 'storeToken', params: { token: TOKEN } },
          { name: 'announceLogin', params: { user } },
          // Where the login began decided it (checked at session.login below).
          { name: 'navigate', params: { to: previous!.context.returnTo } },
        ]);
        expect(snapshot.value).toBe('valid');
      } else if (outcome.kind === 'passwordExpired') {
        expect(effects).toEqual([{ name: 'navigate', params: { to: '/change-password-expired' } }]);
        expect(snapshot.value).toBe('passwordExpired');
      } else {
        // Any body whose statusCode is not 200 (201 included) is a failure that keeps the body.
        expect(event.output.statusCode).not.toBe(200);
        expect(effects).toEqual([{ name: 'reportLoginFailure', params: { error: event.output } }]);
        expect(snapshot.value).toBe('noUser');
        expect(snapshot.context.error).toBe(event.output);
      }
      return;
    }
    case 'xstate.error.actor.login':
      if (event.error?.error === 'PasswordExpired') {
        expect(effects).toEqual([{ name: 'navigate', params: { to: '/change-password-expired' } }]);
        expect(snapshot.value).toBe('passwordExpired');
      } else {
        expect(effects).toEqual([{ name: 'reportLoginFailure', params: { error: event.error } }]);
        expect(snapshot.value).toBe('noUser');
        expect(snapshot.context.error).toBe(event.error);
      }
      return;
    case 'xstate.done.actor.readStoredToken': {
      const read = event.output as { hasToken: boolean; expiresAt: number | null };
      if (!read.hasToken) {
        expect(snapshot.value).toBe('noUser');
        expect(snapshot.context.reason).toBe('no-token');
        expect(names).toEqual([]);
      } else if (read.expiresAt === null || read.expiresAt < NOW_S) {
        expect(snapshot.value).toBe('expired');
        expect(names).toEqual(['clearStorage']);
      } else {
        expect(snapshot.value).toEqual({ checking: 'fetchingProfile' });
        expect(names).toEqual(['start:fetchProfile']);
      }
      return;
    }
    case 'xstate.error.actor.fetchProfile':
      if (event.error?.statusCode === 401) {
        // The server refused the token: cleared, and told like an expired one.
        expect(snapshot.value).toBe('expired');
        expect(snapshot.context.reason).toBe('token-expired');
        expect(names).toEqual(['clearStorage']);
        return;
      }
      expect(snapshot.value).toBe('noUser');
      expect(snapshot.context.reason).toBe(event.error);
      expect(names).toEqual([]);
      return;
    case 'xstate.error.actor.readStoredToken':
      expect(snapshot.value).toBe('noUser');
      expect(snapshot.context.reason).toBe(event.error);
      expect(names).toEqual([]);
      return;
    case 'xstate.done.actor.fetchProfile':
      expect(effects).toEqual([{ name: 'storeUser', params: { user: event.output } }]);
      expect(snapshot.value).toBe('valid');
      return;
    case 'session.login':
      expect(snapshot.value).toBe('loggingIn');
      expect(snapshot.context.error).toBeNull();
      expect(snapshot.context.returnTo).toBe(RETURN_TO.find(([returnTo]) => returnTo === event.returnTo)![1]);
      expect(effects).toEqual([{ name: 'start:login', params: { email: event.email, password: event.password } }]);
      return;
    case 'session.check':
      expect(snapshot.value).toEqual({ checking: 'readingToken' });
      expect(names).toEqual(['start:readStoredToken']);
      return;
    default:
      expect(names).toEqual([]);
  }
}

walkModel({
  title: 'session machine, walked by generated paths',
  paths,
  build: fakedSession,
  input,
  check: ({ snapshot, previous, event, effects, recorder }) => {
    assertStateMeaning(snapshot as Snapshot, recorder.calls);
    assertStepEffects(event, snapshot as Snapshot, previous as Snapshot | undefined, effects);
  },
});

describe('session rules', () => {
  it('counts a login body with statusCode 201 as a failure, even with a token in it', () => {
    expect(loginOutcome(bodies.created)).toEqual({ kind: 'failed' });
    expect(loginOutcome(bodies.ok)).toEqual({ kind: 'ok', token: TOKEN, user });
  });

  it('reads the change token only from a 403 PasswordExpired body', () => {
    expect(loginOutcome(bodies.passwordExpired)).toEqual({ kind: 'passwordExpired', changePasswordToken: CHANGE_TOKEN });
    expect(loginOutcome({ ...bodies.passwordExpired, statusCode: 401 })).toEqual({ kind: 'failed' });
    expect(loginOutcome('Terjadi kesalahan')).toEqual({ kind: 'failed' });
  });

  it('expires a token only when its expiry is earlier than now in whole seconds', () => {
    expect(nowInSeconds(NOW_MS)).toBe(NOW_S);
    expect(isTokenExpired(NOW_S, NOW_MS)).toBe(false); // equal to now: still valid, though now is NOW_S + 0.5 s
    expect(isTokenExpired(NOW_S - 1, NOW_MS)).toBe(true);
    expect(isTokenExpired(NOW_S + 1, NOW_MS)).toBe(false);
    expect(isTokenExpired(null, NOW_MS)).toBe(true);
    expect(isTokenExpired(Number.NaN, NOW_MS)).toBe(true);
  });

  it('takes the time from the injected clock', () => {
    const checkAt = (nowMs: number) => {
      const actor = createActor(fakedSession(createRecorder()), { input: { now: () => nowMs } }).start();
      actor.send({ type: 'session.check' });
      actor.send({ type: 'xstate.done.actor.readStoredToken', output: stored.validForAnHour } as never);
      return actor.getSnapshot().value;
    };
    // The stored expiry is NOW_S + 3600: valid ten seconds later, expired two hours later.
    expect(checkAt((NOW_S + 10) * 1000)).toEqual({ checking: 'fetchingProfile' });
    expect(checkAt((NOW_S + 7200) * 1000)).toBe('expired');
  });

  it('keeps the user on screen while a check of a valid session runs, and drops it when the check fails', () => {
    const actor = createActor(fakedSession(createRecorder()), { input }).start();
    actor.send({ type: 'session.login', ...credentials });
    actor.send({ type: 'xstate.done.actor.login', output: bodies.ok } as never);
    actor.send({ type: 'session.check' });
    expect(actor.getSnapshot().context.user).toEqual(user);
    actor.send({ type: 'xstate.done.actor.readStoredToken', output: stored.validForAnHour } as never);
    actor.send({ type: 'xstate.error.actor.fetchProfile', error: networkFailure } as never);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().context.reason).toEqual(networkFailure);
  });

  it('a token the server refuses (401) ends the session as expired and is cleared; a network failure keeps the token', () => {
    expect(isSessionRefusal(bodies.revoked)).toBe(true);
    expect(isSessionRefusal(networkFailure)).toBe(false);
    expect(isSessionRefusal({ statusCode: 500, message: 'Terjadi kesalahan pada server.' })).toBe(false);
    expect(isSessionRefusal('401')).toBe(false);
  });
});
