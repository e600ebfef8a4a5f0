import { describe, expect, it } from 'vitest';
import { datesOwed } from '../../server/jobs/catch-up';

describe('business dates the daily job still owes', () => {
  it('a database that never ran the job owes only today', () => {
    expect(datesOwed(null, '2026-03-05')).toEqual(['2026-03-05']);
  });

  it('yesterday done: only today', () => {
    expect(datesOwed('2026-03-04', '2026-03-05')).toEqual(['2026-03-05']);
  });

  it('today already done: today again (it answers already-done)', () => {
    expect(datesOwed('2026-03-05', '2026-03-05')).toEqual(['2026-03-05']);
  });

  it('down over a month end and a weekend: every calendar day after the last run, oldest first', () => {
    expect(datesOwed('2026-02-27', '2026-03-03')).toEqual(['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03']);
  });

  it('across a leap day', () => {
    expect(datesOwed('2028-02-27', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('a gap longer than the cap starts cap days before today (that run covers the older days by itself)', () => {
    expect(datesOwed('2026-01-01', '2026-03-05', 3)).toEqual(['2026-03-03', '2026-03-04', '2026-03-05']);
  });
});
