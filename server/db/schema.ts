import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * Column conventions, the same in SQLite and PostgreSQL: ids are text (random UUIDs), money is
 * integer rupiah, rates integer basis points, business dates 'YYYY-MM-DD' text and timestamps
 * ISO-8601 UTC text ('2026-01-31T08:00:00.000Z'), so both dialects sort and compare them alike.
 */

export interface BanksTable {
  id: string;
  name: string;
  ojk_license_number: string | null;
  npwp: string | null;
  address: string | null;
  logo_file_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  bank_id: string;
  name: string;
  /** Stored lower-cased; unique across all banks because it is the login. */
  email: string;
  phone: string | null;
  role: 'ADMIN' | 'SUPERVISOR' | 'OPERATOR';
  password_hash: string;
  password_changed_at: string;
  /** Failed logins counted since failed_login_window_start (the lockout window). */
  failed_login_count: number;
  failed_login_window_start: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface RevokedTokensTable {
  jti: string;
  /** When the token would have expired anyway; rows after that can be purged. */
  expires_at: string;
  revoked_at: string;
}

/** Single-use tokens kept only as SHA-256 hashes: reset links (forgot password, set password) and change-expired-password tokens. */
export interface SingleUseTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RegistrationsTable {
  id: string;
  bank_name: string;
  ojk_license_number: string;
  npwp: string;
  address: string;
  contact_name: string;
  email: string;
  phone: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  bank_id: string | null;
  created_at: string;
  reviewed_at: string | null;
}

export interface RegistrationDocumentsTable {
  id: string;
  registration_id: string;
  file_id: string;
  created_at: string;
}

/** Metadata of a file whose bytes live in the FileStore (DATA_DIR/files by default). */
export interface StoredFilesTable {
  id: string;
  purpose: 'registration-document' | 'logo';
  media_type: string;
  size_bytes: number;
  original_name: string | null;
  sha256: string;
  created_at: string;
}

export interface Database {
  banks: BanksTable;
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  password_reset_tokens: SingleUseTokensTable;
  change_password_tokens: SingleUseTokensTable;
  registrations: RegistrationsTable;
  registration_documents: RegistrationDocumentsTable;
  stored_files: StoredFilesTable;
}

export type BankRow = Selectable<BanksTable>;
export type NewBank = Insertable<BanksTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RegistrationRow = Selectable<RegistrationsTable>;
export type StoredFileRow = Selectable<StoredFilesTable>;
