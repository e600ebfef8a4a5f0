import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  BilyetStatus,
  CloseReason,
  DepositStatus,
  InterestPayment,
  MaturityInstruction,
  ShipmentStatus,
  SignatureStatus,
} from '../../../contract/deposit';
import type { HoldReason, HoldStatus } from '../../../contract/holds';

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
  /** The address picked from the geography (migration 0011); `address` keeps the street line. */
  province_id: ColumnType<string | null, string | null | undefined, string | null>;
  city_id: ColumnType<string | null, string | null | undefined, string | null>;
  district_id: ColumnType<string | null, string | null | undefined, string | null>;
  village_id: ColumnType<string | null, string | null | undefined, string | null>;
  zip_code: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Raised when the password changes or the user is deactivated: tokens of an older version are refused. */
  session_version: Generated<number>;
  /** 1, or 0 once deactivated (no login, no session). */
  active: Generated<number>;
  /** 0 for an invited user until they set a password from the mailed link (migration 0009). */
  password_set: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Failed logins and rate-limited requests per (scope, subject); see server/platform/throttle.ts. */
export interface ThrottlesTable {
  scope: string;
  subject: string;
  account: string | null;
  attempts: number;
  last_attempt_at: string;
  blocked_until: string | null;
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
  /** As on banks (migration 0011): copied to the bank on approval. */
  province_id: ColumnType<string | null, string | null | undefined, string | null>;
  city_id: ColumnType<string | null, string | null | undefined, string | null>;
  district_id: ColumnType<string | null, string | null | undefined, string | null>;
  village_id: ColumnType<string | null, string | null | undefined, string | null>;
  zip_code: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  reviewed_at: string | null;
}

export interface RegistrationDocumentsTable {
  id: string;
  registration_id: string;
  file_id: string;
  created_at: string;
}

/** Metadata of a file whose bytes live in the FileStore (FILE_STORE: DATA_DIR/files by default, file_contents, or S3). */
export interface StoredFilesTable {
  id: string;
  purpose: 'registration-document' | 'logo' | 'disbursement-proof' | 'aro-letter' | 'document' | 'hold-letter';
  media_type: string;
  size_bytes: number;
  original_name: string | null;
  sha256: string;
  created_at: string;
}

/** FILE_STORE=database: the bytes of a stored file (migration 0006). */
export interface FileContentsTable {
  file_id: string;
  /** bytea / blob; both drivers read it as a Buffer. */
  bytes: Uint8Array;
}


// --- Deposits (migration 0002) -------------------------------------------------------------

/** Per-bank settings of the deposit rules (DOMAIN.md "Calculations"). */
export interface BankSettingsTable {
  bank_id: string;
  /** JSON array of { date: 'YYYY-MM-DD', name }. */
  holidays: string;
  tax_bps: number;
  tax_threshold: number;
  /** JSON array of { effectiveFrom: 'YYYY-MM-DD', rateBps }: the LPS guaranteed rate (TBP) over time. */
  lps_rates: string;
  /** The LPS guarantee per customer per bank, in rupiah. */
  lps_max_balance: number;
  /** 'HH:mm' WIB: a request after it belongs to the next working day. */
  cut_off_time: string;
  /** JSON object: ratio name → { milliPercent, healthyWhen }; {} = the defaults. */
  ratio_thresholds: Generated<string>;
  /** 'FORM' (pre-numbered blanks, typed at the print) or 'SERIES' (the bank's own series). */
  bilyet_number_source: Generated<'FORM' | 'SERIES'>;
  bilyet_series_prefix: Generated<string>;
  /** The series' next number, taken (and moved on) by a print. */
  bilyet_series_next: Generated<number>;
  bilyet_series_digits: Generated<number>;
  updated_at: string;
}

