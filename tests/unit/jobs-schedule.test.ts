import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jakartaDate, nextJakartaTime } from '../../server/platform/business-date';
import { startDailyScheduler } from '../../server/platform/scheduler';

describe('Jakarta business date and the 00:05 schedule', () => {
  it('the business date changes at midnight Jakarta (17:00 UTC)', () => {
    expect(jakartaDate(new Date('2026-03-01T16:59:59Z'))).toBe('2026-03-01');
    expect(jakartaDate(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
  });

  it('the next 00:05 WIB is 17:05 UTC of the same or next day', () => {
    expect(nextJakartaTime(new Date('2026-03-01T10:00:00Z'), 0, 5).toISOString()).toBe('2026-03-01T17:05:00.000Z');
    expect(nextJakartaTime(new Date('2026-03-01T17:05:00Z'), 0, 5).toISOString()).toBe('2026-03-02T17:05:00.000Z');
    expect(nextJakartaTime(new Date('2026-03-01T17:04:00Z'), 0, 5).toISOString()).toBe('2026-03-01T17:05:00.000Z');
  });
});

describe('daily scheduler', () => {
  afterEach(() => vi.useRealTimers());

  it('catches up today at start, then runs at each 00:05 WIB for the new business date', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const runs: string[] = [];
    const scheduler = startDailyScheduler({ clock: { now: () => new Date() }, logger: pino({ level: 'silent' }), runDaily: async (date) => void runs.push(date) });
    await scheduler.started;
    expect(runs).toEqual(['2026-03-01']);
    await vi.advanceTimersByTimeAsync(7 * 3600_000 + 4 * 60_000); // 17:04 UTC
    expect(runs).toEqual(['2026-03-01']);
    await vi.advanceTimersByTimeAsync(60_000); // 17:05 UTC = 00:05 WIB on 2 March
    expect(runs).toEqual(['2026-03-01', '2026-03-02']);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(runs).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(48 * 3600_000);
    expect(runs).toHaveLength(3);
  });

  it('a failing run is logged and the schedule goes on', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    let calls = 0;
    const scheduler = startDailyScheduler({
      clock: { now: () => new Date() },
      logger: pino({ level: 'silent' }),
      runDaily: async () => {
        calls += 1;
        throw new Error('database down');
      },
    });
    await scheduler.started;
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(calls).toBe(2);
    await scheduler.stop();
  });
});
