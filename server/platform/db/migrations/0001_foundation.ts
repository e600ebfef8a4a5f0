import { sql, type Kysely } from 'kysely';

/**
 * Banks, users, tokens, registrations and stored files. Only portable column types (text,
 * integer) so the same migration runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('media_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('original_name', 'text')
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('banks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('ojk_license_number', 'text')
    .addColumn('npwp', 'text')
    .addColumn('address', 'text')
    .addColumn('logo_file_id', 'text', (col) => col.references('stored_files.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_id', 'text', (col) => col.notNull().references('banks.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('phone', 'text')
    .addColumn('role', 'text', (col) => col.notNull().check(sqlRoleCheck()))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('password_changed_at', 'text', (col) => col.notNull())
    .addColumn('failed_login_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_login_window_start', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_bank_id_idx').on('users').column('bank_id').execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text', (col) => col.notNull())
    .execute();

  for (const table of ['password_reset_tokens', 'change_password_tokens']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex(`${table}_user_id_idx`).on(table).column('user_id').execute();
  }

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bank_name', 'text', (col) => col.notNull())
    .addColumn('ojk_license_number', 'text', (col) => col.notNull())
    .addColumn('npwp', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('contact_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('bank_id', 'text', (col) => col.references('banks.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('reviewed_at', 'text')
    .execute();
  await db.schema.createIndex('registrations_status_created_idx').on('registrations').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('registration_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('registration_id', 'text', (col) => col.notNull().references('registrations.id'))
    .addColumn('file_id', 'text', (col) => col.notNull().references('stored_files.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('registration_documents_registration_idx')
    .on('registration_documents')
    .column('registration_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'registration_documents',
    'registrations',
    'change_password_tokens',
    'password_reset_tokens',
    'revoked_tokens',
    'users',
    'banks',
    'stored_files',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

function sqlRoleCheck() {
  return sql`role in ('ADMIN', 'SUPERVISOR', 'OPERATOR')`;
}
