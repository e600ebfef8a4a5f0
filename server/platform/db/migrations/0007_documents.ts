import { sql, type Kysely } from 'kysely';

/**
 * The bilyet's journey, documents, shipments and signature requests (DOMAIN.md "Documents and
 * their journey", API.md "Documents, signature, courier").
 *
 * - `deposits.bilyet_status` / `bilyet_number` stay the track's summary that lists and the deposit
 *   machine read; `bilyets` holds the rest of the bilyet machine's context, one row per deposit.
 * - `bilyet_numbers`: every number a bank ever issued with the verification code its QR carries,
 *   so a reissue after a loss never takes an old number again (409), and the lost paper's QR
 *   answers "no longer in force".
 * - `documents`: a file of a deposit or a customer with its type; the bytes are a stored_files row.
 * - `shipments` and their tracking `shipment_events`; at most one live shipment per deposit.
 * - `signature_requests`, and `signature_callbacks` whose event ids make Privy's callback idempotent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bilyets')
    .addColumn('deposit_id', 'text', (col) => col.primaryKey().references('deposits.id'))
    .addColumn('bank_id', 'text', (col) => col.notNull())
    /**
     * Unguessable, printed in the QR of the next print (GET /verifikasi/bilyet/{code}); an issue
     * binds it to the number in bilyet_numbers, and a reprint after a loss takes a new one.
     */
    .addColumn('verification_code', 'text', (col) => col.notNull().unique())
    .addColumn('issued_on', 'text')
    .addColumn('scan_document_id', 'text')
    .addColumn('courier', 'text')
    .addColumn('awb', 'text')
    .addColumn('shipped_on', 'text')
    .addColumn('received_at', 'text')
    .addColumn('received_by', 'text')
    .addColumn('receipt_document_id', 'text')
    .addColumn('handed_over_at_counter', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('returned_at', 'text')
    .addColumn('return_document_id', 'text')
    .addColumn('lost_reason', 'text')
    .addColumn('lost_on', 'text')
    .addColumn('statement_document_id', 'text')
    /** JSON array of the numbers this deposit's bilyet had before a reissue. */
    .addColumn('previous_numbers', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('bilyet_numbers')
    .addColumn('bank_id', 'text', (col) => col.notNull())
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('deposit_id', 'text', (col) => col.notNull())
    /** The code the QR of this very paper carries. */
    .addColumn('verification_code', 'text', (col) => col.notNull().unique())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('bilyet_numbers_pk', ['bank_id', 'number'])
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull())
    .addColumn('deposit_id', 'text')
    .addColumn('customer_id', 'text')
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('file_id', 'text', (col) => col.notNull().references('stored_files.id'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('media_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    /** A user id, or 'SYSTEM' (ARO letters, signed copies, labels). */
    .addColumn('uploaded_by', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('documents_deposit_idx').on('documents').columns(['deposit_id', 'uploaded_at']).execute();
  await db.schema.createIndex('documents_customer_idx').on('documents').columns(['customer_id', 'uploaded_at']).execute();

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull())
    .addColumn('deposit_id', 'text', (col) => col.notNull().references('deposits.id'))
    /** 'JNE' for a booked pickup; a hand-entered resi names its courier. */
    .addColumn('courier', 'text', (col) => col.notNull())
    .addColumn('service', 'text')
    .addColumn('awb', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('booked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pickup_date', 'text')
    .addColumn('pickup_time', 'text')
    /** JSON: the receiver's name, address, phone, city and zip as booked. */
    .addColumn('receiver', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('receiver_name', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('tracked_at', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shipments_deposit_idx').on('shipments').columns(['deposit_id', 'created_at']).execute();
  await db.schema.createIndex('shipments_awb_idx').on('shipments').columns(['awb']).execute();
  await db.schema.createIndex('shipments_bank_status_idx').on('shipments').columns(['bank_id', 'status']).execute();
  // One live shipment per deposit: a second booking while one is under way answers 409.
  await db.schema
    .createIndex('shipments_one_live_idx')
    .on('shipments')
    .column('deposit_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('requested', 'pickedUp', 'inTransit')`)
    .execute();

  await db.schema
    .createTable('shipment_events')
    .addColumn('shipment_id', 'text', (col) => col.notNull().references('shipments.id'))
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('location', 'text')
    .addPrimaryKeyConstraint('shipment_events_pk', ['shipment_id', 'at', 'code'])
    .execute();

  await db.schema
    .createTable('signature_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull())
    .addColumn('deposit_id', 'text', (col) => col.notNull().references('deposits.id'))
    .addColumn('document_id', 'text', (col) => col.notNull())
    .addColumn('provider_document_id', 'text', (col) => col.notNull().unique())
    .addColumn('signing_url', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('signer_name', 'text', (col) => col.notNull())
    .addColumn('signer_email', 'text')
    .addColumn('sent_on', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('signed_document_id', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('signature_requests_deposit_idx').on('signature_requests').columns(['deposit_id', 'created_at']).execute();
  await db.schema.createIndex('signature_requests_bank_status_idx').on('signature_requests').columns(['bank_id', 'status']).execute();

  await db.schema
    .createTable('signature_callbacks')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['signature_callbacks', 'signature_requests', 'shipment_events', 'shipments', 'documents', 'bilyet_numbers', 'bilyets']) {
    await db.schema.dropTable(table).execute();
  }
}
