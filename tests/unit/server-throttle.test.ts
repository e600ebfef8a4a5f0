import { describe, expect, it } from 'vitest';
import { activeBlock, afterAttempt, type ThrottlePolicy, type ThrottleState } from '../../server/platform/throttle';

const MINUTE = 60_000;
const policy: ThrottlePolicy = { freeAttempts: 3, windowMs: 15 * MINUTE, firstBlockMs: MINUTE, maxBlockMs: 5 * MINUTE };
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, 0) + minutes * MINUTE);

/** Attempts at the given minutes, from nothing; the state after each. */
function walk(minutes: number[]): ThrottleState[] {
  const states: ThrottleState[] = [];
  let state: ThrottleState | null = null;
  for (const minute of minutes) {
    state = afterAttempt(state, at(minute), policy);
    states.push(state);
  }
  return states;
}

describe('throttle with growing delays', () => {
  it('lets the free attempts through, then blocks 1, 2, 4 minutes and stays at the 5-minute cap', () => {
    // Minutes 0, 1, 2 are free; 3 blocks until 4; 4 until 6; 6 until 10; 10 until 15 (8 capped to 5); 15 until 20.
    const states = walk([0, 1, 2, 3, 4, 6, 10, 15]);
    expect(states.map((s) => s.attempts)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(states.map((s) => s.blockedUntil?.toISOString() ?? null)).toEqual([
      null,
      null,
      null,
      at(4).toISOString(),
      at(6).toISOString(),
      at(10).toISOString(),
      at(15).toISOString(),
      at(20).toISOString(),
    ]);
  });

  it('forgets a subject after a quiet window counted from its last attempt', () => {
    const [, , third, afterQuiet] = walk([0, 1, 2, 17]);
    expect(third?.attempts).toBe(3);
    expect(afterQuiet).toEqual({ attempts: 1, lastAttemptAt: at(17), blockedUntil: null });
  });

  it('counts the quiet window from the end of a block, so a long block does not wipe the count', () => {
    const policyWithLongBlocks: ThrottlePolicy = { ...policy, maxBlockMs: 60 * MINUTE, firstBlockMs: 30 * MINUTE };
    let state: ThrottleState | null = null;
    for (const minute of [0, 1, 2, 3]) state = afterAttempt(state, at(minute), policyWithLongBlocks);
    expect(state?.blockedUntil).toEqual(at(33));
    // 31 minutes after the last attempt, but only 1 after the block: still counted, and doubled.
    state = afterAttempt(state, at(34), policyWithLongBlocks);
    expect(state.attempts).toBe(5);
    expect(state.blockedUntil).toEqual(at(94));
  });

  it('says a block is active only before its end', () => {
    const [, , , blocked] = walk([0, 1, 2, 3]);
    expect(activeBlock(blocked, at(3.5))).toEqual(at(4));
    expect(activeBlock(blocked, at(4))).toBeNull();
    expect(activeBlock(null, at(0))).toBeNull();
  });
});
