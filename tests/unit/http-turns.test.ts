import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestsPerTurn } from '../../server/platform/http/turns';

/** Counts event-loop turns (one setImmediate per turn) while `work` runs. */
async function withTurnCounter<T>(work: (turn: () => number) => Promise<T>): Promise<T> {
  let turn = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turn += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return await work(() => turn);
  } finally {
    running = false;
  }
}

describe('requests per event-loop turn (server/platform/http/turns.ts)', () => {
  it('starts at most perTurn requests a turn; the others wait, in arrival order, for the next turns', async () => {
    const middleware = requestsPerTurn(2);
    const started: Array<{ request: number; turn: number }> = [];
    await withTurnCounter(async (turn) => {
      await Promise.all(
        Array.from({ length: 5 }, (_, request) =>
          middleware({} as Context, async () => {
            started.push({ request, turn: turn() });
          }),
        ),
      );
    });
    expect(started.map((entry) => entry.request)).toEqual([0, 1, 2, 3, 4]);
    const turns = started.map((entry) => entry.turn);
    // Two in the first turn, two in a later one, the last later still.
    expect(turns[0]).toBe(turns[1]);
    expect(turns[2]).toBe(turns[3]);
    expect(turns[2]!).toBeGreaterThan(turns[1]!);
    expect(turns[4]!).toBeGreaterThan(turns[3]!);
  });

  it('a lone request starts at once, and so does one after an idle moment', async () => {
    const middleware = requestsPerTurn(1);
    let ran = 0;
    const request = () =>
      middleware({} as Context, async () => {
        ran += 1;
      });
    const first = request();
    expect(ran).toBe(1); // started in the caller's turn, not queued
    await first;
    // The turn it started in ends: the middleware queued its end of turn (setImmediate) before this wait.
    await new Promise((resolve) => setImmediate(resolve));
    const second = request();
    expect(ran).toBe(2);
    await second;
  });
});
