import type { Kysely } from 'kysely';

/**
 * Neraca Keuangan (issue 11): a bank's month of balance-sheet and profit-and-loss lines, entered
 * by an ADMIN in a form or imported from the xlsx template. One row per bank and month; entering
 * a month again replaces it (audited in bank_audit with the lines before and after).
 * bank_settings.ratio_thresholds: the bank's own thresholds for the ratios ({} = DOMAIN.md's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('balance_sheets')
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    /** 'YYYY-MM' */
    .addColumn('period', 'text', (col) => col.notNull())
    /** JSON object of whole rupiah per line (contract/balance-sheet.ts). */
    .addColumn('lines', 'text', (col) => col.notNull())
    /** 1 when the deposito line was taken from Berjangka's own deposits at the month's end. */
    .addColumn('deposito_from_berjangka', 'integer', (col) => col.notNull().defaultTo(0))
    /** 'form' or 'xlsx' */
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('entered_by', 'text', (col) => col.notNull())
    .addColumn('entered_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('balance_sheets_pk', ['bank_id', 'period'])
    .execute();
  await db.schema.alterTable('bank_settings').addColumn('ratio_thresholds', 'text', (col) => col.notNull().defaultTo('{}')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bank_settings').dropColumn('ratio_thresholds').execute();
  await db.schema.dropTable('balance_sheets').execute();
}
