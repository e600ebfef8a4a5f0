import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect';

/**
 * The local sandboxes of JNE and Privy (server/courier/jne-sandbox.ts,
 * server/signature/privy-sandbox.ts), used when JNE_URL / PRIVY_URL are unset. Their state lives
 * in the database so that a restart keeps a demo's shipments and signature requests, and so that
 * several instances on one PostgreSQL answer alike. Nothing else reads these tables.
 *
 * sandbox_jne_shipments: one row per booked AWB. The stage timestamps are scheduled at booking
 * (picked up 2 h after the pickup slot, in transit 4 h later, delivered a day after that) and
 * moved by the control endpoint; a stage whose time has come shows in the tracking history.
 *
 * sandbox_privy_documents: one row per uploaded document, with its bytes (PDF, at most 5 MB) and,
 * once signed, the signed copy; `bytea` on PostgreSQL, `blob` on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = isSqlite(db) ? 'blob' : 'bytea';

  await db.schema
    .createTable('sandbox_jne_shipments')
    .addColumn('awb', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('service_code', 'text', (col) => col.notNull())
    .addColumn('shipper_name', 'text', (col) => col.notNull())
    .addColumn('shipper_city', 'text', (col) => col.notNull())
    .addColumn('receiver_name', 'text', (col) => col.notNull())
    .addColumn('receiver_city', 'text', (col) => col.notNull())
    /** Every form field of the booking, as JSON (credentials removed). */
    .addColumn('booking', 'text', (col) => col.notNull())
    .addColumn('booked_at', 'text', (col) => col.notNull())
    .addColumn('pickup_at', 'text', (col) => col.notNull())
    .addColumn('picked_up_at', 'text', (col) => col.notNull())
    .addColumn('in_transit_at', 'text', (col) => col.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .execute();

  await db.schema
    .createTable('sandbox_privy_documents')
    .addColumn('doc_token', 'text', (col) => col.primaryKey())
    .addColumn('signing_token', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('media_type', 'text', (col) => col.notNull())
    .addColumn('original', bytes, (col) => col.notNull())
    .addColumn('signed', bytes)
    .addColumn('signer_name', 'text', (col) => col.notNull())
    .addColumn('signer_email', 'text', (col) => col.notNull())
    .addColumn('signer_phone', 'text')
    .addColumn('reference', 'text')
    .addColumn('callback_url', 'text')
    .addColumn('return_url', 'text')
    /** 'sent', 'signed' or 'declined'; 'expired' is computed (14 days without an answer). */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('acted_at', 'text')
    /** The callback's event id (one per outcome), the receiver's idempotency key. */
    .addColumn('event_id', 'text')
    .addColumn('callback_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('callback_delivered_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_privy_documents').execute();
  await db.schema.dropTable('sandbox_jne_shipments').execute();
}
