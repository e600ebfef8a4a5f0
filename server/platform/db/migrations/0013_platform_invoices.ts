import type { Kysely } from 'kysely';

/**
 * The platform's monthly invoices to the banks (issue 11, DOMAIN.md "Platform invoices").
 *
 * - channel_partners: the partners deposits arrive through, keyed by the code deposits.channel
 *   carries (null there means placed at the bank itself, never billed). Platform-wide, not per
 *   bank: the platform bills every bank at the partner's rate.
 * - channel_fee_rates: each partner's fee rate (bps a year) from a date, kept like product rates:
 *   a run for an earlier month (a catch-up after downtime) bills each day at the rate in force
 *   that day, and the history stays.
 * - invoices: one per (bank, period) — the unique index is what makes the monthly run idempotent
 *   per bank and month, on both dialects and across instances. The parties are copied in as they
 *   were on issue (seller and payment account from the configuration, buyer from the bank), so a
 *   later change of either never rewrites an issued invoice. The status is not stored: `overdue`
 *   follows from due_date and the day it is read (machines/bank-rules invoiceStatus).
 * - invoice_lines: the lines as billed (principal, days, rate, fee), numbered in print order;
 *   deposit number and channel copied too, so the PDF and the xlsx read the invoice alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('channel_partners')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('npwp', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('channel_fee_rates')
    .addColumn('channel_code', 'text', (col) => col.notNull().references('channel_partners.code'))
    /** 'YYYY-MM-DD': days from it on are billed at this rate. */
    .addColumn('effective_from', 'text', (col) => col.notNull())
    .addColumn('fee_bps', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    /** Who set it: 'SYSTEM' (demo, CLI) until the platform has operators of its own. */
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('channel_fee_rates_pk', ['channel_code', 'effective_from'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    /** 'YYYY-MM': the month billed. */
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('number', 'text', (col) => col.notNull().unique())
    /** 'YYYY-MM-DD' business dates. */
    .addColumn('issued_on', 'text', (col) => col.notNull())
    .addColumn('due_date', 'text', (col) => col.notNull())
    /** ISO timestamp once paid. */
    .addColumn('paid_at', 'text')
    .addColumn('payment_reference', 'text')
    .addColumn('line_count', 'integer', (col) => col.notNull())
    .addColumn('subtotal', 'bigint', (col) => col.notNull())
    .addColumn('dpp', 'bigint', (col) => col.notNull())
    .addColumn('ppn', 'bigint', (col) => col.notNull())
    .addColumn('total', 'bigint', (col) => col.notNull())
    /** JSON { name, npwp, address, bankName, accountNumber, accountName }: the platform on issue. */
    .addColumn('seller', 'text', (col) => col.notNull())
    /** JSON { name, npwp, address }: the bank on issue. */
    .addColumn('buyer', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // Also the list's order (newest period first) for one bank.
  await db.schema.createIndex('invoices_bank_period_idx').on('invoices').columns(['bank_id', 'period']).unique().execute();
  await db.schema.createIndex('invoices_period_idx').on('invoices').column('period').execute();

  await db.schema
    .createTable('invoice_lines')
    .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id'))
    .addColumn('line_number', 'integer', (col) => col.notNull())
    .addColumn('deposit_id', 'text', (col) => col.notNull())
    .addColumn('deposit_number', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('principal', 'bigint', (col) => col.notNull())
    .addColumn('active_from', 'text', (col) => col.notNull())
    .addColumn('active_to', 'text', (col) => col.notNull())
    .addColumn('days', 'integer', (col) => col.notNull())
    .addColumn('fee_bps', 'integer', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('invoice_lines_pk', ['invoice_id', 'line_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('channel_fee_rates').execute();
  await db.schema.dropTable('channel_partners').execute();
}
