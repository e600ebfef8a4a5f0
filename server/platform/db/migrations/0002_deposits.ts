import type { Kysely } from 'kysely';

/**
 * The deposit lifecycle (issue 4): customers, products with tenors, bank settings, deposits with
 * their periods, interest installments, disbursements, change requests, audit rows, idempotency
 * keys, job runs, ARO letters and the per-status counters.
 *
 * Portable types only, as in 0001: text, integer, bigint. Money is integer rupiah in `bigint`
 * wherever a single value or a sum can pass 2^31 (Rp 2.147.483.647 is a plausible deposit);
 * rates are integer bps; business dates 'YYYY-MM-DD' text; timestamps ISO-8601 UTC text; flags
 * integer 0/1 (SQLite has no boolean); lists and payloads JSON text.
 *
 * Indexes follow the screens and the benchmarks (1,000,000 deposits):
 * - the deposit list sorts by one of createdAt, depositDate, maturityDate, amount with `id` as the
 *   tie-breaker, with and without a status filter, always inside one bank: one (bank_id, field, id)
 *   and one (bank_id, status, field, id) index per sort field, so the first page and (read in the
 *   reverse order) the last page are both an index walk of `limit` rows;
 * - status counts without filters come from `deposit_status_counts`, kept in the same
 *   transaction as every insert and transition; with filters they use the bank/product/status
 *   indexes;
 * - the daily job finds its work per bank through (bank_id, status, deposit_date) and
 *   (bank_id, status, maturity_date); installments fall due through (status, pay_date).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_settings')
    .addColumn('bank_id', 'text', (col) => col.primaryKey().references('banks.id'))
    /** JSON array of 'YYYY-MM-DD' days on which no transfer is made. */
    .addColumn('holidays', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('tax_bps', 'integer', (col) => col.notNull().defaultTo(2000))
    .addColumn('tax_threshold', 'bigint', (col) => col.notNull().defaultTo(7_500_000))
    .addColumn('lps_max_rate_bps', 'integer', (col) => col.notNull().defaultTo(600))
    .addColumn('lps_max_balance', 'bigint', (col) => col.notNull().defaultTo(2_000_000_000))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('nik', 'text', (col) => col.notNull())
    .addColumn('npwp', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('address', 'text')
    .addColumn('payout_bank_name', 'text')
    .addColumn('payout_account_number', 'text')
    .addColumn('payout_account_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('customers_bank_nik_idx').on('customers').columns(['bank_id', 'nik']).unique().execute();
  await db.schema.createIndex('customers_bank_name_idx').on('customers').columns(['bank_id', 'name']).execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('visible', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('min_amount', 'bigint', (col) => col.notNull())
    .addColumn('max_amount', 'bigint')
    .addColumn('interest_payment', 'text', (col) => col.notNull())
    /** JSON array of the maturity instructions offered: 'ARO', 'ARO_PLUS', 'PAYOUT'. */
    .addColumn('instructions_allowed', 'text', (col) => col.notNull())
    .addColumn('penalty_bps', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('forfeit_accrued_interest', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('products_bank_name_idx').on('products').columns(['bank_id', 'name']).unique().execute();

  await db.schema
    .createTable('product_tenors')
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id'))
    .addColumn('tenor_months', 'integer', (col) => col.notNull())
    .addColumn('rate_bps', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_tenors_pk', ['product_id', 'tenor_months'])
    .execute();

  await db.schema
    .createTable('deposits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    /** Human number shown to staff and searched by `q` (unique per bank). */
    .addColumn('deposit_number', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id'))
    // Copied from the customer so the list and its search read one table (no join per row on
    // 1,000,000 deposits); customers' names and NIK do not change in this issue.
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('customer_nik', 'text', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    /** Principal of the current period (ARO+ grows it). */
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('rate_bps', 'integer', (col) => col.notNull())
    .addColumn('tenor_months', 'integer', (col) => col.notNull())
    .addColumn('placement_date', 'text', (col) => col.notNull())
    /** Value date (tanggal efektif). */
    .addColumn('deposit_date', 'text', (col) => col.notNull())
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('maturity_date', 'text', (col) => col.notNull())
    .addColumn('period_number', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('maturity_instruction', 'text', (col) => col.notNull())
    .addColumn('interest_payment', 'text', (col) => col.notNull())
    /** Channel partner that brought the placement; null = placed directly at the BPR. */
    .addColumn('channel', 'text')
    .addColumn('bilyet_status', 'text', (col) => col.notNull().defaultTo('none'))
    .addColumn('bilyet_number', 'text')
    .addColumn('shipment_status', 'text')
    .addColumn('signature_status', 'text')
    .addColumn('break_requested_by', 'text')
    .addColumn('break_requested_on', 'text')
    .addColumn('break_date', 'text')
    .addColumn('break_reason', 'text')
    /** JSON of the break figures fixed by approveBreak. */
    .addColumn('settlement', 'text')
    .addColumn('disbursement_reason', 'text')
    .addColumn('close_reason', 'text')
    /** Reason given when rejected or cancelled. */
    .addColumn('status_reason', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('deposits_bank_number_idx').on('deposits').columns(['bank_id', 'deposit_number']).unique().execute();
  for (const field of ['created_at', 'deposit_date', 'maturity_date', 'amount']) {
    await db.schema.createIndex(`deposits_bank_${field}_idx`).on('deposits').columns(['bank_id', field, 'id']).execute();
    await db.schema.createIndex(`deposits_bank_status_${field}_idx`).on('deposits').columns(['bank_id', 'status', field, 'id']).execute();
  }
  await db.schema.createIndex('deposits_bank_product_status_idx').on('deposits').columns(['bank_id', 'product_id', 'status']).execute();
  await db.schema.createIndex('deposits_bank_placement_idx').on('deposits').columns(['bank_id', 'placement_date']).execute();
  await db.schema.createIndex('deposits_bank_bilyet_idx').on('deposits').columns(['bank_id', 'bilyet_status']).execute();
  // Customer totals (tax threshold, LPS ceiling) read only this index.
  await db.schema.createIndex('deposits_customer_status_amount_idx').on('deposits').columns(['customer_id', 'status', 'amount']).execute();

  await db.schema
    .createTable('deposit_status_counts')
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('total', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('deposit_status_counts_pk', ['bank_id', 'status'])
    .execute();

  await db.schema
    .createTable('deposit_periods')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('deposit_id', 'text', (col) => col.notNull().references('deposits.id'))
    .addColumn('period_number', 'integer', (col) => col.notNull())
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('maturity_date', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('rate_bps', 'integer', (col) => col.notNull())
    .addColumn('tenor_months', 'integer', (col) => col.notNull())
    .addColumn('maturity_instruction', 'text', (col) => col.notNull())
    /** What started the period: 'placement', 'rollover' or 'extension'. */
    .addColumn('started_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('deposit_periods_deposit_number_idx').on('deposit_periods').columns(['deposit_id', 'period_number']).unique().execute();

  await db.schema
    .createTable('interest_installments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('deposit_id', 'text', (col) => col.notNull().references('deposits.id'))
    .addColumn('period_number', 'integer', (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('period_end', 'text', (col) => col.notNull())
    /** The working day the transfer is made. */
    .addColumn('pay_date', 'text', (col) => col.notNull())
    .addColumn('gross_interest', 'bigint', (col) => col.notNull())
    .addColumn('tax', 'bigint', (col) => col.notNull())
    .addColumn('net_interest', 'bigint', (col) => col.notNull())
    /** scheduled | due | paid | cancelled (cancelled: the deposit was broken before it fell due). */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('paid_by', 'text')
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('interest_installments_deposit_idx')
    .on('interest_installments')
    .columns(['deposit_id', 'period_number', 'sequence'])
    .unique()
    .execute();
  await db.schema.createIndex('interest_installments_bank_pay_date_idx').on('interest_installments').columns(['bank_id', 'pay_date', 'status']).execute();
  await db.schema.createIndex('interest_installments_status_pay_date_idx').on('interest_installments').columns(['status', 'pay_date']).execute();
  await db.schema.createIndex('interest_installments_bank_paid_at_idx').on('interest_installments').columns(['bank_id', 'paid_at']).execute();

  await db.schema
    .createTable('disbursements')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('deposit_id', 'text', (col) => col.notNull().references('deposits.id'))
    /** 'break' | 'maturity' */
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('principal', 'bigint', (col) => col.notNull())
    .addColumn('interest', 'bigint', (col) => col.notNull())
    .addColumn('tax', 'bigint', (col) => col.notNull())
    .addColumn('penalty', 'bigint', (col) => col.notNull())
    /** What is transferred: principal + interest − tax − penalty. */
    .addColumn('amount', 'bigint', (col) => col.notNull())
    /** 'pending' | 'paid' */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reference', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('paid_by', 'text')
    .addColumn('proof_file_id', 'text', (col) => col.references('stored_files.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('disbursements_bank_status_created_idx').on('disbursements').columns(['bank_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('disbursements_deposit_idx').on('disbursements').column('deposit_id').execute();

  await db.schema
    .createTable('change_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('deposit_id', 'text', (col) => col.notNull().references('deposits.id'))
    /** 'instruction' | 'payoutAccount' */
    .addColumn('kind', 'text', (col) => col.notNull())
    /** JSON: { instruction } or { bankName, accountNumber, accountName }. */
    .addColumn('requested_value', 'text', (col) => col.notNull())
    /** 'pending' | 'approved' | 'rejected' */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('change_requests_bank_status_created_idx').on('change_requests').columns(['bank_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('change_requests_deposit_idx').on('change_requests').column('deposit_id').execute();

  await db.schema
    .createTable('deposit_audit')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('deposit_id', 'text', (col) => col.notNull().references('deposits.id'))
    /** A user id, or 'SYSTEM' for the daily job. */
    .addColumn('actor_id', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    /**
     * Orders rows written at the same instant (a transition and the activation it triggers, or
     * rows made in one second by tests and imports): 10 × the deposit version the row produced +
     * its position within that transition. The timeline sorts by (at, seq, id).
     */
    .addColumn('seq', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    /** JSON of the event's payload (reason, dates, figures). */
    .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('deposit_audit_deposit_at_idx').on('deposit_audit').columns(['deposit_id', 'at', 'seq']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('bank_id', 'text', (col) => col.notNull())
    /** SHA-256 of method, path and body: a replay must send the same request. */
    .addColumn('request_hash', 'text', (col) => col.notNull())
    /** 'in-flight' while the first request runs, 'done' once its answer is stored. */
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job', 'text', (col) => col.notNull())
    .addColumn('business_date', 'text', (col) => col.notNull())
    /** 'running' | 'done' | 'failed' */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    /** JSON summary (counts per step) or the failure message. */
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('job_runs_job_date_idx').on('job_runs').columns(['job', 'business_date']).unique().execute();

  await db.schema
    .createTable('aro_letters')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('deposit_id', 'text', (col) => col.notNull().references('deposits.id'))
    .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id'))
    /** The new period the letter confirms. */
    .addColumn('period_number', 'integer', (col) => col.notNull())
    .addColumn('issued_date', 'text', (col) => col.notNull())
    .addColumn('file_id', 'text', (col) => col.references('stored_files.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('aro_letters_deposit_period_idx').on('aro_letters').columns(['deposit_id', 'period_number']).unique().execute();
  await db.schema.createIndex('aro_letters_customer_idx').on('aro_letters').column('customer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'aro_letters',
    'job_runs',
    'idempotency_keys',
    'deposit_audit',
    'change_requests',
    'disbursements',
    'interest_installments',
    'deposit_periods',
    'deposit_status_counts',
    'deposits',
    'product_tenors',
    'products',
    'customers',
    'bank_settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
