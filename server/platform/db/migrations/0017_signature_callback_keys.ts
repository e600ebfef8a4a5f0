import { sql, type Kysely } from 'kysely';

/**
 * Privy's callback events are keyed per document (issue 17 item 10): (signature_id, event_id)
 * instead of event_id alone, so an event id is only remembered once the document it is about is
 * known, and one event id can never shadow another document's outcome. Rows of before keep an
 * empty signature_id (they were keyed by event id alone; their requests have ended anyway).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema of its own day, not today's Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table signature_callbacks_new (
    signature_id text not null,
    event_id text not null,
    received_at text not null,
    constraint signature_callbacks_pk primary key (signature_id, event_id)
  )`.execute(db);
  await sql`insert into signature_callbacks_new (signature_id, event_id, received_at) select '', event_id, received_at from signature_callbacks`.execute(db);
  await sql`drop table signature_callbacks`.execute(db);
  await sql`alter table signature_callbacks_new rename to signature_callbacks`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`create table signature_callbacks_old (event_id text primary key, received_at text not null)`.execute(db);
  await sql`insert into signature_callbacks_old (event_id, received_at) select event_id, min(received_at) from signature_callbacks group by event_id`.execute(db);
  await sql`drop table signature_callbacks`.execute(db);
  await sql`alter table signature_callbacks_old rename to signature_callbacks`.execute(db);
}
