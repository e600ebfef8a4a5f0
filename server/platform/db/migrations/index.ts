import type { Migration } from 'kysely/migration';
import * as foundation from './0001_foundation';
import * as deposits from './0002_deposits';
import * as depositSearch from './0003_deposit_search';
import * as depositNikIndex from './0004_deposit_nik_index';
import * as sessionsAndThrottles from './0005_sessions_and_throttles';
import * as fileContents from './0006_file_contents';
import * as documents from './0007_documents';
import * as providerSandboxes from './0008_provider_sandboxes';
import * as bankAudit from './0009_bank_audit';
import * as productRates from './0010_product_rates';
import * as geography from './0011_geography';
import * as balanceSheets from './0012_balance_sheets';
import * as platformInvoices from './0013_platform_invoices';
import * as reportIndexes from './0014_report_indexes';
import * as geography2025 from './0015_geography_2025';
import * as bilyetPrinting from './0016_bilyet_printing';
import * as signatureCallbackKeys from './0017_signature_callback_keys';
import * as customerCif from './0018_customer_cif';
import * as counterPlacement from './0019_counter_placement';
import * as changeRequestMaker from './0020_change_request_maker';
import * as customerChangeRequests from './0021_customer_change_requests';
import * as depositImports from './0022_deposit_imports';
import * as specialRateCeiling from './0023_special_rate_ceiling';
import * as partnerApi from './0024_partner_api';
import * as outbox from './0025_outbox';
import * as holds from './0026_holds';
import * as deferredDepositSearch from './0027_deferred_deposit_search';
import * as accountingSettings from './0028_accounting_settings';

/**
 * Every migration, in order. Later issues append entries ('0002_…'); a name never changes once
 * released, because both dialects record applied migrations by it.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_deposits': deposits,
  '0003_deposit_search': depositSearch,
  '0004_deposit_nik_index': depositNikIndex,
  '0005_sessions_and_throttles': sessionsAndThrottles,
  '0006_file_contents': fileContents,
  '0007_documents': documents,
  '0008_provider_sandboxes': providerSandboxes,
  '0009_bank_audit': bankAudit,
  '0010_product_rates': productRates,
  '0011_geography': geography,
  '0012_balance_sheets': balanceSheets,
  '0013_platform_invoices': platformInvoices,
  '0014_report_indexes': reportIndexes,
  '0015_geography_2025': geography2025,
  '0016_bilyet_printing': bilyetPrinting,
  '0017_signature_callback_keys': signatureCallbackKeys,
  '0018_customer_cif': customerCif,
  '0019_counter_placement': counterPlacement,
  '0020_change_request_maker': changeRequestMaker,
  '0021_customer_change_requests': customerChangeRequests,
  '0022_deposit_imports': depositImports,
  '0023_special_rate_ceiling': specialRateCeiling,
  '0024_partner_api': partnerApi,
  '0025_outbox': outbox,
  '0026_holds': holds,
  '0027_deferred_deposit_search': deferredDepositSearch,
  '0028_accounting_settings': accountingSettings,
};
