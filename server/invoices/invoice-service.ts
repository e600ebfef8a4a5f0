import type { Kysely } from 'kysely';
import {
  INVOICE_STATUS_LABELS,
  invoiceIdQuerySchema,
  invoiceListQuerySchema,
  type InvoiceDetail,
  type InvoiceLine,
  type InvoiceSummary,
} from '../../contract/invoices';
import { rupiahInWords } from '../../contract/terbilang';
import { invoiceStatus } from '../../machines/bank-rules';
import type { StaffActor } from '../platform/actor';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { Database, InvoiceLineRow, InvoiceRow } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { pageOf, type Page } from '../platform/paging';
import { parseOrThrow } from '../platform/validation';
import { drawInvoice, type InvoiceDocument } from './invoice-pdf';
import { channelPartners, findInvoice, invoiceLines, listInvoices } from './invoice-repository';

/**
 * Tagihan as staff read it (API.md "Reports and invoices"): the bank's invoices with their status
 * as of today, one invoice with its lines, and its PDF. Every staff role reads; another bank's
 * invoice is answered as not found, like a missing one.
 */

const INVOICE_NOT_FOUND = 'Tagihan tidak ditemukan.';

interface InvoiceParties {
  seller: { name: string; npwp: string | null; address: string | null };
  buyer: { name: string; npwp: string | null; address: string | null };
  payment: { bankName: string; accountNumber: string; accountName: string };
}

/** The parties copied into the invoice on issue (migration 0013: seller and buyer JSON). */
function partiesOf(row: Pick<InvoiceRow, 'seller' | 'buyer'>): InvoiceParties {
  const seller = JSON.parse(row.seller) as { name: string; npwp: string; address: string; bankName: string; accountNumber: string; accountName: string };
  const buyer = JSON.parse(row.buyer) as InvoiceParties['buyer'];
  return {
    seller: { name: seller.name, npwp: seller.npwp, address: seller.address },
    buyer: { name: buyer.name, npwp: buyer.npwp ?? null, address: buyer.address ?? null },
    payment: { bankName: seller.bankName, accountNumber: seller.accountNumber, accountName: seller.accountName },
  };
}

function invoiceSummary(row: InvoiceRow, today: string): InvoiceSummary {
  const status = invoiceStatus(row.paid_at, row.due_date, today);
  return {
    id: row.id,
    number: row.number,
    period: row.period,
    issuedAt: row.issued_on,
    dueDate: row.due_date,
    status,
    statusLabel: INVOICE_STATUS_LABELS[status],
    paidAt: row.paid_at,
    lineCount: row.line_count,
    subtotal: row.subtotal,
    dpp: row.dpp,
    ppn: row.ppn,
    total: row.total,
  };
}

function invoiceLine(row: InvoiceLineRow, channelName: (code: string) => string): InvoiceLine {
  return {
    depositNumber: row.deposit_number,
    channel: row.channel,
    channelName: channelName(row.channel),
    principal: row.principal,
    activeFrom: row.active_from,
    activeTo: row.active_to,
    days: row.days,
    feeBps: row.fee_bps,
    fee: row.fee,
  };
}

export function createInvoiceService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db } = deps;
  const today = () => jakartaDate(deps.clock.now());

  const load = async (actor: StaffActor, query: Record<string, unknown>): Promise<InvoiceDetail> => {
    const { id } = parseOrThrow(invoiceIdQuerySchema, query);
    const row = await findInvoice(db, actor.bankId, id);
    if (!row) throw new ServiceError('not-found', INVOICE_NOT_FOUND);
    const partners = await channelPartners(db);
    const name = (code: string) => partners.get(code)?.name ?? code;
    return {
      ...invoiceSummary(row, today()),
      ...partiesOf(row),
      totalInWords: rupiahInWords(row.total),
      lines: (await invoiceLines(db, row.id)).map((line) => invoiceLine(line, name)),
    };
  };

  return {
    /** GET /bpr-invoice/my-invoice */
    async list(actor: StaffActor, query: Record<string, unknown>): Promise<Page<InvoiceSummary>> {
      const parsed = parseOrThrow(invoiceListQuerySchema, query);
      const day = today();
      const { rows, total } = await listInvoices(db, { bankId: actor.bankId, status: parsed.status, today: day, page: parsed.page, limit: parsed.limit });
      return pageOf(
        rows.map((row) => invoiceSummary(row, day)),
        parsed.page,
        parsed.limit,
        total,
      );
    },

    /** GET /bpr-invoice/invoice */
    detail: load,

    /** GET /bpr-invoice-doc/my-invoice/pdf: the drawn document (not yet ended) and its file name. */
    async document(actor: StaffActor, query: Record<string, unknown>): Promise<{ doc: PDFKit.PDFDocument; filename: string }> {
      const invoice = await load(actor, query);
      const partners = await channelPartners(db);
      const document: InvoiceDocument = { ...invoice, channels: [...partners.values()].map(({ code, name, npwp }) => ({ code, name, npwp })) };
      return { doc: drawInvoice(document), filename: `Tagihan ${invoice.number.replace(/\//g, '-')}.pdf` };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
