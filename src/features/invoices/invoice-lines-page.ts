import type { ListMeta } from '@contract/envelope';
import type { InvoiceDetail } from '../../lib/invoices-api';

/**
 * One page of an invoice's lines on screen. The invoice comes whole (API.md: one invoice with its
 * lines), and a month may bill hundreds of deposits: the screen pages them itself, optionally
 * for one partner, numbering each line as the PDF does and summing what the filter keeps.
 */

const LINES_PER_PAGE = 50;

type Line = InvoiceDetail['lines'][number];

export function invoiceLinesPage(lines: readonly Line[], options: { page: number; channel: string; perPage?: number }): { rows: Array<{ line: Line; number: number }>; meta: ListMeta; sum: number } {
  const perPage = options.perPage ?? LINES_PER_PAGE;
  const kept = lines.map((line, index) => ({ line, number: index + 1 })).filter(({ line }) => options.channel === '' || line.channel === options.channel);
  const totalPages = Math.max(1, Math.ceil(kept.length / perPage));
  const page = Math.min(Math.max(1, Math.trunc(options.page) || 1), totalPages);
  return {
    rows: kept.slice((page - 1) * perPage, page * perPage),
    meta: { page, limit: perPage, total: kept.length, totalPages },
    sum: kept.reduce((sum, { line }) => sum + line.fee, 0),
  };
}
