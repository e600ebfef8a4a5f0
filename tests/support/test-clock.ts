import type { Clock } from '../../server/platform/clock';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current: number;
  constructor(start = '2026-03-02T02:00:00.000Z') {
    this.current = Date.parse(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(iso: string): void {
    this.current = Date.parse(iso);
  }
}
