import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect';

/**
 * A change request belongs to a customer (issue 18): staff change a customer's identity data or
 * payout account from the customer's page, with no deposit in view, and a payout account is the
 * customer's whatever deposit it was asked from. So every request names its customer
 * (`customer_id`, filled for the requests kept before from their deposit) and `deposit_id` is
 * empty for a request raised from the customer's page; `previous_value` keeps what the request
 * replaces as it was when raised (JSON), so the decision shows before and after. SQLite cannot drop a NOT NULL, so the
 * table is rebuilt there (nothing references it).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema of its own day, not today's Database type
type AnyDb = Kysely<any>;

const COLUMNS = 'id, bank_id, deposit_id, kind, requested_value, status, reason, decided_by, decided_at, created_at, requested_by';

export async function up(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    await sql`create table change_requests_new (
      id text primary key,
      bank_id text not null references banks(id),
      deposit_id text references deposits(id),
      kind text not null,
      requested_value text not null,
      status text not null,
      reason text,
      decided_by text,
      decided_at text,
      created_at text not null,
      requested_by text,
      customer_id text references customers(id),
      previous_value text
    )`.execute(db);
    await sql`insert into change_requests_new (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from change_requests`.execute(db);
    await sql`drop table change_requests`.execute(db);
    await sql`alter table change_requests_new rename to change_requests`.execute(db);
    await db.schema.createIndex('change_requests_bank_status_created_idx').on('change_requests').columns(['bank_id', 'status', 'created_at']).execute();
    await db.schema.createIndex('change_requests_deposit_idx').on('change_requests').column('deposit_id').execute();
  } else {
    await db.schema.alterTable('change_requests').alterColumn('deposit_id', (col) => col.dropNotNull()).execute();
    await db.schema.alterTable('change_requests').addColumn('customer_id', 'text', (col) => col.references('customers.id')).execute();
    await db.schema.alterTable('change_requests').addColumn('previous_value', 'text').execute();
  }
  await sql`update change_requests set customer_id = (select d.customer_id from deposits d where d.id = change_requests.deposit_id)`.execute(db);
  await db.schema.createIndex('change_requests_customer_idx').on('change_requests').columns(['customer_id', 'kind', 'status']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom('change_requests').where('deposit_id', 'is', null).execute();
  await db.schema.dropIndex('change_requests_customer_idx').execute();
  if (isSqlite(db)) {
    // SQLite refuses to drop a column a foreign key names: the table of 0020 is rebuilt.
    await sql`create table change_requests_old (
      id text primary key,
      bank_id text not null references banks(id),
      deposit_id text not null references deposits(id),
      kind text not null,
      requested_value text not null,
      status text not null,
      reason text,
      decided_by text,
      decided_at text,
      created_at text not null,
      requested_by text
    )`.execute(db);
    await sql`insert into change_requests_old (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from change_requests`.execute(db);
    await sql`drop table change_requests`.execute(db);
    await sql`alter table change_requests_old rename to change_requests`.execute(db);
    await db.schema.createIndex('change_requests_bank_status_created_idx').on('change_requests').columns(['bank_id', 'status', 'created_at']).execute();
    await db.schema.createIndex('change_requests_deposit_idx').on('change_requests').column('deposit_id').execute();
  } else {
    await db.schema.alterTable('change_requests').dropColumn('previous_value').execute();
    await db.schema.alterTable('change_requests').dropColumn('customer_id').execute();
    await db.schema.alterTable('change_requests').alterColumn('deposit_id', (col) => col.setNotNull()).execute();
  }
}
