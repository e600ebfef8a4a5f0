import type { Kysely } from 'kysely';

/**
 * The bank's chart of accounts for the journal (issue 21, DOMAIN.md "The bank's ledger"): a code
 * per account role, and per product where the bank wishes (deposit liability, interest expense).
 * Without a row the journal names the roles themselves. The journal is derived from the deposits,
 * their installments and payouts (server/ledger), so it needs no table of its own and a bank's
 * first journal is complete: existing deposits accrue from their current installment's start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounting_settings')
    .addColumn('bank_id', 'text', (col) => col.primaryKey())
    /** JSON { <role>: code } */
    .addColumn('accounts', 'text', (col) => col.notNull())
    /** JSON { <productId>: { depositLiability?, interestExpense? } } */
    .addColumn('by_product', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('accounting_settings').execute();
}
