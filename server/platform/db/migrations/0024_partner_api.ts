import type { Kysely } from 'kysely';

/**
 * The channel partner's door (issue 19, API.md "The channel partner's door"):
 *
 * - partner_clients: a channel partner's credentials for the SNAP-secured API: its client key
 *   (X-CLIENT-KEY / X-PARTNER-ID), the RSA public key it registered (PEM), its client secret and
 *   its notification URL's signing secret, both sealed (server/partner/partner-secrets.ts: the
 *   HMAC needs them back, so they cannot be hashed), and when the secret last changed.
 * - partner_banks: the banks a partner has an agreement with, the only ones it may place at.
 * - partner_requests: each call's X-EXTERNAL-ID, unique per partner per day (Jakarta), with a
 *   digest of its body and the answer given, so a repeat gets the same answer and another body
 *   under the same id a 409.
 * - deposits.partner_reference_no: the partner's own reference of a placement, unique per
 *   channel; what the partner asks about later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partner_clients')
    .addColumn('channel_code', 'text', (col) => col.primaryKey().references('channel_partners.code'))
    .addColumn('client_key', 'text', (col) => col.notNull().unique())
    .addColumn('public_key_pem', 'text', (col) => col.notNull())
    .addColumn('client_secret_sealed', 'text', (col) => col.notNull())
    .addColumn('notification_url', 'text')
    .addColumn('notification_secret_sealed', 'text')
    .addColumn('secret_changed_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('partner_banks')
    .addColumn('channel_code', 'text', (col) => col.notNull().references('channel_partners.code'))
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('partner_banks_pk', ['channel_code', 'bank_id'])
    .execute();
  await db.schema
    .createTable('partner_requests')
    .addColumn('channel_code', 'text', (col) => col.notNull())
    .addColumn('external_id', 'text', (col) => col.notNull())
    /** 'YYYY-MM-DD' in Asia/Jakarta: SNAP's X-EXTERNAL-ID is unique per partner per day. */
    .addColumn('request_day', 'text', (col) => col.notNull())
    .addColumn('method_path', 'text', (col) => col.notNull())
    .addColumn('body_digest', 'text', (col) => col.notNull())
    /** Null while the first request is being answered. */
    .addColumn('status', 'integer')
    .addColumn('answer', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('partner_requests_pk', ['channel_code', 'external_id', 'request_day'])
    .execute();
  await db.schema.createIndex('partner_requests_created_idx').on('partner_requests').column('created_at').execute();
  await db.schema.alterTable('deposits').addColumn('partner_reference_no', 'text').execute();
  await db.schema.createIndex('deposits_channel_partner_reference_idx').on('deposits').columns(['channel', 'partner_reference_no']).unique().where('partner_reference_no', 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('deposits_channel_partner_reference_idx').execute();
  await db.schema.alterTable('deposits').dropColumn('partner_reference_no').execute();
  await db.schema.dropTable('partner_requests').execute();
  await db.schema.dropTable('partner_banks').execute();
  await db.schema.dropTable('partner_clients').execute();
}
