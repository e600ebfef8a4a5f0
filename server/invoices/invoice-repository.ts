import type { Kysely } from 'kysely';
import type { DepositStatus } from '../../contract/deposit';
import type { InvoiceStatusName } from '../../contract/invoices';
import type { ChannelFeeRate } from '../../machines/bank-rules';
import { COUNTER_CHANNEL } from '../../machines/deposit-rules';
import type { Database, InvoiceLineRow, InvoiceLinesTable, InvoiceRow, InvoicesTable } from '../platform/db/schema';
import type { Insertable } from 'kysely';

type Db = Kysely<Database>;

// --- Channel partners -------------------------------------------------------------------------

export interface ChannelPartner {
  code: string;
  name: string;
  npwp: string | null;
  /** Ascending by effectiveFrom. */
  rates: ChannelFeeRate[];
}

/** Every partner with its rate history, by code. */
export async function channelPartners(db: Db): Promise<Map<string, ChannelPartner>> {
  const partners = await db.selectFrom('channel_partners').select(['code', 'name', 'npwp']).orderBy('code').execute();
  const rates = await db.selectFrom('channel_fee_rates').select(['channel_code', 'effective_from', 'fee_bps']).orderBy('channel_code').orderBy('effective_from').execute();
  const byCode = new Map<string, ChannelPartner>(partners.map((partner) => [partner.code, { ...partner, rates: [] }]));
  for (const rate of rates) byCode.get(rate.channel_code)?.rates.push({ effectiveFrom: rate.effective_from, feeBps: rate.fee_bps });
  return byCode;
}

/** Creates the partner or renames it (and its NPWP). */
export async function upsertChannelPartner(db: Db, partner: { code: string; name: string; npwp: string | null }, now: string): Promise<void> {
  await db
    .insertInto('channel_partners')
    .values({ ...partner, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('code').doUpdateSet({ name: partner.name, npwp: partner.npwp, updated_at: now }))
    .execute();
}

/** The partner's rate from `effectiveFrom`, replacing one already set for that day. */
export async function setChannelFeeRate(db: Db, rate: { channelCode: string; effectiveFrom: string; feeBps: number }, now: string, by: string): Promise<void> {
  await db
    .insertInto('channel_fee_rates')
    .values({ channel_code: rate.channelCode, effective_from: rate.effectiveFrom, fee_bps: rate.feeBps, created_at: now, created_by: by })
    .onConflict((oc) => oc.columns(['channel_code', 'effective_from']).doUpdateSet({ fee_bps: rate.feeBps, created_at: now, created_by: by }))
    .execute();
}

// --- What a month bills -----------------------------------------------------------------------

/** Deposits that ran at some time: the others (never approved, or refused) never earned a day. */
const EVER_RUNNING: DepositStatus[] = ['active', 'breakRequested', 'matured', 'disbursing', 'closed'];

export interface ChannelPeriodRow {
  deposit_id: string;
  deposit_number: string;
  channel: string;
  break_date: string | null;
  disbursement_reason: string | null;
  close_reason: string | null;
  period_start: string;
  maturity_date: string;
  amount: number;
}

/**
 * The periods of a bank's channel deposits that overlap [first, next). A deposit active in the
 * month has its current maturity after the month's first day (its latest period ends last, and a
 * break falls before it), so the walk starts from the (bank_id, maturity_date) index and does not
 * grow with the bank's closed history.
 */
export async function channelPeriodsOfMonth(db: Db, bankId: string, first: string, next: string): Promise<ChannelPeriodRow[]> {
  const rows = await db
    .selectFrom('deposits as d')
    .innerJoin('deposit_periods as p', 'p.deposit_id', 'd.id')
    .select(['d.id as deposit_id', 'd.deposit_number', 'd.channel', 'd.break_date', 'd.disbursement_reason', 'd.close_reason', 'p.period_start', 'p.maturity_date', 'p.amount'])
    .where('d.bank_id', '=', bankId)
    .where('d.maturity_date', '>', first)
    .where('d.channel', 'is not', null)
    // A counter placement came through no partner: nobody's fee to bill.
    .where('d.channel', '!=', COUNTER_CHANNEL)
    .where('d.status', 'in', EVER_RUNNING)
    .where('p.period_start', '<', next)
    .where('p.maturity_date', '>', first)
    .orderBy('d.deposit_number')
    .orderBy('p.period_number')
    .execute();
  return rows.map((row) => ({ ...row, channel: row.channel!, amount: Number(row.amount) }));
}

export async function banksByName(db: Db): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom('banks').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

/** Banks that already have the period's invoice. */
export async function invoicedBankIds(db: Db, period: string): Promise<Set<string>> {
  const rows = await db.selectFrom('invoices').select('bank_id').where('period', '=', period).execute();
  return new Set(rows.map((row) => row.bank_id));
}

export async function countInvoicesOfPeriod(db: Db, period: string): Promise<number> {
  const row = await db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('total')).where('period', '=', period).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Parameters per statement stay under SQLite's 32,766 (and PostgreSQL's 65,535). */
