import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect';

/**
 * SQLite only (PostgreSQL's pg_trgm indexes are kept by the database itself). The trigram table
 * `deposits_search` (migration 0003) was written by a trigger in the transaction of every new
 * deposit: FTS5 writes a segment per commit, a third of what a placement cost to commit
 * (bench/partner-placement.ts). A new deposit now only notes its rowid in
 * `deposits_search_pending`; server/deposits/deposit-search-index.ts indexes the pending ones in
 * batches, moments later. The search reads the pending rowids as candidates beside the trigram
 * match (the LIKE decides, as before), so a deposit is found from the moment it is written.
 *
 * A pending row's text changes or its deletion touch nothing in the trigram table (it is not
 * there yet): the indexer reads the row as it then is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`create table if not exists deposits_search_pending (deposit_rowid integer primary key)`.execute(db);
  await sql`drop trigger if exists deposits_search_insert`.execute(db);
  await sql`
    create trigger deposits_search_insert after insert on deposits begin
      insert into deposits_search_pending (deposit_rowid) values (new.rowid);
    end`.execute(db);
  await sql`drop trigger if exists deposits_search_delete`.execute(db);
  await sql`
    create trigger deposits_search_delete after delete on deposits begin
      insert into deposits_search (deposits_search, rowid, customer_name, deposit_number)
        select 'delete', old.rowid, old.customer_name, old.deposit_number
        where not exists (select 1 from deposits_search_pending where deposit_rowid = old.rowid);
      delete from deposits_search_pending where deposit_rowid = old.rowid;
    end`.execute(db);
  await sql`drop trigger if exists deposits_search_update`.execute(db);
  await sql`
    create trigger deposits_search_update after update of customer_name, deposit_number on deposits
      when not exists (select 1 from deposits_search_pending where deposit_rowid = old.rowid) begin
      insert into deposits_search (deposits_search, rowid, customer_name, deposit_number) values ('delete', old.rowid, old.customer_name, old.deposit_number);
      insert into deposits_search (rowid, customer_name, deposit_number) values (new.rowid, new.customer_name, new.deposit_number);
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  // Index what waits, then the triggers of migration 0003 again.
  await sql`insert into deposits_search (rowid, customer_name, deposit_number) select d.rowid, d.customer_name, d.deposit_number from deposits_search_pending p join deposits d on d.rowid = p.deposit_rowid`.execute(db);
  await sql`drop table deposits_search_pending`.execute(db);
  for (const trigger of ['deposits_search_insert', 'deposits_search_delete', 'deposits_search_update']) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`
    create trigger deposits_search_insert after insert on deposits begin
      insert into deposits_search (rowid, customer_name, deposit_number) values (new.rowid, new.customer_name, new.deposit_number);
    end`.execute(db);
  await sql`
    create trigger deposits_search_delete after delete on deposits begin
      insert into deposits_search (deposits_search, rowid, customer_name, deposit_number) values ('delete', old.rowid, old.customer_name, old.deposit_number);
    end`.execute(db);
  await sql`
    create trigger deposits_search_update after update of customer_name, deposit_number on deposits begin
      insert into deposits_search (deposits_search, rowid, customer_name, deposit_number) values ('delete', old.rowid, old.customer_name, old.deposit_number);
      insert into deposits_search (rowid, customer_name, deposit_number) values (new.rowid, new.customer_name, new.deposit_number);
    end`.execute(db);
}
