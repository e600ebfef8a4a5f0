import { describe, expect, it } from 'vitest';
import { requestBusinessDate } from '../../server/platform/business-date';

describe('the business date of a staff request, by the cut-off time (WIB = UTC+7)', () => {
  it('before the cut-off: the Jakarta date itself', () => {
    // 07:59 UTC = 14:59 WIB on 10 Apr.
    expect(requestBusinessDate(new Date('2026-04-10T07:59:00.000Z'), '15:00')).toBe('2026-04-10');
  });

  it('at and after the cut-off: the next day', () => {
    expect(requestBusinessDate(new Date('2026-04-10T08:00:00.000Z'), '15:00')).toBe('2026-04-11');
    expect(requestBusinessDate(new Date('2026-04-10T16:30:00.000Z'), '15:00')).toBe('2026-04-11');
  });

  it('the Jakarta date, not the UTC one: 18:00 UTC on 31 Dec is 01:00 WIB on 1 Jan', () => {
    expect(requestBusinessDate(new Date('2026-12-31T18:00:00.000Z'), '15:00')).toBe('2027-01-01');
    expect(requestBusinessDate(new Date('2026-12-31T09:00:00.000Z'), '15:00')).toBe('2027-01-01');
  });
});
