import type { BadgeTone } from '../../components/StatusBadge';
import type { InvoiceStatusName } from '../../lib/invoices-api';

/** How each status shows: overdue must stand out, paid reads as done. */
export const INVOICE_STATUS_TONES: Record<InvoiceStatusName, BadgeTone> = { unpaid: 'warning', overdue: 'danger', paid: 'success' };

/** The status filter of Tagihan, in the order staff look for them. */
export const INVOICE_STATUS_OPTIONS: ReadonlyArray<{ value: '' | InvoiceStatusName; label: string }> = [
  { value: '', label: 'Semua status' },
  { value: 'unpaid', label: 'Belum dibayar' },
  { value: 'overdue', label: 'Lewat jatuh tempo' },
  { value: 'paid', label: 'Lunas' },
];

/** The PDF's file name when the server names none: Tagihan INV-BRJ-2026-10-0001.pdf. */
export function invoicePdfName(number: string): string {
  return `Tagihan ${number.replace(/\//g, '-')}.pdf`;
}
