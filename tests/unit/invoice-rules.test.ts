import { describe, expect, it } from 'vitest';
import { daysActiveInMonth, invoiceDates, invoiceLineFee, invoiceStatus, invoiceTotals } from '@machines/bank-rules';

describe('platform invoice arithmetic, worked by hand', () => {
  it('days active in the month: from the value date, up to (not including) the day it closed', () => {
    expect(daysActiveInMonth('2026-01-15', null, '2026-03')).toBe(31);
    expect(daysActiveInMonth('2026-03-10', null, '2026-03')).toBe(22);
    expect(daysActiveInMonth('2026-01-15', '2026-03-20', '2026-03')).toBe(19);
    expect(daysActiveInMonth('2026-03-10', '2026-03-20', '2026-03')).toBe(10);
    expect(daysActiveInMonth('2026-04-01', null, '2026-03')).toBe(0);
    expect(daysActiveInMonth('2026-01-01', '2026-03-01', '2026-03')).toBe(0);
    // February of a leap year.
    expect(daysActiveInMonth('2028-01-01', null, '2028-02')).toBe(29);
  });

  it('a line: Rp 100.000.000 at 50 bps a year for 31 days = 100.000.000 × 0,005 × 31 / 365 = 42.465,75 → 42.466', () => {
    expect(invoiceLineFee(100_000_000, 50, 31)).toBe(42_466);
    // 25.000.000 × 0,0075 × 10 / 365 = 5.136,986… → 5.137; exactly half: 730.000 × 0,01 × 1 / 365 = 20 (no rounding).
    expect(invoiceLineFee(25_000_000, 75, 10)).toBe(5_137);
    expect(invoiceLineFee(730_000, 100, 1)).toBe(20);
    // 365.000 × 0,0001 × 5 / 365 = 0,5 → 1 (half-up).
    expect(invoiceLineFee(365_000, 1, 5)).toBe(1);
  });

  it('totals: subtotal 42.466 + 5.137 = 47.603; DPP 11/12 = 43.636,08 → 43.636; PPN 12% = 5.236,32 → 5.236; total 52.839', () => {
    expect(invoiceTotals([42_466, 5_137])).toEqual({ subtotal: 47_603, dpp: 43_636, ppn: 5_236, total: 52_839 });
    expect(invoiceTotals([])).toEqual({ subtotal: 0, dpp: 0, ppn: 0, total: 0 });
    // DPP of 6 = 5,5 → 6 (half-up); PPN of 6 = 0,72 → 1.
    expect(invoiceTotals([6])).toEqual({ subtotal: 6, dpp: 6, ppn: 1, total: 7 });
  });

  it('issued on the 1st of the next month and due 14 days later; December rolls into the next year', () => {
    expect(invoiceDates('2026-03')).toEqual({ issuedOn: '2026-04-01', dueDate: '2026-04-15' });
    expect(invoiceDates('2026-12')).toEqual({ issuedOn: '2027-01-01', dueDate: '2027-01-15' });
  });

  it('unpaid until the due date, overdue the day after; paid stays paid', () => {
    expect(invoiceStatus(null, '2026-04-15', '2026-04-15')).toBe('unpaid');
    expect(invoiceStatus(null, '2026-04-15', '2026-04-16')).toBe('overdue');
    expect(invoiceStatus('2026-04-20T03:00:00.000Z', '2026-04-15', '2026-05-01')).toBe('paid');
  });
});
