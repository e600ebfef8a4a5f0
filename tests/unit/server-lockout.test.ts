import { describe, expect, it } from 'vitest';
import { afterFailedLogin, isLocked, NO_FAILURES } from '../../server/auth/lockout';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 3, minute));

describe('login lockout', () => {
  it('locks on the fifth failure within 15 minutes, for 15 minutes from that failure', () => {
    let state = NO_FAILURES;
    for (const minute of [0, 3, 6, 9]) {
      state = afterFailedLogin(state, at(minute));
      expect(state.lockedUntil).toBeNull();
    }
    state = afterFailedLogin(state, at(14));
    expect(state.count).toBe(5);
    expect(state.lockedUntil).toEqual(at(29));
    expect(isLocked(state, at(28))).toBe(true);
    expect(isLocked(state, at(29))).toBe(false);
  });

  it('starts a new window when a failure comes 15 minutes or more after the window opened', () => {
    let state = NO_FAILURES;
    for (const minute of [0, 1, 2, 3]) state = afterFailedLogin(state, at(minute));
    state = afterFailedLogin(state, at(15));
    expect(state).toEqual({ count: 1, windowStart: at(15), lockedUntil: null });
  });

  it('a failure after a lock ended counts from one again', () => {
    let state = NO_FAILURES;
    for (const minute of [0, 1, 2, 3, 4]) state = afterFailedLogin(state, at(minute));
    expect(isLocked(state, at(10))).toBe(true);
    state = afterFailedLogin(state, at(20));
    expect(state).toEqual({ count: 1, windowStart: at(20), lockedUntil: null });
  });
});
