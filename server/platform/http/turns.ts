import type { MiddlewareHandler } from 'hono';

/**
 * At most `perTurn` requests start per turn of the event loop; the others wait, in arrival order,
 * for the next turns.
 *
 * Why (SQLite): its queries answer on the calling thread, so a request runs from start to end in
 * the loop turn that read it, and under load one turn ran every ready request. libuv (since 1.45,
 * Node 20) accepts one new connection per loop turn, so with N busy connections each turn took N
 * requests' time and the N-th new connection waited about N²/2 requests: 200 connections opened
 * at once on the deposit list (~0.55 ms a request) needed ~10 s to be all accepted — timeouts at
 * 200 connections (bench/load.ts; a bare node:http server burning 0.55 ms a request does the
 * same). Bounded turns let a new connection in every few milliseconds; the work and its order stay
 * the same. PostgreSQL's round trips already end a request's turn, so the server mounts this on
 * SQLite only.
 */
export function requestsPerTurn(perTurn: number): MiddlewareHandler {
  let startedThisTurn = 0;
  let turnEndScheduled = false;
  const waiting: Array<() => void> = [];

  const endOfTurn = () => {
    turnEndScheduled = false;
    startedThisTurn = 0;
    // The next turn's first requests are the ones that waited longest.
    while (waiting.length > 0 && startedThisTurn < perTurn) {
      startedThisTurn += 1;
      waiting.shift()!();
    }
    if (waiting.length > 0 || startedThisTurn > 0) scheduleEndOfTurn();
  };
  const scheduleEndOfTurn = () => {
    if (turnEndScheduled) return;
    turnEndScheduled = true;
    setImmediate(endOfTurn);
  };

  return async (_c, next) => {
    if (startedThisTurn < perTurn && waiting.length === 0) {
      startedThisTurn += 1;
      scheduleEndOfTurn();
    } else {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        scheduleEndOfTurn();
      });
    }
    await next();
  };
}
