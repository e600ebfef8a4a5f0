import type { Kysely } from 'kysely';

/**
 * Sessions end when a password changes or a user is deactivated: every token carries the user's
 * `session_version` as it was at login, and a token of an older version is refused. Failed
 * logins and registrations are throttled in `throttles` (per client, per account, per pair), in
 * the database so that several instances count together; the per-user lockout columns go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('session_version', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('active', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  for (const column of ['failed_login_count', 'failed_login_window_start', 'locked_until']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }

  await db.schema
    .createTable('throttles')
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    /** The login (lower-cased email) the row is about, so an ADMIN can clear an account's rows. */
    .addColumn('account', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('last_attempt_at', 'text', (col) => col.notNull())
    .addColumn('blocked_until', 'text')
    .addPrimaryKeyConstraint('throttles_pk', ['scope', 'subject'])
    .execute();
  await db.schema.createIndex('throttles_account_idx').on('throttles').column('account').execute();
  await db.schema.createIndex('throttles_last_attempt_idx').on('throttles').column('last_attempt_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttles').execute();
  await db.schema.alterTable('users').addColumn('failed_login_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('failed_login_window_start', 'text').execute();
  await db.schema.alterTable('users').addColumn('locked_until', 'text').execute();
  await db.schema.alterTable('users').dropColumn('active').execute();
  await db.schema.alterTable('users').dropColumn('session_version').execute();
}
