import { describe, expect, it } from 'vitest';
import { billedMonth, firstsInWindow } from '../../server/jobs/monthly-invoices';
import { invoiceNumber } from '../../server/invoices/invoice-run-service';

describe('which 1sts the monthly invoice follow-up looks at', () => {
  it('the 1sts of the catch-up window (62 days up to today), oldest first', () => {
    expect(firstsInWindow('2026-11-01')).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    expect(firstsInWindow('2026-11-03')).toEqual(['2026-10-01', '2026-11-01']);
    expect(firstsInWindow('2026-10-31')).toEqual(['2026-09-01', '2026-10-01']);
    // Across a year end, and a short window.
    expect(firstsInWindow('2027-01-02', 5)).toEqual(['2027-01-01']);
    expect(firstsInWindow('2026-12-31', 5)).toEqual([]);
  });

  it('an invoice issued on a 1st bills the month before it; numbers run per billed month', () => {
    expect(billedMonth('2026-11-01')).toBe('2026-10');
    expect(billedMonth('2027-01-01')).toBe('2026-12');
    expect(billedMonth('2028-03-01')).toBe('2028-02');
    expect(invoiceNumber('2026-10', 1)).toBe('INV/BRJ/2026-10/0001');
    expect(invoiceNumber('2026-10', 123)).toBe('INV/BRJ/2026-10/0123');
  });
});
