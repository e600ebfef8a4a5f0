import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect';

/**
 * Indexes for the deposit search `q` (customer name or deposit number containing it, NIK starting
 * with it; depositsMatching in repositories/deposits.ts), which otherwise reads every deposit of
 * the bank: ~5 s on 1,000,000 deposits.
 *
 * SQLite: an FTS5 table with the trigram tokenizer over customer_name and deposit_number, with
 * `deposits` as its external content (keyed by the deposits' rowid, so it stores no second copy
 * of the text) and kept in step by triggers, so no service has to remember it. VACUUM keeps the
 * rowids of a table like `deposits` on the SQLite we ship (3.53); should a tool ever renumber
 * them, `insert into deposits_search(deposits_search) values ('rebuild')` re-indexes.
 * The NIK prefix uses an index on customer_nik COLLATE NOCASE: SQLite's LIKE ignores ASCII case,
 * and its LIKE optimisation only walks an index with the same (NOCASE) collation. Not led by
 * bank_id: a database that has ANALYZE statistics (the benchmark's has) has none for a new index,
 * and SQLite then takes any new (bank_id, …) index for a selective one — the plain list sorted a
 * million rows per page instead of walking (bank_id, created_at, id).
 *
 * PostgreSQL: pg_trgm GIN indexes on lower(customer_name) and lower(deposit_number), which the
 * planner uses for `lower(col) like '%…%'` itself, and a text_pattern_ops btree for the NIK prefix
 * (a LIKE prefix walks a btree only with pattern ops or the C collation).
 *
 * Both index the deposits already there, so a bank upgrading keeps its search, and take a few
 * seconds per million deposits (PostgreSQL holds writes to `deposits` while it builds).
 */

const NIK_INDEX = 'deposits_nik_idx';
const PG_TRIGRAM_INDEXES = { deposits_search_name_idx: 'customer_name', deposits_search_number_idx: 'deposit_number' } as const;
const SQLITE_TRIGGERS = ['deposits_search_insert', 'deposits_search_delete', 'deposits_search_update'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await upSqlite(db);
  else await upPostgres(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists deposits_search`.execute(db);
  } else {
    // The pg_trgm extension stays: it belongs to the whole database (other schemas or
    // applications may use it, and it may have been there before this migration).
    for (const name of Object.keys(PG_TRIGRAM_INDEXES)) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
  await sql`drop index if exists ${sql.id(NIK_INDEX)}`.execute(db);
}

/**
 * Kysely runs SQLite migrations outside a transaction: every statement is idempotent, so a run
 * interrupted half-way completes on the next start ('rebuild' re-reads every row anyway).
 */
async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table if not exists deposits_search using fts5(customer_name, deposit_number, content = 'deposits', tokenize = 'trigram')`.execute(db);
  // The 'delete' command must be given the values that were indexed, which the triggers have as old.*.
  await sql`
    create trigger if not exists deposits_search_insert after insert on deposits begin
      insert into deposits_search (rowid, customer_name, deposit_number) values (new.rowid, new.customer_name, new.deposit_number);
    end`.execute(db);
  await sql`
    create trigger if not exists deposits_search_delete after delete on deposits begin
      insert into deposits_search (deposits_search, rowid, customer_name, deposit_number) values ('delete', old.rowid, old.customer_name, old.deposit_number);
    end`.execute(db);
  // Only a change to the indexed text re-indexes: status transitions do not touch the search table.
  await sql`
    create trigger if not exists deposits_search_update after update of customer_name, deposit_number on deposits begin
      insert into deposits_search (deposits_search, rowid, customer_name, deposit_number) values ('delete', old.rowid, old.customer_name, old.deposit_number);
      insert into deposits_search (rowid, customer_name, deposit_number) values (new.rowid, new.customer_name, new.deposit_number);
    end`.execute(db);
  await sql`insert into deposits_search (deposits_search) values ('rebuild')`.execute(db);
  await sql`create index if not exists ${sql.id(NIK_INDEX)} on deposits (customer_nik collate nocase)`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Several servers (or test runs, each in its own schema) may migrate one database at once, and
  // two concurrent CREATE EXTENSIONs collide: the lock lasts until this migration commits.
  await sql`select pg_advisory_xact_lock(hashtext('berjangka:create extension pg_trgm'))`.execute(db);
  // In `public`, not the first schema of the search path: a schema of our own (tests, or a bank
  // sharing a database) may be dropped, and its extension would take every other schema's
  // indexes with it. A pg_trgm installed elsewhere beforehand is used where it is.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('pg_trgm is not installed after CREATE EXTENSION');
  const operatorClass = sql.id(schema, 'gin_trgm_ops');
  for (const [name, column] of Object.entries(PG_TRIGRAM_INDEXES)) {
    await sql`create index ${sql.id(name)} on deposits using gin (lower(${sql.ref(column)}) ${operatorClass})`.execute(db);
  }
  await sql`create index ${sql.id(NIK_INDEX)} on deposits (customer_nik text_pattern_ops)`.execute(db);
}