const MAX_PARAMETERS = 30_000;

/**
 * The invoice and its lines in the caller's transaction; false (and nothing written) when the
 * bank's invoice of that period exists already — another instance's run got there first.
 */
export async function insertInvoice(trx: Db, invoice: Insertable<InvoicesTable>, lines: readonly Insertable<InvoiceLinesTable>[]): Promise<boolean> {
  const inserted = await trx
    .insertInto('invoices')
    .values(invoice)
    .onConflict((oc) => oc.columns(['bank_id', 'period']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
  if (lines.length === 0) return true;
  const size = Math.floor(MAX_PARAMETERS / Object.keys(lines[0]!).length);
  for (let start = 0; start < lines.length; start += size) {
    await trx.insertInto('invoice_lines').values(lines.slice(start, start + size)).execute();
  }
  return true;
}

// --- Reading invoices -------------------------------------------------------------------------

const SUMMARY_COLUMNS = ['id', 'bank_id', 'period', 'number', 'issued_on', 'due_date', 'paid_at', 'payment_reference', 'line_count', 'subtotal', 'dpp', 'ppn', 'total', 'seller', 'buyer', 'created_at'] as const;

function numeric(row: InvoiceRow): InvoiceRow {
  return { ...row, subtotal: Number(row.subtotal), dpp: Number(row.dpp), ppn: Number(row.ppn), total: Number(row.total), line_count: Number(row.line_count) };
}

/** One page of a bank's invoices, newest period first; `status` as it stands on `today`. */
export async function listInvoices(
  db: Db,
  filter: { bankId: string; status?: InvoiceStatusName; today: string; page: number; limit: number },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  let query = db.selectFrom('invoices').where('bank_id', '=', filter.bankId);
  if (filter.status === 'paid') query = query.where('paid_at', 'is not', null);
  if (filter.status === 'unpaid') query = query.where('paid_at', 'is', null).where('due_date', '>=', filter.today);
  if (filter.status === 'overdue') query = query.where('paid_at', 'is', null).where('due_date', '<', filter.today);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .select([...SUMMARY_COLUMNS])
    .orderBy('period', 'desc')
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute();
  return { rows: rows.map(numeric), total: Number(counted.total) };
}

/** The bank's invoice with this id; undefined for another bank's (answered as not found). */
export async function findInvoice(db: Db, bankId: string, id: string): Promise<InvoiceRow | undefined> {
  const row = await db.selectFrom('invoices').select([...SUMMARY_COLUMNS]).where('bank_id', '=', bankId).where('id', '=', id).executeTakeFirst();
  return row ? numeric(row) : undefined;
}

export async function findInvoiceOfPeriod(db: Db, bankId: string, period: string): Promise<InvoiceRow | undefined> {
  const row = await db.selectFrom('invoices').select([...SUMMARY_COLUMNS]).where('bank_id', '=', bankId).where('period', '=', period).executeTakeFirst();
  return row ? numeric(row) : undefined;
}

export async function findInvoiceByNumber(db: Db, number: string): Promise<InvoiceRow | undefined> {
  const row = await db.selectFrom('invoices').select([...SUMMARY_COLUMNS]).where('number', '=', number).executeTakeFirst();
  return row ? numeric(row) : undefined;
}

function numericLine(row: InvoiceLineRow): InvoiceLineRow {
  return { ...row, principal: Number(row.principal), fee: Number(row.fee) };
}

/** The invoice's lines in print order. */
export async function invoiceLines(db: Db, invoiceId: string): Promise<InvoiceLineRow[]> {
  const rows = await db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoiceId).orderBy('line_number').execute();
  return rows.map(numericLine);
}

/** A keyset batch of the lines after `afterLine` (the xlsx reads them this way). */
export function invoiceLinesAfter(db: Db, invoiceId: string, afterLine: number, limit: number) {
  return db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoiceId).where('line_number', '>', afterLine).orderBy('line_number').limit(limit);
}

export { numericLine };

/** Records the payment of an unpaid invoice; false when it was paid already. */
export async function markInvoicePaid(db: Db, id: string, paidAt: string, reference: string): Promise<boolean> {
  const updated = await db.updateTable('invoices').set({ paid_at: paidAt, payment_reference: reference }).where('id', '=', id).where('paid_at', 'is', null).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
