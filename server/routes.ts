import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { apiBases } from '../contract/bases';
import { PARTNER_API_BASE } from '../contract/partner';
import type { PartnerGateway } from './partner/partner-gateway';
import { partnerRoutes } from './partner/partner-routes';
import type { PartnerDepositService } from './partner/partner-service';
import { authRoutes } from './auth/auth-routes';
import type { AuthService } from './auth/auth-service';
import { passwordResetRoutes } from './auth/password-reset-routes';
import { profileRoutes } from './auth/profile-routes';
import { userAdminRoutes } from './auth/user-admin-routes';
import type { UserAdminService } from './auth/user-admin-service';
import type { ProfileService } from './auth/profile-service';
import type { RegistrationService } from './auth/registration-service';
import { sessionRoutes } from './auth/session-routes';
import { bprRoutes } from './deposits/bpr-routes';
import { customerRoutes } from './deposits/customer-routes';
import { placementRoutes } from './deposits/placement-routes';
import { depositImportRoutes } from './deposits/deposit-import-routes';
import type { DepositImportService } from './deposits/deposit-import-service';
import type { PlacementService } from './deposits/placement-service';
import type { CustomerService } from './deposits/customer-service';
import { courierRoutes } from './courier/courier-routes';
import type { ShipmentService } from './courier/shipment-service';
import { signatureRoutes } from './signature/signature-routes';
import type { SignatureService } from './signature/signature-service';
import type { Hono } from 'hono';
import { changeRequestRoutes } from './deposits/change-request-routes';
import { holdRoutes } from './holds/hold-routes';
import { ledgerRoutes } from './ledger/ledger-routes';
import type { LedgerService } from './ledger/ledger-service';
import type { HoldService } from './holds/hold-service';
import type { ChangeRequestService } from './deposits/change-request-service';
import { depositRoutes } from './deposits/deposit-routes';
import type { DepositService } from './deposits/deposit-service';
import { disbursementRoutes } from './disbursements/disbursement-routes';
import { documentRoutes } from './documents/document-routes';
import type { DocumentService } from './documents/document-service';
import type { AroLetterService } from './documents/aro-letter-service';
import { verificationRoutes } from './documents/verification-routes';
import { bilyetRoutes } from './documents/bilyet-routes';
import type { BilyetService } from './documents/bilyet-service';
import type { BilyetPrintService } from './documents/bilyet-print-service';
import type { VerificationService } from './documents/verification-service';
import type { DisbursementService } from './disbursements/disbursement-service';
import { interestRoutes } from './interest/interest-routes';
import type { InterestService } from './interest/interest-service';
import type { Clock } from './platform/clock';
import type { Database } from './platform/db/schema';
import type { MountedRouter } from './platform/http/app';
import type { AppEnv } from './platform/http/session';
import type { XlsxDownloadDeps } from './platform/xlsx/xlsx-download';
import { productRoutes } from './products/product-routes';
import { balanceSheetRoutes } from './bank/balance-sheet-routes';
import type { BalanceSheetService } from './bank/balance-sheet-service';
import type { ProductService } from './products/product-service';
import type { ProductSettingsService } from './products/product-settings-service';
import { productSettingsRoutes } from './products/product-settings-routes';
import { publicSettingsRoutes } from './master-data/public-settings-routes';
import { geographyRoutes } from './master-data/geography-routes';
import { reportRoutes } from './reports/report-routes';
import type { ReportService } from './reports/report-service';
import type { GeographyService } from './master-data/geography-service';
import { invoiceReportRoutes, invoiceRoutes } from './invoices/invoice-routes';
import type { InvoiceService } from './invoices/invoice-service';

