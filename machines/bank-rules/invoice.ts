/**
 * The platform's monthly invoice to a BPR (DOMAIN.md "Platform invoices"): for each deposit placed
 * through a channel partner and active in the month, fee = principal × the channel's fee rate (bps
 * a year) × days active in the month ÷ 365, half-up per line; subtotal = Σ fees; DPP = 11/12 of
 * the subtotal and PPN = 12% of the DPP (PMK 131/2024), each half-up; total = subtotal + PPN.
 * Issued on the 1st for the previous month, due 14 days later.
 */

const INVOICE_DUE_DAYS = 14;
/** PPN 12% of a DPP of 11/12: the effective 11% of PMK 131/2024 for services. */
const PPN_BPS = 1_200;

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The first day of 'YYYY-MM' and of the month after it. */
export function monthBounds(period: string): { first: string; next: string } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { first: `${period}-01`, next };
}

/**
 * Days of `period` on which a deposit was active: from its value date (inclusive) to the day it
 * closed (exclusive; null while it runs).
 */
export function daysActiveInMonth(activeFrom: string, closedOn: string | null, period: string): number {
  const { first, next } = monthBounds(period);
  const start = Math.max(dayNumber(activeFrom), dayNumber(first));
  const end = Math.min(closedOn === null ? Number.POSITIVE_INFINITY : dayNumber(closedOn), dayNumber(next));
  return Math.max(0, end - start);
}

/** a × b ÷ c half-up for non-negative integers, exact (BigInt). */
function mulDivHalfUp(a: bigint, b: bigint, c: bigint): bigint {
  return (2n * a * b + c) / (2n * c);
}

/** One line's fee: principal × feeBps × days ÷ (10 000 × 365), half-up. */
export function invoiceLineFee(principal: number, feeBps: number, days: number): number {
  return Number(mulDivHalfUp(BigInt(principal) * BigInt(feeBps), BigInt(days), 3_650_000n));
}

interface InvoiceTotals {
  subtotal: number;
  dpp: number;
  ppn: number;
  total: number;
}

export function invoiceTotals(fees: readonly number[]): InvoiceTotals {
  const subtotal = fees.reduce((sum, fee) => sum + fee, 0);
  const dpp = Number(mulDivHalfUp(BigInt(subtotal), 11n, 12n));
  const ppn = Number(mulDivHalfUp(BigInt(dpp), BigInt(PPN_BPS), 10_000n));
  return { subtotal, dpp, ppn, total: subtotal + ppn };
}

/** The invoice of `period` is issued on the 1st of the next month and due 14 days later. */
export function invoiceDates(period: string): { issuedOn: string; dueDate: string } {
  const issuedOn = monthBounds(period).next;
  return { issuedOn, dueDate: fromDayNumber(dayNumber(issuedOn) + INVOICE_DUE_DAYS) };
}

type InvoiceStatus = 'unpaid' | 'paid' | 'overdue';

/** Paid stays paid; an unpaid invoice is overdue the day after its due date. */
export function invoiceStatus(paidAt: string | null, dueDate: string, today: string): InvoiceStatus {
  if (paidAt !== null) return 'paid';
  return today > dueDate ? 'overdue' : 'unpaid';
}
