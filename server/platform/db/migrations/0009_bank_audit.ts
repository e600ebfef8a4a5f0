import type { Kysely } from 'kysely';

/**
 * Changes to a bank's own set-up (users now; products and settings with issue 10's next parts),
 * audited like a deposit's timeline: who, when, what, with the values before and after.
 *
 * users.password_set: 0 for an invited user (or a newly approved bank's first admin) until they
 * set a password from the mailed link, so Pengguna can say "belum mengatur kata sandi".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_audit')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    /** A user id, or 'SYSTEM'. */
    .addColumn('actor_id', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    /** 'user', … */
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    /** 'user.invite', 'user.changeRole', 'user.deactivate', 'user.reactivate', 'user.changePassword', … */
    .addColumn('event', 'text', (col) => col.notNull())
    /** JSON. */
    .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('bank_audit_bank_at_idx').on('bank_audit').columns(['bank_id', 'at']).execute();
  await db.schema.createIndex('bank_audit_subject_idx').on('bank_audit').columns(['subject', 'subject_id']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('password_set', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('password_set').execute();
  await db.schema.dropTable('bank_audit').execute();
}