interface AreaServices {
  auth: AuthService;
  registration: RegistrationService;
  profile: ProfileService;
  users: UserAdminService;
  products: ProductService;
  productSettings: ProductSettingsService;
  balanceSheets: BalanceSheetService;
  /** What GET /settings tells about this installation. */
  installation: { productId: string; supportEmail: string; supportPhone: string | null };
  customers: CustomerService;
  placements: PlacementService;
  /** Impor Deposito: a running book from the bank's old system. */
  depositImports: DepositImportService;
  deposits: DepositService;
  interest: InterestService;
  disbursements: DisbursementService;
  changeRequests: ChangeRequestService;
  /** Blokir: holds on deposits. */
  holds: HoldService;
  /** The bank's ledger: its chart of accounts, the journal and its checks. */
  ledger: LedgerService;
  documents: DocumentService;
  verification: VerificationService;
  bilyets: BilyetService;
  bilyetPrinting: BilyetPrintService;
  shipments: ShipmentService;
  aroLetters: AroLetterService;
  signatures: SignatureService;
  geography: GeographyService;
  /** The platform's invoices to the bank (Tagihan). */
  invoices: InvoiceService;
  /** Laporan and Beranda's month summary. */
  reports: ReportService;
  /** The providers' sandboxes (JNE_URL / PRIVY_URL unset), each on its path. */
  sandboxes: ReadonlyArray<readonly [string, Hono<AppEnv>]>;
  /** Idempotency-Key handling for state-changing routes (platform/http/idempotency.ts). */
  idempotency: MiddlewareHandler<AppEnv>;
  /** The channel partner's door (/api-partner): SNAP's gateway and the deposit calls behind it. */
  partnerApi: { gateway: PartnerGateway; partners: PartnerDepositService };
  /** Excel downloads: where they read and log. */
  exports: XlsxDownloadDeps;
  db: Kysely<Database>;
  clock: Clock;
  /** Proxies in front of the app (config TRUSTED_PROXY_HOPS), for the client address throttles count by. */
  trustedProxyHops: number;
}

/**
 * Every area's routers on their bases, in matching order: the deposit routers with fixed
 * /deposito/<name> paths come before depositRoutes, whose GET /deposito/:id would otherwise
 * answer them.
 */
/** Requests that may carry more than the default body limit: a book of 100,000 deposits is a ~20 MB xlsx. */
export const LARGE_REQUEST_BODIES: Readonly<Record<string, number>> = { [`${apiBases.v2Bpr.path}/deposito/import`]: 64 * 1024 * 1024 };

export function areaRouters(services: AreaServices): MountedRouter[] {
  const { auth } = services;
  const depositDeps = { auth, deposits: services.deposits, idempotency: services.idempotency, exports: services.exports };
  return [
    [apiBases.v2Bpr.path, authRoutes({ auth, registration: services.registration, trustedProxyHops: services.trustedProxyHops, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, profileRoutes({ auth, profile: services.profile, idempotency: services.idempotency, trustedProxyHops: services.trustedProxyHops })],
    [apiBases.v2Bpr.path, userAdminRoutes({ auth, users: services.users, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, balanceSheetRoutes({ auth, balanceSheets: services.balanceSheets, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, productSettingsRoutes({ auth, settings: services.productSettings, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, interestRoutes({ ...depositDeps, interest: services.interest })],
    [apiBases.v2Bpr.path, disbursementRoutes({ ...depositDeps, disbursements: services.disbursements })],
    [apiBases.v2Bpr.path, changeRequestRoutes({ ...depositDeps, changeRequests: services.changeRequests })],
    [apiBases.v2Bpr.path, holdRoutes({ auth, holds: services.holds, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, bilyetRoutes({ auth, bilyets: services.bilyets, printing: services.bilyetPrinting, deposits: services.deposits, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, courierRoutes({ auth, shipments: services.shipments, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, signatureRoutes({ auth, signatures: services.signatures, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, documentRoutes({ auth, documents: services.documents, aroLetters: services.aroLetters, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, customerRoutes({ auth, customers: services.customers, documents: services.documents, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, ledgerRoutes({ auth, ledger: services.ledger, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, reportRoutes({ auth, reports: services.reports })],
    [apiBases.v2Bpr.path, bprRoutes({ ...depositDeps, months: { db: services.db, clock: services.clock } })],
    [apiBases.v2Bpr.path, placementRoutes({ auth, placements: services.placements, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, depositImportRoutes({ auth, imports: services.depositImports, template: { db: services.db, clock: services.clock, geography: services.geography }, idempotency: services.idempotency })],
    [apiBases.v2Bpr.path, depositRoutes(depositDeps)],
    [apiBases.v2General.path, publicSettingsRoutes({ auth, settings: services.productSettings, installation: services.installation })],
    [apiBases.v1.path, productRoutes({ auth, products: services.products, idempotency: services.idempotency })],
    [apiBases.v1.path, invoiceRoutes({ auth, invoices: services.invoices })],
    [apiBases.v2Bpr.path, invoiceReportRoutes({ auth, exports: services.exports })],
    [apiBases.v2General.path, geographyRoutes({ geography: services.geography })],
    [PARTNER_API_BASE, partnerRoutes(services.partnerApi)],
    ...services.sandboxes.map(([path, sandbox]) => [path, sandbox] as const),
    ['/', verificationRoutes({ verification: services.verification, trustedProxyHops: services.trustedProxyHops })],
    [apiBases.v2.path, passwordResetRoutes({ auth, idempotency: services.idempotency })],
    ...Object.values(apiBases).map((base) => [base.path, sessionRoutes(base.authorization, auth)] as const),
  ];
}