export interface CustomersTable {
  id: string;
  bank_id: string;
  name: string;
  nik: string;
  npwp: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  payout_bank_name: string | null;
  payout_account_number: string | null;
  payout_account_name: string | null;
  created_at: string;
  updated_at: string;
  /** 'INDIVIDUAL' | 'ENTITY' (contract/customers.ts); an entity's `nik` is ''. */
  kind: ColumnType<CustomerKind, CustomerKind | undefined, CustomerKind>;
  birth_place: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'YYYY-MM-DD' */
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  gender: ColumnType<'MALE' | 'FEMALE' | null, 'MALE' | 'FEMALE' | null | undefined, 'MALE' | 'FEMALE' | null>;
  mother_maiden_name: ColumnType<string | null, string | null | undefined, string | null>;
  rt_rw: ColumnType<string | null, string | null | undefined, string | null>;
  province_id: ColumnType<string | null, string | null | undefined, string | null>;
  city_id: ColumnType<string | null, string | null | undefined, string | null>;
  district_id: ColumnType<string | null, string | null | undefined, string | null>;
  village_id: ColumnType<string | null, string | null | undefined, string | null>;
  zip_code: ColumnType<string | null, string | null | undefined, string | null>;
  occupation: ColumnType<string | null, string | null | undefined, string | null>;
  source_of_funds: ColumnType<string | null, string | null | undefined, string | null>;
  account_purpose: ColumnType<string | null, string | null | undefined, string | null>;
  legal_form: ColumnType<string | null, string | null | undefined, string | null>;
  nib: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'YYYY-MM-DD' */
  established_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of { name, nik, position }: who signs for an entity. */
  representatives: ColumnType<string, string | undefined, string>;
  /** The payout bank's sandi bank (machines/customer-rules/indonesian-banks.ts); null for customers kept before it. */
  payout_bank_code: ColumnType<string | null, string | null | undefined, string | null>;
  risk_level: ColumnType<RiskLevel, RiskLevel | undefined, RiskLevel>;
  version: ColumnType<number, number | undefined, number>;
  /** The staff who created it; null for customers kept before the CIF and for the demo's. */
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type CustomerKind = 'INDIVIDUAL' | 'ENTITY';
export type RiskLevel = 'LOW' | 'MEDIUM' | 'HIGH';

export interface ProductsTable {
  id: string;
  bank_id: string;
  /** The bank's own short code, unique per bank. */
  code: string;
  name: string;
  /** 0/1 */
  active: number;
  /** 0/1: offered to customers on the platform. */
  visible: number;
  min_amount: number;
  max_amount: number | null;
  interest_payment: InterestPayment;
  /** JSON array of MaturityInstruction. */
  instructions_allowed: string;
  penalty_bps: number;
  /** 0/1 */
  forfeit_accrued_interest: number;
  created_at: string;
  updated_at: string;
  /** How far above the LPS guaranteed rate a special rate may go (bps); null: no special rate (migration 0023). */
  special_rate_ceiling_bps: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface BalanceSheetsTable {
  bank_id: string;
  period: string;
  /** JSON object of whole rupiah per line. */
  lines: string;
  /** 0/1 */
  deposito_from_berjangka: number;
  source: 'form' | 'xlsx';
  entered_by: string;
  entered_at: string;
}

/** One tenor of a product's rate schedule: schedules are the rows sharing an effective_from. */
export interface ProductRatesTable {
  product_id: string;
  effective_from: string;
  tenor_months: number;
  rate_bps: number;
  created_at: string;
  created_by: string;
}

export interface DepositsTable {
  id: string;
  bank_id: string;
  deposit_number: string;
  customer_id: string;
  /** Copies of the customer's name and NIK, for the list and its search. */
  customer_name: string;
  customer_nik: string;
  product_id: string;
  status: DepositStatus;
  amount: number;
  rate_bps: number;
  tenor_months: number;
  placement_date: string;
  deposit_date: string;
  period_start: string;
  maturity_date: string;
  period_number: number;
  maturity_instruction: MaturityInstruction;
  interest_payment: InterestPayment;
  channel: string | null;
  bilyet_status: BilyetStatus;
  bilyet_number: string | null;
  shipment_status: ShipmentStatus | null;
  signature_status: SignatureStatus | null;
  break_requested_by: string | null;
  break_requested_on: string | null;
  break_date: string | null;
  break_reason: string | null;
  /** JSON BreakPreview fixed by approveBreak. */
  settlement: string | null;
  disbursement_reason: CloseReason | null;
  close_reason: CloseReason | null;
  status_reason: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  /** The staff who placed it at the counter: its maker, who may not approve it. Null for the demo's and the feed's. */
  placed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'TRANSFER' | 'CASH' | 'DEBIT_ACCOUNT' (contract/placement.ts), its reference and the day the money came in. */
  funding_method: ColumnType<string | null, string | null | undefined, string | null>;
  funding_reference: ColumnType<string | null, string | null | undefined, string | null>;
  funding_received_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A partner's own reference of the placement (channel = the partner's code), unique per channel. */
  partner_reference_no: ColumnType<string | null, string | null | undefined, string | null>;
  /** The earliest hold in force ("agunan kredit KR-2026-0113"), or null: the deposit is not frozen (server/holds). */
  hold_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 while a hold in force also stops interest payouts. */
  hold_stops_interest: ColumnType<number, number | undefined, number>;
}

export interface HoldsTable {
  id: string;
  bank_id: string;
  deposit_id: string;
  reason: HoldReason;
  reference: string;
  letter_date: string | null;
  until: string | null;
  stop_interest_payout: ColumnType<number, number | undefined, number>;
  note: string | null;
  letter_file_id: string | null;
  status: HoldStatus;
  placed_by: string;
  placed_at: string;
  /** The business date it was placed. */
  placed_on: string;
  release_requested_by: ColumnType<string | null, string | null | undefined, string | null>;
  release_requested_at: ColumnType<string | null, string | null | undefined, string | null>;
  release_requested_on: ColumnType<string | null, string | null | undefined, string | null>;
  release_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Null on a released hold: the daily job released it on its end date. */
  released_by: ColumnType<string | null, string | null | undefined, string | null>;
  released_at: ColumnType<string | null, string | null | undefined, string | null>;
  released_on: ColumnType<string | null, string | null | undefined, string | null>;
  version: ColumnType<number, number | undefined, number>;
}
export type HoldRow = Selectable<HoldsTable>;

export interface AccountingSettingsTable {
  bank_id: string;
  /** JSON { <account role>: code } (machines/ledger-rules/accounts.ts). */
  accounts: string;
  /** JSON { <productId>: { depositLiability?, interestExpense? } } */
  by_product: string;
  updated_at: string;
  updated_by: string;
}

/** Rows per (bank, status), kept in the same transaction as every insert and status change. */
export interface DepositStatusCountsTable {
  bank_id: string;
  status: DepositStatus;
  total: number;
}

export interface DepositPeriodsTable {
  id: string;
  deposit_id: string;
  period_number: number;
  period_start: string;
  maturity_date: string;
  amount: number;
  rate_bps: number;
  tenor_months: number;
  maturity_instruction: MaturityInstruction;
  started_by: 'placement' | 'rollover' | 'extension';
  created_at: string;
}

export type InstallmentRowStatus = 'scheduled' | 'due' | 'paid' | 'cancelled';

export interface InterestInstallmentsTable {
  id: string;
  bank_id: string;
  deposit_id: string;
  period_number: number;
  sequence: number;
  period_start: string;
  period_end: string;
  pay_date: string;
  gross_interest: number;
  tax: number;
  net_interest: number;
  status: InstallmentRowStatus;
  paid_at: string | null;
  paid_by: string | null;
  reference: string | null;
  created_at: string;
  updated_at: string;
}

export interface DisbursementsTable {
  id: string;
  bank_id: string;
  deposit_id: string;
  kind: 'break' | 'maturity';
  principal: number;
  interest: number;
  tax: number;
  penalty: number;
  amount: number;
  status: 'pending' | 'paid';
  reference: string | null;
  paid_at: string | null;
  paid_by: string | null;
  proof_file_id: string | null;
  created_at: string;
  updated_at: string;
}

/** `customerData`: the customer's identity fields (name, NIK, birth, NPWP, legal form…), before and after. */
type ChangeRequestKind = 'instruction' | 'payoutAccount' | 'customerData';

export interface ChangeRequestsTable {
  id: string;
  bank_id: string;
  /** The deposit it was raised from; null when raised from the customer's page. */
  deposit_id: string | null;
  /** The customer whose data changes (migration 0021). */
  customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: what the request replaces, as it was when raised; null for requests kept before migration 0021. */
  previous_value: ColumnType<string | null, string | null | undefined, string | null>;
  kind: ChangeRequestKind;
  /** JSON: { instruction }, { bankCode?, bankName, accountNumber, accountName, before? } or { before, after } of identity fields. */
  requested_value: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  /** The staff who raised it from the deposit (another supervisor decides); null when the customer asked through the platform. */
  requested_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Changes to a bank's set-up: users (migration 0009). */
export interface BankAuditTable {
  id: string;
  bank_id: string;
  actor_id: string;
  at: string;
  subject: string;
  subject_id: string;
  event: string;
  /** JSON. */
  payload: string;
}

/** A committed Impor Deposito (migration 0022). */
export interface DepositImportsTable {
  id: string;
  bank_id: string;
  file_name: string;
  rows: number;
  principal: number;
  cut_over_date: string;
  created_by: string;
  created_at: string;
}

export interface DepositAuditTable {
  id: string;
  bank_id: string;
  deposit_id: string;
  /** A user id, or 'SYSTEM'. */
  actor_id: string;
  at: string;
  /** 10 × the deposit version the row produced + its position in the transition; optional on insert (0). */
  seq: ColumnType<number, number | undefined, number>;
  from_status: DepositStatus | null;
  to_status: DepositStatus;
  /** 'deposit.approve', … or a record such as 'deposit.create'. */
  event: string;
  /** JSON. */
  payload: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  bank_id: string;
  request_hash: string;
  state: 'in-flight' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface JobRunsTable {
  id: string;
  job: string;
  business_date: string;
  status: 'running' | 'done' | 'failed';
  started_at: string;
  finished_at: string | null;
  detail: string | null;
}

export interface AroLettersTable {
  id: string;
  bank_id: string;
  deposit_id: string;
  customer_id: string;
  period_number: number;
  issued_date: string;
  file_id: string | null;
  created_at: string;
}

// --- Documents, courier, signature (migration 0007) --------------------------------------------

/** The bilyet machine's context beyond deposits.bilyet_status / bilyet_number, one row per deposit. */
export interface BilyetsTable {
  deposit_id: string;
  bank_id: string;
  verification_code: string;
  issued_on: string | null;
  scan_document_id: string | null;
  courier: string | null;
  awb: string | null;
  shipped_on: string | null;
  received_at: string | null;
  received_by: string | null;
  receipt_document_id: string | null;
  handed_over_at_counter: number;
  returned_at: string | null;
  return_document_id: string | null;
  lost_reason: string | null;
  lost_on: string | null;
  statement_document_id: string | null;
  /** JSON array of earlier numbers (before a reissue). */
  previous_numbers: string;
  updated_at: string;
}

/** Every bilyet number a bank issued; the primary key keeps numbers unique per bank forever. */
export interface BilyetNumbersTable {
  bank_id: string;
  number: string;
  deposit_id: string;
  verification_code: string;
  /** Null while the paper is printed and its signed scan not uploaded yet. */
  issued_at: string | null;
  /** When the paper was printed from Berjangka (null for numbers issued before prints were recorded). */
  printed_at: string | null;
}

export type DocumentType =
  | 'BILYET_SCAN'
  | 'BILYET_RECEIPT'
  | 'BILYET_RETURN'
  | 'BILYET_LOSS_STATEMENT'
  | 'ARO_LETTER'
  | 'SIGNED_FORM'
  | 'RESI_LABEL'
  | 'DISBURSEMENT_PROOF'
  | 'KTP'
  | 'NPWP'
  | 'DEED'
  | 'FORM'
  | 'POWER_OF_ATTORNEY'
  | 'OTHER';

export interface DocumentsTable {
  id: string;
  bank_id: string;
  deposit_id: string | null;
  customer_id: string | null;
  type: DocumentType;
  file_id: string;
  file_name: string;
  media_type: string;
  size_bytes: number;
  uploaded_at: string;
  uploaded_by: string;
}

export interface ShipmentsTable {
  id: string;
  bank_id: string;
  deposit_id: string;
  courier: string;
  service: string | null;
  awb: string;
  status: ShipmentStatus;
  /** 1 when booked through the courier's API (it can be cancelled, tracked, labelled). */
  booked: number;
  pickup_date: string | null;
  pickup_time: string | null;
  /** JSON ShipmentParty. */
  receiver: string;
  receiver_name: string | null;
  delivered_at: string | null;
  tracked_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface ShipmentEventsTable {
  shipment_id: string;
  at: string;
  code: string;
  description: string;
  location: string | null;
}

export interface SignatureRequestsTable {
  id: string;
  bank_id: string;
  deposit_id: string;
  document_id: string;
  provider_document_id: string;
  signing_url: string;
  status: SignatureStatus;
  signer_name: string;
  signer_email: string | null;
  sent_on: string;
  completed_at: string | null;
  signed_document_id: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface SignatureCallbacksTable {
  /** The request the event is about ('' for events stored before they were keyed per document). */
  signature_id: string;
  event_id: string;
  received_at: string;
}

// --- Geography master data (migration 0011), read-only ---------------------------------------

/** Kemendagri codes as ids: province "32", city "32.73", district "32.73.01", village "32.73.01.1001". */
export interface GeoProvincesTable {
  id: string;
  name: string;
}

export interface GeoCitiesTable {
  id: string;
  province_id: string;
  name: string;
}

export interface GeoDistrictsTable {
  id: string;
  city_id: string;
  name: string;
}

export interface GeoVillagesTable {
  id: string;
  district_id: string;
  name: string;
  /** Five-digit postal code as an integer (prefix search is a range), or null where the dataset has none. */
  zip_code: number | null;
  /** placeSearchKey of "village district city province". */
  search_text: string;
}

/** Word-start suffixes of area names; level 1 village, 2 district, 3 city. */
export interface GeoSearchTermsTable {
  level: number;
  term: string;
  area_id: string;
}

// --- Platform invoices (migration 0013) ---------------------------------------------------------

/** A channel partner, keyed by the code deposits.channel carries. */
export interface ChannelPartnersTable {
  code: string;
  name: string;
  npwp: string | null;
  created_at: string;
  updated_at: string;
}

/** A channel partner's credentials for the partner API (migration 0024). */
export interface PartnerClientsTable {
  channel_code: string;
  client_key: string;
  public_key_pem: string;
  client_secret_sealed: string;
  notification_url: string | null;
  notification_secret_sealed: string | null;
  secret_changed_at: string;
  created_at: string;
  updated_at: string;
}

export interface PartnerBanksTable {
  channel_code: string;
  bank_id: string;
  created_at: string;
}

export interface PartnerRequestsTable {
  channel_code: string;
  external_id: string;
  request_day: string;
  method_path: string;
  body_digest: string;
  status: number | null;
  answer: string | null;
  created_at: string;
}

/** Messages for the outside world, written with the change they tell of (migration 0025). */
export interface OutboxTable {
  id: string;
  /** A partner's notification, or a follow-up of work that failed against the outside world (platform/outbox/follow-ups.ts). */
  kind: 'partner.notification' | 'mail' | 'jne.tracking' | 'privy.signature' | 'aro.letter';
  destination: string;
  ordering_key: string;
  bank_id: string | null;
  deposit_id: string | null;
  event_type: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  give_up_at: string;
  lease_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface ChannelFeeRatesTable {
  channel_code: string;
  effective_from: string;
  fee_bps: number;
  created_at: string;
  created_by: string;
}

export interface InvoicesTable {
  id: string;
  bank_id: string;
  period: string;
  number: string;
  issued_on: string;
  due_date: string;
  paid_at: string | null;
  payment_reference: string | null;
  line_count: number;
  subtotal: number;
  dpp: number;
  ppn: number;
  total: number;
  /** JSON InvoiceSeller. */
  seller: string;
  /** JSON InvoiceBuyer. */
  buyer: string;
  created_at: string;
}

export interface InvoiceLinesTable {
  invoice_id: string;
  line_number: number;
  deposit_id: string;
  deposit_number: string;
  channel: string;
  principal: number;
  active_from: string;
  active_to: string;
  days: number;
  fee_bps: number;
  fee: number;
}

export interface Database {
  banks: BanksTable;
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  throttles: ThrottlesTable;
  password_reset_tokens: SingleUseTokensTable;
  change_password_tokens: SingleUseTokensTable;
  registrations: RegistrationsTable;
  registration_documents: RegistrationDocumentsTable;
  stored_files: StoredFilesTable;
  file_contents: FileContentsTable;
  bank_settings: BankSettingsTable;
  customers: CustomersTable;
  products: ProductsTable;
  product_rates: ProductRatesTable;
  balance_sheets: BalanceSheetsTable;
  deposits: DepositsTable;
  deposit_status_counts: DepositStatusCountsTable;
  deposit_periods: DepositPeriodsTable;
  interest_installments: InterestInstallmentsTable;
  disbursements: DisbursementsTable;
  change_requests: ChangeRequestsTable;
  deposit_audit: DepositAuditTable;
  deposit_imports: DepositImportsTable;
  bank_audit: BankAuditTable;
  idempotency_keys: IdempotencyKeysTable;
  job_runs: JobRunsTable;
  aro_letters: AroLettersTable;
  bilyets: BilyetsTable;
  bilyet_numbers: BilyetNumbersTable;
  documents: DocumentsTable;
  shipments: ShipmentsTable;
  shipment_events: ShipmentEventsTable;
  signature_requests: SignatureRequestsTable;
  signature_callbacks: SignatureCallbacksTable;
  geo_provinces: GeoProvincesTable;
  geo_cities: GeoCitiesTable;
  geo_districts: GeoDistrictsTable;
  geo_villages: GeoVillagesTable;
  geo_search_terms: GeoSearchTermsTable;
  channel_partners: ChannelPartnersTable;
  channel_fee_rates: ChannelFeeRatesTable;
  partner_clients: PartnerClientsTable;
  partner_banks: PartnerBanksTable;
  partner_requests: PartnerRequestsTable;
  outbox: OutboxTable;
  holds: HoldsTable;
  accounting_settings: AccountingSettingsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
}

export type BankRow = Selectable<BanksTable>;
export type NewBank = Insertable<BanksTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RegistrationRow = Selectable<RegistrationsTable>;
export type StoredFileRow = Selectable<StoredFilesTable>;
export type BankSettingsRow = Selectable<BankSettingsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type NewCustomer = Insertable<CustomersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductRateRow = Selectable<ProductRatesTable>;
export type DepositRow = Selectable<DepositsTable>;
export type NewDeposit = Insertable<DepositsTable>;
export type DepositUpdate = Updateable<DepositsTable>;
export type DepositPeriodRow = Selectable<DepositPeriodsTable>;
export type NewDepositPeriod = Insertable<DepositPeriodsTable>;
export type InstallmentRow = Selectable<InterestInstallmentsTable>;
export type NewInstallment = Insertable<InterestInstallmentsTable>;
export type DisbursementRow = Selectable<DisbursementsTable>;
export type NewDisbursement = Insertable<DisbursementsTable>;
export type ChangeRequestRow = Selectable<ChangeRequestsTable>;
export type NewChangeRequest = Insertable<ChangeRequestsTable>;
export type AuditRow = Selectable<DepositAuditTable>;
export type NewAuditRow = Insertable<DepositAuditTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type JobRunRow = Selectable<JobRunsTable>;
export type AroLetterRow = Selectable<AroLettersTable>;
export type BilyetRow = Selectable<BilyetsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type ShipmentRow = Selectable<ShipmentsTable>;
export type ShipmentEventRow = Selectable<ShipmentEventsTable>;
export type SignatureRequestRow = Selectable<SignatureRequestsTable>;
export type BalanceSheetRow = Selectable<BalanceSheetsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;
